// What Sync decides for each person of the list and each User of the Organization, and the options it decides by.
import type { IDataObject } from 'n8n-workflow';

import type { FileRow } from '../../../shared/wording';
import type { NewUser } from '../../users/newUser';
import type { ColumnsSettings } from '../columns/settings';
import type { LostCharacters } from '../row/lostCharacters';
import type { Person, SyncRow } from '../row/staffRow';

/** A cell whose value the node does not know: which of its fields, the input field it came from, the cell as written. */
export interface UnknownValue {
	field: 'status' | 'user_type';
	column: string;
	value: string;
}

export interface SyncOptions {
	deactivateMissing: boolean;
	deactivateOnlyTag?: string;
	maxDeactivations: number;
	/**
	 * Before node version 1.3: the statuses of people who have left, lower case (a row with one deactivates its User).
	 * From 1.3 each row's cells are read as meant (person/leaving.ts).
	 */
	leaverStatuses: string[];
	/** Node version 1.2's settings (the type of new Users); undefined before it. */
	columns?: ColumnsSettings;
}

export type SyncAction = 'created' | 'updated' | 'unchanged' | 'deactivated' | 'skipped';
export type Changes = Record<string, { from: unknown; to: unknown }>;

/** One decision: what to do, for which input items, and what the output item says. */
export interface SyncDecision {
	items: number[];
	action: SyncAction;
	externalId: string | null;
	/** The input field the External ID was read from; null for a User the list leaves out. */
	externalIdField: string | null;
	/** The person, as the row gave them (as the service has them, for a User the list leaves out). */
	person: Person;
	userId: number | null;
	changes: Changes;
	reason: string | null;
	/** For created: the User to create. For updated: the changed fields only, as Update a User takes them. */
	create?: NewUser;
	update?: { user: Record<string, string>; tag_list?: string };
	/** Node version 1.3: every value of the row the node does not know (whoever's row it is). */
	unknown?: UnknownValue[];
	/** Node version 1.3: the row's names and email that lost characters when the file was saved. */
	lost?: LostCharacters;
	/** The row of the file the person is on, when the list is a file. */
	fileRow?: FileRow;
}


/** The list and the Users, found by External ID and email (plan.ts reads them once). */
export interface ListIndex {
	byExternalId: Map<string, IDataObject>;
	byEmail: Map<string, IDataObject>;
	rowsByExternalId: Map<string, SyncRow[]>;
	/** Users whose email is on a row with another External ID: never deactivated by this run. */
	emailConflicts: Map<unknown, SyncRow>;
}
