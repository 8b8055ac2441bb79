// The values at a glance (node version 1.3, contract.md "Reading a value as it is meant" and "A list read column by
// column"): for each column read as a status or a type, each value the list holds with its row count and what it was
// read as; every unknown value with its row count and the people of those rows (the count and the names agree); and
// every name or email that lost characters. Over every row of the list, so that a dry run shows the whole reading once.
import type { IDataObject } from 'n8n-workflow';

import { readsTypeColumn } from '../columns/settings';
import type { SyncOptions, UnknownValue } from '../decision/types';
import { endDateGroup, type StatusCell } from '../meaning/leaving';
import type { SyncRow } from '../row/staffRow';

/** The most values the summary lists for one column, and people for one unknown value; the rest are counted. */
export const VALUES_LISTED = 50;
export const PEOPLE_LISTED = 10;

/** What a value was read as, in the words the summary uses. */
type Reading = 'left' | 'still there' | 'unknown' | 'volunteer' | 'employee';
const STATUS_READING: Record<StatusCell['meaning'], Reading> = { left: 'left', staying: 'still there', unknown: 'unknown' };

/** A person as the summary names them. */
type Named = { external_id: string | null; first_name: string | null; last_name: string | null };
const namedOf = (row: SyncRow): Named => ({ external_id: row.externalId ?? null, first_name: row.person.first_name, last_name: row.person.last_name });

interface ValueCount {
	reading: Reading;
	rows: number;
	/** An unknown value's people, the first PEOPLE_LISTED of them. */
	people: Named[];
}

interface ColumnValues {
	column: string;
	field: UnknownValue['field'];
	/** By value as listed: its reading and how many rows hold it. */
	values: Map<string, ValueCount>;
}

/**
 * The summary's `values`, `unknown_values` and `lost_characters`, from every row of the list: `add` each row as it is
 * read (a row keeps only the cells that decide something), then `values()`.
 */
export function valuesAtAGlance(options: SyncOptions): { add: (row: SyncRow) => void; values: () => IDataObject } {
	const today = options.columns?.leaving?.today;
	const columns = new Map<string, ColumnValues>();
	const count = (row: SyncRow, field: UnknownValue['field'], column: string, value: string, reading: Reading) => {
		const key = `${field}\u0000${column}`;
		let entry = columns.get(key);
		if (!entry) {
			entry = { column, field, values: new Map() };
			columns.set(key, entry);
		}
		let known = entry.values.get(value);
		if (!known) {
			known = { reading, rows: 0, people: [] };
			entry.values.set(value, known);
		}
		known.rows++;
		if (reading === 'unknown' && known.people.length < PEOPLE_LISTED) known.people.push(namedOf(row));
	};
	const lost: IDataObject[] = [];
	let lostCount = 0;
	const add = (row: SyncRow) => {
		for (const cell of row.statusCells ?? []) {
			// An end date is listed by what it says, not date by date; an unreadable one as written.
			const grouped = cell.kind === 'endDate' && today !== undefined ? endDateGroup(cell.meaning, today) : undefined;
			count(row, 'status', cell.column, grouped ?? cell.value, STATUS_READING[cell.meaning]);
		}
		if (row.typeCell && readsTypeColumn(options.columns)) count(row, 'user_type', row.typeCell.column, row.typeCell.value, row.typeCell.meaning ?? 'unknown');
		for (const field of row.lost ?? []) if (lost.length < VALUES_LISTED) lost.push({ ...field, ...namedOf(row), file_row: row.fileRow?.line ?? null });
		lostCount += row.lost?.length ?? 0;
	};
	return { add, values: () => summaryOf([...columns.values()], lost, lostCount) };
}

/** The summary's fields from what the rows added. */
function summaryOf(columns: ColumnValues[], lost: IDataObject[], lostCount: number): IDataObject {
	const byRows = (entry: ColumnValues) => [...entry.values].sort(([, a], [, b]) => b.rows - a.rows);
	const values = columns.map((entry) => {
		const listed = byRows(entry);
		return {
			column: entry.column,
			field: entry.field,
			values: listed.slice(0, VALUES_LISTED).map(([value, { reading, rows: held }]) => ({ value, rows: held, reading })),
			more_values: Math.max(0, listed.length - VALUES_LISTED),
		};
	});
	const unknownValues = columns.flatMap((entry) =>
		byRows(entry)
			.filter(([, { reading }]) => reading === 'unknown')
			.map(([value, { rows: held, people }]) => ({ field: entry.field, column: entry.column, value, rows: held, people, more_people: held - people.length })),
	);
	return { unknown_values: unknownValues, values, ...(lostCount > 0 ? { lost_characters: lost, more_lost_characters: lostCount - lost.length } : {}) };
}
