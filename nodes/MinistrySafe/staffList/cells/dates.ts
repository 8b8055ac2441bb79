// A date as staff lists write it (node version 1.3, contract.md "A list read column by column"): ISO dates and
// date-times, dates of numbers in either day and month order (03/04/2026 is March 4th in the US, 3 April in Europe),
// day-first with dots, month names, yyyymmdd, and Excel's serial day numbers (a workbook's dates as Extract From File
// gives them). What systems write for "no date" (SQL Server's and Dynamics GP's 1900-01-01, Excel's 12/30/1899 and
// 1/0/1900, .NET's 0001-01-01, BambooHR's 0000-00-00) is no date, never a day long past. Sources:
// test/unit/dates.test.ts.
import { type CalendarDay, dayOfServiceDate, existingDay, fullYear, monthOf, toCalendarDate } from '../../../shared/values';
import type { Cell } from './cell';

/** The order of the day and the month in a date written with numbers alone. */
export type DayMonthOrder = 'month first' | 'day first';
export const DAY_MONTH_ORDERS: readonly DayMonthOrder[] = ['month first', 'day first'];

/**
 * What a date cell says: its day (with the order the value itself proves, as 13/04/2026 proves day first); a day for
 * each order, when the day and the month could be either; or no date (a system's blank).
 */
export type WrittenDate = { day: CalendarDay; proves?: DayMonthOrder } | { byOrder: Record<DayMonthOrder, CalendarDay> } | 'no date';

/** "No date" as systems write it: each one's source in test/unit/dates.test.ts. */
const NO_DATE = new Set(['0000-00-00', '00000000', '0000', '1900-01-01', '1899-12-30', '0001-01-01', '1753-01-01']);

/** No staff list speaks of a day before this one but to say "no date": an earlier day is not read. */
const FIRST_DAY: CalendarDay = Date.UTC(1901, 0, 1) / 86_400_000;

/** Excel's day 0 (shown 1/0/1900) and day 1 (1/1/1900): an empty date cell of a workbook. */
const EXCEL_NO_DATE = 1;
/** Excel's last day, 12/31/9999. */
const EXCEL_LAST_DAY = 2_958_465;
/** Excel counts from 1899-12-31 and takes 1900 for a leap year: from day 61 on, day 25569 is 1970-01-01. */
const EXCEL_1970 = 25_569;
/**
 * Excel's 1950-01-01. A smaller number in a date column is not read as a day: a year alone (2026) or a count would
 * otherwise read as a day of 1905.
 */
const EXCEL_FIRST_READ = 18_264;

/** A day before any staff list's is unreadable, not a date long past. */
const plausible = (day: CalendarDay | undefined): WrittenDate | undefined => (day === undefined || day < FIRST_DAY ? undefined : { day });

/** An Excel serial day number: a whole number, or with a time as its fraction. */
const SERIAL = /^\d{1,7}(\.\d+)?$/;

/** The day of a serial day number's text, in a date column only. */
function serialDay(text: string): WrittenDate | undefined {
	const serial = Math.floor(Number(text));
	if (serial <= EXCEL_NO_DATE) return 'no date';
	if (serial < EXCEL_FIRST_READ || serial > EXCEL_LAST_DAY) return undefined;
	return plausible(serial - EXCEL_1970);
}

/** m/d/y or d/m/y (slashes or hyphens), with or without a time after it (Rock RMS: 5/10/1997 12:00:00 AM). */
const NUMBERS = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp][Mm])?)?$/;
const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/;
const MONTH_FIRST_NAMED = /^(?<month>[A-Za-z]+)\.? (?<day>\d{1,2}),? (?<year>\d{4})$/;
const DAY_FIRST_NAMED = /^(?<day>\d{1,2})[ -](?<month>[A-Za-z]+)\.?[ -](?<year>\d{2}|\d{4})$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const ZEROS = /^0{1,2}[/-]0{1,2}[/-]0{2,4}$/;

/** A day read in the one order its numbers allow: it proves that order. */
const proving = (date: WrittenDate | undefined, order: DayMonthOrder): WrittenDate | undefined =>
	date === undefined || date === 'no date' || !('day' in date) ? date : { day: date.day, proves: order };

/** A date written with numbers in either order. */
function numbersDate(first: number, second: number, year: number): WrittenDate | undefined {
	const monthFirst = existingDay(year, first, second);
	const dayFirst = existingDay(year, second, first);
	if (monthFirst === undefined && dayFirst === undefined) return undefined;
	if (monthFirst === undefined) return proving(plausible(dayFirst), 'day first');
	if (dayFirst === undefined) return proving(plausible(monthFirst), 'month first');
	if (monthFirst === dayFirst) return plausible(monthFirst);
	if (monthFirst < FIRST_DAY || dayFirst < FIRST_DAY) return undefined;
	return { byOrder: { 'month first': monthFirst, 'day first': dayFirst } };
}

/**
 * What a cell of a date column says, or undefined when it is no date the node can read (the value is then unknown,
 * and named). `serials`: whole numbers are Excel's serial days (a date column's numbers).
 */
export function writtenDate(cell: Cell, serials = true): WrittenDate | undefined {
	const value = cell.text;
	if (NO_DATE.has(value.slice(0, 10)) || ZEROS.test(value) || value === '1/1/1900' || value === '01/01/1900' || value === '12/30/1899') {
		return 'no date';
	}
	if (serials && SERIAL.test(value)) return serialDay(value);
	const compact = COMPACT.exec(value);
	if (compact) return plausible(existingDay(Number(compact[1]), Number(compact[2]), Number(compact[3])));
	const numbers = NUMBERS.exec(value);
	if (numbers) return numbersDate(Number(numbers[1]), Number(numbers[2]), fullYear(numbers[3]));
	const dotted = DOTTED.exec(value);
	if (dotted) return plausible(existingDay(fullYear(dotted[3]), Number(dotted[2]), Number(dotted[1])));
	const named = MONTH_FIRST_NAMED.exec(value) ?? DAY_FIRST_NAMED.exec(value);
	if (named?.groups) {
		const month = monthOf(named.groups.month);
		return month === undefined ? undefined : plausible(existingDay(fullYear(named.groups.year), month, Number(named.groups.day)));
	}
	const calendar = toCalendarDate(value);
	return calendar === undefined ? undefined : plausible(dayOfServiceDate(calendar));
}

/** The day a written date is, read in the given order (or its only day); undefined for no date. */
export function dayIn(date: WrittenDate, order: DayMonthOrder): CalendarDay | undefined {
	if (date === 'no date') return undefined;
	return 'day' in date ? date.day : date.byOrder[order];
}
