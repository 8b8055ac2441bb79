// A staff list read column by column (node version 1.3, Sync with Map Automatically; contract.md "A list read column by
// column"): each column's kind decided once for the whole list, from the words of its name and every one of its
// values, before any row is read. The User's fields by their names (columns/autoMap.ts); the columns that say whether
// a person left by their names (columns/leavingNames.ts) or, for a name that says nothing, by values that can only be
// statuses (Active beside Terminated) or that the user named; a date column's day and month order proved by its own
// dates, else by the list's; every other column accounted for, never passed over in silence.
import type { IDataObject } from 'n8n-workflow';

import { cellOf } from '../cells/cell';
import type { DayMonthOrder } from '../cells/dates';
import { DATE_KINDS, type LeavingKind, type LeavingReader } from '../meaning/leaving';
import { type AutoColumn, candidatesFor, neverRead, rankOf } from './autoMap';
import { leavingNameOf } from './leavingNames';

/** The User's fields a list's columns fill (Sync reads leaving from its own columns, not a 'Status' field). */
const USER_FIELDS: readonly AutoColumn[] = ['external_id', 'first_name', 'last_name', 'email', 'user_type', 'tags'];

/** A column that says whether its person left: its kind, and for dates the day-month order the list proves. */
export interface LeavingColumn {
	column: string;
	kind: LeavingKind;
	order?: DayMonthOrder;
	/** Looks like this kind, but its name holds words not understood: a value in it is unknown unless the user named it. */
	looksLike?: true;
}

/** How one column of the list was read, as the summary says it. */
export interface ColumnReading {
	column: string;
	reading: string;
}

export interface ListColumns {
	/** Each User field's columns, best first: a row's first one not blank fills it (External ID: the key's candidates). */
	fields: Partial<Record<AutoColumn, string[]>>;
	/** The columns that can say whether a person left, in the list's order. */
	leaving: LeavingColumn[];
	/** Every column of the list with its reading (the key's is said once it is chosen: columns/key.ts). */
	readings: ColumnReading[];
}

/** How many distinct values a column may hold and still look like a status (a code list, not names or notes). */
const STATUS_VALUES = 12;

/** What one pass over the list learns of a column's values. */
interface Values {
	/** Distinct values, up to one more than STATUS_VALUES. */
	distinct: Set<string>;
	/** The day-month orders its dates prove (13/04/2026 proves day first). */
	proves: Set<DayMonthOrder>;
	/** Whether a value is one the user named (in the options or the upload form). */
	named: boolean;
}

const NUMBERS_DATE = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})\b/;

function valuesOf(rows: IDataObject[], columns: string[], reader: LeavingReader): Map<string, Values> {
	const found = new Map(columns.map((column) => [column, { distinct: new Set<string>(), proves: new Set<DayMonthOrder>(), named: false }]));
	for (const row of rows) {
		for (const [column, values] of found) {
			const cell = cellOf(row[column]);
			if (!cell) continue;
			if (values.distinct.size <= STATUS_VALUES) values.distinct.add(cell.text);
			const date = NUMBERS_DATE.exec(cell.text);
			if (date) {
				const [first, second] = [Number(date[1]), Number(date[2])];
				if (first > 12 && second <= 12) values.proves.add('day first');
				if (second > 12 && first <= 12) values.proves.add('month first');
			}
			if (!values.named && reader.statuses.named(cell.text) !== undefined) values.named = true;
		}
	}
	return found;
}

/** The one order a set of proofs says, or undefined (none, or both). */
const oneOrder = (proves: Set<DayMonthOrder>): DayMonthOrder | undefined => (proves.size === 1 ? [...proves][0] : undefined);

/** Whether a column's values can only be statuses: a short list of them, with one of people there and one of leavers. */
function looksLikeStatuses(values: Values, reader: LeavingReader): boolean {
	if (values.distinct.size > STATUS_VALUES) return false;
	const readings = [...values.distinct].map((value) => reader.statuses.readWhole(value));
	return readings.includes('left') && readings.includes('staying');
}

/** Words for a kind of leaving column, as the summary says them. */
export const KIND_WORDS: Record<LeavingKind, string> = {
	status: 'status',
	activeFlag: 'active flag',
	goneFlag: 'flag of people gone',
	heldFlag: 'flag of people held (suspended or locked: yes is not known)',
	endDate: 'end date',
	hireDate: 'hire date',
	accountControl: 'account control (disabled: left)',
};

/** A date column's order in words. */
function orderWords(column: LeavingColumn, values: Values | undefined): string {
	if (!DATE_KINDS.includes(column.kind)) return '';
	if (column.order) return ` (${column.order})`;
	return values && values.proves.size > 1 ? ' (day and month order not known: its dates say both)' : '';
}

/** Whether a column says if its person left, and how (its kind, its dates' order), with its reading in words. */
function leavingColumnOf(column: string, own: Values, reader: LeavingReader, listOrder: DayMonthOrder | undefined): { found?: LeavingColumn; reading: string } {
	if (neverRead(column)) return { reading: 'not read: a tax or government ID' };
	const name = leavingNameOf(column);
	if (name && 'elsewhere' in name) return { reading: `not read: about something else (${name.elsewhere.join(', ')})` };
	if (name && 'notRead' in name) return { reading: `not read: ${name.notRead}` };
	let found: LeavingColumn | undefined;
	if (name && (name.whole || name.kind === 'status')) found = { column, kind: name.kind };
	else if (name) found = { column, kind: name.kind, looksLike: true };
	else if (own.named || looksLikeStatuses(own, reader)) found = { column, kind: 'status' };
	if (!found) return { reading: 'not read' };
	if (DATE_KINDS.includes(found.kind)) {
		const order = own.proves.size === 0 ? listOrder : oneOrder(own.proves);
		if (order) found.order = order;
	}
	const words = KIND_WORDS[found.kind] + orderWords(found, own);
	if (!found.looksLike) return { found, reading: name === undefined ? `${words} (by its values)` : words };
	// A column that only looks like one, whose every value the user named, is read by those values alone.
	const allNamed = own.distinct.size <= STATUS_VALUES && [...own.distinct].every((value) => reader.statuses.named(value) !== undefined);
	const unread = name && 'unread' in name ? name.unread : [];
	return {
		found,
		reading: allNamed
			? `${words} (by the values you named)`
			: `unknown: looks like ${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}, but '${unread.join(' ')}' in its name is not known (name its values, or rename it)`,
	};
}

/**
 * The list's columns read once: what fills each User field, what says whether a person left, and how every column
 * was read. `chosen`: the columns the options name ('External ID Column', 'User Type Column').
 */
export function readListColumns(
	rows: IDataObject[],
	names: string[],
	reader: LeavingReader,
	chosen: Partial<Record<AutoColumn, string>> = {},
): ListColumns {
	const fields: ListColumns['fields'] = {};
	const readingOf = new Map<string, string>();
	const values = valuesOf(rows, names, reader);
	for (const field of USER_FIELDS) {
		const candidates = chosen[field] === undefined ? candidatesFor(field, names, true) : [chosen[field] as string];
		if (candidates.length === 0) continue;
		fields[field] = candidates;
		for (const column of candidates) if (!readingOf.has(column)) readingOf.set(column, field);
	}
	// The list's own proof of its dates' order, for a date column whose dates prove none.
	const listOrder = oneOrder(new Set([...values.values()].flatMap(({ proves }) => [...proves])));
	const leaving: LeavingColumn[] = [];
	for (const column of names) {
		if (readingOf.has(column)) continue;
		const { found, reading } = leavingColumnOf(column, values.get(column) as Values, reader, listOrder);
		if (found) leaving.push(found);
		readingOf.set(column, reading);
	}
	return { fields, leaving, readings: names.map((column) => ({ column, reading: readingOf.get(column) ?? 'not read' })) };
}

/** The key's candidates with the rank their names give them (0: the service's own name). */
export const keyRank = (column: string) => rankOf('external_id', column, true);
