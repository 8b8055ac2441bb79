// Calendar days in the workflow's time zone: the date windows the lists are read with, and the renewal arithmetic.
// The time-zone reading is the shared one of the action node (toServiceDate), so both nodes agree on what "a day" is.
import { toServiceDate } from '../MinistrySafe/actions/common/inputs';

/** A day as a count of days since 1970-01-01; plain numbers, so that windows and days left are subtractions. */
export type CalendarDay = number;

const DAY_MS = 24 * 60 * 60 * 1000;

const fromParts = (year: number, month: number, day: number): CalendarDay => Date.UTC(year, month - 1, day) / DAY_MS;

/** The day a service timestamp (ISO 8601 with an offset) falls on in the time zone; undefined when unreadable. */
export function dayOf(timestamp: unknown, timeZone: string): CalendarDay | undefined {
	if (typeof timestamp !== 'string' || timestamp === '') return undefined;
	const date = toServiceDate(timestamp, timeZone);
	if (date === undefined) return undefined;
	return fromParts(Number(date.slice(6)), Number(date.slice(0, 2)), Number(date.slice(3, 5)));
}

/** Today in the time zone. */
export const today = (timeZone: string, now = Date.now()): CalendarDay =>
	dayOf(new Date(now).toISOString(), timeZone) as CalendarDay;

/** The same day `months` later; the last day of the month when that month is shorter (Jan 31 + 1 month: Feb 28). */
export function addMonths(day: CalendarDay, months: number): CalendarDay {
	const date = new Date(day * DAY_MS);
	const year = date.getUTCFullYear();
	const month = date.getUTCMonth() + months;
	const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
	return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)) / DAY_MS;
}

/** YYYY-MM-DD. */
export const isoDate = (day: CalendarDay): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The service's MM/DD/YYYY. */
export function serviceDate(day: CalendarDay): string {
	const [year, month, date] = isoDate(day).split('-');
	return `${month}/${date}/${year}`;
}
