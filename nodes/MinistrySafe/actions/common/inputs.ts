import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { toCalendarDate, toServiceDate, wholeNumber } from './values';

/**
 * Reads and checks one item's parameters before anything is sent (the checks api-v2.md states; decisions.md 21).
 * A failure names the item and the field, and never repeats the value: it may be an SSN or a date of birth.
 */
export function itemInput(context: IExecuteFunctions, itemIndex: number) {
	const invalid = (label: string, problem: string) =>
		new NodeOperationError(context.getNode(), `Item ${itemIndex}: "${label}" ${problem}`, {
			itemIndex,
			description: `Correct "${label}" in the node's parameters or in the input item ${itemIndex}. Nothing was sent to the service.`,
		});

	// null, not undefined, as the fallback: n8n throws "Could not get parameter" for an unset field of a collection
	// when the fallback is undefined.
	const raw = (name: string): unknown => context.getNodeParameter(name, itemIndex, null);

	/** A text parameter, trimmed; undefined when empty and not required. A date value becomes its ISO text. */
	const text = (name: string, label: string, required = false): string | undefined => {
		const trimmed = textOf(raw(name), () => invalid(label, 'must be text or a number, not a list, an object or true/false'));
		if (trimmed === '') {
			if (required) throw invalid(label, 'is required');
			return undefined;
		}
		return trimmed;
	};

	/** Applies `check` to a text parameter that is set; `problem` says what the value must be. */
	const checked =
		(check: (value: string) => string | undefined, problem: string) =>
		(name: string, label: string, required = false): string | undefined => {
			const value = text(name, label, required);
			if (value === undefined) return undefined;
			const normalized = check(value);
			if (normalized === undefined) throw invalid(label, problem);
			return normalized;
		};

	/** A whole number written in decimal digits; hex, exponents and fractions are refused, never converted. */
	const integer = (name: string, label: string, required = false): number | undefined => {
		const value = raw(name);
		if (value === undefined || value === null || value === '') {
			if (required) throw invalid(label, 'is required');
			return undefined;
		}
		const number = wholeNumber(value);
		if (number === undefined) throw invalid(label, 'must be a whole number');
		return number;
	};

	/** A count or level: a whole number from 1. */
	const positiveInteger = (name: string, label: string, required = false): number | undefined => {
		const value = integer(name, label, required);
		if (value !== undefined && value < 1) throw invalid(label, 'must be a whole number of at least 1');
		return value;
	};

	/**
	 * A switch that may come from an expression: true/false, or the text "true"/"false" (any case). Anything else
	 * is refused rather than left out, so a switch the user meant to set is never silently dropped.
	 */
	const flag = (name: string, label: string, required = false): boolean | undefined => {
		const value = raw(name);
		if (typeof value === 'boolean') return value;
		const textValue = text(name, label, required)?.toLowerCase();
		if (textValue === undefined) return undefined;
		if (textValue !== 'true' && textValue !== 'false') throw invalid(label, 'must be true or false');
		return textValue === 'true';
	};

	return {
		invalid,
		text,
		email: checked((value) => (/^[^\s@]+@[^\s@]+$/.test(value) ? value : undefined), 'must be an email address'),
		state: checked(
			(value) => (/^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : undefined),
			'must be a two-letter state code, for example TX',
		),
		zip: checked((value) => (/^\d{5}$/.test(value) ? value : undefined), 'must be five digits'),
		phone: checked((value) => {
			const digits = value.replace(/[\s().+-]/g, '');
			return /^\d{11}$/.test(digits) ? digits : undefined;
		}, 'must be eleven digits, for example 18005551234'),
		/** A day for a filter: a date-time with an offset is the day it is in the workflow's time zone (decisions.md 16). */
		date: checked(
			(value) => toServiceDate(value, context.getTimezone()),
			'must be a date (MM/DD/YYYY or an ISO date such as 2025-03-07)',
		),
		/** A calendar date such as a date of birth: the day as written, never moved by a time zone (decisions.md 29). */
		calendarDate: checked(toCalendarDate, 'must be a date (MM/DD/YYYY or an ISO date such as 2025-03-07)'),
		/** One of a fixed list of values: an options parameter set by an expression may hold anything. */
		choice<T extends string>(name: string, label: string, values: readonly T[], required = false): T | undefined {
			const value = text(name, label, required);
			if (value === undefined) return undefined;
			if (!(values as readonly string[]).includes(value)) throw invalid(label, `must be one of: ${values.join(', ')}`);
			return value as T;
		},
		/**
		 * Several of a fixed list of values: a multi-select gives a list, an expression may give a list or
		 * comma-separated text. Empty when none is chosen.
		 */
		choices<T extends string>(name: string, label: string, values: readonly T[]): T[] {
			const value = raw(name);
			const parts = Array.isArray(value) ? value : textOf(value, () => invalid(label, 'must be a list or text')).split(',');
			const chosen = parts.map((part) => textOf(part, () => invalid(label, 'must be a list of text values'))).filter(Boolean);
			const unknown = chosen.find((part) => !(values as readonly string[]).includes(part));
			if (unknown !== undefined) throw invalid(label, `must be among: ${values.join(', ')}`);
			return [...new Set(chosen)] as T[];
		},
		integer,
		positiveInteger,
		/** A list's Return All and Limit (either may come from an expression): how many records, undefined for all. */
		listLimit(): number | undefined {
			return flag('returnAll', 'Return All') ? undefined : positiveInteger('limit', 'Limit', true);
		},
		/**
		 * A record's numeric ID, which goes into a path or a query: its digits exactly as written (decisions.md 31).
		 * A sign, an exponent, hex, a fraction or more than the service can hold is refused, never converted.
		 */
		recordId(name: string, label: string, required = false): string | undefined {
			const value = raw(name);
			if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
				if (required) throw invalid(label, 'is required');
				return undefined;
			}
			const checked = recordIdOf(value);
			if ('problem' in checked) throw invalid(label, checked.problem);
			return checked.id;
		},
		flag,
		/** A collection parameter (Additional Fields, Options, Filters). */
		collection(name: string): IDataObject {
			return (raw(name) as IDataObject | undefined) ?? {};
		},
	};
}

export type ItemInput = ReturnType<typeof itemInput>;

/**
 * A parameter's value as trimmed text: '' when unset. A date (a JavaScript Date, or n8n's Luxon DateTime) becomes its
 * ISO text; a list, an object or a boolean where text belongs is refused rather than sent as "[object Object]".
 */
function textOf(value: unknown, wrongType: () => Error): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value.trim();
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
	const toISO = (value as { toISO?: unknown }).toISO;
	if (typeof toISO === 'function') return String(toISO.call(value) ?? '');
	throw wrongType();
}

/**
 * A record ID as the path segment it becomes (decisions.md 31): digits only, at least 1, at most the largest safe
 * integer; its text as written. Otherwise what is wrong with it.
 */
export function recordIdOf(value: unknown): { id: string } | { problem: string } {
	const text = typeof value === 'number' && Number.isInteger(value) ? value.toFixed(0) : typeof value === 'string' ? value.trim() : '';
	if (/^-\d+$/.test(text)) return { problem: 'must be a whole number of at least 1' };
	if (!/^\d+$/.test(text)) return { problem: 'must be a whole number' };
	const number = Number(text);
	if (number < 1) return { problem: 'must be a whole number of at least 1' };
	if (!Number.isSafeInteger(number)) return { problem: `must be a whole number of at most ${Number.MAX_SAFE_INTEGER}` };
	return { id: text };
}
