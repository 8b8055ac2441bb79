// Comma-separated text as spreadsheets and HR, payroll and church-management systems export it (RFC 4180): values in
// double quotes may hold the delimiter, line breaks and doubled quotes; lines end in CRLF, LF or CR; a UTF-8 byte
// order mark (Excel's "CSV UTF-8") is dropped. The delimiter is the one the header line uses most, outside quotes, of
// comma, semicolon (spreadsheets in much of Europe), tab and pipe. Lines with no value at all (blank, or delimiters
// alone, as spreadsheets write their empty rows) are no rows. Values are kept as written; readers trim them.

export interface CsvTable {
	/** The first line's values: the column names. */
	header: string[];
	/** Every later line with a value, with the file's line number where it starts (the header is line 1). */
	rows: Array<{ line: number; cells: string[] }>;
	delimiter: string;
}

/** Text that is not CSV: a quoted value never closed. `line` is where it opens. */
export class CsvSyntaxError extends Error {
	constructor(
		readonly line: number,
		message: string,
	) {
		super(message);
		this.name = 'CsvSyntaxError';
	}
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter the header line uses most outside quotes (the first line with a value: the lines before it are no
 * rows); comma when it uses none.
 */
function delimiterOf(text: string, start: number): string {
	const counts = new Map<string, number>();
	let quoted = false;
	let hasValue = false;
	for (let index = start; index < text.length; index++) {
		const char = text[index];
		const isDelimiter = (DELIMITERS as readonly string[]).includes(char);
		if (char === '"') quoted = !quoted;
		else if (!quoted && (char === '\n' || char === '\r')) {
			if (hasValue) break;
			counts.clear();
			continue;
		} else if (!quoted && isDelimiter) counts.set(char, (counts.get(char) ?? 0) + 1);
		if (char === '"' || (!isDelimiter && char.trim() !== '')) hasValue = true;
	}
	let best: string = ',';
	for (const delimiter of DELIMITERS) if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
	return best;
}

const escapeForClass = (char: string) => (char === '\t' ? '\\t' : `\\${char}`);

export function parseCsv(text: string): CsvTable {
	const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
	const delimiter = delimiterOf(text, start);
	// An unquoted value runs to the next delimiter or line end.
	const unquoted = new RegExp(`[^${escapeForClass(delimiter)}\\r\\n]*`, 'y');
	const records: Array<{ line: number; cells: string[] }> = [];
	let line = 1;
	let index = start;
	while (index < text.length) {
		const recordLine = line;
		const cells: string[] = [];
		// One record: values separated by the delimiter, up to a line end outside quotes.
		for (;;) {
			let value = '';
			if (text[index] === '"') {
				const openedOn = line;
				index++;
				for (;;) {
					const close = text.indexOf('"', index);
					if (close === -1) throw new CsvSyntaxError(openedOn, `A quoted value opened on line ${openedOn} is never closed`);
					const part = text.slice(index, close);
					value += part;
					line += countLineBreaks(part);
					if (text[close + 1] === '"') {
						value += '"';
						index = close + 2;
						continue;
					}
					index = close + 1;
					break;
				}
				// Anything between the closing quote and the delimiter is kept, as spreadsheets read it.
				unquoted.lastIndex = index;
				const rest = unquoted.exec(text)?.[0] ?? '';
				value += rest;
				index += rest.length;
			} else {
				unquoted.lastIndex = index;
				value = unquoted.exec(text)?.[0] ?? '';
				index += value.length;
			}
			cells.push(value);
			if (text[index] === delimiter) {
				index++;
				continue;
			}
			break;
		}
		// The line end: CRLF, LF or CR (or the end of the text).
		if (text[index] === '\r') index += text[index + 1] === '\n' ? 2 : 1;
		else if (text[index] === '\n') index++;
		line++;
		if (cells.some((cell) => cell.trim() !== '')) records.push({ line: recordLine, cells });
	}
	const [header, ...rows] = records;
	return { header: header?.cells.map((name) => name.trim()) ?? [], rows, delimiter };
}

/** Line breaks in a quoted value (CRLF counted once), so that later rows keep their line numbers. */
function countLineBreaks(text: string): number {
	let count = 0;
	for (let index = 0; index < text.length; index++) {
		if (text[index] === '\n') count++;
		else if (text[index] === '\r' && text[index + 1] !== '\n') count++;
	}
	return count;
}
