// One record of comma-separated text (RFC 4180) at a time: values in double quotes may hold the delimiter, line breaks
// and doubled quotes; lines end in CRLF, LF or CR. csv.ts reads a file's records with it, layout.ts its first lines.

export interface CsvRecord {
	/** The file's line number where it starts (the first line is 1). */
	line: number;
	cells: string[];
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

/** One record read from `index`: its cells, where the next one starts, and the line it ends on. */
export interface RecordRead extends CsvRecord {
	next: number;
	/** The line the next record starts on. */
	nextLine: number;
}

const escapeForClass = (char: string) => (char === '\t' ? '\\t' : `\\${char}`);

/** Reads one record at a time with `delimiter`: the record that starts at `index` on line `line`. */
export type RecordReader = (text: string, index: number, line: number) => RecordRead;

/** A reader of records: values separated by the delimiter, up to a line end outside quotes. */
export function recordReader(delimiter: string): RecordReader {
	// An unquoted value runs to the next delimiter or line end.
	const unquoted = new RegExp(`[^${escapeForClass(delimiter)}\\r\\n]*`, 'y');
	return (text, index, line) => readRecord(text, index, line, delimiter, unquoted);
}

function readRecord(text: string, index: number, line: number, delimiter: string, unquoted: RegExp): RecordRead {
	const recordLine = line;
	const cells: string[] = [];
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
	return { line: recordLine, cells, next: index, nextLine: line + 1 };
}

/** Whether a record holds a value: a line of delimiters and spaces alone is an empty row. */
export const hasValue = (cells: string[]) => cells.some((cell) => cell.trim() !== '');

/** Line breaks in a quoted value (CRLF counted once), so that later rows keep their line numbers. */
function countLineBreaks(text: string): number {
	let count = 0;
	for (let index = 0; index < text.length; index++) {
		if (text[index] === '\n') count++;
		else if (text[index] === '\r' && text[index + 1] !== '\n') count++;
	}
	return count;
}
