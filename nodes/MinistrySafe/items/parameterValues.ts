// How a parameter's value reads before any field's own check: as text, as a resource locator's value, as a record ID.

/** A resource locator's value ({ __rl, mode, value }); any other value as it is (a number field's, say). */
export function locatorValue(value: unknown): unknown {
	return value !== null && typeof value === 'object' && '__rl' in value && 'value' in value ? value.value : value;
}

/**
 * A parameter's value as trimmed text: '' when unset. A date (a JavaScript Date, or n8n's Luxon DateTime) becomes its
 * ISO text; a list, an object or a boolean where text belongs is refused rather than sent as "[object Object]".
 */
export function textOf(value: unknown, wrongType: () => Error): string {
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
