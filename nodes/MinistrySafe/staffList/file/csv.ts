// Comma-separated text as spreadsheets and HR, payroll and church-management systems export it (RFC 4180, records.ts):
// a byte order mark is dropped; which line is the header and which delimiter it uses (comma, semicolon, tab or pipe;
// Excel's `sep=` line; a report's title lines above it) is layout.ts's. Lines with no value at all (blank, or
// delimiters alone, as spreadsheets write their empty rows) are no rows. Values are kept as written; readers trim them.
import { layoutOf } from './layout';
import { type CsvRecord, hasValue, recordReader } from './records';

export { CsvSyntaxError } from './records';

export interface CsvTable {
	/** The header's values: the column names. */
	header: string[];
	/** The header's line in the file: 1, or later when a `sep=` line or a title is above it. */
	headerLine: number;
	/** Every later line with a value, with the file's line number where it starts. */
	rows: CsvRecord[];
	delimiter: string;
}

export function parseCsv(text: string): CsvTable {
	const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
	const { delimiter, index: headerIndex, line: headerLine } = layoutOf(text, start);
	const readRecord = recordReader(delimiter);
	const records: CsvRecord[] = [];
	let index = headerIndex;
	let line = headerLine;
	while (index < text.length) {
		const record = readRecord(text, index, line);
		if (hasValue(record.cells)) records.push({ line: record.line, cells: record.cells });
		index = record.next;
		line = record.nextLine;
	}
	const [header, ...rows] = records;
	return { header: header?.cells.map((name) => name.trim()) ?? [], headerLine: header?.line ?? headerLine, rows, delimiter };
}
