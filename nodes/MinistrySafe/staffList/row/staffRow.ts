// One row of a staff list read as the person it names: the User it asks for, or why it cannot be used, and what
// could be read of it even then (its status and type cells, node version 1.3). Every value is checked by the shared
// readers, in the editor's labels.
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type FileRow, forItem } from '../../../shared/wording';
import { type GivenUser, type NewUser, readGivenUser, readNewUser } from '../../users/newUser';
import type { ColumnsSettings } from '../columns/settings';
import type { StatusCell } from '../meaning/leaving';
import type { TypeCell } from '../meaning/type';
import type { LostCharacters } from './lostCharacters';
import { type FileEntry, type ItemReading, type ListReading, readingOf } from './reading';

/** One item's User, or the error that says why it cannot be read (one error for an item that gives nothing). */
function userOf(context: IExecuteFunctions, item: number, settings: ColumnsSettings | undefined, reading: ItemReading): NewUser {
	try {
		return readNewUser(reading.input, reading.from, reading.withoutExternalId);
	} catch (error) {
		// The readers' error is n8n's already. An item that gives nothing at all gets one error that says why, in place
		// of a problem per field.
		const why = reading.nothingGiven();
		const todo = reading.fileRow
			? "Rename the file's columns where it is exported, or read it with the Extract From File node and set 'Staff List' to 'Input Items'"
			: settings
				? "Rename the item's fields (an Edit Fields node before this one does it), or set each column under 'Map Each Column Manually'"
				: "Change the expressions to read the item's fields (drag a field from the input onto the parameter), or rename the item's fields";
		throw why === undefined
			? error
			: new NodeOperationError(context.getNode(), forItem(why, item, reading.fileRow), {
					itemIndex: item,
					description: `${todo}. Nothing was sent to the service.`,
				});
	}
}

/**
 * One input item's User, read and checked as Create checks it; a failure names the item and the fields. An item that
 * gives none of the fields says which fields were expected and which the item has.
 */
export function readUserItem(context: IExecuteFunctions, item: number, settings: ColumnsSettings | undefined): { user: NewUser; typeCell?: TypeCell } {
	const reading = readingOf(context, item, settings);
	return { user: userOf(context, item, settings, reading), typeCell: reading.typeCell };
}

/** A person as the row gave them: each name and the email as text, or null. */
export interface Person {
	first_name: string | null;
	last_name: string | null;
	email: string | null;
}

/** One row of a staff list: its User or why it cannot be used, and what could be read of it even then. */
export interface StaffRow {
	externalId?: string;
	externalIdField: string | null;
	person: Person;
	user?: NewUser;
	invalid?: string;
	/** The row's Status (node version 1.2, Sync), never sent to the service. */
	status?: string;
	/** Node version 1.3: the row's type cell, read as meant. */
	typeCell?: TypeCell;
	/** Node version 1.3, Sync: every cell of the row that can say its person left, read as meant. */
	statusCells?: StatusCell[];
	/** Node version 1.3, Sync: the names and email of the row that lost characters when the file was saved. */
	lost?: LostCharacters;
	/**
	 * Node version 1.3, a row that cannot create a User: what it gives of one the service has (blank fields left as
	 * the service has them), or why even that cannot be used.
	 */
	given?: GivenUser;
	givenInvalid?: string;
}

/** Reads one row of a staff list for Sync (an input item, or a row of a file it holds): nothing it holds stops the list. */
export function readStaffRow(context: IExecuteFunctions, item: number, settings: ColumnsSettings | undefined, file?: FileEntry, list?: ListReading): StaffRow {
	const reading = readingOf(context, item, settings, file, list);
	const { input, from } = reading;
	const lenient = (name: string, label: string) => {
		try {
			return input.text(name, label);
		} catch {
			return undefined;
		}
	};
	// Before 1.3 a row's Status is one field; from 1.3 every cell that can say the person left is read.
	const status = settings?.sync && !settings.at1_3 ? lenient('status', 'Status') : undefined;
	const values = settings?.at1_3
		? { typeCell: reading.typeCell, statusCells: reading.statusCells, ...(reading.lost?.length ? { lost: reading.lost } : {}) }
		: {};
	try {
		const user = userOf(context, item, settings, reading);
		// The User has the person's fields (a list of 100,000 people keeps one object each, not two).
		return { externalId: user.external_id, externalIdField: reading.externalIdField, person: user, user, status, ...values };
	} catch (error) {
		return {
			...values,
			...(settings?.at1_3 ? givenOf(reading) : {}),
			externalId: lenient(from.external_id, 'External ID'),
			externalIdField: reading.externalIdField,
			person: {
				first_name: lenient(from.first_name, 'First Name') ?? null,
				last_name: lenient(from.last_name, 'Last Name') ?? null,
				email: lenient(from.email, 'Email') ?? null,
			},
			invalid: (error as Error).message,
			status,
		};
	}
}

/** Node version 1.3: what a row gives of a User the service has, or why it cannot be used even so. */
function givenOf({ input, from, withoutExternalId }: ItemReading): Pick<StaffRow, 'given' | 'givenInvalid'> {
	try {
		return { given: readGivenUser(input, from, withoutExternalId) };
	} catch (error) {
		return { givenInvalid: (error as Error).message };
	}
}

/**
 * One person of the list (an input item, or a row of a file it holds): the User it asks for, or why it cannot be
 * used; its External ID and names even when invalid.
 */
export interface SyncRow extends StaffRow {
	item: number;
	/** The row of the file it was read from (node version 1.3, 'Staff List' a file). */
	fileRow?: FileRow;
}
