// Sync reading its staff list from a file (node version 1.3, 'Staff List' set to 'File (CSV or JSON)'), run by n8n's
// engine against the sandbox over real HTTP: the export an HR system writes, held by the input item as n8n holds a
// downloaded or uploaded file. Each row decides exactly what the same row as an input item decides; messages name the
// row of the file; a file that is not a staff list (a spreadsheet, an empty export, broken CSV) stops the run before
// anything is sent.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { csvExport } from '../helpers/csvExport';
import { type InputFile, jsonOf, runActionNode } from '../helpers/n8n';
import { sentRequests, useSandbox } from '../helpers/sandbox';
import { allUsers as listUsers, hrExportRowOf, mappedAutomatically, type Row, rowOf, syncAt1_3, syncFromFile, type UserRecord } from '../helpers/staffList';

const sandbox = useSandbox();
const allUsers = () => listUsers(sandbox());
const methods = () => sentRequests(sandbox()).map(({ method, path }) => `${method} ${path}`);

const runSync = (input: { items: IDataObject[]; files?: Array<InputFile | undefined> }, parameters: INodeParameters = {}) =>
	syncAt1_3(sandbox(), input, parameters);
const fromFile = (file: InputFile, parameters: INodeParameters = {}) => syncFromFile(sandbox(), file, parameters);

/** A CSV export as spreadsheets write it: a byte order mark, CRLF, every value quoted that needs it. */
const csvOf = (rows: Array<Record<string, unknown>>) => csvExport(rows, { bom: true });

/** Everyone in the Organization as an HR export, one renamed (with a comma in the name), one newcomer. */
async function exportRows(): Promise<{ users: UserRecord[]; rows: IDataObject[] }> {
	const users = await allUsers();
	const rows: Row[] = users.map(rowOf);
	rows[1] = { ...rows[1], last_name: `${String(rows[1].last_name)}, Jr.` };
	rows.push({ external_id: 'FILE-NEW-1', first_name: 'Ada', last_name: 'Newcomer', email: 'ada.file@example.org' });
	return { users, rows: rows.map((row) => hrExportRowOf(row) as IDataObject) };
}

/** An output item without the row number a file adds: what the same row as an input item puts out. */
const withoutRow = (json: IDataObject) => {
	const rest = { ...json };
	delete rest.file_row;
	return rest;
};

describe('Sync 1.3 with a file as its staff list', () => {
	it('decides for each row of a CSV file exactly what it decides for the same row as an input item, and says the row', async () => {
		const { rows } = await exportRows();
		const asItems = await runSync({ items: rows });
		const asFile = await fromFile({ bytes: csvOf(rows), fileName: 'staff.csv', mimeType: 'text/csv' });
		expect(asItems.error).toBeUndefined();
		expect(asFile.error).toBeUndefined();
		expect(jsonOf(asFile).map(withoutRow)).toEqual(jsonOf(asItems));
		// One renamed and one newcomer, then the summary.
		expect(jsonOf(asFile).map((json) => json.action)).toEqual(['updated', 'created', 'summary']);
		// Each row says where it is in the file (line 1 is the header), and every item pairs with the item holding it.
		const [renamed, created] = jsonOf(asFile);
		expect([renamed.file_row, created.file_row]).toEqual([3, rows.length + 1]);
		expect(renamed.changes).toEqual({ last_name: { from: expect.any(String), to: expect.stringMatching(/, Jr\.$/) } });
		for (const item of asFile.items) expect([item.pairedItem].flat()).toEqual([{ item: 0 }]);
		expect(methods().every((method) => method.startsWith('GET '))).toBe(true);
	});

	it('reads a JSON export the same way: an array of people, or an object holding one', async () => {
		const { rows } = await exportRows();
		const asCsv = jsonOf(await fromFile({ bytes: csvOf(rows), fileName: 'staff.csv' }));
		const asArray = await fromFile({ bytes: JSON.stringify(rows), fileName: 'staff.json', mimeType: 'application/json' });
		const wrapped = await fromFile({ bytes: JSON.stringify({ employees: rows, count: rows.length }), fileName: 'directory' });
		expect(jsonOf(asArray).map(withoutRow)).toEqual(asCsv.map(withoutRow));
		expect(jsonOf(wrapped).map(withoutRow)).toEqual(asCsv.map(withoutRow));
		// A JSON file has no lines: its people are counted from 1 (the CSV's header is its line 1).
		expect(jsonOf(asArray).map((json) => json.file_row)).toEqual(asCsv.map((json) => (json.file_row === undefined ? undefined : Number(json.file_row) - 1)));
	});

	it("reads a CSV as CSV when its name says so, even if its first column's name starts with a bracket", async () => {
		const { rows } = await exportRows();
		const bracketed = rows.map((row) => ({ '[Campus]': 'North', ...row }));
		const run = await fromFile({ bytes: csvExport(bracketed), fileName: 'staff.csv', mimeType: 'text/csv' });
		expect(run.error).toBeUndefined();
		expect(jsonOf(run).map((json) => json.action)).toEqual(['updated', 'created', 'summary']);
	});

	it('applied, creates and updates from the file as from items', async () => {
		const { rows } = await exportRows();
		const run = await fromFile({ bytes: csvOf(rows), fileName: 'staff.csv' }, { dryRun: false });
		expect(run.error).toBeUndefined();
		const after = await allUsers();
		expect(after.find((user) => user.external_id === 'FILE-NEW-1')).toMatchObject({ first_name: 'Ada', last_name: 'Newcomer', user_type: 'volunteer' });
		expect(after.find((user) => user.external_id === rows[1]['Employee ID'])?.last_name).toMatch(/, Jr\.$/);
	});

	it("names the row of the file in a row's problem and in duplicates", async () => {
		const { rows } = await exportRows();
		const badEmail = { ...rows[0], 'Employee ID': 'FILE-NEW-2', Email: 'not-an-email' };
		const file = csvOf([...rows, badEmail, rows[2]]);
		const run = await fromFile({ bytes: file, fileName: 'staff.csv' });
		const skipped = jsonOf(run).filter((json) => json.action === 'skipped');
		const lastLine = rows.length + 3;
		expect(skipped).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ external_id: 'FILE-NEW-2', file_row: lastLine - 1, reason: expect.stringContaining(`[row ${lastLine - 1} of 'staff.csv']`) }),
				expect.objectContaining({ file_row: 4, reason: expect.stringContaining(`(row 4 of 'staff.csv', row ${lastLine} of 'staff.csv')`) }),
			]),
		);
	});

	it('reads one list from the files of several items (two campuses), each row paired with its own item', async () => {
		const { rows } = await exportRows();
		const half = Math.ceil(rows.length / 2);
		const run = await runSync(
			{ items: [{}, {}], files: [{ bytes: csvOf(rows.slice(0, half)), fileName: 'north.csv' }, { bytes: csvOf(rows.slice(half)), fileName: 'south.csv' }] },
			// Everyone is in one file or the other: nobody is missing.
			{ staffList: 'file', options: { deactivateMissing: true } },
		);
		expect(run.error).toBeUndefined();
		expect(jsonOf(run).map((json) => json.action)).toEqual(['updated', 'created', 'summary']);
		expect([run.items[1].pairedItem].flat()).toEqual([{ item: 1 }]);
		expect(jsonOf(run).at(-1)?.counts).toMatchObject({ deactivated: 0, created: 1, updated: 1 });
	});

	describe('stops before anything is sent when the file is not a staff list', () => {
		it.each([
			['a spreadsheet (Excel)', { bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), fileName: 'staff.xlsx' }, /'staff\.xlsx' is a spreadsheet file, not CSV or JSON/],
			['an export with column names only', { bytes: 'Employee ID,First Name\r\n', fileName: 'staff.csv' }, /The staff list file has no rows: nothing to sync/],
			['broken CSV', { bytes: 'Employee ID,First Name\n1,"Ada\n', fileName: 'staff.csv' }, /'staff\.csv' is not valid CSV: a quoted value opened on line 2 is never closed/],
			['JSON without a list of people', { bytes: '{"total": 3}', fileName: 'staff.json' }, /'staff\.json' holds no list of people/],
			['a file without an ID column', { bytes: 'Name,Email\nAda,ada@example.org\n', fileName: 'staff.csv' }, /No row of the file gives an 'External ID'.*the file's columns are 'Name' and 'Email'/],
		])('%s', async (_name, file, message) => {
			const run = await fromFile(file);
			expect(run.error?.message).toMatch(message);
			expect(methods()).toEqual([]);
		});

		it('with Continue On Fail: one error item that says so, paired with the item', async () => {
			const run = await runActionNode({
				parameters: { resource: 'user', operation: 'sync', dryRun: true, columns: mappedAutomatically, staffList: 'file' },
				items: [{}],
				files: [{ bytes: 'Employee ID,First Name\r\n', fileName: 'staff.csv' }],
				credential: sandbox(),
				typeVersion: 1.3,
				continueOnFail: true,
			});
			expect(run.error).toBeUndefined();
			expect(jsonOf(run)).toEqual([{ error: expect.stringMatching(/The staff list file has no rows/) }]);
			expect([run.items[0].pairedItem].flat()).toEqual([{ item: 0 }]);
			expect(methods()).toEqual([]);
		});

		it('an item without the file', async () => {
			const run = await fromFile({ bytes: 'Employee ID\n1\n', field: 'attachment' });
			expect(run.error?.message).toMatch(/data/);
			expect(methods()).toEqual([]);
		});
	});
});
