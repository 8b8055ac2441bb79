// One file's rows: which kind of file it is (kind.ts: CSV or JSON; a spreadsheet refused), its text in the encoding it
// was saved in (encoding.ts), and each row as an object of its column names with its place in the file. Columns of the
// same name are kept apart ("Email", "Email (2)"), so that a blank one never hides a filled one. A value holding a
// control character is what a file read in the wrong encoding gives (UTF-16 read as bytes: a NUL between letters):
// the file is refused, naming the row, before anything is sent.
import type { IBinaryData, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type FileRow, quoted } from '../../../shared/wording';
import { repeatedName } from '../words/nameWords';
import { CsvSyntaxError, parseCsv } from './csv';
import { decodeFile, type FileEncoding } from './encoding';
import { fileKindOf } from './kind';

export interface FileRows {
	columns: string[];
	rows: Array<{ json: IDataObject; row: FileRow }>;
	/** A CSV file's header line, as messages name it ("line 3 of 'staff.csv'"). */
	header?: string;
}

/** A C0 or C1 control character but tab and line breaks: what a file read in the wrong encoding gives. */
const isNotText = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);

/** The first character of a value that is not text, as U+XXXX; undefined when every one is. */
function notTextIn(value: string): string | undefined {
	for (let index = 0; index < value.length; index++) {
		const code = value.charCodeAt(index);
		if (isNotText(code)) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
	}
	return undefined;
}

/** A file's rows as objects of its column names, each with its place in the file. */
export function rowsOf(
	context: IExecuteFunctions,
	file: { buffer: Buffer; binary: IBinaryData; name: string; item: number; encoding: FileEncoding },
): FileRows {
	const { buffer, binary, name, item } = file;
	// A file without a name is "the file in item 0": a message starts with a capital.
	const fail = (problem: string, todo: string) =>
		new NodeOperationError(context.getNode(), `${name.charAt(0).toUpperCase()}${name.slice(1)} ${problem} [item ${item}]`, {
			itemIndex: item,
			description: `${todo} Nothing was sent to the service.`,
		});
	const chosenElsewhere =
		"Check 'File Encoding' (under 'Options'): the file may be saved in another one. 'Automatic' reads UTF-8, UTF-16 with the marker Excel puts at the start, and Windows-1252.";
	let text: string | undefined;
	const decoded = () => {
		text ??= decodeFile(buffer, file.encoding);
		if (text === undefined) throw fail(`is not text in the encoding chosen under 'File Encoding'`, chosenElsewhere);
		return text;
	};
	const kind = fileKindOf(buffer, binary, decoded);
	if (kind === 'spreadsheet') {
		throw fail(
			'is a spreadsheet file, not CSV or JSON',
			"Save it as 'CSV UTF-8' where it is exported, or read it with the Extract From File node before this one and set 'Staff List' to 'Input Items'.",
		);
	}
	const read = kind === 'json' ? jsonRows(decoded(), name, fail) : csvRows(decoded(), name, fail, context, item);
	const unreadable = firstNotText(read);
	if (unreadable) {
		throw fail(
			`holds a character that is not text in ${unreadable.place}`,
			`${file.encoding === 'auto' ? "The file may be saved in another encoding: choose it under 'File Encoding' (under 'Options'), or save the file as 'CSV UTF-8' where it is exported." : chosenElsewhere} (The character: ${unreadable.code}.)`,
		);
	}
	return read;
}

function jsonRows(text: string, name: string, fail: (problem: string, todo: string) => NodeOperationError): FileRows {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		throw fail('is not valid JSON', 'Check the export, or choose a CSV export.');
	}
	const people = listIn(value);
	if (!people) {
		throw fail('holds no list of people', 'Sync reads a JSON array of objects, one a person, or an object with one such array (such as {"employees": [...]}).');
	}
	const columns = [...new Set(people.flatMap((person) => Object.keys(person)))];
	return { columns, rows: people.map((person, index) => ({ json: person, row: new RowOfFile(index + 1, name, 'entry') })) };
}

function csvRows(
	text: string,
	name: string,
	fail: (problem: string, todo: string) => NodeOperationError,
	context: IExecuteFunctions,
	item: number,
): FileRows {
	try {
		const table = parseCsv(text);
		const header = distinctNames(table.header);
		const shared = header.map(() => new Map<string, string>());
		const rows = table.rows.map(({ line, cells }) => {
			const person: IDataObject = {};
			// A column without a name holds nothing Sync could map; cells beyond the header are left out.
			header.forEach((column, index) => {
				if (column !== '' && index < cells.length) person[column] = sharedValue(shared[index], cells[index]);
			});
			return { json: person, row: new RowOfFile(line, name, 'row') };
		});
		return { columns: header.filter((column) => column !== ''), rows, header: `line ${table.headerLine} of ${name}` };
	} catch (error) {
		throw error instanceof CsvSyntaxError
			? fail(`is not valid CSV: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`, 'Check the export around that line.')
			: new NodeOperationError(context.getNode(), error as Error, { itemIndex: item });
	}
}

/** The header's names, a repeated one numbered from its second ("Email", "Email (2)"): each column kept. */
function distinctNames(header: string[]): string[] {
	const taken = new Set(header);
	const seen = new Map<string, number>();
	return header.map((column) => {
		if (column === '') return column;
		const count = (seen.get(column) ?? 0) + 1;
		seen.set(column, count);
		if (count === 1) return column;
		let number = count;
		while (taken.has(repeatedName(column, number))) number++;
		const name = repeatedName(column, number);
		taken.add(name);
		return name;
	});
}

/** How many distinct short values of a column are shared, and how short: a status, a type, a flag, a date. */
const SHARED_VALUES = 500;
const SHARED_LENGTH = 24;

/**
 * One string for each repeated short value of a column (Active, Employee, TRUE, a date): a list of 100,000 people
 * would hold a copy of each per row.
 */
function sharedValue(values: Map<string, string>, value: string): string {
	if (value.length > SHARED_LENGTH) return value;
	const known = values.get(value);
	if (known !== undefined) return known;
	if (values.size < SHARED_VALUES) values.set(value, value);
	return value;
}

/** A row's place in its file; its words ("row 7 of 'staff.csv'") made only when a message says them. */
class RowOfFile implements FileRow {
	constructor(
		readonly line: number,
		private readonly file: string,
		private readonly noun: 'row' | 'entry',
	) {}

	get label(): string {
		return `${this.noun} ${this.line} of ${this.file}`;
	}
}

/** The first value that is not text, with where it is: the header (a column name), or a row and its column. */
function firstNotText(read: FileRows): { code: string; place: string } | undefined {
	for (const column of read.columns) {
		const code = notTextIn(column);
		if (code) return { code, place: read.header ? `its header, ${read.header}` : 'a field name' };
	}
	for (const { json, row } of read.rows) {
		for (const [column, value] of Object.entries(json)) {
			const code = typeof value === 'string' ? notTextIn(value) : undefined;
			if (code) return { code, place: `${quoted(column)}, row ${row.line}` };
		}
	}
	return undefined;
}

const isPerson = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON array of objects, or the one such array of an object ({"employees": [...]}); undefined otherwise. */
function listIn(value: unknown): IDataObject[] | undefined {
	if (Array.isArray(value)) return value.every(isPerson) ? value : undefined;
	if (!isPerson(value)) return undefined;
	const lists = Object.values(value).filter((entry) => Array.isArray(entry) && entry.length > 0 && entry.every(isPerson));
	return lists.length === 1 ? (lists[0] as IDataObject[]) : undefined;
}
