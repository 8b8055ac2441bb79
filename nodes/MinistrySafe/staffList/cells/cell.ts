// A cell as the list gives it (node version 1.3, contract.md "A list read column by column"): a file's cells are
// text, but input items carry what their source gave: JSON and databases give `true`/`false` and numbers, not text
// (an Active flag of `false` is a leaver, never a blank), and a workbook read by Extract From File gives its dates as
// numbers. A cell is read as what it is, and written in messages as the list holds it.

/** A cell that holds something: its text as written (trimmed) and the form it came in. */
export interface Cell {
	text: string;
	form: 'text' | 'number' | 'boolean';
}

/** A cell as given, or undefined when it is blank (an empty or whitespace-only text, null, nothing). */
export function cellOf(value: unknown): Cell | undefined {
	if (typeof value === 'string') {
		const text = value.trim();
		return text === '' ? undefined : { text, form: 'text' };
	}
	if (typeof value === 'number') return Number.isFinite(value) ? { text: String(value), form: 'number' } : undefined;
	if (typeof value === 'boolean') return { text: String(value), form: 'boolean' };
	// A list or an object in a cell is no value a column can say: named as written, never read as blank.
	if (value !== null && value !== undefined) return { text: JSON.stringify(value), form: 'text' };
	return undefined;
}

/** A cell's text, or undefined when it is blank. */
export const cellText = (value: unknown): string | undefined => cellOf(value)?.text;

/** A whole number a cell holds (a number, or text of digits), or undefined. */
export function wholeNumberOf(cell: Cell): number | undefined {
	if (cell.form === 'boolean' || !/^\d+(\.0+)?$/.test(cell.text)) return undefined;
	return Number(cell.text);
}
