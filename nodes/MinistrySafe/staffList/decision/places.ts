import type { SyncRow } from '../row/staffRow';

/** Where rows of the list are, as a reason says it: "items 3, 7", or each row of a file ("row 4 of 'staff.csv'"). */
export function placesOf(rows: SyncRow[]): string {
	if (rows.some((row) => row.fileRow)) return rows.map((row) => row.fileRow?.label ?? `item ${row.item}`).join(', ');
	return rows.length === 1 ? `item ${rows[0].item}` : `items ${rows.map((row) => row.item).join(', ')}`;
}
