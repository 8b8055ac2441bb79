import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { type FileRow, forItem, inputPlace, listed, quoted } from '../../shared/wording';
import { toCalendarDate, toServiceDate, wholeNumber } from '../../shared/values';
import { choiceValues, choiceWords, type Options } from './choices';
import { locatorValue, recordIdOf, textOf } from './parameterValues';

/** A field's problem: its editor label and what is wrong, never its value. */
interface Problem {
	label: string;
	problem: string;
}

/** The problem behind each error `invalid` made, so that `all` can tell them from other failures. */
const problemOf = new WeakMap<Error, Problem>();

/** What each checked text reader accepts: the value to send, or undefined when it is not one. */
const isEmail = (value: string) => (/^[^\s@]+@[^\s@]+$/.test(value) ? value : undefined);
const isState = (value: string) => (/^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : undefined);
const isZip = (value: string) => (/^\d{5}$/.test(value) ? value : undefined);
const isPhone = (value: string) => {
	const digits = value.replace(/[\s().+-]/g, '');
	return /^\d{11}$/.test(digits) ? digits : undefined;
};
const NOT_A_DATE = 'must be a date (MM/DD/YYYY or an ISO date such as 2025-03-07)';

/**
 * Reads and checks one item's parameters before anything is sent (the checks api-v2.md states; decisions.md 21).
 * A failure names the item and the field, and never repeats the value: it may be an SSN or a date of birth. Inside
 * `all`, every field is read and all their problems are reported together, in one error. The values are the node's
 * parameters for this item, or what `read` gives for a name (a row's columns, read without resolving any expression).
 *
 * Each public reader notes its problem inside `all` (see `noted`); the private `read...` methods throw it, so that a
 * reader built on another reports one problem, not two.
 */
export class ItemInput {
	/** The problems found so far inside `all`; undefined outside it, where the first problem is thrown. */
	private collected: Problem[] | undefined;

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly itemIndex: number,
		// null, not undefined, as the fallback: n8n throws "Could not get parameter" for an unset field of a
		// collection when the fallback is undefined.
		private readonly read: (name: string) => unknown = (name) => context.getNodeParameter(name, itemIndex, null),
		/** The row of a file the values are read from, when they are (messages name the row, not the item). */
		private readonly row?: FileRow,
	) {}

	/** The error for a field's problem: the field by its label and what is wrong, never its value. */
	invalid(label: string, problem: string): NodeOperationError {
		const error = new NodeOperationError(this.context.getNode(), forItem(`${quoted(label)} ${problem}`, this.itemIndex, this.row), {
			itemIndex: this.itemIndex,
			description: `Correct ${quoted(label)} in the node's parameters or in ${inputPlace(this.itemIndex, this.row)}. Nothing was sent to the service.`,
		});
		problemOf.set(error, { label, problem });
		return error;
	}

	/** A value as it is, for a reader of its own (a list of Tags, say). */
	value(name: string): unknown {
		return this.read(name);
	}

	/** A collection parameter (Additional Fields, Options, Filters). */
	collection(name: string): IDataObject {
		return (this.read(name) as IDataObject | undefined) ?? {};
	}

	/**
	 * A text parameter, trimmed; undefined when empty and not required. A date value becomes its ISO text. `required`
	 * may say why the field is empty, in words worked out only then (the input fields a row had, say).
	 */
	text(name: string, label: string, required: boolean | (() => string) = false): string | undefined {
		return this.noted(() => this.readText(name, label, required));
	}

	email(name: string, label: string, required = false): string | undefined {
		return this.noted(() => this.readChecked(name, label, required, isEmail, 'must be an email address'));
	}

	state(name: string, label: string, required = false): string | undefined {
		return this.noted(() => this.readChecked(name, label, required, isState, 'must be a two-letter state code, for example TX'));
	}

	zip(name: string, label: string, required = false): string | undefined {
		return this.noted(() => this.readChecked(name, label, required, isZip, 'must be five digits'));
	}

	phone(name: string, label: string, required = false): string | undefined {
		return this.noted(() => this.readChecked(name, label, required, isPhone, 'must be eleven digits, for example 18005551234'));
	}

	/** A day for a filter: a date-time with an offset is the day it is in the workflow's time zone (decisions.md 16). */
	date(name: string, label: string, required = false): string | undefined {
		const inTimeZone = (value: string) => toServiceDate(value, this.context.getTimezone());
		return this.noted(() => this.readChecked(name, label, required, inTimeZone, NOT_A_DATE));
	}

	/** A calendar date such as a date of birth: the day as written, never moved by a time zone (decisions.md 29). */
	calendarDate(name: string, label: string, required = false): string | undefined {
		return this.noted(() => this.readChecked(name, label, required, toCalendarDate, NOT_A_DATE));
	}

	/**
	 * One of a fixed list of values: an options parameter set by an expression may hold anything. A wrong value is
	 * answered with the options' labels, as the editor shows them (and the values, which an expression must give).
	 */
	choice<T extends string>(name: string, label: string, values: Options<T>, required = false): T | undefined {
		return this.noted(() => {
			const value = this.readText(name, label, required);
			if (value === undefined) return undefined;
			if (!choiceValues(values).includes(value)) throw this.invalid(label, `must be one of${choiceWords(values)}`);
			return value as T;
		});
	}

	/**
	 * Several of a fixed list of values: a multi-select gives a list, an expression may give a list or comma-separated
	 * text. Empty when none is chosen.
	 */
	choices<T extends string>(name: string, label: string, values: Options<T>): T[] {
		return this.noted(() => {
			const value = this.read(name);
			const parts = Array.isArray(value) ? value : textOf(value, () => this.invalid(label, 'must be a list or text')).split(',');
			const chosen = parts.map((part) => textOf(part, () => this.invalid(label, 'must be a list of text values'))).filter(Boolean);
			const unknown = chosen.find((part) => !choiceValues(values).includes(part));
			if (unknown !== undefined) throw this.invalid(label, `must be among${choiceWords(values)}`);
			return [...new Set(chosen)] as T[];
		});
	}

	/** A whole number written in decimal digits; hex, exponents and fractions are refused, never converted. */
	integer(name: string, label: string, required = false): number | undefined {
		return this.noted(() => this.readInteger(name, label, required));
	}

	/** A count or level: a whole number from 1. */
	positiveInteger(name: string, label: string, required = false): number | undefined {
		return this.noted(() => this.readPositiveInteger(name, label, required));
	}

	/** A list's Return All and Limit (either may come from an expression): how many records, undefined for all. */
	listLimit(): number | undefined {
		return this.noted(() => (this.readFlag('returnAll', 'Return All') ? undefined : this.readPositiveInteger('limit', 'Limit', true)));
	}

	/**
	 * A record's numeric ID, which goes into a path or a query: its digits exactly as written (decisions.md 31). A
	 * sign, an exponent, hex, a fraction or more than the service can hold is refused, never converted.
	 */
	recordId(name: string, label: string, required = false): string | undefined {
		return this.noted(() => {
			const value = locatorValue(this.read(name));
			if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
				if (required) throw this.invalid(label, 'is required');
				return undefined;
			}
			const checked = recordIdOf(value);
			if ('problem' in checked) throw this.invalid(label, checked.problem);
			return checked.id;
		});
	}

	/**
	 * A switch that may come from an expression: true/false, or the text "true"/"false" (any case). Anything else is
	 * refused rather than left out, so a switch the user meant to set is never silently dropped.
	 */
	flag(name: string, label: string, required = false): boolean | undefined {
		return this.noted(() => this.readFlag(name, label, required));
	}

	/** Any other check of this item's input (the User, say), noted inside `all` like a field's. */
	check<Value>(read: () => Value): Value {
		return this.noted(read);
	}

	/** A problem found by comparing fields: thrown, or noted inside `all`. */
	refuse(label: string, problem: string): void {
		this.noted(() => {
			throw this.invalid(label, problem);
		});
	}

	/**
	 * Reads every field `read` asks for and reports all their problems in one error (one problem: that error as it
	 * is). A failure that follows from a field already noted (a value left undefined) is not reported apart.
	 */
	all<Value>(read: () => Value): Value {
		const outer = this.collected;
		const problems: Problem[] = [];
		this.collected = problems;
		try {
			const value = read();
			if (problems.length === 0) return value;
		} catch (error) {
			const problem = problemOf.get(error as Error);
			if (problem) problems.push(problem);
			else if (problems.length === 0) throw this.asNodeError(error);
		} finally {
			this.collected = outer;
		}
		if (problems.length === 1) throw this.invalid(problems[0].label, problems[0].problem);
		throw this.invalidFields(problems);
	}

	/** Runs a reader; inside `all`, a problem is noted and the value is undefined, so that the next field is read. */
	private noted<Value>(read: () => Value): Value {
		if (!this.collected) return read();
		try {
			return read();
		} catch (error) {
			const problem = problemOf.get(error as Error);
			if (!problem) throw this.asNodeError(error);
			this.collected.push(problem);
			return undefined as Value;
		}
	}

	private readText(name: string, label: string, required: boolean | (() => string) = false): string | undefined {
		const trimmed = textOf(this.read(name), () => this.invalid(label, 'must be text or a number, not a list, an object or true/false'));
		if (trimmed === '') {
			if (required) throw this.invalid(label, typeof required === 'function' ? `is required: ${required()}` : 'is required');
			return undefined;
		}
		return trimmed;
	}

	/** A text parameter that is set, through `check`; `problem` says what the value must be. */
	private readChecked(
		name: string,
		label: string,
		required: boolean,
		check: (value: string) => string | undefined,
		problem: string,
	): string | undefined {
		const value = this.readText(name, label, required);
		if (value === undefined) return undefined;
		const normalized = check(value);
		if (normalized === undefined) throw this.invalid(label, problem);
		return normalized;
	}

	private readInteger(name: string, label: string, required = false): number | undefined {
		const value = this.read(name);
		if (value === undefined || value === null || value === '') {
			if (required) throw this.invalid(label, 'is required');
			return undefined;
		}
		const number = wholeNumber(value);
		if (number === undefined) throw this.invalid(label, 'must be a whole number');
		return number;
	}

	private readPositiveInteger(name: string, label: string, required = false): number | undefined {
		const value = this.readInteger(name, label, required);
		if (value !== undefined && value < 1) throw this.invalid(label, 'must be a whole number of at least 1');
		return value;
	}

	private readFlag(name: string, label: string, required = false): boolean | undefined {
		const value = this.read(name);
		if (typeof value === 'boolean') return value;
		const textValue = this.readText(name, label, required)?.toLowerCase();
		if (textValue === undefined) return undefined;
		if (textValue !== 'true' && textValue !== 'false') throw this.invalid(label, 'must be true or false');
		return textValue === 'true';
	}

	/** A failure that is not a field's problem, passed on as n8n's error (it already is one, as a rule). */
	private asNodeError(error: unknown): Error {
		return error instanceof NodeOperationError || error instanceof NodeApiError
			? error
			: new NodeOperationError(this.context.getNode(), error as Error, { itemIndex: this.itemIndex });
	}

	/** Several problems as one error: each field by its label, in the order of the node's parameters. */
	private invalidFields(problems: Problem[]): NodeOperationError {
		const each = problems.map(({ label, problem }) => `${quoted(label)} ${problem}`).join('; ');
		return new NodeOperationError(this.context.getNode(), forItem(`${problems.length} fields need correcting: ${each}`, this.itemIndex, this.row), {
			itemIndex: this.itemIndex,
			description: `Correct ${listed(problems.map(({ label }) => label))} in the node's parameters or in ${inputPlace(this.itemIndex, this.row)}. Nothing was sent to the service.`,
		});
	}
}

/** An item's input, read from its parameters or from `read` (a row of a file the item holds): how operations start. */
export function itemInput(context: IExecuteFunctions, itemIndex: number, read?: (name: string) => unknown, row?: FileRow): ItemInput {
	return new ItemInput(context, itemIndex, read, row);
}
