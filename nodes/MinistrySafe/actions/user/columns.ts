// One input item as the User it asks for, at every node version. From node version 1.2, Sync and Create or Update take
// the User's fields from one resource mapper, `columns` (contract.md "Node version 1.2"), as n8n's Postgres, Airtable
// and Google Sheets nodes take a row's columns: "Map Automatically" reads the item's fields as they are and resolves no
// expression (on a long list, expressions are most of Sync's time: docs/benchmarks.md, "Expressions in a whole
// list"); "Map Each Column Manually" resolves one expression per field. Versions 1 and 1.1 keep their own
// parameters. Every value is checked by the shared readers.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type FileRow, forItem, listed, quoted } from '../../../shared/wording';
import { type ItemInput, itemInput } from '../common/inputs';
import { autoMappedRow } from './autoMap';
import { type ColumnId, columnsOf, type UserColumn, USER_COLUMNS } from './columnParameters';
import { type ColumnsSettings, columnsSettings } from './columnsSettings';
import type { TypeCell } from './newUserType';
import { type GivenUser, type NewUser, type NewUserSource, readGivenUser, readNewUser, USER_PARAMETERS } from './shared';
import { typeMeaning, type TypeWords } from './staffValues';

/** The column ids, read where versions 1 and 1.1 read their parameters. */
const COLUMN_IDS = Object.fromEntries(USER_COLUMNS.map(({ id }) => [id, id])) as NewUserSource;

export { columnsSettings, type ColumnsSettings } from './columnsSettings';

// ---- Reading one item --------------------------------------------------------------------------------------------

/** A User Type from a spreadsheet may be written 'Employee': the service's values are lower case. */
const userTypeValue = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** A cell as written, trimmed; undefined when blank (or not text or a number: the readers say what is wrong). */
const cellText = (value: unknown) =>
	typeof value === 'string' || typeof value === 'number' ? String(value).trim() || undefined : undefined;

/** Node version 1.3: the row's type cell read by its words, or undefined when blank. */
function typeCellOf(value: unknown, column: string, words: TypeWords): TypeCell | undefined {
	const written = cellText(value);
	return written === undefined ? undefined : { column, value: written, meaning: typeMeaning(written, words) };
}

/** Fields, as a message lists them (the first dozen of a wide row). */
function fieldList(fields: string[], whose: string, noun = 'fields'): string {
	if (fields.length === 0) return `${whose} no ${noun}`;
	if (fields.length <= 12) return `${whose} ${noun} are ${listed(fields)}`;
	return `${whose} ${noun} are ${fields.slice(0, 12).map(quoted).join(', ')} and ${fields.length - 12} more`;
}
const fieldsOf = (json: IDataObject, row?: FileRow) =>
	row
		? fieldList(Object.keys(json), Object.keys(json).length ? "the row's" : 'the row has', 'columns')
		: fieldList(Object.keys(json), Object.keys(json).length ? "the item's" : 'the item has');

/** The input fields an expression reads from the item ($json.name, $json["name"]). */
function fieldsRead(expression: unknown): string[] {
	if (typeof expression !== 'string' || !expression.startsWith('=')) return [];
	return [...expression.matchAll(/\$json(?:\.([A-Za-z_$][\w$]*)|\[\s*(['"])(.*?)\2\s*\])/g)].map((match) => match[1] ?? match[3]);
}

const REQUIRED = USER_COLUMNS.filter(({ required }) => required);

/** The expression (or value) the node holds for a column, as written: read to say which input field it reads. */
function expressionOf(context: IExecuteFunctions, settings: ColumnsSettings | undefined, column: UserColumn): unknown {
	const parameters = context.getNode().parameters;
	if (!settings) return parameters[USER_PARAMETERS[column.id as keyof NewUserSource]];
	return ((parameters.columns as IDataObject | undefined)?.value as IDataObject | null | undefined)?.[column.id];
}

/** How one item's fields are read, at the node's version. */
interface ItemReading {
	input: ItemInput;
	from: NewUserSource;
	/** The input field External ID is read from, when one can be named. */
	externalIdField: string | null;
	/** Why External ID is empty, said with the item's fields. */
	withoutExternalId?: () => string;
	/** When the item gives none of the fields: why, with the fields expected and the item's own. */
	nothingGiven(): string | undefined;
	/** Node version 1.3: the type cell (its words read) and the input field Status is read from. */
	typeCell?: TypeCell;
	statusColumn?: string;
	/** The row of a file it is read from (Sync's 'Staff List' a file, node version 1.3). */
	fileRow?: FileRow;
}

/** A row of a file an input item holds, read in place of the item's own fields. */
export interface FileEntry {
	json: IDataObject;
	row: FileRow;
}

function readingOf(context: IExecuteFunctions, item: number, settings: ColumnsSettings | undefined, file?: FileEntry): ItemReading {
	const json = () => file?.json ?? context.getInputData()[item]?.json ?? {};
	// A file's rows are always mapped so (columnsSettings.ts): no expression can read a row of a file.
	if (settings?.automatic) {
		// The item's fields (or the row's columns) as they are: no expression, no parameter read per item.
		const row = json();
		const { mapped, emails } = autoMappedRow(row, columnsOf(settings.sync).map(({ id }) => id), settings.at1_3);
		// From 1.3, of several email fields the best-ranked that this row fills.
		const emailField = emails.find((field) => cellText(row[field]) !== undefined) ?? mapped.email;
		const fieldOf = (column: string) => (column === 'email' ? emailField : mapped[column as ColumnId]);
		const typeCell =
			settings.at1_3 && mapped.user_type !== undefined ? typeCellOf(row[mapped.user_type], mapped.user_type, settings.typeWords) : undefined;
		const input = itemInput(
			context,
			item,
			(column) => {
				const field = fieldOf(column);
				const value = field === undefined ? undefined : row[field];
				if (column !== 'user_type') return value;
				return settings.at1_3 ? typeCell?.meaning : userTypeValue(value);
			},
			file?.row,
		);
		return {
			input,
			from: COLUMN_IDS,
			typeCell,
			statusColumn: mapped.status,
			externalIdField: mapped.external_id ?? null,
			fileRow: file?.row,
			withoutExternalId: () => {
				if (mapped.external_id !== undefined) return `the ${file ? 'row' : 'item'}'s ${quoted(mapped.external_id)} is empty`;
				return file
					? `no column of the file holds it (${fieldsOf(row, file.row)}); rename the one with each person's ID to 'Employee ID'`
					: `'Map Automatically' found no input field for it (${fieldsOf(row)}); rename one to 'Employee ID', or set 'External ID' under 'Map Each Column Manually'`;
			},
			nothingGiven: () =>
				Object.keys(mapped).length > 0
					? undefined
					: `No ${file ? 'column of the file' : 'input field'} fills a column: 'Map Automatically' looks for ${listed(REQUIRED.map(({ label }) => label))} under the names exports give them, and ${fieldsOf(row, file?.row)}`,
		};
	}
	const manualColumn = (id: ColumnId, label: string) =>
		fieldsRead(expressionOf(context, settings, USER_COLUMNS.find((column) => column.id === id) as UserColumn))[0] ?? label;
	const typeCell = settings?.at1_3
		? typeCellOf(context.getNodeParameter('columns.value.user_type', item, null), manualColumn('user_type', 'User Type'), settings.typeWords)
		: undefined;
	const input = settings
		? itemInput(context, item, (column) => {
				if (column === 'user_type' && settings.at1_3) return typeCell?.meaning;
				const value = context.getNodeParameter(`columns.value.${column}`, item, null);
				return column === 'user_type' ? userTypeValue(value) : value;
			})
		: itemInput(context, item);
	const from = settings ? COLUMN_IDS : USER_PARAMETERS;
	return {
		input,
		from,
		typeCell,
		statusColumn: settings?.at1_3 && settings.sync ? manualColumn('status', 'Status') : undefined,
		externalIdField: fieldsRead(expressionOf(context, settings, USER_COLUMNS[0]))[0] ?? null,
		withoutExternalId: settings ? () => `it is empty for this item (${fieldsOf(json())})` : undefined,
		nothingGiven: () => {
			const given = REQUIRED.some(({ id, label }) => {
				try {
					return input.text(from[id as keyof NewUserSource], label) !== undefined;
				} catch {
					return true;
				}
			});
			if (given) return undefined;
			const read = [...new Set(REQUIRED.flatMap((column) => fieldsRead(expressionOf(context, settings, column))))];
			const expected = read.length > 0 ? `: their expressions read the input fields ${listed(read)}, and ${fieldsOf(json())}` : `; ${fieldsOf(json())}`;
			return `${listed(REQUIRED.map(({ label }) => label))} are all empty${expected}`;
		},
	};
}

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
export function readUserItem(context: IExecuteFunctions, item: number): { user: NewUser; typeCell?: TypeCell } {
	const settings = columnsSettings(context);
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
	/** Node version 1.3: the input field Status is read from (its name in the file), or 'Status'. */
	statusColumn?: string;
	/** Node version 1.3: the row's type cell, read by its words. */
	typeCell?: TypeCell;
	/**
	 * Node version 1.3, a row that cannot create a User: what it gives of one the service has (blank fields left as
	 * the service has them), or why even that cannot be used.
	 */
	given?: GivenUser;
	givenInvalid?: string;
}

/** Reads one row of a staff list for Sync (an input item, or a row of a file it holds): nothing it holds stops the list. */
export function readStaffRow(context: IExecuteFunctions, item: number, file?: FileEntry): StaffRow {
	const settings = columnsSettings(context);
	const reading = readingOf(context, item, settings, file);
	const { input, from } = reading;
	const lenient = (name: string, label: string) => {
		try {
			return input.text(name, label);
		} catch {
			return undefined;
		}
	};
	const status = settings?.sync ? lenient('status', 'Status') : undefined;
	const values = settings?.at1_3 ? { statusColumn: status === undefined ? undefined : (reading.statusColumn ?? 'Status'), typeCell: reading.typeCell } : {};
	try {
		const user = userOf(context, item, settings, reading);
		const person = { first_name: user.first_name, last_name: user.last_name, email: user.email };
		return { externalId: user.external_id, externalIdField: reading.externalIdField, person, user, status, ...values };
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
 * The one error of a list in which no row gives an External ID (node version 1.2): its key column was found in none,
 * so every row would be skipped for the same reason. Names the input's fields and how to map External ID.
 */
export function listWithoutExternalId(context: IExecuteFunctions, settings: ColumnsSettings, fileColumns?: string[]): NodeOperationError {
	if (fileColumns) {
		return new NodeOperationError(
			context.getNode(),
			`No row of the file gives an 'External ID': no column holds each person's ID, and ${fieldList(fileColumns, fileColumns.length ? "the file's" : 'the file has', 'columns')}`,
			{
				description:
					"Rename the column that holds each person's ID in your own system to 'Employee ID' (or 'External ID') where the file is exported, or read the file with the Extract From File node and set 'Staff List' to 'Input Items'. Nothing was sent to the service.",
			},
		);
	}
	const fields = [...new Set(context.getInputData().flatMap(({ json }) => Object.keys(json)))];
	const theirs = fieldList(fields, fields.length ? "the input's" : 'the input has');
	const message = settings.automatic
		? `No item gives an 'External ID': 'Map Automatically' found no column with each person's ID, and ${theirs}`
		: `No item gives an 'External ID': it is empty in every item, and ${theirs}`;
	return new NodeOperationError(context.getNode(), message, {
		description: settings.automatic
			? "Rename the column that holds each person's ID in your own system to 'Employee ID' (or 'External ID'), or choose it for 'External ID' under 'Map Each Column Manually'. Nothing was sent to the service."
			: "Set 'External ID' under 'Columns' to the input field that holds each person's ID in your own system (drag it from the input). Nothing was sent to the service.",
	});
}

export { userColumnFields } from './columnParameters';
