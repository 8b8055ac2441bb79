// How one row of a staff list (an input item, or a row of a file) is read: which of its fields fills each of a User's
// columns. From node version 1.2, Sync and Create or Update take the User's fields from one resource mapper,
// `columns` (contract.md "Node version 1.2"), as n8n's Postgres, Airtable and Google Sheets nodes take a row's
// columns: "Map Automatically" reads the item's fields as they are and resolves no expression (on a long list,
// expressions are most of Sync's time: docs/benchmarks.md, "Expressions in a whole list"); "Map Each Column Manually"
// resolves one expression per field. Versions 1 and 1.1 keep their own parameters. From 1.3 Sync reads each row with
// the columns read once for the whole list (columns/listColumns.ts) and the key chosen for it (columns/key.ts). Every
// value is checked by the shared readers.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { type FileRow, listed, quoted } from '../../../shared/wording';
import { type ItemInput, itemInput } from '../../items/inputs';
import { type NewUserSource, USER_PARAMETERS } from '../../users/newUser';
import { cellOf, cellText } from '../cells/cell';
import { type AutoColumn, autoMappedRow } from '../columns/autoMap';
import type { ListColumns } from '../columns/listColumns';
import { fieldsOf } from '../columns/messages';
import { type ColumnId, columnsOf, type UserColumn, USER_COLUMNS } from '../columns/userColumns';
import type { ColumnsSettings } from '../columns/settings';
import { type LeavingCell, type LeavingReader, type StatusCell, statusCellsOf } from '../meaning/leaving';
import type { TypeCell, TypeMeaning } from '../meaning/type';
import type { ValueReader } from '../words/valueWords';
import { type LostCharacters, lostCharactersOf } from './lostCharacters';

/** The column ids, read where versions 1 and 1.1 read their parameters. */
const COLUMN_IDS = Object.fromEntries(USER_COLUMNS.map(({ id }) => [id, id])) as NewUserSource;

/** A User Type from a spreadsheet may be written 'Employee': the service's values are lower case. */
const userTypeValue = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** Node version 1.3: the row's type cell read as meant, or undefined when blank. */
function typeCellOf(value: unknown, column: string, types: ValueReader<TypeMeaning> | undefined): TypeCell | undefined {
	const written = cellText(value);
	if (written === undefined || !types) return undefined;
	const meaning = types.read(written);
	return { column, value: written, meaning: meaning === 'unknown' ? undefined : meaning };
}

/** A type cell whose value says the person left (`Former Member`, or a value the user named as left): left, there too. */
function leftInType(typeCell: TypeCell | undefined, reader: LeavingReader): StatusCell[] {
	if (!typeCell || reader.statuses.read(typeCell.value) !== 'left') return [];
	return [{ column: typeCell.column, value: typeCell.value, kind: 'status', meaning: 'left' }];
}

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
export interface ItemReading {
	input: ItemInput;
	from: NewUserSource;
	/** The input field External ID is read from, when one can be named. */
	externalIdField: string | null;
	/** Why External ID is empty, said with the item's fields. */
	withoutExternalId?: () => string;
	/** When the item gives none of the fields: why, with the fields expected and the item's own. */
	nothingGiven(): string | undefined;
	/** Node version 1.3: the type cell (read as meant). */
	typeCell?: TypeCell;
	/** Node version 1.3, Sync: every cell of the row that can say its person left. */
	statusCells?: StatusCell[];
	/** Node version 1.3, Sync: names and an email that lost characters when the file was saved. */
	lost?: LostCharacters;
	/** The row of a file it is read from (Sync's 'Staff List' a file, node version 1.3). */
	fileRow?: FileRow;
}

/** A row of a file an input item holds, read in place of the item's own fields. */
export interface FileEntry {
	json: IDataObject;
	row: FileRow;
}

/** Node version 1.3, Sync with Map Automatically: the list's columns, read once, and the key chosen for it. */
export interface ListReading {
	columns: ListColumns;
	key: string;
}

/** How one row is read: Map Automatically (always for a file's rows: no expression can read them), or the parameters. */
export function readingOf(context: IExecuteFunctions, item: number, settings: ColumnsSettings | undefined, file?: FileEntry, list?: ListReading): ItemReading {
	if (settings?.automatic) return automaticReading(context, item, settings, file, list);
	return manualReading(context, item, settings);
}

/** Each User field's columns for a row: the list's (the key alone for External ID), or the row's own mapping. */
function candidatesOf(row: IDataObject, settings: ColumnsSettings, list?: ListReading): Partial<Record<AutoColumn, string[]>> {
	if (list) return { ...list.columns.fields, external_id: [list.key] };
	const columns = columnsOf(settings.sync).map(({ id }) => id);
	const mapping = autoMappedRow(row, columns, settings.at1_3, settings.mappings, settings.chosenColumns);
	return settings.at1_3 ? mapping.candidates : Object.fromEntries(Object.entries(mapping.mapped).map(([column, field]) => [column, [field]]));
}

/** Map Automatically: the item's fields (or the row's columns) as they are; no expression, no parameter read per item. */
function automaticReading(context: IExecuteFunctions, item: number, settings: ColumnsSettings, file?: FileEntry, list?: ListReading): ItemReading {
	const row = file?.json ?? context.getInputData()[item]?.json ?? {};
	const candidates = candidatesOf(row, settings, list);
	// Of several fields that could fill a column, the best-ranked that this row fills (from 1.3; before, the one mapped).
	const mapped: Partial<Record<ColumnId, string>> = {};
	for (const [column, fields] of Object.entries(candidates) as Array<[ColumnId, string[]]>) {
		const field = settings.at1_3 ? (fields.find((name) => cellText(row[name]) !== undefined) ?? fields[0]) : fields[0];
		if (field !== undefined) mapped[column] = field;
	}
	const typeCell = mapped.user_type !== undefined ? typeCellOf(row[mapped.user_type], mapped.user_type, settings.types) : undefined;
	const leaving = list && settings.leaving;
	const statusCells = leaving
		? [...statusCellsOf(leavingCellsOf(row, list.columns), leaving), ...leftInType(typeCell, leaving)]
		: undefined;
	const input = itemInput(
		context,
		item,
		(column) => {
			const field = mapped[column as ColumnId];
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
		statusCells,
		...(list ? { lost: lostCharactersOf(row, mapped) } : {}),
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

/** The row's cells in the columns that can say whether its person left; blank ones are none. */
function leavingCellsOf(row: IDataObject, columns: ListColumns): LeavingCell[] {
	return columns.leaving.flatMap(({ column, kind, order, looksLike }) => {
		const cell = cellOf(row[column]);
		return cell === undefined ? [] : [{ column, kind, cell, ...(order ? { order } : {}), ...(looksLike ? { looksLike } : {}) }];
	});
}

/** Map Each Column Manually (one expression per column and item), or versions 1 and 1.1's parameters. */
function manualReading(context: IExecuteFunctions, item: number, settings: ColumnsSettings | undefined): ItemReading {
	const json = () => context.getInputData()[item]?.json ?? {};
	const manualColumn = (id: ColumnId, label: string) =>
		fieldsRead(expressionOf(context, settings, USER_COLUMNS.find((column) => column.id === id) as UserColumn))[0] ?? label;
	const typeCell = settings?.at1_3
		? typeCellOf(context.getNodeParameter('columns.value.user_type', item, null), manualColumn('user_type', 'User Type'), settings.types)
		: undefined;
	const status = settings?.at1_3 && settings.sync && settings.leaving ? cellOf(context.getNodeParameter('columns.value.status', item, null)) : undefined;
	const statusCells =
		settings?.leaving && settings.at1_3 && settings.sync
			? statusCellsOf(status ? [{ column: manualColumn('status', 'Status'), kind: 'status', cell: status }] : [], settings.leaving)
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
		statusCells,
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
			const expected =
				read.length > 0 ? `: their expressions read the input fields ${listed(read)}, and ${fieldsOf(json())}` : `; ${fieldsOf(json())}`;
			return `${listed(REQUIRED.map(({ label }) => label))} are all empty${expected}`;
		},
	};
}
