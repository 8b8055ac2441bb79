// A staff list file's kind and encoding (nodes/MinistrySafe/staffList/file/kind.ts and encoding.ts) as Windows, Excel,
// browsers and servers give them, each row with its public source.
import type { IBinaryData } from 'n8n-workflow';

import { decodeFile, encodingOf, type FileEncoding } from '../../nodes/MinistrySafe/staffList/file/encoding';
import { fileKindOf } from '../../nodes/MinistrySafe/staffList/file/kind';
import { utf16BigEndian, windows1252 } from '../fixtures/excelExports';

const EXCEL_UTF8 = "Excel's 'CSV UTF-8 (Comma delimited)' starts with EF BB BF, https://donatstudios.com/CSV-An-Encoding-Nightmare";
const EXCEL_UNICODE_TEXT =
	"Excel's 'Unicode Text (*.txt)' is UTF-16 little endian with FF FE, http://www.herongyang.com/Unicode/Excel-Save-File-in-Unicode-Text-txt.html";
const EXCEL_BOMS = 'Excel reads a file by its byte order mark (EF BB BF, FF FE, FE FF), https://wiki.scn.sap.com/wiki/display/ABAP/Excel+files+-+CSV+format';
const EXCEL_ANSI =
	"Excel on Windows saves 'CSV (Comma delimited)' in the ANSI code page, windows-1252 in the Americas and Western Europe, http://www.sqlsnippets.com/en/topic-13412.html";
const WHATWG_1252 = 'the WHATWG index of windows-1252 (0x80-0x9F: € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ), https://encoding.spec.whatwg.org/index-windows-1252.txt';
const WEB_EXPORTS = 'web exports write UTF-8 without a byte order mark (RFC 4180 §3 names no charset; UTF-8 is the web default), https://www.rfc-editor.org/rfc/rfc4180#section-3';

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

describe('decodeFile with File Encoding Automatic: the text a file holds, without its byte order mark', () => {
	test.each([
		['UTF-8 with its byte order mark', EXCEL_UTF8, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('José,Peña')]), 'utf8', 'José,Peña'],
		['UTF-8 without one', WEB_EXPORTS, utf8('José,Peña'), 'utf8', 'José,Peña'],
		['UTF-16 little endian with FF FE', EXCEL_UNICODE_TEXT, utf16le('José\tPeña'), 'utf16le', 'José\tPeña'],
		['UTF-16 big endian with FE FF', EXCEL_BOMS, utf16BigEndian([['José', 'Peña']]), 'utf16be', 'José\tPeña\r\n'],
		['bytes that are not UTF-8: Windows-1252', EXCEL_ANSI, windows1252('José,Muñoz'), 'windows1252', 'José,Muñoz'],
		["Windows-1252's own characters at 0x80-0x9F (Excel's curly apostrophe, a dash)", WHATWG_1252, Buffer.from([0x4f, 0x92, 0x42, 0x72, 0x69, 0x65, 0x6e, 0x20, 0x96, 0x20, 0x80]), 'windows1252', 'O’Brien – €'],
		['ASCII alone is UTF-8 (and Windows-1252 alike)', WEB_EXPORTS, utf8('Ada,Lovelace'), 'utf8', 'Ada,Lovelace'],
	])('%s (%s)', (_name, _source, bytes, encoding, text) => {
		expect(encodingOf(bytes, 'auto')).toBe(encoding);
		expect(decodeFile(bytes, 'auto')).toBe(text);
	});
});

describe('decodeFile with the encoding File Encoding names', () => {
	test.each<[string, string, Buffer, FileEncoding, string]>([
		['UTF-16 LE without its byte order mark', EXCEL_UNICODE_TEXT, Buffer.from('José', 'utf16le'), 'utf16le', 'José'],
		['UTF-16 BE with its byte order mark, which is dropped', EXCEL_BOMS, utf16BigEndian([['José']]), 'utf16be', 'José\r\n'],
		['Windows-1252 bytes that would be valid UTF-8 ("Ã©")', EXCEL_ANSI, windows1252('RenÃ©'), 'windows1252', 'RenÃ©'],
	])('%s (%s)', (_name, _source, bytes, chosen, text) => {
		expect(decodeFile(bytes, chosen)).toBe(text);
	});

	test(`UTF-8 given Windows-1252 bytes: not text in the encoding chosen, refused, never read with a replacement character (${EXCEL_ANSI})`, () => {
		expect(decodeFile(windows1252('Muñoz'), 'utf8')).toBeUndefined();
	});
});

const PLANETJON = 'Windows with Office installed registers .csv as application/vnd.ms-excel, and browsers send it so, https://planetjon.ca/5796/uploading-csv-unexpected-mime';
const CHRISTIANWOOD = 'Chrome on Windows uploads .csv as application/vnd.ms-excel, https://christianwood.net/posts/csv-file-upload-validation/';
const IANA_TSV = 'IANA text/tab-separated-values (.tsv, .tab), https://www.iana.org/assignments/media-types/text/tab-separated-values';
const ZIP = 'an .xlsx or .ods workbook is a ZIP container (PK 03 04), ECMA-376 Part 2 Open Packaging Conventions, https://ecma-international.org/publications-and-standards/standards/ecma-376/';
const CFB = 'an .xls workbook is a Compound File (D0 CF 11 E0 A1 B1 1A E1), [MS-CFB] 2.2, https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-cfb/';
const N8N_EXTENSION = "without a file name n8n gives fileExtension from the MIME type (n8n-core's prepareBinaryData); a name's own extension comes first";

const binary = (fileName: string | undefined, mimeType: string, fileExtension?: string): IBinaryData => ({
	data: '',
	mimeType,
	...(fileName ? { fileName } : {}),
	...(fileExtension ? { fileExtension } : {}),
});
const TEXT = Buffer.from('Employee ID,Email\r\n1,a@x.org\r\n');
const JSON_TEXT = Buffer.from('[{"Employee ID":"1"}]');
const ZIPPED = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
const COMPOUND = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00]);

describe('fileKindOf: the bytes say a workbook, then the name decides before the MIME type', () => {
	test.each([
		['staff.csv sent as application/vnd.ms-excel', PLANETJON, TEXT, binary('staff.csv', 'application/vnd.ms-excel'), 'csv'],
		['staff.csv sent as application/vnd.ms-excel with n8n’s guessed extension', CHRISTIANWOOD, TEXT, binary('staff.csv', 'application/vnd.ms-excel', 'xls'), 'csv'],
		['staff.txt (Unicode Text) as text/plain', EXCEL_UNICODE_TEXT, TEXT, binary('staff.txt', 'text/plain'), 'csv'],
		['staff.tsv as text/tab-separated-values', IANA_TSV, TEXT, binary('staff.tsv', 'text/tab-separated-values'), 'csv'],
		['a .csv starting with a bracket stays CSV', PLANETJON, Buffer.from('[Campus],ID\r\n'), binary('staff.csv', 'text/csv'), 'csv'],
		['staff.json as text/plain (a raw file server)', N8N_EXTENSION, JSON_TEXT, binary('staff.json', 'text/plain'), 'json'],
		['no name, application/json', N8N_EXTENSION, JSON_TEXT, binary(undefined, 'application/json', 'json'), 'json'],
		['no name, text/csv', N8N_EXTENSION, TEXT, binary(undefined, 'text/csv', 'csv'), 'csv'],
		['no name or type: JSON when it starts like JSON', N8N_EXTENSION, JSON_TEXT, binary('export', 'application/octet-stream'), 'json'],
		['no name or type: CSV otherwise', N8N_EXTENSION, TEXT, binary('export', 'application/octet-stream'), 'csv'],
		['a name without extension sent as ms-excel, holding text: read, not refused', PLANETJON, TEXT, binary('export', 'application/vnd.ms-excel'), 'csv'],
		['staff.xlsx', ZIP, ZIPPED, binary('staff.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), 'spreadsheet'],
		['a workbook named .csv is still a workbook', ZIP, ZIPPED, binary('staff.csv', 'text/csv'), 'spreadsheet'],
		['staff.xls (Excel 97-2003)', CFB, COMPOUND, binary('staff.xls', 'application/vnd.ms-excel'), 'spreadsheet'],
		['staff.xls whose bytes are text (an HTML or text export named .xls): refused by its name', CFB, TEXT, binary('staff.xls', 'application/vnd.ms-excel'), 'spreadsheet'],
	])('%s (%s)', (_name, _source, bytes, file, kind) => {
		expect(fileKindOf(bytes, file, () => bytes.toString('utf8'))).toBe(kind);
	});
});
