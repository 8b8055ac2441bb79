// The one reading of the values both the action node and the triggers work with: calendar days in the workflow's time
// zone and validity periods counted on them, text lists (Tags, survey codes, statuses) and whole numbers. Each rule is
// written once here; inputs.ts checks an item's parameters with them, the triggers their settings.

// ---- Whole numbers ----------------------------------------------------------------------------------------------

/**
 * A number, or text that is exactly a whole decimal number; undefined for anything else (hex, 1e3, 3.5, 2^60). The
 * one rule for whole numbers in every node of the package.
 */
export function wholeNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
	if (typeof value !== 'string' || !/^\s*[+-]?\d+\s*$/.test(value)) return undefined;
	const number = Number(value);
	return Number.isSafeInteger(number) ? number : undefined;
}


// ---- Dates ------------------------------------------------------------------------------------------------------

const pad = (value: number) => String(value).padStart(2, '0');

function formatIfValid(year: number, month: number, day: number): string | undefined {
	const date = new Date(Date.UTC(year, month - 1, day));
	if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
	return `${pad(month)}/${pad(day)}/${year}`;
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

// ISO 8601's other forms (n8n: "support all ISO 8601 formats"), each rewritten into the extended calendar form above:
// basic dates (19900307), week dates (1990-W10-3, 1990W103), ordinal dates (1990-066, 1990066), basic times (T1030,
// T103000), a comma before the fraction (T10:30:00,5) and an offset of hours alone (+05).
const ISO_ANY_DAY =
	/^(?<year>\d{4})(?:-?(?<month>\d{2})-?(?<day>\d{2})|-?W(?<week>\d{2})-?(?<weekday>[1-7])|-?(?<ordinal>\d{3}))(?=$|[T ])/;
const ISO_ANY_TIME = /^[T ](\d{2}):?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The extended calendar form of an ISO date, or undefined when a week or ordinal day does not exist. */
function extendedDay({ year, month, day, week, weekday, ordinal }: Record<string, string | undefined>): string | undefined {
	if (month !== undefined) return `${year}-${month}-${day}`;
	const fullYear = Number(year);
	if (ordinal !== undefined) {
		const date = new Date(Date.UTC(fullYear, 0, Number(ordinal)));
		return Number(ordinal) >= 1 && date.getUTCFullYear() === fullYear ? isoDay(date) : undefined;
	}
	// Week 1 is the week (Monday first) with January 4th in it; a week belongs to the year of its Thursday.
	const january4 = Date.UTC(fullYear, 0, 4);
	const mondayOfWeek1 = january4 - ((new Date(january4).getUTCDay() + 6) % 7) * DAY_MS;
	const date = mondayOfWeek1 + ((Number(week) - 1) * 7 + Number(weekday) - 1) * DAY_MS;
	const thursday = date + (4 - Number(weekday)) * DAY_MS;
	return Number(week) >= 1 && new Date(thursday).getUTCFullYear() === fullYear ? isoDay(new Date(date)) : undefined;
}

/** The value in ISO 8601's extended calendar form when it is an ISO date or date-time; otherwise the value itself. */
function extendedIso(value: string): string {
	const match = ISO_ANY_DAY.exec(value);
	if (!match?.groups) return value;
	const date = extendedDay(match.groups);
	const rest = value.slice(match[0].length);
	const time = ISO_ANY_TIME.exec(rest);
	if (date === undefined || (rest !== '' && !time)) return '';
	if (!time) return date;
	const seconds = time[3] === undefined ? '' : `:${time[3]}${time[4] === undefined ? '' : `.${time[4]}`}`;
	const offset = (time[5] ?? '').replace(/^([+-]\d{2})$/, '$1:00');
	return `${date}T${time[1]}:${time[2]}${seconds}${offset}`;
}

/**
 * A calendar date as the service writes it (MM/DD/YYYY): the year, month and day as written, in the value's own
 * offset. `1990-03-07T00:00:00-06:00` and `1990-03-07T00:00:00Z` are both March 7th, in any workflow time zone.
 */
export function toCalendarDate(written: string): string | undefined {
	const us = US_DATE.exec(written);
	if (us) return formatIfValid(Number(us[3]), Number(us[1]), Number(us[2]));
	const value = extendedIso(written);
	const iso = ISO_DATE.exec(value);
	if (!iso) return undefined;
	if (iso[4] !== undefined && (Number(iso[4]) > 23 || Number(iso[5]) > 59)) return undefined;
	const offset = /^[+-](\d{2}):?(\d{2})$/.exec(iso[6] ?? '');
	if (offset && (Number(offset[1]) > 23 || Number(offset[2]) > 59)) return undefined;
	return formatIfValid(Number(iso[1]), Number(iso[2]), Number(iso[3]));
}

/**
 * The service's date format, zero-padded MM/DD/YYYY (decisions.md 16, 17, 25). Accepts m/d/yyyy text, an ISO date,
 * or an ISO date-time: one with an offset is read in the workflow's time zone, one without is taken as written.
 */
export function toServiceDate(written: string, timeZone: string): string | undefined {
	const value = extendedIso(written);
	const iso = ISO_DATE.exec(value);
	if (!iso || !iso[6]) return toCalendarDate(value);

	const instant = new Date(value);
	if (Number.isNaN(instant.getTime())) return undefined;
	const parts = Object.fromEntries(
		dayFormat(timeZone)
			.formatToParts(instant)
			.map(({ type, value: part }) => [type, Number(part)]),
	);
	return formatIfValid(parts.year, parts.month, parts.day);
}

/** One formatter per time zone: building one costs more than reading a date with it (a list of 10,000 Users). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
	let format = dayFormats.get(timeZone);
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
		dayFormats.set(timeZone, format);
	}
	return format;
}

// ---- Calendar days and validity ---------------------------------------------------------------------------------

/** A day as a count of days since 1970-01-01: plain numbers, so that windows and days left are subtractions. */
export type CalendarDay = number;

const fromParts = (year: number, month: number, day: number): CalendarDay => Date.UTC(year, month - 1, day) / DAY_MS;

/**
 * An instant written in ISO 8601 (any form `extendedIso` reads; a space before the zone and a lower-case "z" too), in
 * UTC to the millisecond: "2025-03-07T08:00:00Z" for "2025-03-07T10:00:00+02:00". Without a zone it is read as UTC.
 * Undefined when the text is no date-time.
 */
export function utcInstant(written: string): string | undefined {
	const tidied = written.trim().replace(/\s+(?=[zZ]$|[+-]\d{2}(?::?\d{2})?$)/, '').replace(/z$/, 'Z');
	const value = extendedIso(tidied);
	const parts = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value);
	if (!parts) return undefined;
	const [, minute, second = '00', fraction = '', zone = 'Z'] = parts;
	const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
	const time = Date.parse(`${minute}:${second}.${fraction.padEnd(3, '0').slice(0, 3)}${offset}`);
	return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace('.000Z', 'Z');
}

/** The day of the service's MM/DD/YYYY (as `toCalendarDate` gives it). */
export function dayOfServiceDate(date: string): CalendarDay {
	return fromParts(Number(date.slice(6)), Number(date.slice(0, 2)), Number(date.slice(3, 5)));
}

/** The day a service timestamp (ISO 8601 with an offset) falls on in the time zone; undefined when unreadable. */
export function dayOf(timestamp: unknown, timeZone: string): CalendarDay | undefined {
	if (typeof timestamp !== 'string' || timestamp === '') return undefined;
	const date = toServiceDate(timestamp, timeZone);
	return date === undefined ? undefined : dayOfServiceDate(date);
}

/** Today in the time zone. */
export const today = (timeZone: string, now = Date.now()): CalendarDay =>
	dayOf(new Date(now).toISOString(), timeZone) as CalendarDay;

/** The same day `months` later (or earlier); the month's last day when it is shorter (Jan 31 + 1 month: Feb 28). */
export function addMonths(day: CalendarDay, months: number): CalendarDay {
	const date = new Date(day * DAY_MS);
	const year = date.getUTCFullYear();
	const month = date.getUTCMonth() + months;
	const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
	return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)) / DAY_MS;
}

/**
 * A record that counts for `months` calendar months from `start`: the first day it no longer counts, and the days
 * from `day` until then (0 or less: it has expired). One rule for Compliance and the renewal event.
 */
export function validity(start: CalendarDay, months: number, day: CalendarDay): { expires: CalendarDay; daysLeft: number } {
	const expires = addMonths(start, months);
	return { expires, daysLeft: expires - day };
}

/** Month names as exports write them, in English: whole, or their first three letters ("Sept" too). */
const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
export function monthOf(name: string): number | undefined {
	const written = name.toLowerCase();
	const index = MONTH_NAMES.findIndex((month) => month === written || month.slice(0, 3) === written || (written === 'sept' && month === 'september'));
	return index >= 0 ? index + 1 : undefined;
}

/**
 * A year as written: four digits, or two read as Excel reads them (00-29 in the 2000s, 30-99 in the 1900s: Excel's
 * own window, https://learn.microsoft.com/en-us/office/troubleshoot/excel/two-digit-year-numbers).
 */
export const fullYear = (year: string) => (year.length === 4 ? Number(year) : Number(year) + (Number(year) < 30 ? 2000 : 1900));

/** The day of a year, month and day, when that day exists. */
export function existingDay(year: number, month: number, day: number): CalendarDay | undefined {
	return formatIfValid(year, month, day) === undefined ? undefined : fromParts(year, month, day);
}

/** YYYY-MM-DD. */
export const isoDate = (day: CalendarDay): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The service's MM/DD/YYYY. */
export function serviceDate(day: CalendarDay): string {
	const [year, month, date] = isoDate(day).split('-');
	return `${month}/${date}/${year}`;
}

// ---- Text lists -------------------------------------------------------------------------------------------------

/**
 * A list of names from a multi-select (a list) or an expression (a list, or comma-separated text): each trimmed,
 * blanks and repeats dropped, in the order given.
 */
export function textList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
	return [...new Set(parts.map((part) => String(part ?? '').trim()).filter((name) => name !== ''))];
}
