// Whether a row says its person left, read from every column that can say it (node version 1.3, contract.md "Leaving
// said in any column"): a status in words or codes, an active flag, a flag that says the person is gone, a
// termination or end date. Where the row's columns disagree, left wins; a row is still there only when no column says
// left and none is unknown.
import { type CalendarDay, calendarDayReadings, isoDate } from '../../../shared/values';
import type { StatusMeaning } from './status';
import { keyOf, type ValueReader } from './words';

/** How a column says a person left (row/leavingColumns.ts finds them by name); a hire date tells an old end date. */
export type LeavingKind = 'status' | 'activeFlag' | 'goneFlag' | 'endDate' | 'hireDate';

/** One cell that can say a person left: its column as the file names it, the value as written, what it says. */
export interface StatusCell {
	column: string;
	value: string;
	kind: LeavingKind;
	/** A later end date says the person is still there; a blank cell is no cell. */
	meaning: StatusMeaning;
}

/** A flag's values, as exports write them (their sources in test/unit/leaving.test.ts). */
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** The run's way of reading what a cell says: the user's own values and the built-in words, and today. */
export interface LeavingReader {
	statuses: ValueReader<'left' | 'staying'>;
	today: CalendarDay;
}

/** A flag's answer: yes, no, or neither. */
function flag(value: string): boolean | undefined {
	const key = keyOf(value);
	return YES.has(key) ? true : NO.has(key) ? false : undefined;
}

/** What exports write in a date column for "no date" (BambooHR's terminationDate of everyone still employed). */
const NO_DATE = new Set(['00000000', '0000']);

/**
 * An end date: on or before today it says left; later, still there; before the row's latest hire date, still there
 * (the person came back); a date that could be either of two days says only what both say, else it is unknown.
 */
function endDateMeaning(value: string, reader: LeavingReader, hired?: CalendarDay): StatusMeaning | undefined {
	if (NO_DATE.has(keyOf(value))) return undefined;
	const days = calendarDayReadings(value);
	if (days.length === 0) return 'unknown';
	if (hired !== undefined && days.every((day) => day < hired)) return 'staying';
	if (days.every((day) => day <= reader.today)) return 'left';
	return days.every((day) => day > reader.today) ? 'staying' : 'unknown';
}

/** The latest day a row's hire dates may be (each read as an end date is), or undefined. */
export function latestHire(values: string[]): CalendarDay | undefined {
	const days = values.flatMap(calendarDayReadings);
	return days.length === 0 ? undefined : Math.max(...days);
}

/**
 * What one cell says; undefined when it is blank (or a hire date, which says nothing itself). The user's own values
 * come first, whatever the column.
 */
export function leavingMeaning(kind: LeavingKind, value: string, reader: LeavingReader, hired?: CalendarDay): StatusMeaning | undefined {
	if (value.trim() === '' || kind === 'hireDate') return undefined;
	const named = reader.statuses.named(value);
	if (named !== undefined) return named;
	if (kind === 'endDate') return endDateMeaning(value, reader, hired);
	if (kind === 'goneFlag') {
		// A date in such a column says when (a 'Deceased' date, say).
		const yes = flag(value);
		return yes === undefined ? endDateMeaning(value, reader) : yes ? 'left' : 'staying';
	}
	if (kind === 'activeFlag') {
		const yes = flag(value) ?? { a: true, i: false }[keyOf(value)];
		if (yes !== undefined) return yes ? 'staying' : 'left';
	}
	return reader.statuses.read(value) ?? 'unknown';
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
