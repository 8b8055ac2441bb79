// Sync at node version 1.2 over staff lists as HR systems export them (contract.md "Node version 1.2 as released"),
// run by n8n's engine against the sandbox over real HTTP: a list whose key column is in no row is one problem of the
// list; every item names its person and the column its External ID came from; leavers by a Status column.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RunActionOptions } from '../helpers/n8n';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';
import { allUsers as listUsers, mappedAutomatically, mappedBelow, type UserRecord } from '../helpers/staffList';

const sandbox = useSandbox();
const allUsers = () => listUsers(sandbox());
const methods = () => sentRequests(sandbox()).map(({ method, path }) => `${method} ${path}`);
const writes = () => methods().filter((line) => !line.startsWith('GET '));

/** Sync at 1.2, a real run unless told, Map Automatically unless `columns` says otherwise. */
const runSync = (items: IDataObject[], parameters: INodeParameters = {}, extra: Partial<RunActionOptions> = {}) =>
	runActionNode({
		parameters: { resource: 'user', operation: 'sync', dryRun: false, columns: mappedAutomatically, newUserType: 'employee', ...parameters },
		items,
		credential: sandbox(),
		typeVersion: 1.2,
		...extra,
	});

/** A row as an ADP-like export writes it. */
const adpRow = (user: Pick<UserRecord, 'external_id' | 'first_name' | 'last_name' | 'email'>, status = 'Active') => ({
	'Associate ID': user.external_id,
	'Legal First Name': user.first_name,
	'Legal Last Name': user.last_name,
	'Work Email': user.email,
	'Position Status': status,
	'Reports To Associate ID': 'SUP-1',
});

describe('a list in which no row gives an External ID (Sync, node version 1.2)', () => {
	const rows = [
		{ 'Staff Ref': '30001', 'Preferred Name': 'Ann', 'Last Name': 'Lee', 'Work Email': 'ann@example.org', Status: 'Active' },
		{ 'Staff Ref': '30002', 'Preferred Name': 'Bo', 'Last Name': 'Kim', 'Work Email': 'bo@example.org', Status: 'Terminated', Notes: 'x' },
	];
	const message =
		"No item gives an 'External ID': 'Map Automatically' found no column with each person's ID, and the input's fields are 'Staff Ref', 'Preferred Name', 'Last Name', 'Work Email', 'Status' and 'Notes'";

	it("fails once, naming the input's fields and how to map External ID, and sends nothing", async () => {
		const result = await runSync(rows, { dryRun: true });
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toBe(
			"Rename the column that holds each person's ID in your own system to 'Employee ID' (or 'External ID'), or choose it for 'External ID' under 'Map Each Column Manually'. Nothing was sent to the service.",
		);
		expect(methods()).toEqual([]);
	});

	it('with Continue On Fail gives one error item, paired with every row', async () => {
		const result = await runSync(rows, {}, { continueOnFail: true });
		expect(result.items).toEqual([{ json: { error: message }, pairedItem: [{ item: 0 }, { item: 1 }] }]);
		expect(methods()).toEqual([]);
	});

	it('mapped by hand, an External ID empty in every row is the same one problem', async () => {
		const columns = mappedBelow({ external_id: '={{ $json.Missing }}', first_name: 'A', last_name: 'B', email: 'a@example.org' });
		const result = await runSync(rows, { columns });
		expect(result.error?.message).toBe(
			"No item gives an 'External ID': it is empty in every item, and the input's fields are 'Staff Ref', 'Preferred Name', 'Last Name', 'Work Email', 'Status' and 'Notes'",
		);
		expect(methods()).toEqual([]);
	});

	it('one row with an External ID is enough: the others are skipped each with its own reason', async () => {
		const result = await runSync([rows[0], { ...rows[1], Status: 'Active', 'Employee ID': 'HR-ONE' }], { dryRun: true });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map(({ action }) => action)).toEqual(['skipped', 'created']);
	});
});

describe('every Sync item names its person (node version 1.2)', () => {
	it('as the row gave them, even when skipped; a User left out of the list as the service has them', async () => {
		const users = await allUsers();
		const [kept, renamed] = users;
		const rows = [
			adpRow(kept),
			adpRow({ ...renamed, last_name: 'Renamed' }),
			{ ...adpRow({ external_id: 'HR-NAMED-1', first_name: 'Ada', last_name: 'Okafor', email: 'not-an-address' }) },
			adpRow({ external_id: 'HR-NAMED-2', first_name: 'Bea', last_name: 'Stone', email: 'bea.stone@example.org' }),
		];
		const result = await runSync(rows, { dryRun: true, options: { deactivateMissing: true, maxDeactivations: 1000 } });
		const output = jsonOf(result);
		const person = ({ action, external_id, external_id_field, first_name, last_name, email }: IDataObject) => ({
			action,
			external_id,
			external_id_field,
			first_name,
			last_name,
			email,
		});
		expect(output.slice(0, 4).map(person)).toEqual([
			{ action: 'unchanged', external_id: kept.external_id, external_id_field: 'Associate ID', first_name: kept.first_name, last_name: kept.last_name, email: kept.email },
			{ action: 'updated', external_id: renamed.external_id, external_id_field: 'Associate ID', first_name: renamed.first_name, last_name: 'Renamed', email: renamed.email },
			{ action: 'skipped', external_id: 'HR-NAMED-1', external_id_field: 'Associate ID', first_name: 'Ada', last_name: 'Okafor', email: 'not-an-address' },
			{ action: 'created', external_id: 'HR-NAMED-2', external_id_field: 'Associate ID', first_name: 'Bea', last_name: 'Stone', email: 'bea.stone@example.org' },
		]);
		const missing = users.slice(2);
		expect(output.slice(4).map(person)).toEqual(
			missing.map((user) => ({
				action: 'deactivated',
				external_id: user.external_id,
				external_id_field: null,
				first_name: user.first_name,
				last_name: user.last_name,
				email: user.email,
			})),
		);
	});
});

describe('leavers by Status (Sync, node version 1.2)', () => {
	it("deactivates the User of a row whose Status means left, without Deactivate Missing Users; a Dry Run says so first", async () => {
		const [stays, leaves, gone] = await allUsers();
		const rows = [
			adpRow(stays),
			adpRow({ ...leaves, first_name: 'Changed' }, 'Terminated'),
			adpRow({ external_id: 'HR-NEVER', first_name: 'Never', last_name: 'Here', email: 'never.here@example.org' }, ' LEFT '),
			adpRow(gone, 'On Leave'),
		];
		const dry = await runSync(rows, { dryRun: true });
		const decisions = (output: IDataObject[]) => output.map(({ action, external_id, reason }) => ({ action, external_id, reason }));
		const expected = [
			{ action: 'unchanged', external_id: stays.external_id, reason: null },
			{ action: 'deactivated', external_id: leaves.external_id, reason: "Left: 'Status' is Terminated" },
			{
				action: 'skipped',
				external_id: 'HR-NEVER',
				reason: "Left ('Status' is LEFT), and the organization has no user with External ID HR-NEVER: nothing to deactivate",
			},
			{ action: 'unchanged', external_id: gone.external_id, reason: null },
		];
		expect(decisions(jsonOf(dry))).toEqual(expected);
		expect(jsonOf(dry).every((json) => json.dry_run === true)).toBe(true);
		expect(writes()).toEqual([]);

		sandbox().clearRequests();
		const real = await runSync(rows);
		expect(decisions(jsonOf(real))).toEqual(expected);
		// Only the deactivation is sent: the leaver is neither updated nor is anyone created; Status is never sent.
		expect(writes()).toEqual([`DELETE /api/v2/users/${leaves.id}`]);
		const remaining = await allUsers();
		expect(remaining.some((user) => user.id === leaves.id)).toBe(false);
		expect(remaining.some((user) => user.external_id === 'HR-NEVER')).toBe(false);
	});

	it('counts leavers with the missing Users against Max Deactivations: over it, no one is deactivated', async () => {
		const users = await allUsers();
		const rows = users.slice(0, 4).map((user, index) => adpRow(user, index < 3 ? 'Inactive' : 'Active'));
		const result = await runSync(rows, { options: { deactivateMissing: false, maxDeactivations: 2 } });
		const reason = "3 users would be deactivated (3 who left, 0 missing from the list), more than 'Max Deactivations' (2): none was deactivated";
		expect(jsonOf(result).map(({ action, reason: why }) => [action, why])).toEqual([
			['skipped', reason],
			['skipped', reason],
			['skipped', reason],
			['unchanged', null],
		]);
		expect(writes()).toEqual([]);
	});

	it("reads the statuses named in 'Statuses That Mean Left', without case, and a Status column by its other names", async () => {
		const [first, second] = await allUsers();
		const rows = [
			{ 'Employee ID': first.external_id, 'First Name': first.first_name, 'Last Name': first.last_name, Email: first.email, 'Employment Status': 'Retired' },
			{ 'Employee ID': second.external_id, 'First Name': second.first_name, 'Last Name': second.last_name, Email: second.email, 'Employment Status': 'Terminated' },
		];
		const result = await runSync(rows, { dryRun: true, options: { leaverStatuses: 'retired, Deceased' } });
		expect(jsonOf(result).map(({ action }) => action)).toEqual(['deactivated', 'unchanged']);
		// A marital status of "Separated" is no leaver's.
		const married = await runSync([{ ...rows[1], 'Employment Status': 'Active', 'Marital Status': 'Separated' }], { dryRun: true });
		expect(jsonOf(married).map(({ action }) => action)).toEqual(['unchanged']);
	});

	it('Create or Update has no Status: a leaver row is created or updated as any other', async () => {
		const result = await runActionNode({
			parameters: { resource: 'user', operation: 'upsert', columns: mappedAutomatically, newUserType: 'volunteer' },
			items: [adpRow({ external_id: 'HR-UPSERT-LEFT', first_name: 'Lou', last_name: 'Gone', email: 'lou.gone@example.org' }, 'Terminated')],
			credential: sandbox(),
			typeVersion: 1.2,
		});
		expect(jsonOf(result)).toEqual([expect.objectContaining({ external_id: 'HR-UPSERT-LEFT', action: 'created' })]);
		const sent = sentRequests(sandbox()).find(({ method }) => method === 'POST');
		expect(JSON.stringify(sent?.body)).not.toMatch(/status|Terminated/i);
		expect(ok(await sandboxClients(sandbox()).api.get('/users', { query: { external_id: 'HR-UPSERT-LEFT' } }))).toHaveLength(1);
	});
});
