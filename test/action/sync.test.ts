// User → Sync, run by n8n's engine against the sandbox over real HTTP: the whole input is one staff list; what the
// node decided, what it sent (the sandbox's request log) and what the Organization holds afterwards.
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node';

import { injectFault, ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';
import type { RunActionOptions } from '../helpers/n8n';
import { resources } from '../../nodes/MinistrySafe/actions/resources';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { allUsers as listUsers, type Row, rowOf, type UserRecord } from '../helpers/staffList';

const sandbox = useSandbox();
const api = () => sandboxClients(sandbox()).api;
const allUsers = () => listUsers(sandbox());

/** Runs Sync on `rows`, every field taken from the items by expressions, as a workflow fed by a spreadsheet does. */
/** A real run unless `dryRun` says otherwise (the node itself starts with Dry Run on: see the tests of Dry Run). */
const runSync = (
	rows: Row[],
	options: INodeParameters = {},
	extra: Partial<RunActionOptions> = {},
	requestOptions: INodeParameters = {},
	dryRun: boolean | null = false,
) =>
	runActionNode({
		parameters: {
			resource: 'user',
			operation: 'sync',
			...(dryRun === null ? {} : { dryRun }),
			requestOptions,
			externalId: '={{ $json.external_id }}',
			firstName: '={{ $json.first_name }}',
			lastName: '={{ $json.last_name }}',
			email: '={{ $json.email }}',
			additionalFields: { userType: '={{ $json.user_type }}', tags: '={{ $json.tags }}' },
			options,
		},
		items: rows as IDataObject[],
		credential: sandbox(),
		...extra,
	});

/** The person an item names, as the row gave them, and the input field its External ID was read from. */
const named = (row: Row) => ({ external_id_field: 'external_id', first_name: row.first_name, last_name: row.last_name, email: row.email });
/** A User the list leaves out, named as the service has them. */
const namedByService = (user: UserRecord) => ({ external_id_field: null, first_name: user.first_name, last_name: user.last_name, email: user.email });

const byExternalId = (output: IDataObject[]) => new Map(output.map((json) => [json.external_id, json]));
const methods = () => sentRequests(sandbox()).map(({ method, path }) => `${method} ${path}`);

describe('Sync', () => {
	it('creates the new, updates only what changed, leaves the rest, and pairs each output with its item', async () => {
		const [same, renamed, retagged] = await allUsers();
		const rows: Row[] = [
			rowOf(same),
			{ ...rowOf(renamed), first_name: `${renamed.first_name}-Jo` },
			{ ...rowOf(retagged), tags: 'Greeters, Staff' },
			{ external_id: 'HR-NEW-1', first_name: 'Ada', last_name: 'Okafor', email: 'ada.new@example.org', user_type: 'employee', tags: 'Staff' },
		];
		const result = await runSync(rows);

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{ action: 'unchanged', external_id: same.external_id, ...named(rows[0]), user_id: same.id, changes: {}, reason: null },
			{
				action: 'updated',
				...named(rows[1]),
				external_id: renamed.external_id,
				user_id: renamed.id,
				changes: { first_name: { from: renamed.first_name, to: `${renamed.first_name}-Jo` } },
				reason: null,
			},
			{
				action: 'updated',
				...named(rows[2]),
				external_id: retagged.external_id,
				user_id: retagged.id,
				changes: { tags: { from: [...retagged.tags].sort(), to: ['Greeters', 'Staff'] } },
				reason: null,
			},
			{
				action: 'created',
				external_id: 'HR-NEW-1',
				...named(rows[3]),
				user_id: expect.any(Number),
				changes: {
					first_name: { from: null, to: 'Ada' },
					last_name: { from: null, to: 'Okafor' },
					email: { from: null, to: 'ada.new@example.org' },
					external_id: { from: null, to: 'HR-NEW-1' },
					user_type: { from: null, to: 'employee' },
					tags: { from: null, to: ['Staff'] },
				},
				reason: null,
			},
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3].map((item) => ({ item })));

		// One read of the Users; the update sends only the changed field; the unchanged User gets no request.
		const sent = sentRequests(sandbox());
		expect(sent.filter(({ method }) => method !== 'GET').map(({ method, path, body }) => ({ method, path, body }))).toEqual([
			{ method: 'PUT', path: `/api/v2/users/${renamed.id}`, body: { user: { first_name: `${renamed.first_name}-Jo` } } },
			{ method: 'PUT', path: `/api/v2/users/${retagged.id}`, body: { tag_list: 'Greeters,Staff' } },
			{
				method: 'POST',
				path: '/api/v2/users',
				body: {
					user: { first_name: 'Ada', last_name: 'Okafor', email: 'ada.new@example.org', external_id: 'HR-NEW-1', user_type: 'employee' },
					tag_list: 'Staff',
				},
			},
		]);
		// The demo Organization's Users fit on the first page, which also gives the page count: one request.
		expect(sent.filter(({ method, path }) => method === 'GET' && path.startsWith('/api/v2/users/with_page'))).toHaveLength(1);

		const created = jsonOf(result)[3];
		const stored = ok(await api().get(`/users/${String(created.user_id)}`)) as UserRecord;
		expect(stored).toMatchObject({ external_id: 'HR-NEW-1', first_name: 'Ada', user_type: 'employee', tags: ['Staff'] });
		expect((ok(await api().get(`/users/${renamed.id}`)) as UserRecord).first_name).toBe(`${renamed.first_name}-Jo`);
	});

	it('reports everything unchanged on a second run of the same list, and sends nothing but the one read', async () => {
		const users = await allUsers();
		const rows: Row[] = [
			...users.slice(0, 5).map((user) => ({ ...rowOf(user), last_name: `${user.last_name} II`, tags: 'Staff' })),
			{ external_id: 'HR-NEW-2', first_name: 'Ben', last_name: 'Ito', email: 'ben.new@example.org' },
		];
		const first = await runSync(rows);
		expect(jsonOf(first).map((json) => json.action)).toEqual(['updated', 'updated', 'updated', 'updated', 'updated', 'created']);
		sandbox().clearRequests();

		const second = await runSync(rows);
		expect(second.error).toBeUndefined();
		expect(jsonOf(second).map(({ action, changes, reason }) => ({ action, changes, reason }))).toEqual(
			rows.map(() => ({ action: 'unchanged', changes: {}, reason: null })),
		);
		expect(jsonOf(second)[5].user_id).toBe(jsonOf(first)[5].user_id);
		expect(methods()).toEqual(['GET /api/v2/users/with_page']);
	});

	it('skips invalid items, duplicate External IDs and an email that belongs to another External ID, never guessing', async () => {
		const [owner, other] = await allUsers();
		const rows: Row[] = [
			{ external_id: 'HR-BAD', first_name: 'No', last_name: 'Mail', email: 'not-an-address' },
			{ first_name: 'No', last_name: 'Id', email: 'no.id@example.org' },
			{ external_id: 'HR-TWICE', first_name: 'Ann', last_name: 'One', email: 'ann.one@example.org' },
			{ external_id: 'HR-TWICE', first_name: 'Ann', last_name: 'Two', email: 'ann.two@example.org' },
			{ external_id: 'HR-MERGED', first_name: owner.first_name, last_name: owner.last_name, email: owner.email.toUpperCase() },
			{ ...rowOf(other), email: owner.email },
		];
		const result = await runSync(rows, { deactivateMissing: true, maxDeactivations: 1000 });
		const output = jsonOf(result);

		expect(output.slice(0, 6).map(({ action, external_id, user_id }) => ({ action, external_id, user_id }))).toEqual([
			{ action: 'skipped', external_id: 'HR-BAD', user_id: null },
			{ action: 'skipped', external_id: null, user_id: null },
			{ action: 'skipped', external_id: 'HR-TWICE', user_id: null },
			{ action: 'skipped', external_id: 'HR-TWICE', user_id: null },
			{ action: 'skipped', external_id: 'HR-MERGED', user_id: null },
			{ action: 'skipped', external_id: other.external_id, user_id: other.id },
		]);
		const reasons = output.map((json) => String(json.reason));
		expect(reasons[0]).toBe("'Email' must be an email address [item 0]");
		expect(reasons[1]).toBe("'External ID' is required [item 1]");
		expect(reasons[2]).toBe('Duplicate External ID HR-TWICE in the list (items 2, 3): none of them was applied');
		expect(reasons[3]).toBe(reasons[2]);
		expect(reasons[4]).toContain(`The email belongs to User ${owner.id} with External ID ${owner.external_id}`);
		expect(reasons[4]).toContain('External ID cannot be changed through the API');
		expect(reasons[5]).toContain(`The email belongs to User ${owner.id}`);

		// The User whose email is on another row is not deactivated, though missing from the list; the others are.
		const ownerRecord = output.find((json) => json.user_id === owner.id);
		expect(ownerRecord).toMatchObject({ action: 'skipped', external_id: owner.external_id });
		expect(String(ownerRecord?.reason)).toContain('its email is on item 5 with another External ID');
		expect(output.filter((json) => json.action === 'deactivated').map((json) => json.user_id)).not.toContain(other.id);
		expect(methods().filter((line) => line.startsWith('POST') || line.startsWith('PUT'))).toEqual([]);
		expect((ok(await api().get(`/users/${owner.id}`)) as UserRecord).email).toBe(owner.email);
	});

	it('reports a User Type it cannot change in the reason, and updates the rest', async () => {
		const users = await allUsers();
		const employee = users.find((user) => user.user_type === 'employee') as UserRecord;
		const row = { ...rowOf(employee), user_type: 'volunteer', last_name: 'Changed' };
		const result = await runSync([row]);
		expect(jsonOf(result)).toEqual([
			{
				action: 'updated',
				...named(row),
				external_id: employee.external_id,
				user_id: employee.id,
				changes: { last_name: { from: employee.last_name, to: 'Changed' } },
				reason: 'User Type cannot be changed through the API: it stays employee (asked: volunteer)',
			},
		]);
	});

	it('deactivates only the missing Users that have the chosen Tag', async () => {
		const users = await allUsers();
		const kept = users.slice(0, 5);
		const missing = users.slice(5);
		const missingStaff = missing.filter((user) => user.tags.includes('Staff'));
		expect(missingStaff.length).toBeGreaterThan(0);
		expect(missingStaff.length).toBeLessThan(missing.length);

		const result = await runSync(kept.map(rowOf), { deactivateMissing: true, deactivateOnlyTag: 'Staff', maxDeactivations: 100 });
		const output = jsonOf(result);
		expect(output.slice(0, 5).every((json) => json.action === 'unchanged')).toBe(true);
		expect(output.slice(5)).toEqual(
			missingStaff.map((user) => ({
				action: 'deactivated',
				...namedByService(user),
				external_id: user.external_id,
				user_id: user.id,
				changes: {},
				reason: 'Not in the list',
			})),
		);
		// A deactivation comes from the whole list: it pairs with every input item.
		expect(result.items[5].pairedItem).toEqual(kept.map((_, item) => ({ item })));
		expect(methods().filter((line) => line.startsWith('DELETE')).sort()).toEqual(
			missingStaff.map((user) => `DELETE /api/v2/users/${user.id}`).sort(),
		);
		const remaining = new Set((await allUsers()).map((user) => user.id));
		for (const user of missingStaff) expect(remaining.has(user.id)).toBe(false);
		for (const user of missing.filter((entry) => !entry.tags.includes('Staff'))) expect(remaining.has(user.id)).toBe(true);
	});

	it('deactivates nobody when more Users are missing than Max Deactivations, and reports each as skipped', async () => {
		const users = await allUsers();
		const result = await runSync(users.slice(0, 20).map(rowOf), { deactivateMissing: true, maxDeactivations: 4 });
		const skipped = jsonOf(result).slice(20);
		expect(skipped.map((json) => json.user_id)).toEqual(users.slice(20).map((user) => user.id));
		const reason = `${users.length - 20} users are missing from the list, more than 'Max Deactivations' (4): none was deactivated`;
		expect(skipped.every((json) => json.action === 'skipped' && json.reason === reason)).toBe(true);
		expect(methods().some((line) => line.startsWith('DELETE'))).toBe(false);
		expect(await allUsers()).toHaveLength(users.length);
	});

	it('with Dry Run reports what a real run then does, and sends nothing but reads', async () => {
		const users = await allUsers();
		const rows: Row[] = [
			...users.slice(0, 20).map(rowOf),
			{ ...rowOf(users[20]), first_name: 'Renamed' },
			{ external_id: 'HR-NEW-3', first_name: 'Cy', last_name: 'Dee', email: 'cy.new@example.org' },
		];
		const options = { deactivateMissing: true, maxDeactivations: 10 };
		// Dry Run as the node starts: on, without being set.
		const dryRun = await runSync(rows, options, {}, {}, null);
		expect(methods().every((line) => line.startsWith('GET '))).toBe(true);
		expect(await allUsers()).toEqual(users);
		// Every item says it was a dry run, and the action it would take, so a filter on `action` works both ways.
		expect(jsonOf(dryRun).every((json) => json.dry_run === true)).toBe(true);
		expect(Object.keys(jsonOf(dryRun)[0]).slice(0, 3)).toEqual(['action', 'reason', 'dry_run']);

		const real = await runSync(rows, options);
		expect(jsonOf(real).some((json) => 'dry_run' in json)).toBe(false);
		const actions = (result: typeof real) => jsonOf(result).map(({ action, external_id, changes, reason }) => ({ action, external_id, changes, reason }));
		expect(actions(dryRun)).toEqual(actions(real));
		expect(jsonOf(dryRun).map((json) => json.action)).toEqual([
			...Array(20).fill('unchanged'),
			'updated',
			'created',
			...Array(users.length - 21).fill('deactivated'),
		]);
		expect(byExternalId(jsonOf(dryRun)).get('HR-NEW-3')?.user_id).toBeNull();
		expect(byExternalId(jsonOf(real)).get('HR-NEW-3')?.user_id).toEqual(expect.any(Number));
	});

	it('is a dry run for a workflow saved before Dry Run moved to the top: n8n drops the old Options > Dry Run', async () => {
		const users = await allUsers();
		const rows: Row[] = [{ ...rowOf(users[0]), first_name: 'Renamed' }];
		const result = await runSync(rows, { dryRun: false }, {}, {}, null);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([expect.objectContaining({ action: 'updated', dry_run: true })]);
		expect(methods().every((line) => line.startsWith('GET '))).toBe(true);
		expect(await allUsers()).toEqual(users);
	});

	it('starts with the fields filled in: expressions reading external_id, first_name, last_name and email', async () => {
		const { properties } = resources.user.operations.sync;
		const defaults = Object.fromEntries(properties.map((property) => [property.name, property.default]));
		expect(defaults).toMatchObject({
			dryRun: true,
			externalId: '={{ $json.external_id }}',
			firstName: '={{ $json.first_name }}',
			lastName: '={{ $json.last_name }}',
			email: '={{ $json.email }}',
		});
		// As added to a workflow (nothing set but the operation): a dry run that reads the usual columns.
		const users = await allUsers();
		const added = await runActionNode({
			parameters: { resource: 'user', operation: 'sync' },
			items: [{ ...rowOf(users[0]), last_name: 'Moved' }],
			credential: sandbox(),
		});
		expect(jsonOf(added)).toEqual([expect.objectContaining({ action: 'updated', dry_run: true, external_id: users[0].external_id })]);
		expect(await allUsers()).toEqual(users);
	});

	it('stops on a failed read, or with Continue On Fail gives one error item paired with every input item', async () => {
		const rows = (await allUsers()).slice(0, 3).map(rowOf);
		await injectFault(sandbox(), { status: 403, count: 1 });
		const stopped = await runSync(rows);
		expect(stopped.error?.message).toBeDefined();

		await injectFault(sandbox(), { status: 403, count: 1 });
		const continued = await runSync(rows, {}, { continueOnFail: true });
		expect(continued.error).toBeUndefined();
		expect(continued.items).toHaveLength(1);
		expect(continued.items[0].json.error).toEqual(expect.any(String));
		expect(continued.items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('at Concurrency 1 stops at a create the service refuses; with Continue On Fail puts an error in its place and goes on', async () => {
		// The service wants a dot in the domain; the node's own check does not, so the refusal comes from the service.
		const rows: Row[] = [
			{ external_id: 'HR-LOCAL', first_name: 'Lo', last_name: 'Cal', email: 'lo@localhost' },
			{ external_id: 'HR-FINE', first_name: 'Fi', last_name: 'Ne', email: 'fi.ne@example.org' },
		];
		// Strictly one after another (Concurrency 1), a failure stops the run before the next create is sent.
		const stopped = await runSync(rows, {}, {}, { concurrency: 1 });
		expect(stopped.error?.message).toBeDefined();
		expect(methods().filter((line) => line.startsWith('POST'))).toEqual(['POST /api/v2/users']);
		sandbox().clearRequests();

		const continued = await runSync(rows, {}, { continueOnFail: true });
		expect(continued.error).toBeUndefined();
		expect(continued.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(continued.items[0].json).toEqual({ error: expect.stringMatching(/email|email/i) });
		expect(continued.items[1].json).toMatchObject({ action: 'created', external_id: 'HR-FINE' });
	});
});

describe('Sync at Concurrency 4, with 30 ms per answer', () => {
	const slow = useSandbox({ latencyMs: 30 });

	it('sends its creates four at a time, and its output is in list order, each paired with its row', async () => {
		const { control } = sandboxClients(slow());
		const rows: Row[] = Array.from({ length: 12 }, (_, index) => ({
			external_id: `HR-PAR-${index}`,
			first_name: `Par ${index}`,
			last_name: 'Allel',
			email: `par.${index}@example.org`,
		}));
		ok(await control.post('/stats/reset'));
		const result = await runSync(rows, {}, { credential: slow() }, { concurrency: 4 });

		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((json) => [json.action, json.external_id])).toEqual(
			rows.map((row) => ['created', row.external_id]),
		);
		expect(result.items.map((item) => item.pairedItem)).toEqual(rows.map((_, item) => ({ item })));
		// The one read of the Users, then the twelve creates: never more than four in flight, and four at once.
		expect(ok(await control.get('/stats'))).toMatchObject({ requests: 13, peakInFlight: 4, rateLimited: 0 });
	});
});

describe('the notice before a live run that deactivates', () => {
	const description = new MinistrySafe().description;
	const notice = description.properties.find((property) => property.name === 'liveDeactivationNotice');
	const shown = (parameters: INodeParameters) => {
		const values = { resource: 'user', operation: 'sync', ...parameters };
		return notice !== undefined && NodeHelpers.displayParameter(values, notice, { typeVersion: 1.1 }, description, values);
	};

	it('shows only when Dry Run is off and Deactivate Missing Users is on', () => {
		expect(notice?.type).toBe('notice');
		expect(shown({ dryRun: false, options: { deactivateMissing: true } })).toBe(true);
		expect(shown({ dryRun: true, options: { deactivateMissing: true } })).toBe(false);
		expect(shown({ dryRun: false, options: { deactivateMissing: false } })).toBe(false);
		expect(shown({ dryRun: false, options: {} })).toBe(false);
		expect(shown({ dryRun: false, options: { deactivateMissing: true }, operation: 'upsert' })).toBe(false);
	});
});
