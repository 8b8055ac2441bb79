// A whole staff list read for Sync: from node version 1.3 with Map Automatically its columns first, once for the whole
// list (columns/listColumns.ts), then its key (columns/key.ts: the service's Users read once, and only when no problem
// of the list's stops it before), then each row with both. Before 1.3, or with Map Each Column Manually, each row as
// it is mapped. A list whose key cannot be found or chosen stops here, naming its columns, with nothing sent.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { type KeyCandidate, chooseKey, filledCandidates, readingsWithKey } from '../columns/key';
import { type ColumnReading, readListColumns } from '../columns/listColumns';
import { checkChosenColumns, keyUndecided, listWithoutExternalId } from '../columns/messages';
import type { ColumnsSettings } from '../columns/settings';
import type { ListEntry, StaffListSource } from '../file/list';
import type { ListReading } from './reading';
import type { StatusCell } from '../meaning/leaving';
import { readStaffRow, type SyncRow } from './staffRow';

/** The list read: its rows, the service's Users, and (node version 1.3) how each column was read and which was the key. */
export interface ReadList {
	rows: SyncRow[];
	users: IDataObject[];
	columns?: ColumnReading[];
	key?: KeyCandidate;
}

/** One person of the list as Map Automatically sees them: an input item's fields, or a row of its file. */
const fieldsOf = (context: IExecuteFunctions, { item, file }: ListEntry): IDataObject => file?.json ?? context.getInputData()[item]?.json ?? {};

/** The list's columns in order: a file's header, or every input field in the order the items first give them. */
function columnNames(jsons: IDataObject[], list: StaffListSource): string[] {
	if (list.files) return [...new Set(list.files.flatMap((file) => file.columns))];
	const names = new Set<string>();
	for (const json of jsons) for (const name of Object.keys(json)) names.add(name);
	return [...names];
}

/** One row read: its User or why it cannot be used, with its place (each field read once: docs/benchmarks.md). */
function readRow(context: IExecuteFunctions, entry: ListEntry, settings: ColumnsSettings | undefined, reading?: ListReading): SyncRow {
	return { item: entry.item, ...(entry.file ? { fileRow: entry.file.row } : {}), ...readStaffRow(context, entry.item, settings, entry.file, reading) };
}

/** A file row's cells once read: nothing (the row keeps what it says). */
const READ: IDataObject = Object.freeze({});
/** The cells kept of a row still there by every one of them: none. */
const NONE_DECIDE: StatusCell[] = [];

/**
 * Each row read, handed to `seen` (the values at a glance count every cell), and kept with the cells that decide
 * something (left, unknown): a row still there says so by having none. A file's cells are let go once its row is read,
 * so that a list of 100,000 people is not held twice.
 */
function readRows(context: IExecuteFunctions, list: StaffListSource, settings: ColumnsSettings | undefined, seen: (row: SyncRow) => void, reading?: ListReading): SyncRow[] {
	return list.entries.map((entry) => {
		const row = readRow(context, entry, settings, reading);
		seen(row);
		if (entry.file) entry.file.json = READ;
		if (row.statusCells?.every(({ meaning }) => meaning === 'staying')) row.statusCells = NONE_DECIDE;
		return row;
	});
}

/**
 * Reads the whole list, its columns and key first; `users` reads the service's Users (once, and only when needed),
 * `seen` is given every row as it is read.
 */
export async function readList(
	context: IExecuteFunctions,
	list: StaffListSource,
	settings: ColumnsSettings | undefined,
	users: () => Promise<IDataObject[]>,
	seen: (row: SyncRow) => void = () => undefined,
): Promise<ReadList> {
	if (settings && list.files) checkChosenColumns(context, settings, list.files);
	if (!settings?.at1_3 || !settings.sync || !settings.automatic || !settings.leaving) {
		const rows = readRows(context, list, settings, seen);
		// A key column found in no row is the list's problem, said once rather than on every row.
		if (settings && rows.length > 0 && rows.every((row) => row.externalId === undefined)) throw listWithoutExternalId(context, settings, list.files);
		return { rows, users: await users() };
	}
	let jsons = list.entries.map((entry) => fieldsOf(context, entry));
	const columns = readListColumns(jsons, columnNames(jsons, list), settings.leaving, settings.chosenColumns);
	const chosen = settings.chosenColumns?.external_id;
	const candidates = columns.fields.external_id ?? [];
	if (candidates.length === 0) throw listWithoutExternalId(context, settings, list.files, columns);
	if (filledCandidates(jsons, columns, chosen).length === 0) throw listWithoutExternalId(context, settings, list.files, columns, chosen ?? candidates[0]);
	const read = await users();
	const choice = chooseKey(jsons, columns, read, chosen);
	if (!choice || 'undecided' in choice) throw keyUndecided(context, settings, list.files, columns, choice?.undecided ?? []);
	// The cells read for the columns and the key are let go before the rows are read: a large list is not held twice.
	jsons = [];
	return {
		rows: readRows(context, list, settings, seen, { columns, key: choice.key.column }),
		users: read,
		columns: readingsWithKey(columns, choice),
		key: choice.key,
	};
}
