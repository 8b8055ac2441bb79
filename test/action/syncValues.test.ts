// Sync at node version 1.3 reads a staff list's values by their meaning (contract.md "Node version 1.3: the values in
// staff lists"), run by n8n's engine against the sandbox over real HTTP: statuses (left, still there, unknown),
// types from the columns and words exports use, partial rows, email per row, field names with a bracketed note, and
// the fields a summary groups an unknown value by. Version 1.2 keeps what it did (the last tests).
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node';
import { CHURCH_ROSTER, UKG_STATUS_CODES, WORKDAY_WORKERS } from '../fixtures/hrExports';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { sentWrites, useSandbox } from '../helpers/sandbox';
import { allUsers as listUsers, mappedAutomatically, mappedBelow, type UserRecord } from '../helpers/staffList';

const sandbox = useSandbox();
const allUsers = () => listUsers(sandbox());
const writes = () => sentWrites(sandbox());

/** Sync at 1.3 (a Dry Run unless told), Map Automatically, every person's item (no summary among them). */
async function runSync(items: IDataObject[], parameters: INodeParameters = {}, typeVersion = 1.3) {
	const { options, ...rest } = parameters;
	const result = await runActionNode({
		parameters: {
			resource: 'user',
			operation: 'sync',
			dryRun: true,
			columns: mappedAutomatically,
			...rest,
			options: { includeUnchanged: true, ...(options as IDataObject | undefined) },
		},
		items,
		credential: sandbox(),
		typeVersion,
	});
	expect(result.error).toBeUndefined();
	return jsonOf(result).filter(({ action }) => action !== 'summary');
}

type Person = Pick<UserRecord, 'external_id' | 'first_name' | 'last_name' | 'email'>;
const newcomer = (n: number): Person => ({ external_id: `HR-VAL-${n}`, first_name: `New${n}`, last_name: 'Person', email: `new.${n}@example.org` });

const decisions = (items: IDataObject[]) => items.map(({ action, external_id, reason }) => ({ action, external_id, reason }));

describe('statuses at node version 1.3: left, still there, or unknown', () => {
	it('reads a UKG-like export\'s status codes: T deactivates without Deactivate Missing Users, A and L stay, an unknown code creates and deactivates nobody', async () => {
		const [active, leave, terminated, unknownThere] = await allUsers();
		// Each as the service has them: a volunteer's code VOL, an employee's FT or PT.
		const code = (user: UserRecord, paid = 'FT') => (user.user_type === 'volunteer' ? 'VOL' : paid);
		const rows = [
			UKG_STATUS_CODES.row(active, 'A', code(active)),
			UKG_STATUS_CODES.row(leave, 'L', code(leave, 'PT')),
			UKG_STATUS_CODES.row(terminated, 'T', code(terminated)),
			UKG_STATUS_CODES.row({ ...unknownThere, last_name: 'Renamed' }, 'X', code(unknownThere)),
			UKG_STATUS_CODES.row(newcomer(1), 'A', 'VOL'),
			UKG_STATUS_CODES.row(newcomer(2), 'T', 'FT'),
			UKG_STATUS_CODES.row(newcomer(3), 'X', 'FT'),
		];
		const expected = [
			{ action: 'unchanged', external_id: active.external_id, reason: null },
			{ action: 'unchanged', external_id: leave.external_id, reason: null },
			{ action: 'deactivated', external_id: terminated.external_id, reason: "Left: 'Employment Status' is T" },
			{
				action: 'updated',
				external_id: unknownThere.external_id,
				reason: "'Employment Status' is X, which is in neither 'Statuses That Mean Left' nor 'Statuses That Mean Still There': not deactivated",
			},
			{ action: 'created', external_id: 'HR-VAL-1', reason: null },
			{
				action: 'skipped',
				external_id: 'HR-VAL-2',
				reason: "Left ('Employment Status' is T), and the organization has no user with this External ID: nothing to deactivate",
			},
			{
				action: 'skipped',
				external_id: 'HR-VAL-3',
				reason: "Not created: 'Employment Status' is X, which is in neither 'Statuses That Mean Left' nor 'Statuses That Mean Still There'. Add it to one of them",
			},
		];
		const dry = await runSync(rows);
		expect(decisions(dry)).toEqual(expected);
		// The unknown value in fields of its own, on every row that holds it (a User the service has too: contract.md
		// "Every unknown value shown"); a leaver's reason never holds the ID.
		expect(dry.map(({ unknown_field, unknown_column, unknown_value }) => [unknown_field, unknown_column, unknown_value])).toEqual([
			...Array(3).fill([undefined, undefined, undefined]),
			['status', 'Employment Status', 'X'],
			...Array(2).fill([undefined, undefined, undefined]),
			['status', 'Employment Status', 'X'],
		]);
		expect(dry[5].reason).not.toContain('HR-VAL-2');
		expect(writes()).toEqual([]);

		sandbox().clearRequests();
		const real = await runSync(rows, { dryRun: false });
		expect(decisions(real)).toEqual(expected);
		const after = await allUsers();
		// Only the active newcomer was created, as a volunteer (VOL); the leaver is gone; the unknown one stays.
		expect(after.filter(({ external_id }) => external_id.startsWith('HR-VAL-')).map(({ external_id, user_type }) => [external_id, user_type])).toEqual([
			['HR-VAL-1', 'volunteer'],
		]);
		expect(after.some(({ id }) => id === terminated.id)).toBe(false);
		expect(after.find(({ id }) => id === unknownThere.id)?.last_name).toBe('Renamed');
	});

	it.each([
		['Terminated - Voluntary', 'deactivated'],
		['TERM', 'deactivated'],
		['Resigned', 'deactivated'],
		['Retired', 'deactivated'],
		['Deceased', 'deactivated'],
		['No Longer Attending', 'deactivated'],
		['Former Member', 'deactivated'],
		['Inactive Member', 'deactivated'],
		['Active', 'unchanged'],
		['On Leave', 'unchanged'],
		['Leave of Absence', 'unchanged'],
		['Member', 'unchanged'],
		['Suspended', 'unchanged'],
	])("a User the service has whose status is '%s' is %s", async (status, action) => {
		const [user] = await allUsers();
		const [item] = await runSync([CHURCH_ROSTER.row(user, status, 'Staff')]);
		expect(item.action).toBe(action);
	});

	it('a newcomer whose roster says Former Member is never created; Member is', async () => {
		const items = await runSync([CHURCH_ROSTER.row(newcomer(4), 'Former Member', 'Volunteer'), CHURCH_ROSTER.row(newcomer(5), 'Member', 'Volunteer')], {
			dryRun: false,
		});
		expect(items.map(({ action }) => action)).toEqual(['skipped', 'created']);
		expect((await allUsers()).filter(({ external_id }) => external_id.startsWith('HR-VAL-')).map(({ external_id }) => external_id)).toEqual(['HR-VAL-5']);
	});

	it("adds the options' words: 'Statuses That Mean Left' and 'Statuses That Mean Still There', whole values first", async () => {
		const [gone, serving] = await allUsers();
		const rows = [
			CHURCH_ROSTER.row(gone, 'Gone Away', 'Staff'),
			CHURCH_ROSTER.row(serving, 'Serving', 'Staff'),
			CHURCH_ROSTER.row(newcomer(6), 'Serving', 'Volunteer'),
			CHURCH_ROSTER.row(newcomer(26), 'Serving Now', 'Volunteer'),
		];
		expect(decisions(await runSync(rows)).map(({ action }) => action)).toEqual(['unchanged', 'unchanged', 'skipped', 'skipped']);
		const items = await runSync(rows, { options: { leaverStatuses: 'gone', stayingStatuses: 'Serving' } });
		// 'Serving Now' is not understood whole (Now is no status word): unknown, so nobody is created for it.
		expect(items.map(({ action }) => action)).toEqual(['deactivated', 'unchanged', 'created', 'skipped']);
	});
});

describe('types at node version 1.3: the column under its real names, the values exports use', () => {
	it("reads a Workday-like export's Worker Type: Employee and Contingent Worker are employees", async () => {
		const items = await runSync(
			[WORKDAY_WORKERS.row(newcomer(7), 'Active', 'Employee'), WORKDAY_WORKERS.row(newcomer(8), 'Active', 'Contingent Worker')],
			{ dryRun: false },
		);
		expect(items.map(({ action, changes }) => [action, (changes as IDataObject).user_type])).toEqual([
			['created', { from: null, to: 'employee' }],
			['created', { from: null, to: 'employee' }],
		]);
	});

	it("reads a church roster's Role: Volunteer is a volunteer, Staff and Pastor are employees; an unknown role creates nobody and is named", async () => {
		const rows = [
			CHURCH_ROSTER.row(newcomer(9), 'Member', 'Volunteer'),
			CHURCH_ROSTER.row(newcomer(10), 'Member', 'Staff'),
			CHURCH_ROSTER.row(newcomer(11), 'Member', 'Pastor'),
			CHURCH_ROSTER.row(newcomer(12), 'Member', 'Greeter'),
		];
		const items = await runSync(rows, { dryRun: false });
		expect(items.map(({ action, reason }) => [action, reason])).toEqual([
			['created', null],
			['created', null],
			['created', null],
			[
				'skipped',
				"Not created: 'Role' is Greeter, which says neither volunteer nor employee, and the service cannot set a user's type later. Add it to 'Values That Mean Volunteer' or 'Values That Mean Employee', or choose a type under 'User Type for New Users'",
			],
		]);
		expect(items[3]).toMatchObject({ unknown_field: 'user_type', unknown_column: 'Role', unknown_value: 'Greeter' });
		const created = (await allUsers()).filter(({ external_id }) => external_id.startsWith('HR-VAL-'));
		expect(created.map(({ external_id, user_type }) => [external_id, user_type])).toEqual([
			['HR-VAL-9', 'volunteer'],
			['HR-VAL-10', 'employee'],
			['HR-VAL-11', 'employee'],
		]);
	});

	it("reads UKG's Employee Type codes FT, PT and VOL, and 'Values That Mean Volunteer' adds a word", async () => {
		const rows = [
			UKG_STATUS_CODES.row(newcomer(13), 'A', 'FT'),
			UKG_STATUS_CODES.row(newcomer(14), 'A', 'PT'),
			UKG_STATUS_CODES.row(newcomer(15), 'A', 'VOL'),
			UKG_STATUS_CODES.row(newcomer(16), 'A', 'Helper'),
		];
		const types = (items: IDataObject[]) => items.map(({ action, changes }) => [action, ((changes as IDataObject).user_type as IDataObject | undefined)?.to]);
		expect(types(await runSync(rows))).toEqual([
			['created', 'employee'],
			['created', 'employee'],
			['created', 'volunteer'],
			['skipped', undefined],
		]);
		expect(types(await runSync(rows, { options: { volunteerTypes: 'helper' } }))[3]).toEqual(['created', 'volunteer']);
	});

	it("a type chosen under 'User Type for New Users' still wins, and says which column's value was not used", async () => {
		const items = await runSync([CHURCH_ROSTER.row(newcomer(17), 'Member', 'Volunteer'), CHURCH_ROSTER.row(newcomer(18), 'Member', 'Greeter')], {
			newUserType: 'employee',
		});
		expect(items.map(({ action, reason }) => [action, reason])).toEqual([
			['created', "Created as Employee, the type chosen under 'User Type for New Users'; the item's 'Role' (Volunteer) was not used"],
			['created', "Created as Employee, the type chosen under 'User Type for New Users'; the item's 'Role' (Greeter) was not used"],
		]);
	});

	it('Create or Update reads the same columns and words, and refuses an unknown type naming it, nothing sent', async () => {
		const upsert = (row: IDataObject) =>
			runActionNode({
				parameters: { resource: 'user', operation: 'upsert', columns: { ...mappedAutomatically }, newUserType: 'fromColumns' },
				items: [row],
				credential: sandbox(),
				typeVersion: 1.3,
			});
		const pastor = await upsert({ 'Person ID [Required]': 'HR-VAL-19', 'First Name': 'Pat', 'Last Name': 'Oro', Email: 'pat.oro@example.org', Role: 'Pastor' });
		expect(jsonOf(pastor)).toEqual([expect.objectContaining({ action: 'created' })]);
		expect((await allUsers()).find(({ external_id }) => external_id === 'HR-VAL-19')?.user_type).toBe('employee');
		sandbox().clearRequests();
		const greeter = await upsert({ 'Person ID': 'HR-VAL-20', 'First Name': 'Gil', 'Last Name': 'Ray', Email: 'gil.ray@example.org', Role: 'Greeter' });
		expect(greeter.error?.message).toBe("Not created: 'Role' is Greeter, which says neither volunteer nor employee [item 0]");
		expect(greeter.error?.description).toBe(
			"The service cannot set a user's type later. Write Volunteer or Employee in the item, or choose a type under 'User Type for New Users'. No user was created or changed.",
		);
		expect(writes()).toEqual([]);
	});
});

describe('Map Each Column Manually at node version 1.3', () => {
	it("reads a type and a status given by expressions by their words, naming the input fields they read", async () => {
		const columns = mappedBelow({
			external_id: '={{ $json.ref }}',
			first_name: '={{ $json.given }}',
			last_name: '={{ $json.family }}',
			email: '={{ $json.mail }}',
			user_type: "={{ $json['Worker Type'] }}",
			status: '={{ $json.State }}',
		});
		const person = (n: number, type: string, state: string) => ({ ref: `HR-VAL-M${n}`, given: 'Man', family: `Ual${n}`, mail: `m${n}@example.org`, 'Worker Type': type, State: state });
		const items = await runSync([person(1, 'Contingent Worker', 'Active'), person(2, 'Intern', 'Active'), person(3, 'FT', 'Gone')], { columns });
		expect(items.map(({ action, reason }) => [action, reason])).toEqual([
			['created', null],
			[
				'skipped',
				"Not created: 'Worker Type' is Intern, which says neither volunteer nor employee, and the service cannot set a user's type later. Add it to 'Values That Mean Volunteer' or 'Values That Mean Employee', or choose a type under 'User Type for New Users'",
			],
			['skipped', "Not created: 'State' is Gone, which is in neither 'Statuses That Mean Left' nor 'Statuses That Mean Still There'. Add it to one of them"],
		]);
		expect((items[0].changes as IDataObject).user_type).toEqual({ from: null, to: 'employee' });
	});
});

describe('partial rows, email per row and field names with notes at node version 1.3', () => {
	it('compares a User the service has on the fields the row gives: a payroll export without email, a blank last name', async () => {
		const [noEmail, blankLast] = await allUsers();
		const rows = [
			{ 'Employee Code': noEmail.external_id, 'Legal First Name': 'Renamed', 'Legal Last Name': noEmail.last_name, 'Employment Status': 'Active' },
			{ 'Employee Code': blankLast.external_id, 'Legal First Name': blankLast.first_name, 'Legal Last Name': '', 'Employment Status': 'Active' },
			{ 'Employee Code': 'HR-VAL-21', 'Legal First Name': 'No', 'Legal Last Name': 'Email', 'Employment Status': 'Active' },
		];
		const items = await runSync(rows, { dryRun: false, newUserType: 'employee' });
		expect(items.map(({ action, changes, reason }) => [action, changes, reason])).toEqual([
			['updated', { first_name: { from: noEmail.first_name, to: 'Renamed' } }, null],
			['unchanged', {}, null],
			['skipped', {}, "'Email' is required [item 2]"],
		]);
		// Only the given field was sent; the blank last name and the missing email stay as the service has them.
		expect(writes()).toEqual([`PUT /api/v2/users/${noEmail.id}`]);
		const after = await allUsers();
		expect(after.find(({ id }) => id === noEmail.id)).toMatchObject({ first_name: 'Renamed', email: noEmail.email });
		expect(after.find(({ id }) => id === blankLast.id)).toMatchObject({ last_name: blankLast.last_name });
	});

	it('takes the best-ranked email the row fills: a blank Work Email, a filled Home Email', async () => {
		const rows = [
			{ 'Person ID': 'HR-VAL-22', 'First Name': 'Hom', 'Last Name': 'Ee', 'Work Email': '', 'Home Email': 'hom.ee@example.net', Status: 'Active' },
			{ 'Person ID': 'HR-VAL-23', 'First Name': 'Wor', 'Last Name': 'Kay', 'Work Email': 'wor.kay@example.org', 'Home Email': 'wk@example.net', Status: 'Active' },
		];
		const items = await runSync(rows, { newUserType: 'volunteer' });
		expect(items.map(({ action, email }) => [action, email])).toEqual([
			['created', 'hom.ee@example.net'],
			['created', 'wor.kay@example.org'],
		]);
	});

	it('maps field names with a note in square brackets at the end', async () => {
		const [user] = await allUsers();
		const row = {
			'Employee ID [Required]': user.external_id,
			'First Name [Required]': 'Noted',
			'Last Name [Required]': user.last_name,
			'Email [Required]': user.email,
			'Status [READ ONLY]': 'Terminated',
		};
		const [item] = await runSync([row]);
		expect(item).toMatchObject({ action: 'deactivated', external_id_field: 'Employee ID [Required]', reason: "Left: 'Status [READ ONLY]' is Terminated" });
	});
});

describe('node version 1.2 keeps what it did', () => {
	it('the same lists at 1.2: T and Former Member are no leavers, an unknown status creates, a Role is not a type, a partial row is skipped', async () => {
		const [user] = await allUsers();
		const rows = [
			UKG_STATUS_CODES.row(newcomer(24), 'T', 'FT'),
			CHURCH_ROSTER.row(newcomer(25), 'Former Member', 'Volunteer'),
			{ 'Employee Code': user.external_id, 'Legal First Name': 'Renamed', 'Legal Last Name': user.last_name },
		];
		const items = await runSync(rows, { newUserType: 'fromColumns' }, 1.2);
		expect(items.map(({ action }) => action)).toEqual(['skipped', 'skipped', 'skipped']);
		expect(items[0].reason).toMatch(/^Not created: no 'User Type' is given/);
		expect(items[2].reason).toBe("'Email' is required [item 2]");
		expect(items.some((item) => 'unknown_field' in item)).toBe(false);
	});
});

describe("Sync's texts: leavers by status are deactivated whatever 'Deactivate Missing Users' says", () => {
	const { description } = new MinistrySafe();
	const notices = description.properties.filter((property) => property.name === 'liveDeactivationNotice');
	const shownNotice = (typeVersion: number, parameters: INodeParameters) => {
		const values = { resource: 'user', operation: 'sync', ...parameters };
		return notices.find((notice) => NodeHelpers.displayParameter(values, notice, { typeVersion }, description, values))?.displayName;
	};

	it('the Dry Run notice shows whenever Dry Run is off from 1.2 (which reads a status), and says both', () => {
		expect(shownNotice(1.3, { dryRun: false, options: {} })).toContain("deactivates those the list marks as left ('Statuses That Mean Left')");
		expect(shownNotice(1.2, { dryRun: false, options: { deactivateMissing: true } })).toContain("when 'Deactivate Missing Users' is on, every user not in the list");
		expect(shownNotice(1.3, { dryRun: true, options: { deactivateMissing: true } })).toBeUndefined();
		expect(shownNotice(1.1, { dryRun: false, options: {} })).toBeUndefined();
	});

	it("the operation says so, and 'Statuses That Mean Left' says its default", () => {
		const option = description.properties
			.filter((property) => property.name === 'options' && JSON.stringify(property.displayOptions ?? {}).includes('sync'))
			.flatMap((property) => (property.options ?? []) as Array<{ name: string; description?: string }>);
		expect(option.find(({ name }) => name === 'leaverStatuses')?.description).toContain('Defaults to terminated, inactive, left, former, separated');
		expect(option.find(({ name }) => name === 'stayingStatuses')?.description).toContain('Defaults to A, Active, L');
		const operation = description.properties.find((property) => property.name === 'operation' && JSON.stringify(property.displayOptions).includes('user'));
		const sync = (operation?.options as Array<{ value: string; description: string }>).find(({ value }) => value === 'sync');
		expect(sync?.description).toContain('deactivate those who left or, when asked, are missing from it');
	});
});
