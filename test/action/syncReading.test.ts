// Sync at node version 1.3 reads each value of a staff list as it is meant (contract.md "Reading a value as it is
// meant"), run by n8n's engine against the sandbox over real HTTP, as a workflow runs it: the list's own words first,
// a whole value or nothing, leaving said in any column, legal names first, type columns as exports name them, every
// unknown value shown whoever's row it is, and the summary's values at a glance. Each rule with rows written as the
// exports named write them (test/unit/staffValues.test.ts and leaving.test.ts give the sources).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runDay } from '../helpers/clock';
import { csvExport } from '../helpers/csvExport';
import { type InputFile, jsonOf, runActionNode } from '../helpers/n8n';
import { sentRequests, sentWrites, useSandbox } from '../helpers/sandbox';
import { allUsers as listUsers, mappedAutomatically, type UserRecord } from '../helpers/staffList';

const sandbox = useSandbox();
const allUsers = () => listUsers(sandbox());
const writes = () => sentWrites(sandbox());

/** Sync at 1.3, Map Automatically, a Dry Run unless told; every item as the node puts it out (the summary last). */
async function runSync(items: IDataObject[], parameters: INodeParameters = {}, files?: InputFile[]) {
	const result = await runActionNode({
		parameters: { resource: 'user', operation: 'sync', dryRun: true, columns: mappedAutomatically, newUserType: 'fromColumns', ...parameters },
		items,
		files,
		credential: sandbox(),
		typeVersion: 1.3,
	});
	return result;
}
async function outputOf(items: IDataObject[], parameters: INodeParameters = {}) {
	const result = await runSync(items, parameters);
	expect(result.error).toBeUndefined();
	const output = jsonOf(result);
	return { people: output.filter(({ action }) => action !== 'summary'), summary: output.at(-1) as IDataObject };
}

/** A row of an HR export for a person, with the columns given. */
const hrRow = (person: Pick<UserRecord, 'external_id' | 'first_name' | 'last_name' | 'email'>, columns: IDataObject): IDataObject => ({
	'Employee ID': person.external_id,
	'First Name': person.first_name,
	'Last Name': person.last_name,
	Email: person.email,
	...columns,
});
const newcomer = (n: number) => ({ external_id: `HR-READ-${n}`, first_name: `New${n}`, last_name: 'Reader', email: `new.read.${n}@example.org` });
/** A date written MM/DD/YYYY that is still to come, whose day-first reading (DD/MM/YYYY) has passed. */
function ambiguousDate(): string {
	const today = runDay(0).getTime();
	for (let days = 3; days < 400; days++) {
		const later = runDay(days);
		const [month, day, year] = [later.getUTCMonth() + 1, later.getUTCDate(), later.getUTCFullYear()];
		if (day > 12 || day === month || Date.UTC(year, day - 1, month) > today - 3 * 24 * 3600 * 1000) continue;
		return `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${year}`;
	}
	throw new Error('no ambiguous date within a year');
}
const actions = (items: IDataObject[]) => items.map(({ external_id, action }) => [external_id, action]);

describe("the list's own words first", () => {
	it("'Inactive' named under 'Statuses That Mean Still There' is still there, with 'Statuses That Mean Left' at its default", async () => {
		const [onLeave] = await allUsers();
		const row = hrRow(onLeave, { 'Employment Status': 'Inactive', 'Employee Type': 'FT' });
		expect(actions((await outputOf([row])).people)).toEqual([[onLeave.external_id, 'deactivated']]);
		const { people } = await outputOf([row], { options: { includeUnchanged: true, stayingStatuses: 'Inactive' } });
		expect(actions(people)).toEqual([[onLeave.external_id, 'unchanged']]);
	});

	it("'Regular Attender' named under 'Values That Mean Volunteer' creates a volunteer, though Regular alone says employee", async () => {
		const rows = [hrRow(newcomer(1), { 'Member Type': 'Regular Attender' }), hrRow(newcomer(2), { 'Member Type': 'Regular' })];
		const before = (await outputOf(rows)).people;
		expect(before.map(({ action, unknown_value }) => [action, unknown_value])).toEqual([
			['skipped', 'Regular Attender'],
			['created', undefined],
		]);
		const { people } = await outputOf(rows, { dryRun: false, options: { volunteerTypes: 'Regular Attender' } });
		expect(people.map(({ action, changes }) => [action, (changes as IDataObject).user_type])).toEqual([
			['created', { from: null, to: 'volunteer' }],
			['created', { from: null, to: 'employee' }],
		]);
		const created = (await allUsers()).filter(({ external_id }) => external_id.startsWith('HR-READ-'));
		expect(created.map(({ external_id, user_type }) => [external_id, user_type])).toEqual([
			['HR-READ-1', 'volunteer'],
			['HR-READ-2', 'employee'],
		]);
	});

	it.each([
		[{ leaverStatuses: 'Inactive, Gone', stayingStatuses: 'inactive' }, "'inactive' is in both 'Statuses That Mean Left' and 'Statuses That Mean Still There'"],
		[{ volunteerTypes: 'Greeter', employeeTypes: 'Usher, GREETER' }, "'GREETER' is in both 'Values That Mean Volunteer' and 'Values That Mean Employee'"],
	])('a value named on both sides of a pair stops the run, naming it, before anything is sent: %j', async (options, message) => {
		const result = await runSync([hrRow(newcomer(3), { Status: 'Active', Role: 'Volunteer' })], { options });
		expect(result.error?.message).toContain(message);
		expect(result.error?.description).toContain('Nothing was sent to the service');
		expect(sentRequests(sandbox())).toEqual([]);
	});
});

describe('a whole value, or nothing', () => {
	it.each([['N/A'], ['Non-Active'], ['Not Currently Active'], ['Not Current'], ['Not Employed']])(
		"a User the service has whose status is '%s' is not deactivated and its item names the value",
		async (status) => {
			const [user] = await allUsers();
			const { people, summary } = await outputOf([hrRow(user, { 'Employment Status': status })]);
			expect(people).toEqual([
				expect.objectContaining({ action: 'unchanged', unknown_field: 'status', unknown_column: 'Employment Status', unknown_value: status }),
			]);
			const named = { external_id: user.external_id, first_name: user.first_name, last_name: user.last_name };
			expect(summary.unknown_values).toEqual([{ field: 'status', column: 'Employment Status', value: status, rows: 1, people: [named], more_people: 0 }]);
		},
	);

	it.each([['N/A'], ['Non-Active'], ['Not Currently Active']])("a newcomer whose status is '%s' is not created", async (status) => {
		const { people } = await outputOf([hrRow(newcomer(4), { 'Employment Status': status, 'Employee Type': 'Volunteer' })], { dryRun: false });
		expect(people.map(({ action, reason }) => [action, reason])).toEqual([
			[
				'skipped',
				`Not created: 'Employment Status' is ${status}, which is in neither 'Statuses That Mean Left' nor 'Statuses That Mean Still There'. Add it to one of them`,
			],
		]);
		expect(writes()).toEqual([]);
	});

	it.each([['Non-Employee'], ['Non-Paid'], ['Regular Attender'], ['Sunday School Teacher'], ['Teacher'], ['Volunteer Staff']])(
		"a newcomer whose type is '%s' is never created as an employee: unknown, named",
		async (type) => {
			const { people } = await outputOf([hrRow(newcomer(5), { Status: 'Active', Role: type })], { dryRun: false });
			expect(people).toEqual([expect.objectContaining({ action: 'skipped', unknown_field: 'user_type', unknown_column: 'Role', unknown_value: type })]);
			expect(writes()).toEqual([]);
		},
	);

	it("a leaver word still means left wherever it stands: 'Terminated - Voluntary', 'Inactive Visitor'", async () => {
		const [first, second] = await allUsers();
		const { people } = await outputOf([hrRow(first, { Status: 'Terminated - Voluntary' }), hrRow(second, { Status: 'Inactive Visitor' })]);
		expect(actions(people)).toEqual([
			[first.external_id, 'deactivated'],
			[second.external_id, 'deactivated'],
		]);
	});
});

describe('leaving said in any column; where columns disagree, left wins', () => {
	it('an active flag, a termination date, a church membership status, and a hire date after an old termination', async () => {
		const users = await allUsers();
		const [flagNo, flagYes, terminated, toCome, moved, disagree, rehired] = users;
		const rows = [
			hrRow(flagNo, { Status: 'Active', Active: 'No' }),
			hrRow(flagYes, { Status: 'Active', Active: 'Yes' }),
			hrRow(terminated, { Status: 'Active', 'Termination Date': '01/15/2024' }),
			hrRow(toCome, { Status: 'Active', 'Termination Date': '2099-12-31' }),
			hrRow(moved, { 'Membership Status': 'Moved' }),
			hrRow(disagree, { 'Record Status': 'Active', 'Is Deleted': 'TRUE' }),
			hrRow(rehired, { Status: 'Active', 'Termination Date': '2019-06-30', 'Rehire Date': '2021-09-01' }),
			hrRow(newcomer(6), { Active: 'N', 'Employee Type': 'Volunteer' }),
		];
		const { people } = await outputOf(rows, { options: { includeUnchanged: true, maxDeactivations: 10 } });
		expect(people.map(({ external_id, action, reason }) => [external_id, action, reason])).toEqual([
			[flagNo.external_id, 'deactivated', "Left: 'Active' is No"],
			[flagYes.external_id, 'unchanged', null],
			[terminated.external_id, 'deactivated', "Left: 'Termination Date' is 01/15/2024"],
			[toCome.external_id, 'unchanged', null],
			[moved.external_id, 'deactivated', "Left: 'Membership Status' is Moved"],
			[disagree.external_id, 'deactivated', "Left: 'Is Deleted' is TRUE"],
			[rehired.external_id, 'unchanged', null],
			['HR-READ-6', 'skipped', "Left ('Active' is N), and the organization has no user with this External ID: nothing to deactivate"],
		]);
	});

	it('a termination date that could be two days, one past and one to come, is named, never guessed', async () => {
		const [user] = await allUsers();
		// Month first it is to come; day first it has passed: the run cannot tell which the export meant.
		const ambiguous = ambiguousDate();
		const { people } = await outputOf([hrRow(user, { Status: 'Active', 'Termination Date': ambiguous })]);
		expect(people).toEqual([expect.objectContaining({ action: 'unchanged', unknown_column: 'Termination Date', unknown_value: ambiguous })]);
	});

	it('a file says it the same way: an export with an Active flag and a Termination Date, read from a CSV', async () => {
		const [flagNo, terminated, stays] = await allUsers();
		const rows = [
			hrRow(flagNo, { Active: '0', 'Termination Date': '' }),
			hrRow(terminated, { Active: '1', 'Termination Date': '2024-03-31' }),
			hrRow(stays, { Active: '1', 'Termination Date': '' }),
		];
		const file: InputFile = { bytes: csvExport(rows, { bom: true }), fileName: 'staff.csv', mimeType: 'text/csv' };
		const result = await runSync([{}], { staffList: 'file', options: { includeUnchanged: true } }, [file]);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map(({ external_id, action, file_row }) => [external_id, action, file_row])).toEqual([
			[flagNo.external_id, 'deactivated', 2],
			[terminated.external_id, 'deactivated', 3],
			[stays.external_id, 'unchanged', 4],
			[undefined, 'summary', undefined],
		]);
	});
});

describe('legal names first, and type columns as exports name them', () => {
	it("a Planning Center export's Given Name (legal) fills the first name, not First Name (what the person goes by)", async () => {
		const row = { 'Remote ID': 'HR-READ-7', 'Given Name': 'Samuel', 'First Name': 'Sam', 'Last Name': 'Okafor', 'Work Email': 'sam.okafor@example.org', Status: 'active' };
		const { people } = await outputOf([row], { dryRun: false, newUserType: 'volunteer' });
		expect(people).toEqual([expect.objectContaining({ action: 'created', first_name: 'Samuel' })]);
		expect((await allUsers()).find(({ external_id }) => external_id === 'HR-READ-7')?.first_name).toBe('Samuel');
		// A row whose legal name is blank takes the name it has.
		const blank = await outputOf([{ ...row, 'Remote ID': 'HR-READ-8', 'Given Name': '', 'Work Email': 'sam.8@example.org' }], { newUserType: 'volunteer' });
		expect(blank.people).toEqual([expect.objectContaining({ action: 'created', first_name: 'Sam' })]);
	});

	it("an ADP export's Worker Category Description says the type", async () => {
		const { people } = await outputOf([hrRow(newcomer(9), { 'Position Status': 'Active', 'Worker Category Description': 'Full Time' })]);
		expect(people).toEqual([expect.objectContaining({ action: 'created', changes: expect.objectContaining({ user_type: { from: null, to: 'employee' } }) })]);
	});
});

describe('every unknown value shown, whoever it belongs to, and the values at a glance', () => {
	it("a PowerSchool-like row's unknown status and unknown type are named at once", async () => {
		const { people } = await outputOf([hrRow(newcomer(10), { STATUS: '1', Role: 'Teacher' })]);
		expect(people).toEqual([
			expect.objectContaining({
				action: 'skipped',
				reason:
					"Not created: 'STATUS' is 1, which is in neither 'Statuses That Mean Left' nor 'Statuses That Mean Still There'; 'Role' is Teacher, which says neither volunteer nor employee. Add the status to 'Statuses That Mean Left' or 'Statuses That Mean Still There', and the type to 'Values That Mean Volunteer' or 'Values That Mean Employee' (or choose a type under 'User Type for New Users')",
				unknown_values: [
					{ field: 'status', column: 'STATUS', value: '1' },
					{ field: 'user_type', column: 'Role', value: 'Teacher' },
				],
			}),
		]);
	});

	it('a User the service has with an unknown status has its item without Include Unchanged Users, and the summary counts every row', async () => {
		const users = await allUsers();
		const [terminatedWithPay, ...others] = users;
		const rows = [
			hrRow(terminatedWithPay, { 'Employment Status': 'U' }),
			...others.slice(0, 7).map((user) => hrRow(user, { 'Employment Status': 'A' })),
			hrRow(newcomer(11), { 'Employment Status': 'U', 'Employee Type': 'FT' }),
			hrRow(newcomer(12), { 'Employment Status': 'T', 'Employee Type': 'Seasonal Helper' }),
		];
		const { people, summary } = await outputOf(rows);
		expect(actions(people)).toEqual([
			[terminatedWithPay.external_id, 'unchanged'],
			['HR-READ-11', 'skipped'],
			['HR-READ-12', 'skipped'],
		]);
		expect(summary.counts).toEqual({ created: 0, updated: 0, unchanged: 8, deactivated: 0, skipped: 2 });
		// Each unknown value with the people of its rows: the count and the names agree.
		const named = ({ external_id, first_name, last_name }: Pick<UserRecord, 'external_id' | 'first_name' | 'last_name'>) => ({ external_id, first_name, last_name });
		expect(summary.unknown_values).toEqual([
			{ field: 'status', column: 'Employment Status', value: 'U', rows: 2, people: [named(terminatedWithPay), named(newcomer(11))], more_people: 0 },
			{ field: 'user_type', column: 'Employee Type', value: 'Seasonal Helper', rows: 1, people: [named(newcomer(12))], more_people: 0 },
		]);
		expect(summary.values).toEqual([
			{
				column: 'Employment Status',
				field: 'status',
				values: [
					{ value: 'A', rows: 7, reading: 'still there' },
					{ value: 'U', rows: 2, reading: 'unknown' },
					{ value: 'T', rows: 1, reading: 'left' },
				],
				more_values: 0,
			},
			{
				column: 'Employee Type',
				field: 'user_type',
				values: [
					{ value: 'FT', rows: 1, reading: 'employee' },
					{ value: 'Seasonal Helper', rows: 1, reading: 'unknown' },
				],
				more_values: 0,
			},
		]);
	});

	it('an end date column is listed by what its dates say; at most 50 values a column, then how many more', async () => {
		const rows = Array.from({ length: 60 }, (_, n) => hrRow(newcomer(100 + n), { Status: `Code ${n}`, 'Termination Date': n < 2 ? '2020-01-31' : '' }));
		const { summary } = await outputOf(rows, { newUserType: 'volunteer' });
		const [status, dates] = summary.values as IDataObject[];
		expect(status).toMatchObject({ column: 'Status', more_values: 10 });
		expect(status.values).toHaveLength(50);
		expect(dates).toEqual({
			column: 'Termination Date',
			field: 'status',
			values: [{ value: expect.stringMatching(/^a date on or before \d{4}-\d{2}-\d{2}$/), rows: 2, reading: 'left' }],
			more_values: 0,
		});
	});
});
