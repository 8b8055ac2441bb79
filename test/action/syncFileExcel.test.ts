// Sync reading staff list files as Windows, Excel and HR systems write them (contract.md "Staff list files as Windows
// and Excel write them"), run by n8n's engine against the sandbox over real HTTP: Excel's Unicode Text (UTF-16), its
// plain CSV on Windows (Windows-1252), a CSV uploaded from Windows (sent as application/vnd.ms-excel), Excel's sep= line,
// a report's title rows, a delimiter tie, columns of the same name, and a column the node does not know named in the
// options. The files are written by test/fixtures/excelExports.ts, which cites what writes each. A file read wrong
// stops the run before anything is sent, naming the row.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type Table, unicodeText, utf16BigEndian, utf8Csv, windows1252, windowsCsv, withSepLine, withTitle } from '../fixtures/excelExports';
import { type InputFile, jsonOf } from '../helpers/n8n';
import { sentRequests, useSandbox } from '../helpers/sandbox';
import { allUsers as listUsers, syncAt1_3, syncFromFile, type UserRecord } from '../helpers/staffList';

const sandbox = useSandbox();
const allUsers = () => listUsers(sandbox());
const methods = () => sentRequests(sandbox()).map(({ method, path }) => `${method} ${path}`);

const runSync = (input: { items: IDataObject[] }) => syncAt1_3(sandbox(), input);
const fromFile = (file: InputFile, parameters: INodeParameters = {}, continueOnFail = false) => syncFromFile(sandbox(), file, parameters, continueOnFail);

const HEADER = ['Employee ID', 'First Name', 'Last Name', 'Email'];

/** Everyone in the Organization (José Peña among them) as an HR export, one renamed, one newcomer with an accent. */
async function exportTable(): Promise<{ users: UserRecord[]; table: Table }> {
	const users = await allUsers();
	const rows = users.map((user) => [user.external_id, user.first_name, user.last_name, user.email]);
	rows[1] = [rows[1][0], rows[1][1], `${rows[1][2]}-Núñez`, rows[1][3]];
	rows.push(['XL-NEW-1', 'Zoë', 'Ñandú', 'zoe.nandu@example.org']);
	return { users, table: [HEADER, ...rows] };
}

/** The same rows as input items, with the header's names. */
const itemsOf = (table: Table): IDataObject[] => table.slice(1).map((row) => Object.fromEntries(table[0].map((column, index) => [column, row[index]])));

/** An output item without the row number a file adds: what the same row as an input item puts out. */
const withoutRow = (json: IDataObject) => {
	const rest = { ...json };
	delete rest.file_row;
	return rest;
};

/** Both runs decide alike, the file's rows being read from the lines given (header included). */
async function expectReadAsItems(table: Table, file: InputFile, parameters: INodeParameters = {}): Promise<IDataObject[]> {
	const asItems = await runSync({ items: itemsOf(table) });
	const asFile = await fromFile(file, parameters);
	expect(asItems.error).toBeUndefined();
	expect(asFile.error).toBeUndefined();
	expect(jsonOf(asFile).map(withoutRow)).toEqual(jsonOf(asItems));
	expect(methods().every((method) => method.startsWith('GET '))).toBe(true);
	return jsonOf(asFile);
}

describe('Sync 1.3 reads a file in the encoding Excel or the HR system saved it in', () => {
	it.each([
		["Excel's Unicode Text: UTF-16 little endian, its byte order mark, tabs (staff.txt)", unicodeText],
		['UTF-16 big endian with its byte order mark', (table: Table) => utf16BigEndian(table)],
	])('%s: each row decides what the same row as an input item decides, accents and all', async (_name, write) => {
		const { table } = await exportTable();
		const output = await expectReadAsItems(table, { bytes: write(table), fileName: 'staff.txt', mimeType: 'text/plain' });
		expect(output.map((json) => json.action)).toEqual(['updated', 'created', 'summary']);
		expect(output[0].changes).toEqual({ last_name: { from: expect.any(String), to: expect.stringMatching(/-Núñez$/) } });
		expect(output[1]).toMatchObject({ external_id: 'XL-NEW-1', first_name: 'Zoë', last_name: 'Ñandú', file_row: table.length });
	});

	it("Excel's CSV (Comma delimited) on Windows, Windows-1252: the accented names the service has are unchanged", async () => {
		const { table } = await exportTable();
		const asTheServiceHasThem = table.slice(0, -1).map((row, index) => (index === 2 ? [row[0], row[1], row[2].replace(/-Núñez$/, ''), row[3]] : row));
		expect(asTheServiceHasThem.some((row) => /[éñíóúë]/.test(row.join('')))).toBe(true);
		const run = await fromFile({ bytes: windowsCsv(asTheServiceHasThem), fileName: 'staff.csv', mimeType: 'text/csv' });
		expect(run.error).toBeUndefined();
		expect(jsonOf(run)).toEqual([expect.objectContaining({ action: 'summary', counts: expect.objectContaining({ unchanged: asTheServiceHasThem.length - 1, updated: 0 }) })]);
	});

	it('a CSV uploaded from Windows, which browsers send as application/vnd.ms-excel, is read as the CSV its name says', async () => {
		const { table } = await exportTable();
		await expectReadAsItems(table, { bytes: windowsCsv(table), fileName: 'staff.csv', mimeType: 'application/vnd.ms-excel' });
	});

	it('a JSON export saved by Windows PowerShell (Out-File: UTF-16 little endian with its byte order mark)', async () => {
		// https://learn.microsoft.com/en-us/powershell/module/microsoft.powershell.core/about/about_character_encoding:
		// Windows PowerShell 5.1's Out-File and > write UTF-16LE ("Unicode") by default.
		const { table } = await exportTable();
		const json = `\uFEFF${JSON.stringify(itemsOf(table), null, 2)}`;
		await expectReadAsItems(table, { bytes: Buffer.from(json, 'utf16le'), fileName: 'staff.json', mimeType: 'application/json' });
	});

	it("UTF-16 without its byte order mark, read as UTF-8, is refused naming the row, nothing sent; 'File Encoding' reads it", async () => {
		const { table } = await exportTable();
		const withoutMark = unicodeText(table).subarray(2);
		const refused = await fromFile({ bytes: withoutMark, fileName: 'staff.txt' });
		expect(refused.error?.message).toBe("'staff.txt' holds a character that is not text in its header, line 1 of 'staff.txt' [item 0]");
		expect(refused.error?.description).toMatch(/\(The character: U\+0000\.\)/);
		expect(refused.error?.description).toMatch(/'File Encoding'/);
		expect(methods()).toEqual([]);

		await expectReadAsItems(table, { bytes: withoutMark, fileName: 'staff.txt' }, { options: { fileEncoding: 'utf16le' } });
	});

	it('a value holding a control character (a NUL an export pads with) refuses the file, naming the row and column', async () => {
		const table = [HEADER, ['XL-NEW-4', 'Ada', 'Nul', 'ada.nul@example.org'], ['XL-NEW-5', 'Bo\u0000', 'Nul', 'bo.nul@example.org']];
		const run = await fromFile({ bytes: utf8Csv(table), fileName: 'staff.csv' });
		expect(run.error?.message).toBe("'staff.csv' holds a character that is not text in 'First Name', row 3 [item 0]");
		expect(methods()).toEqual([]);
	});

	it("'File Encoding' Windows-1252 reads a file that would be valid UTF-8 as the code page it is in", async () => {
		// "Ã©" in Windows-1252 is the two bytes of "é" in UTF-8: read automatically, the file is UTF-8.
		const table = [HEADER, ['XL-NEW-2', 'RenÃ©', 'Smith', 'rene@example.org']];
		const bytes = windows1252(`${table.map((row) => row.join(',')).join('\r\n')}\r\n`);
		const automatic = jsonOf(await fromFile({ bytes, fileName: 'staff.csv' }));
		const chosen = jsonOf(await fromFile({ bytes, fileName: 'staff.csv' }, { options: { fileEncoding: 'windows1252' } }));
		expect([automatic[0].first_name, chosen[0].first_name]).toEqual(['René', 'RenÃ©']);
	});
});

describe('Sync 1.3 finds the header and the delimiter as spreadsheets and reports lay them out', () => {
	it("Excel's sep=; first line: a semicolon file whose header is the line after it", async () => {
		const { table } = await exportTable();
		const output = await expectReadAsItems(table, { bytes: withSepLine(table), fileName: 'staff.csv' });
		// The sep= line is line 1, the header line 2.
		expect(output[1].file_row).toBe(table.length + 1);
	});

	it("a report's title rows above the header are passed over, and every row keeps its line in the file", async () => {
		const { table } = await exportTable();
		const output = await expectReadAsItems(table, { bytes: withTitle(table, ['Staff Report', 'Run on 03/07/2026']), fileName: 'report.csv' });
		// Two titles and a blank row: the header is line 4.
		expect(output[1].file_row).toBe(table.length + 3);
	});

	it('a header with as many commas in a name as it has semicolons: the rows below decide for the semicolon', async () => {
		// PowerSchool labels a staff name "Legal Name (Last, First, Middle, Suffix)"
		// (https://ps-compliance.powerschool-docs.com/pssis-tn/latest/staff-setup); in a semicolon export its commas tie.
		const { users } = await exportTable();
		const table = [
			['Legal Name (Last, First, Middle)', 'Employee ID', 'Email'],
			...users.map((user) => [`${user.last_name}, ${user.first_name}`, user.external_id, user.email]),
		];
		const output = await expectReadAsItems(table, { bytes: windowsCsv(table, ';'), fileName: 'staff.csv' });
		expect(output).toEqual([expect.objectContaining({ action: 'summary', counts: expect.objectContaining({ unchanged: users.length }) })]);
	});

	it('a file without an ID column: the error names its columns and the line read as its header, nothing sent', async () => {
		const run = await fromFile({ bytes: withTitle([['Name', 'Email'], ['Ada', 'ada@example.org']], ['Volunteers']), fileName: 'staff.csv' });
		expect(run.error?.message).toBe(
			"No row of the file gives an 'External ID': no column holds each person's ID, and the file's columns are 'Name' and 'Email' (its header, line 3 of 'staff.csv') [item 0]",
		);
		expect(methods()).toEqual([]);
	});
});

describe('Sync 1.3 keeps columns of the same name apart: a blank one never hides a filled one', () => {
	it('two Email columns, the second blank: the first gives the new person their email', async () => {
		const table = [
			['Employee ID', 'First Name', 'Last Name', 'Email', 'Email'],
			['XL-NEW-3', 'Ada', 'Twomail', 'ada.twomail@example.org', ''],
		];
		const run = await fromFile({ bytes: utf8Csv(table), fileName: 'staff.csv' });
		expect(jsonOf(run)[0]).toMatchObject({ action: 'created', external_id: 'XL-NEW-3', email: 'ada.twomail@example.org' });
	});

	it('two Status columns, the first saying Terminated: the person is deactivated, not kept by the second saying Active', async () => {
		const [user] = await allUsers();
		const table = [
			['Employee ID', 'First Name', 'Last Name', 'Email', 'Status', 'Status'],
			[user.external_id, user.first_name, user.last_name, user.email, 'Terminated', 'Active'],
		];
		const run = await fromFile({ bytes: utf8Csv(table), fileName: 'staff.csv' });
		expect(jsonOf(run)[0]).toMatchObject({ action: 'deactivated', external_id: user.external_id });
	});
});

describe("Sync 1.3 reads a column of another name as the ID or the type when the options name it", () => {
	// A PowerSchool staff export: First_Name, Last_Name, Email_Addr
	// (https://ps.powerschool-docs.com/pssis-data-dictionary/latest/teachers-ver7-8-0), with the district's own custom
	// fields for each person's HR key and for employees and volunteers: names no rule can read.
	const POWERSCHOOL = [
		['HRMS_KEY', 'FIRST_NAME', 'LAST_NAME', 'EMAIL_ADDR', 'STAFF_GROUP'],
		['PS-501', 'Iris', 'Teachwell', 'iris.teachwell@example.org', 'Employee'],
		['PS-502', 'Omar', 'Helpwell', 'omar.helpwell@example.org', 'Volunteer'],
	];
	const file = { bytes: utf8Csv(POWERSCHOOL), fileName: 'powerschool-staff.csv' };

	it("without them: one error, whose Continue On Fail item gives the file's columns and what each fills; nothing sent", async () => {
		const run = await fromFile(file, { newUserType: 'fromColumns' }, true);
		expect(run.error).toBeUndefined();
		expect(jsonOf(run)).toEqual([
			{
				error: expect.stringMatching(/^No row of the file gives an 'External ID'/),
				file_columns: POWERSCHOOL[0],
				mapped_columns: { first_name: 'FIRST_NAME', last_name: 'LAST_NAME', email: 'EMAIL_ADDR' },
			},
		]);
		expect(methods()).toEqual([]);
	});

	it("'External ID Column' and 'User Type Column' set: each person created with their ID and type", async () => {
		const run = await fromFile(file, { newUserType: 'fromColumns', dryRun: false, options: { externalIdColumn: 'HRMS_KEY', userTypeColumn: 'STAFF_GROUP' } });
		expect(run.error).toBeUndefined();
		expect(jsonOf(run).slice(0, 2)).toEqual([
			expect.objectContaining({ action: 'created', external_id: 'PS-501', external_id_field: 'HRMS_KEY' }),
			expect.objectContaining({ action: 'created', external_id: 'PS-502' }),
		]);
		const after = await allUsers();
		expect(after.filter((user) => user.external_id.startsWith('PS-')).map(({ external_id, user_type }) => ({ external_id, user_type }))).toEqual([
			{ external_id: 'PS-501', user_type: 'employee' },
			{ external_id: 'PS-502', user_type: 'volunteer' },
		]);
	});

	it('a column the options name that the file does not have: refused, naming the columns it has, nothing sent', async () => {
		const run = await fromFile(file, { options: { externalIdColumn: 'TEACHER_NUMBER' } });
		expect(run.error?.message).toBe(
			"'External ID Column' is 'TEACHER_NUMBER', which is not a column of 'powerschool-staff.csv': its columns are 'HRMS_KEY', 'FIRST_NAME', 'LAST_NAME', 'EMAIL_ADDR' and 'STAFF_GROUP' [item 0]",
		);
		expect(methods()).toEqual([]);
	});
});
