// Node version 1.2 (contract.md "Node version 1.2"): Sync and Create or Update take the User's fields from one resource
// mapper, `columns`, run by n8n's engine against the sandbox over real HTTP. A staff list's columns are mapped
// automatically (the service's names, an HR export's labels, other spellings), or by hand with expressions; a row the
// mapping cannot use says why; new Users get a type or say they have none.
import type { IDataObject, INodeParameters, ResourceMapperValue } from 'n8n-workflow';
import { Expression } from 'n8n-workflow';

import type { RunActionOptions } from '../helpers/n8n';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';
import {
	allUsers as listUsers,
	hrExportRowOf,
	mappedAutomatically,
	mappedBelow,
	type Row,
	rowOf,
	type UserRecord,
} from '../helpers/staffList';

const sandbox = useSandbox();
const api = () => sandboxClients(sandbox()).api;
const allUsers = () => listUsers(sandbox());
const readUser = async (id: unknown) => ok(await api().get(`/users/${String(id)}`)) as UserRecord;
const methods = () => sentRequests(sandbox()).map(({ method, path }) => `${method} ${path}`);

const run = (operation: string, parameters: INodeParameters, items: IDataObject[], extra: Partial<RunActionOptions> = {}) =>
	runActionNode({
		parameters: { resource: 'user', operation, ...parameters },
		items,
		credential: sandbox(),
		typeVersion: 1.2,
		...extra,
	});

/** Sync at 1.2, a real run unless told, Map Automatically unless `columns` says otherwise. */
const runSync = (items: IDataObject[], parameters: INodeParameters = {}, extra: Partial<RunActionOptions> = {}) =>
	run('sync', { dryRun: false, columns: mappedAutomatically, ...parameters }, items, extra);

/** Create or Update at 1.2, its records as the service gives them (Output Raw). */
const runUpsert = (items: IDataObject[], parameters: INodeParameters = {}, extra: Partial<RunActionOptions> = {}) =>
	run('upsert', { output: 'raw', columns: mappedAutomatically, ...parameters }, items, extra);

const decisions = (output: IDataObject[]) => output.map(({ action, external_id, reason }) => ({ action, external_id, reason }));

const newcomer = (id: string, type?: string): Row => ({
	external_id: id,
	first_name: 'Ada',
	last_name: `Okafor-${id}`,
	email: `${id.toLowerCase()}@example.org`,
	...(type ? { user_type: type } : {}),
});

const NO_TYPE =
	"Not created: no 'User Type' is given, and the service cannot set a user's type later. Map a 'User Type' column, or choose 'Employee' or 'Volunteer' under 'User Type for New Users' ('No Type (Cannot Be Set Later)' creates users without one)";

describe('Sync at node version 1.2, Map Automatically', () => {
	it("maps the service's own names, an HR export's labels and other spellings alike", async () => {
		const [same, renamed] = await allUsers();
		const rows: Row[] = [
			rowOf(same),
			{ ...rowOf(renamed), first_name: 'Renamed' },
			{ ...newcomer('HR-AUTO-1', 'employee'), tags: 'Staff, Greeters' },
		];
		// As an HR export names them, with a type written as people write it and a column the User has no field for.
		const hrExport = rows.map((row) => ({
			...hrExportRowOf(row),
			...(row.user_type ? { 'User Type': 'Employee', Tags: row.tags } : {}),
			Department: 'Nursery',
		}));
		// Other spellings: camelCase, upper case with underscores, spaces around, the service's employee_id.
		const spelled = rows.map((row) => ({
			firstName: row.first_name,
			LAST_NAME: row.last_name,
			' Email ': row.email,
			employee_id: row.external_id,
			...(row.user_type ? { userType: row.user_type, TAGS: row.tags } : {}),
		}));

		const expected = [
			{ action: 'unchanged', external_id: same.external_id, reason: null },
			{ action: 'updated', external_id: renamed.external_id, reason: null },
			{ action: 'created', external_id: 'HR-AUTO-1', reason: null },
		];
		const keyedBy = (output: IDataObject[]) => output.map(({ external_id_field }) => external_id_field);
		const withoutKey = (output: IDataObject[]) =>
			output.map((json) => Object.fromEntries(Object.entries(json).filter(([field]) => field !== 'external_id_field')));
		const bySnakeCase = jsonOf(await runSync(rows as IDataObject[], { dryRun: true }));
		expect(decisions(bySnakeCase)).toEqual(expected);
		expect(keyedBy(bySnakeCase)).toEqual(['external_id', 'external_id', 'external_id']);
		expect(bySnakeCase[1].changes).toEqual({ first_name: { from: renamed.first_name, to: 'Renamed' } });
		expect(bySnakeCase[2].changes).toMatchObject({ user_type: { from: null, to: 'employee' }, tags: { from: null, to: ['Greeters', 'Staff'] } });
		const byHrExport = jsonOf(await runSync(hrExport, { dryRun: true }));
		expect(withoutKey(byHrExport)).toEqual(withoutKey(bySnakeCase));
		expect(keyedBy(byHrExport)).toEqual(['Employee ID', 'Employee ID', 'Employee ID']);
		const bySpelling = jsonOf(await runSync(spelled, { dryRun: true }));
		expect(withoutKey(bySpelling)).toEqual(withoutKey(bySnakeCase));
		expect(keyedBy(bySpelling)).toEqual(['employee_id', 'employee_id', 'employee_id']);
		expect(methods().every((line) => line.startsWith('GET '))).toBe(true);

		// For real, from the HR export: what the dry run said is what the Organization then holds.
		const real = await runSync(hrExport);
		expect(real.error).toBeUndefined();
		expect(decisions(jsonOf(real))).toEqual(expected);
		expect(await readUser(renamed.id)).toMatchObject({ first_name: 'Renamed', last_name: renamed.last_name });
		expect(await readUser(jsonOf(real)[2].user_id)).toMatchObject({
			external_id: 'HR-AUTO-1',
			first_name: 'Ada',
			user_type: 'employee',
			tags: ['Staff', 'Greeters'],
		});
	});

	it('reads no parameter per row: the number of values n8n resolves does not grow with the list', async () => {
		const resolved = jest.spyOn(Expression.prototype, 'getParameterValue');
		const count = async (rows: number, columns: ResourceMapperValue) => {
			resolved.mockClear();
			const items = Array.from({ length: rows }, (_, index) => newcomer(`HR-COUNT-${index}`, 'volunteer') as IDataObject);
			const result = await runSync(items, { dryRun: true, columns });
			expect(jsonOf(result).map(({ action }) => action)).toEqual(Array(rows).fill('created'));
			return resolved.mock.calls.length;
		};
		const byHand = mappedBelow({
			external_id: '={{ $json.external_id }}',
			first_name: '={{ $json.first_name }}',
			last_name: '={{ $json.last_name }}',
			email: '={{ $json.email }}',
			user_type: '={{ $json.user_type }}',
		});
		try {
			expect(await count(40, mappedAutomatically)).toBe(await count(5, mappedAutomatically));
			// The same list mapped by hand: each of the five fields is resolved for each row.
			expect((await count(40, byHand)) - (await count(5, byHand))).toBeGreaterThanOrEqual(35 * 5);
		} finally {
			resolved.mockRestore();
		}
	});

	it("stops a list keyed by a column it does not know with one error for the list, until External ID is mapped by hand", async () => {
		const staff = [
			{ Ref: 'S-100', 'First Name': 'Ann', 'Last Name': 'Lee', Email: 'ann.lee@example.org' },
			{ Ref: 'S-101', 'First Name': 'Bo', 'Last Name': 'Kim', Email: 'bo.kim@example.org' },
		];
		const stopped = await runSync(staff, { dryRun: true });
		expect(stopped.error?.message).toBe(
			"No item gives an 'External ID': 'Map Automatically' found no column with each person's ID, and the input's fields are 'Ref', 'First Name', 'Last Name' and 'Email'",
		);
		// The list's error names no item: n8n's editor shows an item index as "[item 0]" after the message.
		expect(stopped.error?.context?.itemIndex).toBeUndefined();
		expect(methods()).toEqual([]);

		// Map Each Column Manually, External ID set to that column: the same list now creates both.
		const columns = mappedBelow({
			external_id: '={{ $json.Ref }}',
			first_name: "={{ $json['First Name'] }}",
			last_name: '={{ $json["Last Name"] }}',
			email: '={{ $json.Email }}',
			user_type: 'volunteer',
		});
		const created = await runSync(staff, { columns });
		expect(decisions(jsonOf(created))).toEqual([
			{ action: 'created', external_id: 'S-100', reason: null },
			{ action: 'created', external_id: 'S-101', reason: null },
		]);
		expect(jsonOf(created).map(({ external_id_field }) => external_id_field)).toEqual(['Ref', 'Ref']);
		expect(await readUser(jsonOf(created)[1].user_id)).toMatchObject({
			external_id: 'S-101',
			first_name: 'Bo',
			email: 'bo.kim@example.org',
			user_type: 'volunteer',
		});
	});

	it('says so when a row fills no column at all: the columns looked for, and the fields the row had', async () => {
		const result = await runSync([{ Name: 'Ann Lee', Ref: 'S-1' }, {}, newcomer('HR-FILLS', 'volunteer') as IDataObject], { dryRun: true });
		expect(jsonOf(result).map(({ action, reason }) => ({ action, reason }))).toEqual([
			{
				action: 'skipped',
				reason:
					"No input field fills a column: 'Map Automatically' looks for 'External ID', 'First Name', 'Last Name' and 'Email' under the names exports give them, and the item's fields are 'Name' and 'Ref' [item 0]",
			},
			{
				action: 'skipped',
				reason:
					"No input field fills a column: 'Map Automatically' looks for 'External ID', 'First Name', 'Last Name' and 'Email' under the names exports give them, and the item has no fields [item 1]",
			},
			{ action: 'created', reason: null },
		]);
	});

	it("checks every mapped value as Create does: all of a row's problems at once, an empty External ID named", async () => {
		const result = await runSync(
			[
				{ 'Employee ID': '', 'First Name': 'Ann', 'Last Name': 'Lee', Email: 'not-an-address', 'User Type': 'staff' },
				{ 'Employee ID': 'HR-FINE', 'First Name': 'Fi', 'Last Name': 'Ne', Email: 'fi.ne@example.org', 'User Type': 'Volunteer' },
			],
			{ dryRun: true },
		);
		expect(decisions(jsonOf(result))).toEqual([
			{
				action: 'skipped',
				external_id: null,
				reason:
					"3 fields need correcting: 'Email' must be an email address; 'External ID' is required: the item's 'Employee ID' is empty; 'User Type' must be one of 'Employee' or 'Volunteer' (in an expression: employee, volunteer) [item 0]",
			},
			{ action: 'created', external_id: 'HR-FINE', reason: null },
		]);
		expect(jsonOf(result)[1].changes).toMatchObject({ user_type: { from: null, to: 'volunteer' } });
	});

	it('starts so when added: Map Automatically, Dry Run on, nothing else set', async () => {
		const [user] = await allUsers();
		const result = await run('sync', {}, [hrExportRowOf({ ...rowOf(user), last_name: 'Moved' })]);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ action: 'updated', dry_run: true, external_id: user.external_id, reason: null }),
		]);
		expect(methods().every((line) => line.startsWith('GET '))).toBe(true);
	});
});

describe('User Type for New Users (node version 1.2)', () => {
	it('Sync, From Columns: a row that gives no type creates nobody and says why, in a dry run too', async () => {
		const rows = [newcomer('HR-TYPE-1'), newcomer('HR-TYPE-2', 'employee')];
		const dry = await runSync(rows as IDataObject[], { dryRun: true });
		expect(decisions(jsonOf(dry))).toEqual([
			{ action: 'skipped', external_id: 'HR-TYPE-1', reason: NO_TYPE },
			{ action: 'created', external_id: 'HR-TYPE-2', reason: null },
		]);
		const real = await runSync(rows as IDataObject[]);
		expect(decisions(jsonOf(real))).toEqual(decisions(jsonOf(dry)));
		expect(sentRequests(sandbox()).filter(({ method }) => method === 'POST').map(({ body }) => (body as IDataObject).user)).toEqual([
			expect.objectContaining({ external_id: 'HR-TYPE-2', user_type: 'employee' }),
		]);
		expect((await allUsers()).some((user) => user.external_id === 'HR-TYPE-1')).toBe(false);
	});

	it('Sync, No Type: the row without a type is created without one, the row with one keeps it', async () => {
		const result = await runSync([newcomer('HR-NONE-1'), newcomer('HR-NONE-2', 'volunteer')] as IDataObject[], { newUserType: 'none' });
		expect(decisions(jsonOf(result))).toEqual([
			{ action: 'created', external_id: 'HR-NONE-1', reason: null },
			{ action: 'created', external_id: 'HR-NONE-2', reason: null },
		]);
		expect((await readUser(jsonOf(result)[0].user_id)).user_type).toBeNull();
		expect((await readUser(jsonOf(result)[1].user_id)).user_type).toBe('volunteer');
	});

	it("Sync, a chosen type: every new User gets it, over a mapped 'User Type', and the item says so when they differ", async () => {
		const typed = await runSync([newcomer('HR-TYPE-3'), newcomer('HR-TYPE-4', 'employee')] as IDataObject[], { newUserType: 'volunteer' });
		expect(decisions(jsonOf(typed)).map(({ reason }) => reason)).toEqual([
			null,
			"Created as Volunteer, the type chosen under 'User Type for New Users'; the item's 'User Type' (employee) was not used",
		]);
		expect(jsonOf(typed).map(({ changes }) => (changes as IDataObject).user_type)).toEqual([
			{ from: null, to: 'volunteer' },
			{ from: null, to: 'volunteer' },
		]);
		for (const json of jsonOf(typed)) expect((await readUser(json.user_id)).user_type).toBe('volunteer');
	});

	it('Sync: the type for new Users leaves existing Users alone', async () => {
		const users = await allUsers();
		const employee = users.find((user) => user.user_type === 'employee') as UserRecord;
		const result = await runSync([rowOf(employee)] as IDataObject[], { newUserType: 'volunteer' });
		expect(decisions(jsonOf(result))).toEqual([{ action: 'unchanged', external_id: employee.external_id, reason: null }]);
		expect(methods().filter((line) => !line.startsWith('GET '))).toEqual([]);
	});

	it("Create or Update: From Columns refuses a new User without a type as that item's error; No Type and a chosen type create", async () => {
		const items = [newcomer('HR-TYPE-5') as IDataObject, newcomer('HR-TYPE-7', 'employee') as IDataObject];
		const stopped = await runUpsert([items[0]]);
		// A short title; why and the fix in the details.
		expect(stopped.error?.message).toBe("Not created: no 'User Type' is given [item 0]");
		expect(stopped.error?.description).toBe(
			"The service cannot set a user's type later. Map a 'User Type' column, or choose 'Employee' or 'Volunteer' under 'User Type for New Users' ('No Type (Cannot Be Set Later)' creates users without one). No user was created or changed.",
		);
		expect(methods()).toEqual(['GET /api/v2/users']);

		const continued = await runUpsert(items, {}, { continueOnFail: true });
		expect(continued.items.map(({ json }) => json.error ?? json.action)).toEqual(["Not created: no 'User Type' is given [item 0]", 'created']);

		const [untyped] = jsonOf(await runUpsert([items[0]], { newUserType: 'none' }));
		expect(untyped).toMatchObject({ external_id: 'HR-TYPE-5', user_type: null, action: 'created', reason: null });

		const [typed] = jsonOf(await runUpsert([newcomer('HR-TYPE-6') as IDataObject], { newUserType: 'employee' }));
		expect(typed).toMatchObject({ external_id: 'HR-TYPE-6', action: 'created', reason: null });
		expect((await readUser(typed.id)).user_type).toBe('employee');
	});
});

describe("the run's settings, refused in the editor's words (issue 42)", () => {
	it("names 'User Type for New Users', 'Mapping Column Mode' and 'Column to match on' as the editor shows them, and sends nothing", async () => {
		// Values a hand-edited or imported workflow may hold: the dropdowns offer none of them.
		const badType = await runSync([newcomer('HR-SET-1') as IDataObject], { newUserType: 'staff' });
		expect(badType.error?.message).toBe(
			"'User Type for New Users' must be one of 'From Columns', 'Employee', 'Volunteer' or 'No Type (Cannot Be Set Later)' (in an expression: fromColumns, employee, volunteer, none) [item 0]",
		);
		const badMode = await runUpsert([newcomer('HR-SET-2') as IDataObject], { columns: { ...mappedAutomatically, mappingMode: 'byName' } });
		expect(badMode.error?.message).toBe(
			"'Mapping Column Mode' must be one of 'Map Automatically' or 'Map Each Column Manually' (in an expression: autoMapInputData, defineBelow) [item 0]",
		);
		const badMatch = await runSync([newcomer('HR-SET-3') as IDataObject], { columns: { ...mappedAutomatically, matchingColumns: ['email'] } });
		expect(badMatch.error?.message).toBe("'Column to match on' must be 'External ID': users are matched on it alone [item 0]");
		expect(methods()).toEqual([]);
	});
});

describe('Create or Update at node version 1.2', () => {
	it('maps an HR export automatically: creates, then reports unchanged and sends nothing, then updates what changed', async () => {
		const row = hrExportRowOf(newcomer('HR-UP-1', 'volunteer'));
		const [created] = jsonOf(await runUpsert([{ ...row, 'User Type': 'volunteer' }]));
		expect(created).toEqual({ ...(await readUser(created.id)), action: 'created', reason: null });
		sandbox().clearRequests();

		const [unchanged] = jsonOf(await runUpsert([row]));
		expect(methods()).toEqual(['GET /api/v2/users']);
		expect(unchanged).toEqual({ ...(await readUser(created.id)), action: 'unchanged', reason: null });
		sandbox().clearRequests();

		const [updated] = jsonOf(await runUpsert([{ ...row, 'Last Name': 'Moved' }]));
		expect(updated).toMatchObject({ id: created.id, last_name: 'Moved', action: 'updated', reason: null });
		expect(methods()).toEqual(['GET /api/v2/users', `PUT /api/v2/users/${String(created.id)}`, `GET /api/v2/users/${String(created.id)}`]);
	});

	it('maps by hand with expressions, each item its own', async () => {
		const columns = mappedBelow({
			external_id: '={{ $json.hr }}',
			first_name: '={{ $json.given }}',
			last_name: '={{ $json.family }}',
			email: '={{ $json.mail }}',
			tags: '={{ $json.teams }}',
		});
		const items = [
			{ hr: 'HR-HAND-1', given: 'Ann', family: 'Lee', mail: 'ann.hand@example.org', teams: ['Staff'] },
			{ hr: 'HR-HAND-2', given: 'Bo', family: 'Kim', mail: 'bo.hand@example.org', teams: 'Greeters, Staff' },
		];
		const result = await runUpsert(items, { columns, newUserType: 'employee' });
		expect(result.error).toBeUndefined();
		const output = jsonOf(result);
		expect(output.map(({ external_id, action }) => ({ external_id, action }))).toEqual([
			{ external_id: 'HR-HAND-1', action: 'created' },
			{ external_id: 'HR-HAND-2', action: 'created' },
		]);
		expect(await readUser(output[1].id)).toMatchObject({ first_name: 'Bo', email: 'bo.hand@example.org', tags: ['Greeters', 'Staff'], user_type: 'employee' });
	});

	it("refuses an item without an External ID, naming the column and the item's fields, and sends nothing for it", async () => {
		const staff = [
			{ Ref: 'S-9', 'First Name': 'Ann', 'Last Name': 'Lee', Email: 'ann.nine@example.org' },
			{ ...hrExportRowOf(newcomer('HR-NEXT')), 'User Type': 'Volunteer' },
		];
		const message =
			"'External ID' is required: 'Map Automatically' found no input field for it (the item's fields are 'Ref', 'First Name', 'Last Name' and 'Email'); rename one to 'Employee ID', or set 'External ID' under 'Map Each Column Manually' [item 0]";
		const stopped = await runUpsert(staff);
		expect(stopped.error?.message).toBe(message);
		expect(sandbox().requests).toEqual([]);

		const continued = await runUpsert(staff, {}, { continueOnFail: true });
		expect(continued.items.map(({ json }) => json.error ?? json.action)).toEqual([message, 'created']);

		// By hand, an empty External ID says the same of the mapped value.
		const byHand = await runUpsert([staff[0]], {
			columns: mappedBelow({ external_id: '={{ $json.hr }}', first_name: 'Ann', last_name: 'Lee', email: 'ann.nine@example.org' }),
		});
		expect(byHand.error?.message).toBe(
			"'External ID' is required: it is empty for this item (the item's fields are 'Ref', 'First Name', 'Last Name' and 'Email') [item 0]",
		);
	});
});

describe('Create or Update says unchanged at every version, and sends nothing then', () => {
	it.each([1, 1.1])('version %s', async (typeVersion) => {
		const [user] = await allUsers();
		const parameters = {
			externalId: user.external_id,
			firstName: user.first_name,
			lastName: user.last_name,
			email: user.email,
			additionalFields: { tags: user.tags },
		};
		const result = await run('upsert', { ...parameters, simplify: false }, [{}], { typeVersion });
		expect(result.error).toBeUndefined();
		expect(methods()).toEqual(['GET /api/v2/users']);
		expect(jsonOf(result)).toEqual([{ ...(await readUser(user.id)), action: 'unchanged', reason: null }]);

		// A changed Tag is a change: sent as before, the whole User.
		sandbox().clearRequests();
		const retagged = await run('upsert', { ...parameters, additionalFields: { tags: ['Greeters'] }, simplify: false }, [{}], { typeVersion });
		expect(jsonOf(retagged)).toEqual([expect.objectContaining({ id: user.id, tags: ['Greeters'], action: 'updated' })]);
		expect(sentRequests(sandbox()).find(({ method }) => method === 'PUT')?.body).toEqual({
			user: { first_name: user.first_name, last_name: user.last_name, email: user.email },
			tag_list: 'Greeters',
		});
	});
});
