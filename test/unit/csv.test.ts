// parseCsv (nodes/MinistrySafe/staffList/file/csv.ts, with layout.ts: which line is the header, which delimiter) on staff
// lists as HR, payroll and church-management systems and spreadsheets export them: first hand-written files, each with
// the public rule it follows, then generated tables written as RFC 4180 CSV (some with a report's title lines above the
// header, some whose header names tie two delimiters) and read both by parseCsv and by csv-parse (the parser n8n's own
// Spreadsheet File and Extract From File nodes use), which must agree, and give back the cells written. csv-parse is a
// dev dependency only: the nodes never load it.
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';

import { CsvSyntaxError, parseCsv } from '../../nodes/MinistrySafe/staffList/file/csv';

const RFC = (section: string) => `RFC 4180 §${section}, https://www.rfc-editor.org/rfc/rfc4180#section-2`;
const EXCEL_UTF8 =
	"Excel's Save As 'CSV UTF-8 (Comma delimited)' (https://support.microsoft.com/en-us/office/file-formats-that-are-supported-in-excel-0943ff2c-6014-4e8d-aaea-b83d51d46247) starts the file with a UTF-8 byte order mark, https://donatstudios.com/CSV-An-Encoding-Nightmare";
const EXCEL_LIST_SEPARATOR =
	"Excel writes CSV with the Windows list separator, ';' in German, French and other decimal-comma locales, https://learn.microsoft.com/en-us/power-automate/desktop-flows/how-to/convert-csv-excel";
const TAB_SEPARATED =
	"tab-separated exports (Excel's 'Text (Tab delimited)'), IANA text/tab-separated-values, https://www.iana.org/assignments/media-types/text/tab-separated-values";
const PIPE_SEPARATED = "pipe-separated exports, the fourth delimiter csv.ts's header comment names";
const EXCEL_EMPTY_ROWS =
	"Excel saves every row of the used range with all its delimiters, an empty one as ',,,', https://mrexcel.com/board/threads/vba-edit-hex-of-existing-csv-style-file.1140952";
const SKIP_EMPTY_LINES = "csv-parse's skip_empty_lines, https://csv.js.org/parse/options/skip_empty_lines/";
const SKIP_EMPTY_VALUES = "csv-parse's skip_records_with_empty_values, https://csv.js.org/parse/options/skip_records_with_empty_values/";
const RAGGED = `${RFC('2.4')} (each line "should" hold the same number of fields); csv-parse's relax_column_count, https://csv.js.org/parse/options/relax_column_count/`;
const SEP_LINE =
	"Excel's sep= first line names the delimiter, https://superuser.com/q/773644; tools add it for European Excel, https://github.com/asafdav/ng-csv/issues/28";
const TITLE_ROWS =
	"a report's title rows above its header (the preamble PapaParse's users ask to skip, https://github.com/mholt/PapaParse/issues/1045; csv-parse's from_line, https://csv.js.org/parse/options/from_line/, and Extract From File's Start Line are for them)";
const EXCEL_TITLE_ROW = `${TITLE_ROWS}; ${EXCEL_EMPTY_ROWS} (a title row too: one value, then the sheet's width of delimiters)`;
const NAME_WITH_COMMAS =
	"PowerSchool's staff name field 'Legal Name (Last, First, Middle, Suffix)', https://ps-compliance.powerschool-docs.com/pssis-tn/latest/staff-setup: its commas tie a semicolon header's count";

interface Case {
	name: string;
	source: string;
	text: string;
	header: string[];
	/** Each row as [the line it starts on, its cells]. */
	rows: Array<[number, string[]]>;
	/** Comma unless told. */
	delimiter?: string;
	/** The header's line: 1 unless told. */
	headerLine?: number;
}

const CASES: Case[] = [
	// The byte order mark.
	{
		name: 'a UTF-8 byte order mark is dropped, not read as part of the first column name',
		source: EXCEL_UTF8,
		text: '\uFEFFName,Email\r\nAda,ada@example.org\r\n',
		header: ['Name', 'Email'],
		rows: [[2, ['Ada', 'ada@example.org']]],
	},
	{
		name: 'a byte order mark before a quoted first column name',
		source: EXCEL_UTF8,
		text: '\uFEFF"Name",Email\nAda,ada@example.org',
		header: ['Name', 'Email'],
		rows: [[2, ['Ada', 'ada@example.org']]],
	},
	// Line ends.
	{
		name: 'CRLF line ends',
		source: RFC('2.1'),
		text: 'Name,Email\r\nAda,a@x.org\r\nBob,b@x.org\r\n',
		header: ['Name', 'Email'],
		rows: [
			[2, ['Ada', 'a@x.org']],
			[3, ['Bob', 'b@x.org']],
		],
	},
	{
		name: 'LF line ends (Unix tools, most web exports)',
		source: RFC('2.1'),
		text: 'Name,Email\nAda,a@x.org\nBob,b@x.org\n',
		header: ['Name', 'Email'],
		rows: [
			[2, ['Ada', 'a@x.org']],
			[3, ['Bob', 'b@x.org']],
		],
	},
	{
		name: 'CR line ends (classic Mac OS)',
		source: RFC('2.1'),
		text: 'Name,Email\rAda,a@x.org\rBob,b@x.org\r',
		header: ['Name', 'Email'],
		rows: [
			[2, ['Ada', 'a@x.org']],
			[3, ['Bob', 'b@x.org']],
		],
	},
	{
		name: 'mixed line ends in one file (a list edited in two programs)',
		source: RFC('2.1'),
		text: 'Name,Email\r\nAda,a@x.org\nBob,b@x.org\rCy,c@x.org',
		header: ['Name', 'Email'],
		rows: [
			[2, ['Ada', 'a@x.org']],
			[3, ['Bob', 'b@x.org']],
			[4, ['Cy', 'c@x.org']],
		],
	},
	{
		name: 'the last line without a line end',
		source: RFC('2.2'),
		text: 'Name,Email\r\nAda,a@x.org',
		header: ['Name', 'Email'],
		rows: [[2, ['Ada', 'a@x.org']]],
	},
	{
		name: 'the last line with a line end: no empty row after it',
		source: RFC('2.2'),
		text: 'Name\r\nAda\r\n',
		header: ['Name'],
		rows: [[2, ['Ada']]],
	},
	// Quoted values.
	{
		name: 'every value quoted reads as the same values unquoted',
		source: RFC('2.5'),
		text: '"Name","Email"\r\n"Ada","a@x.org"\r\n',
		header: ['Name', 'Email'],
		rows: [[2, ['Ada', 'a@x.org']]],
	},
	{
		name: 'a quoted value holds the delimiter',
		source: RFC('2.6'),
		text: 'Name,Role\r\n"Doe, Jane",Pastor\r\n',
		header: ['Name', 'Role'],
		rows: [[2, ['Doe, Jane', 'Pastor']]],
	},
	{
		name: 'doubled quotes in a quoted value are one quote; "" is an empty value, """" a lone quote',
		source: RFC('2.7'),
		text: 'Name,Nickname,Empty,Quote\r\nJane,"The ""Boss""","",""""\r\n',
		header: ['Name', 'Nickname', 'Empty', 'Quote'],
		rows: [[2, ['Jane', 'The "Boss"', '', '"']]],
	},
	{
		name: 'line breaks in a quoted value are kept, and later rows keep their line numbers',
		source: RFC('2.6'),
		text: 'Name,Notes\r\nAda,"line one\r\nline two\nline three"\r\nBob,x\r\n',
		header: ['Name', 'Notes'],
		rows: [
			[2, ['Ada', 'line one\r\nline two\nline three']],
			[5, ['Bob', 'x']],
		],
	},
	{
		name: 'a lone CR in a quoted value is a line break too',
		source: RFC('2.6'),
		text: 'Name,Notes\n"Ada","a\rb"\nBob,x',
		header: ['Name', 'Notes'],
		rows: [
			[2, ['Ada', 'a\rb']],
			[4, ['Bob', 'x']],
		],
	},
	{
		name: 'a quoted column name with a line break: the first row starts on line 3',
		source: RFC('2.6'),
		text: '"Full\nName",Email\nAda,a@x.org',
		header: ['Full\nName', 'Email'],
		rows: [[3, ['Ada', 'a@x.org']]],
	},
	// Blank and delimiter-only lines.
	{
		name: 'blank lines are skipped and later rows keep their line numbers',
		source: SKIP_EMPTY_LINES,
		text: 'Name,Email\n\nAda,a@x.org\r\n\r\n   \nBob,b@x.org\n\n',
		header: ['Name', 'Email'],
		rows: [
			[3, ['Ada', 'a@x.org']],
			[6, ['Bob', 'b@x.org']],
		],
	},
	{
		name: "Excel's empty rows (delimiters alone, or with spaces) are skipped",
		source: EXCEL_EMPTY_ROWS,
		text: 'Name,Email,Role\r\nAda,a@x.org,Pastor\r\n,,\r\n, ,  \r\nBob,b@x.org,Staff\r\n,,\r\n',
		header: ['Name', 'Email', 'Role'],
		rows: [
			[2, ['Ada', 'a@x.org', 'Pastor']],
			[5, ['Bob', 'b@x.org', 'Staff']],
		],
	},
	{
		name: 'empty rows in a semicolon file',
		source: `${EXCEL_EMPTY_ROWS}; ${EXCEL_LIST_SEPARATOR}`,
		text: 'Name;Email\r\n;\r\nAda;a@x.org\r\n',
		header: ['Name', 'Email'],
		rows: [[3, ['Ada', 'a@x.org']]],
		delimiter: ';',
	},
	{
		name: 'a row of quoted empty values is no row',
		source: SKIP_EMPTY_VALUES,
		text: 'Name,Email\n"",""\nAda,a@x.org',
		header: ['Name', 'Email'],
		rows: [[3, ['Ada', 'a@x.org']]],
	},
	{
		name: 'a row with one value among empty ones is kept whole',
		source: EXCEL_EMPTY_ROWS,
		text: 'Name,Email,Role\n,,Pastor\n',
		header: ['Name', 'Email', 'Role'],
		rows: [[2, ['', '', 'Pastor']]],
	},
	// Spaces.
	{
		name: 'column names are trimmed; values keep their spaces, inside and around',
		source: RFC('2.4'),
		text: ' First Name , Email \r\n Ada  Lovelace ,  a@x.org \r\n',
		header: ['First Name', 'Email'],
		rows: [[2, [' Ada  Lovelace ', '  a@x.org ']]],
	},
	{
		name: 'a quoted column name is trimmed too; a quoted value keeps its spaces',
		source: RFC('2.4'),
		text: '" Name ",Email\r\n" Ada ",a@x.org\r\n',
		header: ['Name', 'Email'],
		rows: [[2, [' Ada ', 'a@x.org']]],
	},
	// The delimiter.
	{
		name: 'semicolon: a decimal comma in a value stays in the value',
		source: EXCEL_LIST_SEPARATOR,
		text: 'Name;Email;Hours\r\nAda;a@x.org;1,5\r\n',
		header: ['Name', 'Email', 'Hours'],
		rows: [[2, ['Ada', 'a@x.org', '1,5']]],
		delimiter: ';',
	},
	{
		name: 'tab: commas in values are text',
		source: TAB_SEPARATED,
		text: 'Name\tEmail\nDoe, Jane\tj@x.org\n',
		header: ['Name', 'Email'],
		rows: [[2, ['Doe, Jane', 'j@x.org']]],
		delimiter: '\t',
	},
	{
		name: 'pipe: commas and semicolons in values are text',
		source: PIPE_SEPARATED,
		text: 'Name|Email|Notes\nAda|a@x.org|first; then, later\n',
		header: ['Name', 'Email', 'Notes'],
		rows: [[2, ['Ada', 'a@x.org', 'first; then, later']]],
		delimiter: '|',
	},
	{
		name: 'a header with no delimiter: comma, and a semicolon in a value is text',
		source: RFC('2.4'),
		text: 'Name\nDoe; Jane\n',
		header: ['Name'],
		rows: [[2, ['Doe; Jane']]],
	},
	{
		name: 'commas inside a quoted column name do not count',
		source: `${EXCEL_LIST_SEPARATOR}; ${RFC('2.6')}`,
		text: '"Last, First, Middle";Email\r\n"Doe, Jane, Q";j@x.org\r\n',
		header: ['Last, First, Middle', 'Email'],
		rows: [[2, ['Doe, Jane, Q', 'j@x.org']]],
		delimiter: ';',
	},
	{
		name: 'the delimiter the header uses most wins',
		source: EXCEL_LIST_SEPARATOR,
		text: 'Name;Email;Role, if any\nAda;a@x.org;Pastor\n',
		header: ['Name', 'Email', 'Role, if any'],
		rows: [[2, ['Ada', 'a@x.org', 'Pastor']]],
		delimiter: ';',
	},
	{
		name: 'only the header line counts: a later line with more semicolons does not change the delimiter',
		source: RFC('2.3'),
		text: 'Name,Notes\nAda,a;b;c;d\n',
		header: ['Name', 'Notes'],
		rows: [[2, ['Ada', 'a;b;c;d']]],
	},
	// Headers alone, nothing, ragged rows.
	{
		name: 'a file with only a header has no rows',
		source: RFC('2.3'),
		text: 'Name,Email\r\n',
		header: ['Name', 'Email'],
		rows: [],
	},
	{
		name: 'an empty file: no header, no rows',
		source: RFC('2.1'),
		text: '',
		header: [],
		rows: [],
	},
	{
		name: 'a byte order mark alone is an empty file',
		source: EXCEL_UTF8,
		text: '\uFEFF',
		header: [],
		rows: [],
	},
	{
		name: 'rows with fewer or more cells than the header come back as they are',
		source: RAGGED,
		text: 'Name,Email,Role\nAda,a@x.org\nBob,b@x.org,Staff,extra\nCy\n',
		header: ['Name', 'Email', 'Role'],
		rows: [
			[2, ['Ada', 'a@x.org']],
			[3, ['Bob', 'b@x.org', 'Staff', 'extra']],
			[4, ['Cy']],
		],
	},
	{
		name: 'a delimiter at the end of a line is one more, empty, cell',
		source: RFC('2.4'),
		text: 'Name,Email\nAda,\n',
		header: ['Name', 'Email'],
		rows: [[2, ['Ada', '']]],
	},
	// Excel's sep= line.
	{
		name: 'sep=; names the delimiter, and the header is the line after it',
		source: SEP_LINE,
		text: 'sep=;\r\nName;Email\r\nAda;a@x.org\r\n',
		header: ['Name', 'Email'],
		rows: [[3, ['Ada', 'a@x.org']]],
		delimiter: ';',
		headerLine: 2,
	},
	{
		name: 'sep=, is taken at its word, though the header holds more semicolons',
		source: SEP_LINE,
		text: 'sep=,\nName;Role,Email\nAda;Pastor,a@x.org\n',
		header: ['Name;Role', 'Email'],
		rows: [[3, ['Ada;Pastor', 'a@x.org']]],
		headerLine: 2,
	},
	{
		name: 'sep= after a UTF-8 byte order mark, in upper case',
		source: `${SEP_LINE}; ${EXCEL_UTF8}`,
		text: '\uFEFFSEP=|\nName|Email\nAda|a@x.org',
		header: ['Name', 'Email'],
		rows: [[3, ['Ada', 'a@x.org']]],
		delimiter: '|',
		headerLine: 2,
	},
	// A report's title rows.
	{
		name: 'a title line and a blank line above the header are passed over',
		source: TITLE_ROWS,
		text: 'Staff Report\r\n\r\nName,Email\r\nAda,a@x.org\r\n',
		header: ['Name', 'Email'],
		rows: [[4, ['Ada', 'a@x.org']]],
		headerLine: 3,
	},
	{
		name: "Excel's title rows, one value and the sheet's width of delimiters each, in a semicolon file",
		source: EXCEL_TITLE_ROW,
		text: 'Staff Report;;\r\nRun on 03/07/2026;;\r\n;;\r\nName;Email;Role\r\nAda;a@x.org;Pastor\r\n',
		header: ['Name', 'Email', 'Role'],
		rows: [[5, ['Ada', 'a@x.org', 'Pastor']]],
		delimiter: ';',
		headerLine: 4,
	},
	{
		name: 'a title holding a comma in a semicolon file is still one value',
		source: `${EXCEL_TITLE_ROW}; ${EXCEL_LIST_SEPARATOR}`,
		text: 'Staff list, March 2026;;\r\nName;Email;Role\r\nAda;a@x.org;Pastor\r\n',
		header: ['Name', 'Email', 'Role'],
		rows: [[3, ['Ada', 'a@x.org', 'Pastor']]],
		delimiter: ';',
		headerLine: 2,
	},
	{
		name: 'a title above a header with no row below it is no title: the first line is the header',
		source: TITLE_ROWS,
		text: 'Staff Report\nName,Email\n',
		header: ['Staff Report'],
		rows: [[2, ['Name', 'Email']]],
	},
	{
		name: 'a title line with two values, fewer cells than the rows below: passed over (the review of 1.2.0, R6)',
		source: TITLE_ROWS,
		text: 'Report,2026\nName;Email;Role\nAda;a@x.org;Pastor\n',
		header: ['Name', 'Email', 'Role'],
		rows: [[3, ['Ada', 'a@x.org', 'Pastor']]],
		delimiter: ';',
		headerLine: 2,
	},
	{
		name: "a report's title with a date in it (\"Active Staff as of Nov 28, 2026\"): passed over (the review of 1.2.0, R6)",
		source: TITLE_ROWS,
		text: 'Active Staff as of Nov 28, 2026\nEmployee ID,First Name,Last Name,Email,Status\n1001,Ada,Lee,a@x.org,Active\n',
		header: ['Employee ID', 'First Name', 'Last Name', 'Email', 'Status'],
		rows: [[3, ['1001', 'Ada', 'Lee', 'a@x.org', 'Active']]],
		headerLine: 2,
	},
	{
		name: 'a title with two values over as many cells as the rows, all but two empty: passed over',
		source: TITLE_ROWS,
		text: 'Staff Report,Nov 2026,,,\nEmployee ID,First Name,Last Name,Email,Status\n1001,Ada,Lee,a@x.org,Active\n',
		header: ['Employee ID', 'First Name', 'Last Name', 'Email', 'Status'],
		rows: [[3, ['1001', 'Ada', 'Lee', 'a@x.org', 'Active']]],
		headerLine: 2,
	},
	// A tie in delimiter counts.
	{
		name: 'a header with as many commas as semicolons: the rows below that fit the semicolon decide',
		source: NAME_WITH_COMMAS,
		text: 'Legal Name (Last, First, Middle);Employee ID;Email\r\nDoe, Jane, Q;1001;j@x.org\r\nRoe, Rick;1002;r@x.org\r\n',
		header: ['Legal Name (Last, First, Middle)', 'Employee ID', 'Email'],
		rows: [
			[2, ['Doe, Jane, Q', '1001', 'j@x.org']],
			[3, ['Roe, Rick', '1002', 'r@x.org']],
		],
		delimiter: ';',
	},
	{
		name: 'a tie with no row below to decide it: comma, the first of comma, semicolon, tab and pipe',
		source: `${NAME_WITH_COMMAS}; ${RFC('2.4')}`,
		text: 'Name (Last, First);Employee ID\r\n',
		header: ['Name (Last', 'First);Employee ID'],
		rows: [],
	},
];

describe('parseCsv: hand-written files, each with the rule it follows', () => {
	test.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
		const table = parseCsv(c.text);
		expect({
			header: table.header,
			rows: table.rows.map((row) => [row.line, row.cells]),
			delimiter: table.delimiter,
			headerLine: table.headerLine,
		}).toEqual({
			header: c.header,
			rows: c.rows,
			delimiter: c.delimiter ?? ',',
			headerLine: c.headerLine ?? 1,
		});
	});
});

/** The CsvSyntaxError parseCsv throws on `text`; fails the test when it throws none or another error. */
function syntaxErrorOf(text: string): CsvSyntaxError {
	try {
		parseCsv(text);
	} catch (error) {
		if (error instanceof CsvSyntaxError) return error;
		throw error;
	}
	throw new Error(`parseCsv read ${JSON.stringify(text)} without a CsvSyntaxError`);
}

describe('parseCsv: a quoted value never closed is a CsvSyntaxError with the line where it opens', () => {
	// A quote must be closed (RFC 4180 §2.5-2.7); csv-parse refuses the same files ("Quote Not Closed").
	test.each([
		['in a data row, the rest of the file swallowed', 2, 'Name,Notes\nAda,"never closed\nBob,b@x.org\n'],
		['at the very end', 3, 'Name,Notes\nAda,ok\n"open'],
		['in the header', 1, 'Name,"Notes\nAda,x\n'],
		['after a multi-line quoted value: the later line counted', 4, 'Name,Notes\nAda,"two\nlines"\nBob,"open\n'],
		['after a byte order mark', 1, '\uFEFF"Name,Email\n'],
	])('%s: line %i', (_name, line, text) => {
		const error = syntaxErrorOf(text);
		expect(error.name).toBe('CsvSyntaxError');
		expect(error.line).toBe(line);
		expect(error.message).toContain(`line ${line}`);
	});

	// The row starts on line 2 and its third value opens a quote on line 3: the error names line 3.
	test('a quote opened on a later line of a multi-line row: that later line', () => {
		expect(syntaxErrorOf('Name,Notes,Role\nAda,"two\nlines","open\n').line).toBe(3);
	});
});

describe('parseCsv: the delimiter comes from the header line, not from a blank line before it', () => {
	// A blank line before the header is skipped, as every blank line is, and says nothing of the delimiter.
	test.each(['\r\n', ';;;\r\n', '  \n'])('a line without a value (%j, as a spreadsheet writes an empty row), then a semicolon header', (before) => {
		const table = parseCsv(`${before}Name;Email\r\nAda;a@x.org\r\n`);
		expect({ header: table.header, rows: table.rows, delimiter: table.delimiter }).toEqual({
			header: ['Name', 'Email'],
			rows: [{ line: 3, cells: ['Ada', 'a@x.org'] }],
			delimiter: ';',
		});
	});
});

// Generated tables, written as RFC 4180 CSV and read back: parseCsv and csv-parse must agree, and give back the cells.

const DELIMITERS = [',', ';', '\t', '|'] as const;

interface Cell {
	value: string;
	/** Quote it though it needs no quotes (RFC 4180 §2.5: any field may be quoted). */
	quoted: boolean;
}

interface Written {
	/** A report's title lines above the header, each one value written with the header's width of delimiters. */
	titles: string[];
	header: Cell[];
	/** Header cells written as they are, unquoted: their delimiters count on the header line (the tie tables). */
	bareHeader?: boolean;
	rows: Cell[][];
	delimiter: string;
	lineEnd: string;
	bom: boolean;
	finalLineEnd: boolean;
}

/** What cells are made of: every character CSV treats specially, spaces, unicode, and plain words. */
const piece = fc.oneof(
	fc.constantFrom(',', ';', '\t', '|', '"', '\n', '\r\n', '\r', ' ', '  ', '\u00a0', '\uFEFF', 'é', 'Ñandú', '名前', '👩🏽‍⚕️'),
	fc.string({ unit: 'grapheme', maxLength: 3 }),
	fc.constantFrom('Ada', 'Lovelace', 'ada@example.org', 'Pastor', '1,5'),
);
const cell: fc.Arbitrary<Cell> = fc.record({
	value: fc.array(piece, { maxLength: 4 }).map((parts) => parts.join('')),
	quoted: fc.boolean(),
});
const isBlank = (values: string[]) => values.every((value) => value.trim() === '');
const named = (cells: Cell[]) => cells.filter((c) => c.value.trim() !== '').length;
/** Words of a title or a column name: no delimiter, quote or line break. */
const words = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ()/:.-]{0,15}$/);

const written: fc.Arbitrary<Written> = fc.integer({ min: 1, max: 5 }).chain((columns) =>
	fc
		.record({
			// A header names its columns, at least half of them: a line with one value among several, or as wide as the
			// table and mostly empty, is a title (layout.ts).
			header: fc
				.array(cell, { minLength: columns, maxLength: columns })
				.filter((cells) => named(cells) >= Math.min(2, columns) && named(cells) * 2 >= columns),
			// Rows as wide as the header or narrower (ragged ones too); the few that come out blank are skipped by both
			// readers. A row wider than the header above it, like rows below it, is what a title above a header looks like
			// (layout.ts, the review of 1.2.0's R6): exports write no such row.
			rows: fc.array(fc.array(cell, { minLength: 1, maxLength: columns }), { maxLength: 6 }),
			// A one-column header holds no delimiter to detect: such a file is read as comma-separated.
			delimiter: columns === 1 ? fc.constant(',') : fc.constantFrom(...DELIMITERS),
			lineEnd: fc.constantFrom('\r\n', '\n', '\r'),
			bom: fc.boolean(),
			finalLineEnd: fc.boolean(),
			// Titles above a header of two columns or more: a row below it shows them to be titles (filtered below).
			titles: columns === 1 ? fc.constant<string[]>([]) : fc.array(words, { maxLength: 2 }),
		})
		// A row below holding more than spaces and delimiters (layout.ts's line with text).
		.filter((w) => w.titles.length === 0 || w.rows.some((row) => row.some((c) => /[^\s,;|]/.test(c.value)))),
);

/**
 * Tables whose header ties its delimiter with another: names holding, unquoted, as many of another candidate as the
 * header has delimiters (PowerSchool's "Legal Name (Last, First, Middle, Suffix)"). Their rows, as wide as the header
 * and holding no bare delimiter, decide for the one written.
 */
const tied: fc.Arbitrary<Written> = fc
	.record({ columns: fc.integer({ min: 2, max: 5 }), delimiter: fc.constantFrom(...DELIMITERS) })
	.chain(({ columns, delimiter }) =>
		fc.record({
			titles: fc.constant<string[]>([]),
			header: fc
				.tuple(
					fc.array(words, { minLength: columns, maxLength: columns }),
					fc.constantFrom(...DELIMITERS.filter((other) => other !== delimiter)),
					fc.array(fc.nat({ max: columns - 1 }), { minLength: columns - 1, maxLength: columns - 1 }),
				)
				.map(([names, other, places]) => {
					// As many of the other delimiter as the header has of its own, spread over its names.
					const withOther = [...names];
					for (const place of places) withOther[place] = `${withOther[place]}${other} `;
					return withOther.map((value) => ({ value, quoted: false }));
				}),
			bareHeader: fc.constant(true),
			rows: fc
				.array(fc.array(cell, { minLength: columns, maxLength: columns }), { minLength: 1, maxLength: 6 })
				.filter((rows) => rows.some((row) => !isBlank(row.map((c) => c.value)))),
			delimiter: fc.constant(delimiter),
			lineEnd: fc.constantFrom('\r\n', '\n', '\r'),
			bom: fc.boolean(),
			finalLineEnd: fc.boolean(),
		}),
	);

/** One field: quoted when it holds one of `special`, a quote or a line break (RFC 4180 §2.6), or when asked. */
function field(c: Cell, special: readonly string[]): string {
	const needsQuotes = [...special, '"', '\r', '\n'].some((char) => c.value.includes(char));
	return needsQuotes || c.quoted ? `"${c.value.replace(/"/g, '""')}"` : c.value;
}

function csvOf(w: Written): string {
	// In the header every candidate delimiter is quoted, so that the one written is the one the header uses most (but in
	// the tie tables, whose rows decide). In a one-column file's rows too: a bare one would make a row of two values.
	const header = w.bareHeader ? w.header.map((c) => c.value) : w.header.map((c) => field(c, DELIMITERS));
	const rowSpecial = w.bareHeader || w.header.length === 1 ? DELIMITERS : [w.delimiter];
	const titles = w.titles.map((title) => [title, ...Array<string>(w.header.length - 1).fill('')]);
	const lines = [...titles, header, ...w.rows.map((row) => row.map((c) => field(c, rowSpecial)))];
	return (w.bom ? '\uFEFF' : '') + lines.map((fields) => fields.join(w.delimiter)).join(w.lineEnd) + (w.finalLineEnd ? w.lineEnd : '');
}

const lineBreaks = (cells: Cell[]) => cells.reduce((count, c) => count + (c.value.match(/\r\n|\r|\n/g)?.length ?? 0), 0);

/** The rows a reader must give: the rows with a value, each with the line it starts on. */
function expectedRows(w: Written): Array<{ line: number; cells: string[] }> {
	const rows: Array<{ line: number; cells: string[] }> = [];
	let line = w.titles.length + 2 + lineBreaks(w.header);
	for (const row of w.rows) {
		const cells = row.map((c) => c.value);
		if (!isBlank(cells)) rows.push({ line, cells });
		line += 1 + lineBreaks(row);
	}
	return rows;
}

/** parseCsv and csv-parse (told the delimiter and line end, the titles dropped) agree, and give back what was written. */
function expectReadBack(w: Written): void {
	const text = csvOf(w);
	const table = parseCsv(text);

	// csv-parse told the delimiter and line end; rows with no value dropped the way parseCsv drops them.
	const records: string[][] = parse(text, { bom: true, delimiter: w.delimiter, record_delimiter: w.lineEnd, relax_column_count: true });
	const [csvHeader, ...csvRows] = records.filter((record) => !isBlank(record)).slice(w.titles.length);
	expect(table.delimiter).toBe(w.delimiter);
	expect(table.header).toEqual(csvHeader.map((name) => name.trim()));
	expect(table.rows.map((row) => row.cells)).toEqual(csvRows);

	// The round trip.
	expect(table.headerLine).toBe(w.titles.length + 1);
	expect(table.header).toEqual(w.header.map((c) => c.value.trim()));
	expect(table.rows).toEqual(expectedRows(w));
}

describe('parseCsv: generated tables written as RFC 4180 CSV', () => {
	test('reads them as csv-parse does, and gives back the cells written, with their line numbers, titles passed over', () => {
		fc.assert(fc.property(written, expectReadBack), { numRuns: 300 });
	});

	test('a header whose names tie another delimiter with its own: the rows below decide, as csv-parse told it reads', () => {
		fc.assert(fc.property(tied, expectReadBack), { numRuns: 200 });
	});
});
