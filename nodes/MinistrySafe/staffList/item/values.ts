// The values at a glance (node version 1.3, contract.md "Reading a value as it is meant"): for each column read as a
// status or a type, each value the list holds with its row count and what it was read as, and every unknown value
// with its row count, over every row of the list, so that a dry run shows the whole reading once.
import type { IDataObject } from 'n8n-workflow';

import type { SyncOptions, SyncRow, UnknownValue } from '../decision/types';
import { readsTypeColumn } from '../parameters/settings';
import { endDateGroup, type StatusCell } from '../person/leaving';

/** The most values the summary lists for one column; the rest are counted. */
export const VALUES_LISTED = 50;

/** What a value was read as, in the words the summary uses. */
type Reading = 'left' | 'still there' | 'unknown' | 'volunteer' | 'employee';
const STATUS_READING: Record<StatusCell['meaning'], Reading> = { left: 'left', staying: 'still there', unknown: 'unknown' };

interface ColumnValues {
	column: string;
	field: UnknownValue['field'];
	/** By value as listed: its reading and how many rows hold it. */
	values: Map<string, { reading: Reading; rows: number }>;
}


/** The summary's `values` and `unknown_values`, from every row of the list. */
export function valuesAtAGlance(rows: SyncRow[], options: SyncOptions): IDataObject {
	const today = options.columns?.leaving?.today;
	const columns = new Map<string, ColumnValues>();
	const count = (field: UnknownValue['field'], column: string, value: string, reading: Reading) => {
		const key = `${field}\u0000${column}`;
		let entry = columns.get(key);
		if (!entry) {
			entry = { column, field, values: new Map() };
			columns.set(key, entry);
		}
		const known = entry.values.get(value);
		if (known) known.rows++;
		else entry.values.set(value, { reading, rows: 1 });
	};
	for (const row of rows) {
		for (const cell of row.statusCells ?? []) {
			// An end date is listed by what it says, not date by date; an unreadable one as written.
			const grouped = cell.kind === 'endDate' && today !== undefined ? endDateGroup(cell.meaning, today) : undefined;
			count('status', cell.column, grouped ?? cell.value, STATUS_READING[cell.meaning]);
		}
		if (row.typeCell && readsTypeColumn(options.columns)) count('user_type', row.typeCell.column, row.typeCell.value, row.typeCell.meaning ?? 'unknown');
	}
	const byRows = (entry: ColumnValues) => [...entry.values].sort(([, a], [, b]) => b.rows - a.rows);
	const values = [...columns.values()].map((entry) => {
		const listed = byRows(entry);
		return {
			column: entry.column,
			field: entry.field,
			values: listed.slice(0, VALUES_LISTED).map(([value, { reading, rows: held }]) => ({ value, rows: held, reading })),
			more_values: Math.max(0, listed.length - VALUES_LISTED),
		};
	});
	const unknownValues = [...columns.values()].flatMap((entry) =>
		byRows(entry)
			.filter(([, { reading }]) => reading === 'unknown')
			.map(([value, { rows: held }]) => ({ field: entry.field, column: entry.column, value, rows: held })),
	);
	return { unknown_values: unknownValues, values };
}
