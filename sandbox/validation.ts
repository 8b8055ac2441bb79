// Request checks shared by the routes: one method per rule, each adding its message to one `errors` object, so a
// 422 names every bad field at once. Messages never repeat the value (it may be an SSN or a date of birth).

export type FieldErrors = Record<string, string[]>;

export interface CalendarDate {
	year: number;
	month: number;
	day: number;
}

export const DATE_FORMAT_MESSAGE = 'must be a date in mm/dd/yyyy format';

/** mm/dd/yyyy, or m/d/yyyy as some clients send; a real calendar date. Anything else (ISO included) is undefined. */
export function parseUsDate(text: string): CalendarDate | undefined {
	const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
	if (!match) return undefined;
	const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const date = new Date(Date.UTC(year, month - 1, day));
	if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
		return undefined;
	}
	return { year, month, day };
}

/** A decoded body part as an object: qs and JSON both give plain objects for bracketed keys; anything else is empty. */
export function asRecord(value: unknown): Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: {};
}

interface Rule {
	required?: boolean;
}

interface IntegerRule extends Rule {
	/** Smallest allowed value; default 1. */
	min?: number;
	max?: number;
}

const TRUE_TEXTS = new Set(['true', '1']);
const FALSE_TEXTS = new Set(['false', '0']);

export class Validator {
	constructor(
		private readonly source: Record<string, unknown>,
		private readonly prefix = '',
		readonly errors: FieldErrors = {},
	) {}

	get isValid(): boolean {
		return Object.keys(this.errors).length === 0;
	}

	/** Checks of a nested object (organization[ssa][...]) whose errors are named `ssa.first_name`. */
	nested(field: string): Validator {
		return new Validator(asRecord(this.source[field]), `${this.prefix}${field}.`, this.errors);
	}

	add(field: string, message: string): void {
		const name = `${this.prefix}${field}`;
		(this.errors[name] ??= []).push(message);
	}

	has(field: string): boolean {
		return this.text(field) !== undefined;
	}

	/** A text field; blank counts as absent. */
	required(field: string): string | undefined {
		return this.presence(field, { required: true });
	}

	optional(field: string): string | undefined {
		return this.presence(field, {});
	}

	enumeration<T extends string>(field: string, values: readonly T[], rule: Rule = {}): T | undefined {
		const value = this.presence(field, rule);
		if (value === undefined) return undefined;
		if ((values as readonly string[]).includes(value)) return value as T;
		this.add(field, `is not included in the list (${values.join(', ')})`);
		return undefined;
	}

	state(field: string, rule: Rule = {}): string | undefined {
		return this.format(field, /^[A-Za-z]{2}$/, 'must be a two-letter state code', rule);
	}

	zip(field: string, rule: Rule = {}): string | undefined {
		return this.format(field, /^\d{5}$/, 'must be 5 digits', rule);
	}

	phone(field: string, rule: Rule = {}): string | undefined {
		return this.format(field, /^\d{11}$/, 'must be 11 digits', rule);
	}

	email(field: string, rule: Rule = {}): string | undefined {
		return this.format(field, /^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'is not a valid e-mail address', rule);
	}

	date(field: string, rule: Rule = {}): CalendarDate | undefined {
		const value = this.presence(field, rule);
		if (value === undefined) return undefined;
		const date = parseUsDate(value);
		if (!date) this.add(field, DATE_FORMAT_MESSAGE);
		return date;
	}

	/** true/false as JSON booleans or as the texts a form sends ("true", "false", "1", "0"). */
	boolean(field: string, rule: Rule = {}): boolean | undefined {
		const raw = this.source[field];
		if (typeof raw === 'boolean') return raw;
		const value = this.presence(field, rule);
		if (value === undefined) return undefined;
		if (TRUE_TEXTS.has(value.toLowerCase())) return true;
		if (FALSE_TEXTS.has(value.toLowerCase())) return false;
		this.add(field, 'must be true or false');
		return undefined;
	}

	/** A whole number (default: positive), as a JSON number or digits. */
	integer(field: string, rule: IntegerRule = {}): number | undefined {
		const value = this.presence(field, rule);
		if (value === undefined) return undefined;
		const { min = 1, max = Number.MAX_SAFE_INTEGER } = rule;
		const number = Number(value);
		if (/^\d+$/.test(value) && number >= min && number <= max) return number;
		this.add(
			field,
			max === Number.MAX_SAFE_INTEGER
				? `must be a whole number of at least ${min}`
				: `must be a whole number from ${min} to ${max}`,
		);
		return undefined;
	}

	private format(field: string, pattern: RegExp, message: string, rule: Rule): string | undefined {
		const value = this.presence(field, rule);
		if (value === undefined) return undefined;
		if (pattern.test(value)) return value;
		this.add(field, message);
		return undefined;
	}

	/** The trimmed text of a field; adds "can't be blank" when required and absent, "must be text" for a list or object. */
	private presence(field: string, rule: Rule): string | undefined {
		const raw = this.source[field];
		if (raw !== undefined && raw !== null && typeof raw === 'object') {
			this.add(field, 'must be text');
			return undefined;
		}
		const value = this.text(field);
		if (value === undefined && rule.required) this.add(field, "can't be blank");
		return value;
	}

	private text(field: string): string | undefined {
		const raw = this.source[field];
		if (typeof raw === 'string') return raw.trim() === '' ? undefined : raw.trim();
		if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
		return undefined;
	}
}
