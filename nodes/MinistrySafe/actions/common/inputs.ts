import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { forItem, listed, quoted } from '../../../shared/wording';
import { toCalendarDate, toServiceDate, wholeNumber } from '../../../shared/values';

/** A field's problem: its editor label and what is wrong, never its value. */
interface Problem {
	label: string;
	problem: string;
}

/** The problem behind each error `invalid` made, so that `all` can tell them from other failures. */
const problemOf = new WeakMap<Error, Problem>();

/**
 * Reads and checks one item's parameters before anything is sent (the checks api-v2.md states; decisions.md 21).
 * A failure names the item and the field, and never repeats the value: it may be an SSN or a date of birth. Inside
 * `all`, every field is read and all their problems are reported together, in one error. The values are the node's
 * parameters for this item, or what `read` gives for a name (a row's columns, read without resolving any expression).
 */
export function itemInput(
	context: IExecuteFunctions,
	itemIndex: number,
	// null, not undefined, as the fallback: n8n throws "Could not get parameter" for an unset field of a collection
	// when the fallback is undefined.
	read: (name: string) => unknown = (name) => context.getNodeParameter(name, itemIndex, null),
) {
	const invalid = (label: string, problem: string) => {
		const error = new NodeOperationError(context.getNode(), forItem(`${quoted(label)} ${problem}`, itemIndex), {
			itemIndex,
			description: `Correct ${quoted(label)} in the node's parameters or in the input item ${itemIndex}. Nothing was sent to the service.`,
		});
		problemOf.set(error, { label, problem });
		return error;
	};

	/** A failure that is not a field's problem, passed on as n8n's error (it already is one, as a rule). */
	const asNodeError = (error: unknown) =>
		error instanceof NodeOperationError || error instanceof NodeApiError
			? error
			: new NodeOperationError(context.getNode(), error as Error, { itemIndex });

	/** The problems found so far inside `all`; undefined outside it, where the first problem is thrown. */
	let collected: Problem[] | undefined;

	/** Several problems as one error: each field by its label, in the order of the node's parameters. */
	const invalidFields = (problems: Problem[]) => {
		const each = problems.map(({ label, problem }) => `${quoted(label)} ${problem}`).join('; ');
		return new NodeOperationError(
			context.getNode(),
			forItem(`${problems.length} fields need correcting: ${each}`, itemIndex),
			{
				itemIndex,
				description: `Correct ${listed(problems.map(({ label }) => label))} in the node's parameters or in the input item ${itemIndex}. Nothing was sent to the service.`,
			},
		);
	};

	/** Runs a reader; inside `all`, a problem is noted and the value is undefined, so that the next field is read. */
	const noting =
		<Args extends unknown[], Value>(read: (...args: Args) => Value) =>
		(...args: Args): Value => {
			if (!collected) return read(...args);
			try {
				return read(...args);
			} catch (error) {
				const problem = problemOf.get(error as Error);
				if (!problem) throw asNodeError(error);
				collected.push(problem);
				return undefined as Value;
			}
		};

	const raw = read;

	/**
	 * A text parameter, trimmed; undefined when empty and not required. A date value becomes its ISO text. `required`
	 * may say why the field is empty, in words worked out only then (the input fields a row had, say).
	 */
	const text = (name: string, label: string, required: boolean | (() => string) = false): string | undefined => {
		const trimmed = textOf(raw(name), () => invalid(label, 'must be text or a number, not a list, an object or true/false'));
		if (trimmed === '') {
			if (required) throw invalid(label, typeof required === 'function' ? `is required: ${required()}` : 'is required');
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

	const readers = {
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
			const value = locatorValue(raw(name));
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

	// Each reader notes its problem inside `all`; the generic ones keep their type parameters.
	return {
		invalid,
		/** A value as it is, for a reader of its own (a list of Tags, say). */
		value: raw,
		collection: readers.collection,
		text: noting(readers.text),
		email: noting(readers.email),
		state: noting(readers.state),
		zip: noting(readers.zip),
		phone: noting(readers.phone),
		date: noting(readers.date),
		calendarDate: noting(readers.calendarDate),
		choice: <T extends string>(name: string, label: string, values: readonly T[], required = false) =>
			noting(() => readers.choice(name, label, values, required))(),
		choices: <T extends string>(name: string, label: string, values: readonly T[]) =>
			noting(() => readers.choices(name, label, values))(),
		integer: noting(readers.integer),
		positiveInteger: noting(readers.positiveInteger),
		listLimit: noting(readers.listLimit),
		recordId: noting(readers.recordId),
		flag: noting(readers.flag),
		/** Any other check of this item's input (the User, say), noted inside `all` like a field's. */
		check<Value>(read: () => Value): Value {
			return noting(read)();
		},
		/** A problem found by comparing fields: thrown, or noted inside `all`. */
		refuse(label: string, problem: string): void {
			noting(() => {
				throw invalid(label, problem);
			})();
		},
		/**
		 * Reads every field `read` asks for and reports all their problems in one error (one problem: that error as
		 * it is). A failure that follows from a field already noted (a value left undefined) is not reported apart.
		 */
		all<Value>(read: () => Value): Value {
			const outer = collected;
			collected = [];
			const problems = collected;
			try {
				const value = read();
				if (problems.length === 0) return value;
			} catch (error) {
				const problem = problemOf.get(error as Error);
				if (problem) problems.push(problem);
				else if (problems.length === 0) throw asNodeError(error);
			} finally {
				collected = outer;
			}
			if (problems.length === 1) throw invalid(problems[0].label, problems[0].problem);
			throw invalidFields(problems);
		},
	};
}

export type ItemInput = ReturnType<typeof itemInput>;

/** A resource locator's value ({ __rl, mode, value }); any other value as it is (a number field's, say). */
function locatorValue(value: unknown): unknown {
	return value !== null && typeof value === 'object' && '__rl' in value && 'value' in value ? value.value : value;
}

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
