// Where a CSV file's header is and which delimiter it uses, as spreadsheets and reports lay a staff list out:
// - Excel's `sep=;` first line names the delimiter and is not the header;
// - a report's title lines above the header (a title, a date: one value each, as Excel writes a title row,
//   `Staff Report,,,`) are passed over: the header is the first line with two values or more;
// - the delimiter is the one the header uses most, outside quotes, of comma, semicolon (spreadsheets in much of Europe),
//   tab and pipe; a tie is decided by the lines below (the delimiter that gives most of them as many values as the
//   header has); a header with none is a one-column file, read as comma-separated.
// Lines with nothing but spaces and delimiters (a spreadsheet's empty row) are passed over, as they are no rows. A
// one-column file stays one: a title is passed over only when a row below the header found shows that it was one.
import { type RecordRead, type RecordReader, recordReader } from './records';

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

/** Excel's `sep=X` first line: X is the delimiter (not a letter, a digit, a quote or a space, but a tab may be). */
const SEP_LINE = /"?sep=(\t|[^\p{L}\p{N}"\s])"?[^\p{L}\p{N}\r\n]*(\r\n|\r|\n|$)/iuy;

const readers = new Map<string, RecordReader>(DELIMITERS.map((delimiter) => [delimiter, recordReader(delimiter)]));
const readerFor = (delimiter: string) => readers.get(delimiter) ?? recordReader(delimiter);

/** Whether a line holds text: not only spaces and delimiters (';;;' is an empty row, whichever delimiter reads it). */
const hasText = (line: string) => /[^\s,;|]/.test(line);
const filled = (cells: string[]) => cells.filter((cell) => cell.trim() !== '').length;

/** The record at `at`, or undefined when a quote it opens is never closed read so. */
function recordAt(text: string, at: Place, read: RecordReader): RecordRead | undefined {
	try {
		return read(text, at.index, at.line);
	} catch {
		// CsvSyntaxError, the one error of a record: csv.ts reads the file again with the delimiter found, and says where.
		return undefined;
	}
}

/** The next line from `at` that holds text, read with `read`. */
function nextWithText(text: string, at: Place, read: RecordReader): (RecordRead & { start: number }) | undefined {
	let { index, line } = at;
	while (index < text.length) {
		const record = recordAt(text, { index, line }, read);
		if (!record) return undefined;
		if (hasText(text.slice(index, record.next))) return { ...record, start: index };
		({ next: index, nextLine: line } = record);
	}
	return undefined;
}

/** The delimiter the line at `at` uses most (a tie decided by the lines below), or undefined when it uses none. */
function delimiterOfLine(text: string, at: Place): string | undefined {
	const read = DELIMITERS.map((delimiter) => ({ delimiter, record: recordAt(text, at, readerFor(delimiter)) }));
	const most = Math.max(...read.map(({ record }) => record?.cells.length ?? 0));
	if (most <= 1) return undefined;
	const tied = read.filter(({ record }) => record?.cells.length === most) as Array<{ delimiter: string; record: RecordRead }>;
	if (tied.length === 1) return tied[0].delimiter;
	const fitting = tied.map(({ delimiter, record }) => {
		const reader = readerFor(delimiter);
		let below: Place = { index: record.next, line: record.nextLine };
		let count = 0;
		for (let row = 0; row < LINES_DECIDING; row++) {
			const next = nextWithText(text, below, reader);
			if (!next) break;
			if (next.cells.length === most) count++;
			below = { index: next.next, line: next.nextLine };
		}
		return count;
	});
	return tied[fitting.indexOf(Math.max(...fitting))].delimiter;
}

/** The header: the first line with two values or more, after title lines; the first line when there is none. */
function headerAfterTitles(text: string, from: Place, fixed?: string): Layout {
	const firstLine = nextWithText(text, from, readerFor(fixed ?? ','));
	if (!firstLine) return { delimiter: fixed ?? ',', ...from };
	const first = { index: firstLine.start, line: firstLine.line };
	let at = first;
	for (let title = 0; title <= TITLE_LINES; title++) {
		const delimiter = fixed ?? delimiterOfLine(text, at);
		const read = readerFor(delimiter ?? ',');
		const line = recordAt(text, at, read);
		if (!line) break;
		const below = nextWithText(text, { index: line.next, line: line.nextLine }, read);
		if (delimiter !== undefined && filled(line.cells) >= 2) {
			if (title === 0 || below) return { delimiter, ...at };
			break;
		}
		if (!below) break;
		at = { index: below.start, line: below.line };
	}
	return { delimiter: fixed ?? delimiterOfLine(text, first) ?? ',', ...first };
}

/** Where the header of the text from `start` is, and its delimiter. */
export function layoutOf(text: string, start: number): Layout {
	SEP_LINE.lastIndex = start;
	const sep = SEP_LINE.exec(text);
	if (sep) return headerAfterTitles(text, { index: start + sep[0].length, line: 2 }, sep[1]);
	return headerAfterTitles(text, { index: start, line: 1 });
}
