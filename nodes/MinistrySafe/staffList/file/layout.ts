// Where a CSV file's header is and which delimiter it uses, as spreadsheets and reports lay a staff list out:
// - Excel's `sep=;` first line names the delimiter and is not the header;
// - a report's title lines above the header (a title, a date, as Excel writes a title row, `Staff Report,,,`, or a
//   title with a comma in it, `Active Staff as of Nov 28, 2026`) are passed over: the header is the first line with two
//   values or more that is no title (a title has fewer values than the line below it, which has as many cells as the
//   rows below that, and fewer cells than it, or mostly empty ones);
// - the delimiter is the one the header uses most, outside quotes, of comma, semicolon (spreadsheets in much of Europe),
//   tab and pipe; a tie is decided by the lines below (the delimiter that most of them use as often as the header
//   does); a header with none is a one-column file, read as comma-separated.
// Lines with nothing but spaces and delimiters (a spreadsheet's empty row) are passed over, as they are no rows. A
// one-column file stays one: a title is passed over only when a row below the header found shows that it was one.
import { type RecordReader, recordReader } from './records';

export const DELIMITERS = [',', ';', '\t', '|'] as const;

/** How many lines a title may take above the header, and how many lines below it decide a tie. */
const TITLE_LINES = 10;
const LINES_DECIDING = 20;

/** A place in the text: where a line starts, and its number. */
interface Place {
	index: number;
	line: number;
}

export interface Layout extends Place {
	delimiter: string;
}

/** One line as scanned for its layout: how often it uses each delimiter outside quotes, and where the next one starts. */
interface ScannedLine extends Place {
	counts: Map<string, number>;
	hasText: boolean;
	next: Place;
}

/** Excel's `sep=X` first line: X is the delimiter (not a letter, a digit, a quote or a space, but a tab may be). */
const SEP_LINE = /"?sep=(\t|[^\p{L}\p{N}"\s])"?[^\p{L}\p{N}\r\n]*(\r\n|\r|\n|$)/iuy;

const readers = new Map<string, RecordReader>(DELIMITERS.map((delimiter) => [delimiter, recordReader(delimiter)]));
const readerFor = (delimiter: string) => readers.get(delimiter) ?? recordReader(delimiter);

/**
 * The line at `at`, to its end outside quotes: the delimiters it uses outside quotes (any quote opens or closes one, so
 * that a delimiter inside a quoted value never counts), and whether it holds anything but spaces and delimiters.
 */
function scanLine(text: string, at: Place, fixed?: string): ScannedLine {
	const counts = new Map<string, number>();
	let quoted = false;
	let hasText = false;
	let { index, line } = at;
	for (; index < text.length; index++) {
		const char = text[index];
		if (char === '"') {
			quoted = !quoted;
			hasText = true;
		} else if (char === '\r' || char === '\n') {
			if (char === '\r' && text[index + 1] === '\n') index++;
			line++;
			if (!quoted) {
				index++;
				break;
			}
		} else if (!quoted && (DELIMITERS.includes(char as (typeof DELIMITERS)[number]) || char === fixed)) {
			counts.set(char, (counts.get(char) ?? 0) + 1);
		} else if (char.trim() !== '') hasText = true;
	}
	return { ...at, counts, hasText, next: { index, line } };
}

/** The lines from `at` that hold text, at most `count` of them. */
function linesWithText(text: string, at: Place, count: number, fixed?: string): ScannedLine[] {
	const found: ScannedLine[] = [];
	while (at.index < text.length && found.length < count) {
		const scanned = scanLine(text, at, fixed);
		if (scanned.hasText) found.push(scanned);
		at = scanned.next;
	}
	return found;
}

/** The delimiter a line uses most (a tie decided by the lines below it), or undefined when it uses none. */
function delimiterOfLine(text: string, line: ScannedLine): string | undefined {
	const countOf = (scanned: ScannedLine, delimiter: string) => scanned.counts.get(delimiter) ?? 0;
	const most = Math.max(...DELIMITERS.map((delimiter) => countOf(line, delimiter)));
	if (most === 0) return undefined;
	const tied = DELIMITERS.filter((delimiter) => countOf(line, delimiter) === most);
	if (tied.length === 1) return tied[0];
	const below = linesWithText(text, line.next, LINES_DECIDING);
	const fitting = tied.map((delimiter) => below.filter((scanned) => countOf(scanned, delimiter) === most).length);
	return tied[fitting.indexOf(Math.max(...fitting))];
}

/** How many cells a line holds and how many of them are filled, read with its delimiter (quotes as RFC 4180 reads them). */
function cellsOf(text: string, line: Place, delimiter: string): { cells: number; values: number } {
	try {
		const { cells } = readerFor(delimiter)(text, line.index, line.line);
		return { cells: cells.length, values: cells.filter((cell) => cell.trim() !== '').length };
	} catch {
		// CsvSyntaxError: csv.ts reads the file again with the delimiter found, and says where.
		return { cells: 0, values: 0 };
	}
}

/** The number of cells most of these lines have (the first of the most common, on a tie). */
function mostCommon(counts: number[]): number | undefined {
	const tally = new Map<number, number>();
	for (const count of counts) tally.set(count, (tally.get(count) ?? 0) + 1);
	return [...tally].sort(([, a], [, b]) => b - a)[0]?.[0];
}

/**
 * Whether a line of two values or more is a title above the header: the next line holds more values, as many cells as
 * most of the rows below it (a header), and this one has fewer cells than it (a title with a comma in it: `Active
 * Staff as of Nov 28, 2026`) or as many, mostly empty (Excel's `Staff Report,Nov 2026,,,`, as wide as the table). Each
 * line is read with its own delimiter: a title's comma is no delimiter of a semicolon file.
 */
function isTitle(text: string, line: ScannedLine, delimiter: string, fixed?: string): boolean {
	const [next, ...below] = linesWithText(text, line.next, LINES_DECIDING + 1, fixed);
	if (!next || below.length === 0) return false;
	const nextDelimiter = fixed ?? delimiterOfLine(text, next) ?? delimiter;
	const own = cellsOf(text, line, delimiter);
	const header = cellsOf(text, next, nextDelimiter);
	const rows = mostCommon(below.map((row) => cellsOf(text, row, nextDelimiter).cells));
	return header.values > own.values && header.cells === rows && (own.cells < header.cells || (own.cells === header.cells && own.values * 2 < own.cells));
}

/** The header: the first line that can be one, after title lines; the first line when there is none. */
function headerAfterTitles(text: string, from: Place, fixed?: string): Layout {
	const lines = linesWithText(text, from, TITLE_LINES + 2, fixed);
	const [first] = lines;
	if (!first) return { delimiter: fixed ?? ',', ...from };
	for (const [title, line] of lines.slice(0, TITLE_LINES + 1).entries()) {
		const delimiter = fixed ?? delimiterOfLine(text, line);
		if (delimiter === undefined || cellsOf(text, line, delimiter).values < 2 || isTitle(text, line, delimiter, fixed)) continue;
		// Lines passed over as a title need a row below the header to show that they were one.
		if (title === 0 || lines[title + 1]) return { delimiter, index: line.index, line: line.line };
		break;
	}
	return { delimiter: fixed ?? delimiterOfLine(text, first) ?? ',', index: first.index, line: first.line };
}

/** Where the header of the text from `start` is, and its delimiter. */
export function layoutOf(text: string, start: number): Layout {
	SEP_LINE.lastIndex = start;
	const sep = SEP_LINE.exec(text);
	if (sep) return headerAfterTitles(text, { index: start + sep[0].length, line: 2 }, sep[1]);
	return headerAfterTitles(text, { index: start, line: 1 });
}
