// The compliance Google Sheet template writes its columns into the staff sheet that the nightly sync template reads:
// its row for each kind of person, as n8n's expression engine makes it; and the nightly sync, run by n8n's engine
// against the sandbox over real HTTP, decides exactly what it decided before those columns were there, whatever they
// hold (a column that Map Automatically reads, a status or a date, would change who is created or deactivated). The
// whole template is run in a real n8n: test/e2e/templates.e2e.test.ts.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { exampleWorkflows } from '../../scripts/n8n-runtime';
import { evaluateExpression, runActionNode } from '../helpers/n8n';
import { sentRequests, useSandbox } from '../helpers/sandbox';
import { allUsers } from '../helpers/staffList';

const sandbox = useSandbox();

function nodeOf(id: string, name: string) {
	const node = exampleWorkflows()
		.find((workflow) => workflow.id === id)
		?.nodes.find((candidate) => candidate.name === name);
	if (!node) throw new Error(`No node ${name} in ${id}`);
	return node as { parameters: INodeParameters; typeVersion: number };
}

/** The row the template writes for an item of its match: the sheet's row, with the person's compliance when found. */
const rowFor = (item: IDataObject) =>
	evaluateExpression(String(nodeOf('msExampleComplianceGoogleSheet', 'One row a person').parameters.jsonOutput), item) as IDataObject;

// n8n's default time zone, which the workflow keeps (no time zone of its own).
const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
const SHEET_ROW = { row_number: 2, 'Employee ID': 10001, 'First Name': 'Ann', 'Last Name': 'Lee', Email: 'ann@example.org', 'User Type': 'volunteer' };

describe('the compliance Google Sheet template', () => {
	it.each([
		[
			'someone who may serve',
			{ user_id: 1001, external_id: '10001', compliant: true, status: 'expiring', runs_out: 'training', runs_out_on: '2026-12-01', summary: 'Training expires 2026-12-01' },
			{ 'May serve': 'yes', Compliance: 'expiring', 'Runs out': 'training', 'Runs out on': '2026-12-01', 'Compliance summary': 'Training expires 2026-12-01' },
		],
		[
			'someone who may not',
			{ user_id: 1001, external_id: '10001', compliant: false, status: 'noncompliant', runs_out: null, runs_out_on: null, summary: 'Training missing' },
			{ 'May serve': 'no', Compliance: 'noncompliant', 'Runs out': '', 'Runs out on': '', 'Compliance summary': 'Training missing' },
		],
		[
			'someone MinistrySafe does not have',
			{},
			{ 'May serve': 'no', Compliance: 'not in MinistrySafe', 'Runs out': '', 'Runs out on': '', 'Compliance summary': 'No MinistrySafe user has this Employee ID' },
		],
	])('writes, for %s, the answer, and no cell empty as null (Google Sheets would leave it as it was)', (_who, compliance, written) => {
		expect(rowFor({ ...SHEET_ROW, ...compliance })).toEqual({ 'Employee ID': 10001, ...written, 'Checked on': today });
	});
});

/**
 * What the template's cells read back as, in Google Sheets' words: it writes as a user types (USER_ENTERED), so a day
 * becomes a date, which the Read node gives as a serial number (its default, unformatted values) or as text.
 */
const CELLS: IDataObject[] = [
	{ 'May serve': 'yes', Compliance: 'compliant', 'Runs out': 'training', 'Runs out on': 46392, 'Compliance summary': 'Training valid until 2027-01-05; background check valid until 2030-09-06', 'Checked on': 46000 },
	{ 'May serve': 'yes', Compliance: 'expiring', 'Runs out': 'background check', 'Runs out on': '2026-12-01', 'Compliance summary': 'Training valid until 2027-01-05; background check expires 2026-12-01', 'Checked on': '2026-11-28' },
	{ 'May serve': 'no', Compliance: 'noncompliant', 'Runs out': '', 'Runs out on': '', 'Compliance summary': 'Training expired 2026-03-05; background check missing', 'Checked on': '2026-11-28' },
	{ 'May serve': 'no', Compliance: 'not in MinistrySafe', 'Runs out': '', 'Runs out on': '', 'Compliance summary': 'No MinistrySafe user has this Employee ID', 'Checked on': '2026-11-28' },
];

describe('the nightly sync template on a staff sheet the compliance template wrote to', () => {
	it('is given the columns the compliance template writes, and only those', () => {
		const { 'Employee ID': id, ...written } = rowFor(SHEET_ROW);
		expect(id).toBe(SHEET_ROW['Employee ID']);
		expect(Object.keys(written)).toEqual(Object.keys(CELLS[0]));
	});

	it('decides exactly what it decided without them: the same items, nothing else read into a person', async () => {
		const sync = nodeOf('msExampleGoogleSheetSync', 'Sync users');
		const users = await allUsers(sandbox());
		const staff = users.filter((user) => user.tags.includes('Staff'));
		// Everyone but two Staff (to be deactivated), one renamed, and a newcomer the service does not have yet.
		const listed = users.filter((user) => !staff.slice(0, 2).includes(user));
		const people = listed.map((user, index) => (index === 0 ? { ...user, last_name: `${user.last_name}-Moved` } : user));
		people.push({ ...people[1], external_id: 'TPL-COMPLIANCE-NEW', email: 'nora.compliance@example.org', first_name: 'Nora' });
		const rows = people.map((person, index) => ({
			row_number: index + 2,
			'Employee ID': person.external_id,
			'First Name': person.first_name,
			'Last Name': person.last_name,
			Email: person.email,
			'User Type': person.user_type ?? 'employee',
		}));
		const run = async (items: IDataObject[]) => {
			const result = await runActionNode({ parameters: sync.parameters, items, credential: sandbox(), typeVersion: sync.typeVersion });
			expect(result.error).toBeUndefined();
			return result.items.map((item) => item.json);
		};

		const before = await run(rows);
		const after = await run(rows.map((row, index) => ({ ...row, ...CELLS[index % CELLS.length] })));

		// The summary accounts for every column of the list: the compliance columns, none of them read.
		const withoutColumns = (items: IDataObject[]) => items.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => key !== 'columns')));
		expect(withoutColumns(after)).toEqual(withoutColumns(before));
		const added = Object.keys(CELLS[0]);
		expect((after.at(-1)?.columns as IDataObject[]).filter(({ column }) => added.includes(String(column)))).toEqual(added.map((column) => ({ column, reading: 'not read' })));
		expect(before.at(-1)).toMatchObject({ action: 'summary', dry_run: true, counts: { created: 1, updated: 1, deactivated: 2, skipped: 0 } });
		expect(sentRequests(sandbox()).every((request) => request.method === 'GET')).toBe(true);
	});
});
