// A User's columns as a staff list fills them (node version 1.2): the service's field ids, the editor's labels, which
// are required, and Sync's Status (never sent).
import type { AutoColumn } from './autoMap';

export type ColumnId = AutoColumn;

export interface UserColumn {
	id: ColumnId;
	label: string;
	required: boolean;
	/** Sync alone reads it (a leaver's status); Create or Update has no such column. */
	syncOnly?: boolean;
}

/** The User's fields, as the service names them and in the editor's words, and a row's status (never sent). */
export const USER_COLUMNS: UserColumn[] = [
	{ id: 'external_id', label: 'External ID', required: true },
	{ id: 'first_name', label: 'First Name', required: true },
	{ id: 'last_name', label: 'Last Name', required: true },
	{ id: 'email', label: 'Email', required: true },
	{ id: 'user_type', label: 'User Type', required: false },
	// The label says the format: a resource mapper's field has no description to say it in.
	{ id: 'tags', label: 'Tags (Comma-Separated)', required: false },
	{ id: 'status', label: 'Status', required: false, syncOnly: true },
];

/** The columns of an operation: Sync's include Status. */
export const columnsOf = (sync: boolean) => USER_COLUMNS.filter((column) => sync || !column.syncOnly);
