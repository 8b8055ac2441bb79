// Whether a row says its person left, read from every column that can say it (node version 1.3, contract.md "Leaving
// said in any column" and "A list read column by column"): a status in words or codes, an active flag, a flag that
// says the person is gone, a termination or end date, a directory's account-control bit mask. The user's own words
// come first, in whichever column they stand. Where the row's columns disagree, left wins; a row is still there only
// when no column says left and none is unknown.
import { type CalendarDay, isoDate } from '../../../shared/values';
import type { Cell } from '../cells/cell';
import { type DayMonthOrder, DAY_MONTH_ORDERS, dayIn, writtenDate } from '../cells/dates';
import { accountDisabled, activeCode, yesOrNo } from '../cells/flags';
import type { ValueReader } from '../words/valueWords';
import type { StatusMeaning } from './status';

/**
 * How a column says a person left (columns/kinds.ts finds them): a status, a flag of people there (`activeFlag`), of
 * people gone (`goneFlag`, yes or a date), of people held for now (`heldFlag`: suspended, locked: yes is not known), an
 * end date, an account-control bit mask; a hire date tells an old end date from a current one.
 */
export type LeavingKind = 'status' | 'activeFlag' | 'goneFlag' | 'heldFlag' | 'endDate' | 'hireDate' | 'accountControl';

/** The kinds whose cells may be dates, read in the day-month order the list proves. */
export const DATE_KINDS: readonly LeavingKind[] = ['endDate', 'hireDate', 'goneFlag'];

/** One cell that can say a person left: its column as the list names it, the value as written, what it says. */
export interface StatusCell {
	column: string;
	value: string;
	kind: LeavingKind;
	meaning: StatusMeaning;
	/** A date that reads as two days, which say different things, and no date of the list says which order it is in. */
	twoWays?: true;
	/** Its column only looks like a leaving column (its name is not understood whole). */
	looksLike?: true;
}

/** The run's way of reading what a cell says: the user's own values and the built-in words, and today. */
export interface LeavingReader {
	statuses: ValueReader<'left' | 'staying'>;
	today: CalendarDay;
}

/** A cell of a row that can say its person left, with its column's kind and the day-month order its dates are in. */
export interface LeavingCell {
	column: string;
	kind: LeavingKind;
	cell: Cell;
	/** The order the column's or the list's dates prove; undefined when nothing proves it. */
	order?: DayMonthOrder;
	/** The column only looks like its kind (its name holds words not understood): a value is unknown unless named. */
	looksLike?: true;
}

/** What a date says: on or before today, left; later, still there; before the row's latest hire date, still there. */
function dateMeaning(cell: Cell, reader: LeavingReader, order: DayMonthOrder, hired?: CalendarDay): StatusMeaning | undefined {
	const date = writtenDate(cell);
	if (date === undefined) return 'unknown';
	const day = dayIn(date, order);
	if (day === undefined) return undefined;
	if (hired !== undefined && day < hired) return 'staying';
	return day <= reader.today ? 'left' : 'staying';
}

/** What one cell says, its dates read in `order`; undefined when it says nothing (no date, a hire date). */
function meaningIn(kind: LeavingKind, cell: Cell, reader: LeavingReader, order: DayMonthOrder, hired?: CalendarDay): StatusMeaning | undefined {
	if (kind === 'hireDate') return undefined;
	const named = reader.statuses.named(cell.text);
	if (named !== undefined) return named;
	switch (kind) {
		case 'endDate':
			return dateMeaning(cell, reader, order, hired);
		case 'goneFlag': {
			// A date in such a column says when (a 'Deceased' date, a 'Deleted At' timestamp).
			const yes = yesOrNo(cell);
			return yes === undefined ? dateMeaning(cell, reader, order) : yes ? 'left' : 'staying';
		}
		case 'heldFlag': {
			const yes = yesOrNo(cell);
			return yes === false ? 'staying' : 'unknown';
		}
		case 'accountControl': {
			const disabled = accountDisabled(cell);
			return disabled === undefined ? 'unknown' : disabled ? 'left' : 'staying';
		}
		case 'activeFlag': {
			const yes = yesOrNo(cell) ?? activeCode(cell);
			if (yes !== undefined) return yes ? 'staying' : 'left';
			break;
		}
	}
	return reader.statuses.read(cell.text) ?? 'unknown';
}

/** The latest hire date of the row, its dates read in `order`. */
function latestHire(cells: LeavingCell[], order: DayMonthOrder): CalendarDay | undefined {
	const days = cells.flatMap(({ kind, cell, order: proven }) => {
		const date = kind === 'hireDate' ? writtenDate(cell) : undefined;
		const day = date === undefined ? undefined : dayIn(date, proven ?? order);
		return day === undefined ? [] : [day];
	});
	return days.length === 0 ? undefined : Math.max(...days);
}

/**
 * What each cell of a row says. A date whose column proves no day-month order is read both ways, the row's other dates
 * with it (one person is read in one order): where the two readings say different things the cell is unknown, never
 * a guess.
 */
export function statusCellsOf(cells: LeavingCell[], reader: LeavingReader): StatusCell[] {
	const twoWays = cells.some(({ kind, cell, order }) => order === undefined && DATE_KINDS.includes(kind) && readsTwoWays(cell));
	const orders = twoWays ? DAY_MONTH_ORDERS : DAY_MONTH_ORDERS.slice(0, 1);
	const hired = orders.map((order) => latestHire(cells, order));
	return cells.flatMap(({ column, kind, cell, order, looksLike }) => {
		if (looksLike) {
			// A column whose name is not understood whole: "no" says nothing, anything else is unknown unless named.
			const meaning = reader.statuses.named(cell.text) ?? (yesOrNo(cell) === false ? undefined : 'unknown');
			return meaning === undefined ? [] : [{ column, value: cell.text, kind, meaning, ...(meaning === 'unknown' ? { looksLike } : {}) }];
		}
		const meanings = orders.map((assumed, index) => meaningIn(kind, cell, reader, order ?? assumed, hired[index]));
		const [meaning] = meanings;
		if (meanings.some((other) => other !== meaning)) return [{ column, value: cell.text, kind, meaning: 'unknown', twoWays: true }];
		return meaning === undefined ? [] : [{ column, value: cell.text, kind, meaning }];
	});
}

/** Whether a date cell reads as two days. */
function readsTwoWays(cell: Cell): boolean {
	const date = writtenDate(cell);
	return date !== undefined && date !== 'no date' && 'byOrder' in date;
}

/** A row's status from its cells: the first that says left; else every unknown one; else still there (or nothing). */
export function rowStatus(cells: StatusCell[]): { meaning: StatusMeaning; cells: StatusCell[] } | undefined {
	const left = cells.find((cell) => cell.meaning === 'left');
	if (left) return { meaning: 'left', cells: [left] };
	const unknown = cells.filter((cell) => cell.meaning === 'unknown');
	if (unknown.length > 0) return { meaning: 'unknown', cells: unknown };
	return cells.length > 0 ? { meaning: 'staying', cells } : undefined;
}

/** How the summary groups an end date's values: by what they say, not date by date (an unknown one as written). */
export const endDateGroup = (meaning: StatusMeaning, today: CalendarDay) =>
	meaning === 'left' ? `a date on or before ${isoDate(today)}` : meaning === 'staying' ? `a later date, or one before a later hire date` : undefined;
