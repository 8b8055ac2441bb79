// The User operations, run by n8n's engine against the sandbox over real HTTP: what the sandbox received, and what
// the node put out compared with the records the sandbox holds afterwards.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RunActionOptions } from '../helpers/n8n';
import { startLocalServer } from '../helpers/localServer';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';

type UserRecord = { id: number; external_id: string; first_name: string; email: string; tags: string[]; user_type?: string };

const sandbox = useSandbox();

const runUser = (parameters: INodeParameters, options: Partial<RunActionOptions> = {}) =>
	runActionNode({ parameters: { resource: 'user', ...parameters }, credential: sandbox(), ...options });

const api = () => sandboxClients(sandbox()).api;
const readUser = async (id: number) => ok(await api().get(`/users/${id}`)) as UserRecord;
/** The seeded Users, read through the API, with the request log cleared afterwards. */
async function seededUsers(): Promise<UserRecord[]> {
	const users = ok(await api().get('/users')) as UserRecord[];
	sandbox().clearRequests();
	return users;
}
const seededUser = async (index = 0) => (await seededUsers())[index];
const byId = (id: number) => ({ __rl: true, mode: 'id', value: String(id) });
const byEmployeeId = (employeeId: string) => ({ __rl: true, mode: 'employeeId', value: employeeId });

const newUser = {
	firstName: 'Ada',
	lastName: 'Okafor',
	email: 'ada.okafor@example.org',
	externalId: 'HR-900',
};
/** `newUser` as the sandbox decodes the form: user[first_name]=Ada&... */
const newUserForm = (userType: string) => ({
	first_name: 'Ada',
	last_name: 'Okafor',
	email: 'ada.okafor@example.org',
	external_id: 'HR-900',
	user_type: userType,
});

describe('Create', () => {
	it('posts the form with bracketed keys and tag_list, and outputs the created User', async () => {
		const result = await runUser({
			operation: 'create',
			...newUser,
			additionalFields: { userType: 'employee', tags: ['Nursery', 'Greeters'] },
		});

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox())).toEqual([
			{
				method: 'POST',
				path: '/api/v2/users',
				query: {},
				body: { user: newUserForm('employee'), tag_list: 'Nursery,Greeters' },
			},
		]);
		const [created] = jsonOf(result);
		const stored = await readUser(Number(created.id));
		expect(created).toEqual(stored);
		expect([...stored.tags].sort()).toEqual(['Greeters', 'Nursery']);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('takes every field from the input items through expressions, Tags as comma-separated text', async () => {
		const items = [
			{ first: 'Ada', last: 'Okafor', mail: 'ada@example.org', hr: 'HR-1', tags: 'Staff, Drivers,' },
			{ first: 'Ben', last: 'Ito', mail: 'ben@example.org', hr: 'HR-2', tags: '' },
		];
		const result = await runUser(
			{
				operation: 'create',
				firstName: '={{ $json.first }}',
				lastName: '={{ $json.last }}',
				email: '={{ $json.mail }}',
				externalId: '={{ $json.hr }}',
				additionalFields: { tags: '={{ $json.tags }}' },
			},
			{ items },
		);

		expect(result.error).toBeUndefined();
		const bodies = sentRequests(sandbox()).map((request) => request.body);
		expect(bodies).toEqual([
			{
				user: { first_name: 'Ada', last_name: 'Okafor', email: 'ada@example.org', external_id: 'HR-1' },
				tag_list: 'Staff,Drivers',
			},
			{ user: { first_name: 'Ben', last_name: 'Ito', email: 'ben@example.org', external_id: 'HR-2' } },
		]);
		const output = jsonOf(result);
		expect(output).toEqual([await readUser(Number(output[0].id)), await readUser(Number(output[1].id))]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it.each([
		['First Name', { first: '' }, 'is required'],
		['Last Name', { last: '  ' }, 'is required'],
		['Email', { mail: '' }, 'is required'],
		['Email', { mail: 'ada.example.org' }, 'must be an email address'],
		['External ID', { hr: '' }, 'is required'],
		['User Type', { type: 'staff' }, "must be one of 'Employee' or 'Volunteer' (in an expression: employee, volunteer)"],
	])('refuses a bad "%s" (%j) and sends nothing', async (label, override, problem) => {
		const item = { first: 'Ada', last: 'Okafor', mail: 'ada@example.org', hr: 'HR-1', type: 'volunteer', ...override };
		const result = await runUser(
			{
				operation: 'create',
				firstName: '={{ $json.first }}',
				lastName: '={{ $json.last }}',
				email: '={{ $json.mail }}',
				externalId: '={{ $json.hr }}',
				additionalFields: { userType: '={{ $json.type }}' },
			},
			{ items: [item] },
		);

		expect(result.error?.message).toBe(`'${label}' ${problem} [item 0]`);
		expect(result.error?.description).toContain('Nothing was sent to the service');
		expect(sandbox().requests).toEqual([]);
	});

	it("shows the service's field errors when the External ID is taken", async () => {
		const existing = await seededUser(2);
		const result = await runUser({ operation: 'create', ...newUser, externalId: existing.external_id });

		// The owner is found with one lookup, and the error says what to do instead.
		expect(sentRequests(sandbox()).map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/v2/users', 'GET /api/v2/users']);
		expect(result.error?.message).toBe(
			`External ID ${existing.external_id} already belongs to User ${existing.id}, ${existing.first_name} ${String((existing as IDataObject).last_name)} [item 0]`,
		);
		expect(result.error?.description).toContain('Use Create or Update');
	});
});

describe('Update', () => {
	it('sends only the fields that are set, then reads the User back (the service answers 204)', async () => {
		const user = (await seededUsers()).find(({ tags }) => tags.length > 0) as UserRecord;
		// Tags added to the form but left empty change nothing.
		const updateFields = { firstName: 'Grace', tags: [] };
		const result = await runUser({ operation: 'update', user: byId(user.id), updateFields });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox())).toEqual([
			{ method: 'PUT', path: `/api/v2/users/${user.id}`, query: {}, body: { user: { first_name: 'Grace' } } },
			{ method: 'GET', path: `/api/v2/users/${user.id}`, query: {}, body: undefined },
		]);
		const stored = await readUser(user.id);
		expect(stored.first_name).toBe('Grace');
		expect(stored.email).toBe(user.email);
		expect(stored.tags).toEqual(user.tags);
		expect(jsonOf(result)).toEqual([stored]);
	});

	it('resolves an employee ID to the numeric ID first, and replaces the Tags', async () => {
		const user = await seededUser(1);
		const result = await runUser({
			operation: 'update',
			user: byEmployeeId(user.external_id),
			updateFields: { email: 'new.address@example.org', tags: ['Staff', 'Drivers'] },
		});

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox())).toEqual([
			{ method: 'GET', path: `/api/v2/users/by_employee_id/${user.external_id}`, query: {}, body: undefined },
			{
				method: 'PUT',
				path: `/api/v2/users/${user.id}`,
				query: {},
				body: { user: { email: 'new.address@example.org' }, tag_list: 'Staff,Drivers' },
			},
			{ method: 'GET', path: `/api/v2/users/${user.id}`, query: {}, body: undefined },
		]);
		const stored = await readUser(user.id);
		expect([...stored.tags].sort()).toEqual(['Drivers', 'Staff']);
		expect(jsonOf(result)).toEqual([stored]);
	});

	it.each([
		['no field at all', {}, 'Update Fields', 'must set at least one field (First Name, Last Name, Email or Tags)'],
		[
			'fields that are all empty',
			{ firstName: '={{ $json.missing }}', tags: '={{ $json.none }}' },
			'Update Fields',
			'must set at least one field (First Name, Last Name, Email or Tags)',
		],
		['an email without @', { email: '={{ $json.mail }}' }, 'Email', 'must be an email address'],
	])('refuses %s and sends nothing, not even the employee ID lookup', async (_case, updateFields, label, problem) => {
		const result = await runUser(
			{ operation: 'update', user: byEmployeeId('10001'), updateFields },
			{ items: [{ mail: 'nobody.example.org' }] },
		);

		expect(result.error?.message).toBe(`'${label}' ${problem} [item 0]`);
		expect(sandbox().requests).toEqual([]);
	});
});

describe('the User locator fed by expressions', () => {
	it.each([
		['update', 'id', 'abc', "must be a numeric User ID (or choose 'By External ID')"],
		['deactivate', 'id', '12a', "must be a numeric User ID (or choose 'By External ID')"],
		['getSignInLink', 'id', '', 'is required'],
		['deactivate', 'employeeId', '  ', 'is required'],
		['get', 'employeeId', '', 'is required'],
	])('%s refuses a %s of %j and sends nothing', async (operation, mode, value, problem) => {
		const result = await runUser(
			{ operation, user: { __rl: true, mode, value: '={{ $json.value }}' }, updateFields: { firstName: 'X' } },
			{ items: [{ value }] },
		);

		expect(result.error?.message).toBe(`'User' ${problem} [item 0]`);
		expect(sandbox().requests).toEqual([]);
	});
});

describe('Create or Update', () => {
	it('creates the User when no User has the External ID', async () => {
		const result = await runUser({ operation: 'upsert', ...newUser, additionalFields: { userType: 'volunteer' } });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox())).toEqual([
			{ method: 'GET', path: '/api/v2/users', query: { external_id: 'HR-900', page: '1' }, body: undefined },
			{
				method: 'POST',
				path: '/api/v2/users',
				query: {},
				body: { user: newUserForm('volunteer') },
			},
		]);
		const [output] = jsonOf(result);
		expect(output).toEqual({ ...(await readUser(Number(output.id))), action: 'created', reason: null });
	});

	it('updates the User who has the External ID, without external_id or user_type in the update', async () => {
		const user = await seededUser(3);
		// A type other than the User's: the update cannot apply it, and says so.
		const otherType = user.user_type === 'employee' ? 'volunteer' : 'employee';
		const result = await runUser({
			operation: 'upsert',
			...newUser,
			externalId: user.external_id,
			additionalFields: { userType: otherType, tags: ['Greeters'] },
		});

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox())).toEqual([
			{ method: 'GET', path: '/api/v2/users', query: { external_id: user.external_id, page: '1' }, body: undefined },
			{
				method: 'PUT',
				path: `/api/v2/users/${user.id}`,
				query: {},
				body: {
					user: { first_name: 'Ada', last_name: 'Okafor', email: 'ada.okafor@example.org' },
					tag_list: 'Greeters',
				},
			},
			{ method: 'GET', path: `/api/v2/users/${user.id}`, query: {}, body: undefined },
		]);
		const stored = await readUser(user.id);
		expect(stored).toMatchObject({ first_name: 'Ada', email: 'ada.okafor@example.org', tags: ['Greeters'] });
		expect(jsonOf(result)).toEqual([
			{
				...stored,
				action: 'updated',
				reason: `User Type cannot be changed through the API: it stays ${String(user.user_type)} (asked: ${otherType})`,
			},
		]);
		expect(stored.user_type).toBe(user.user_type);
	});

	it('creates, not updates, when the lookup answers with Users who have other External IDs', async () => {
		const others = [{ id: 7, external_id: 'HR-9000' }];
		const created = { id: 8, external_id: 'HR-900', tags: [] };
		const server = await startLocalServer(({ method }) =>
			method === 'GET' ? { status: 200, body: others } : { status: 201, body: created },
		);
		try {
			const result = await runUser({ operation: 'upsert', ...newUser }, { credential: { url: server.url, apiKey: 'k' } });

			expect(result.error).toBeUndefined();
			expect(server.received.map(({ method, url }) => `${method} ${url}`)).toEqual([
				'GET /api/v2/users?external_id=HR-900&page=1',
				'POST /api/v2/users',
			]);
			expect(jsonOf(result)).toEqual([{ ...created, action: 'created', reason: null }]);
		} finally {
			await server.stop();
		}
	});

	it.each([
		['External ID', { hr: '' }, 'is required'],
		['Email', { mail: 'ada@' }, 'must be an email address'],
		['First Name', { first: '' }, 'is required'],
	])('refuses a bad "%s" and sends nothing, not even the lookup', async (label, override, problem) => {
		const item = { first: 'Ada', last: 'Okafor', mail: 'ada@example.org', hr: 'HR-1', ...override };
		const result = await runUser(
			{
				operation: 'upsert',
				externalId: '={{ $json.hr }}',
				firstName: '={{ $json.first }}',
				lastName: '={{ $json.last }}',
				email: '={{ $json.mail }}',
			},
			{ items: [item] },
		);

		expect(result.error?.message).toBe(`'${label}' ${problem} [item 0]`);
		expect(sandbox().requests).toEqual([]);
	});
});

describe('Deactivate', () => {
	it('deletes the User by ID and outputs { id, deactivated: true }', async () => {
		const user = await seededUser(0);
		const result = await runUser({ operation: 'deactivate', user: byId(user.id) });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox())).toEqual([
			{ method: 'DELETE', path: `/api/v2/users/${user.id}`, query: {}, body: undefined },
		]);
		expect(jsonOf(result)).toEqual([{ id: user.id, deactivated: true }]);
		expect((await api().get(`/users/${user.id}`)).status).toBe(404);
	});

	it('resolves an employee ID to the numeric ID first', async () => {
		const user = await seededUser(4);
		const result = await runUser({ operation: 'deactivate', user: byEmployeeId(user.external_id) });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox()).map(({ method, path }) => `${method} ${path}`)).toEqual([
			`GET /api/v2/users/by_employee_id/${user.external_id}`,
			`DELETE /api/v2/users/${user.id}`,
		]);
		expect(jsonOf(result)).toEqual([{ id: user.id, deactivated: true }]);
		expect((await api().get(`/users/${user.id}`)).status).toBe(404);
	});

	it('names the User when no User has the employee ID, and deletes nothing', async () => {
		const result = await runUser({ operation: 'deactivate', user: byEmployeeId('NO-SUCH-ID') });

		expect(result.error?.message).toBe('User with External ID NO-SUCH-ID was not found [item 0]');
		expect(sentRequests(sandbox()).map(({ method }) => method)).toEqual(['GET']);
	});
});

describe('Get and Get Sign-In Link', () => {
	it.each([
		['ID', (user: UserRecord) => byId(user.id), (user: UserRecord) => `/api/v2/users/${user.id}`],
		[
			'employee ID',
			(user: UserRecord) => byEmployeeId(user.external_id),
			(user: UserRecord) => `/api/v2/users/by_employee_id/${user.external_id}`,
		],
	])('gets a User by %s with one request to its path', async (_mode, locator, path) => {
		const user = await seededUser(5);
		const result = await runUser({ operation: 'get', user: locator(user) });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox())).toEqual([{ method: 'GET', path: path(user), query: {}, body: undefined }]);
		expect(jsonOf(result)).toEqual([await readUser(user.id)]);
	});

	it.each([
		['ID', (user: UserRecord) => byId(user.id), (user: UserRecord) => `/api/v2/users/${user.id}/sign_in_link`],
		[
			'employee ID',
			(user: UserRecord) => byEmployeeId(user.external_id),
			(user: UserRecord) => `/api/v2/users/by_employee_id/${user.external_id}/sign_in_link`,
		],
	])('gets a sign-in link by %s, one that signs in once', async (_mode, locator, path) => {
		const user = await seededUser(6);
		const before = Date.now();
		const result = await runUser({ operation: 'getSignInLink', user: locator(user) });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox())).toEqual([{ method: 'GET', path: path(user), query: {}, body: undefined }]);
		const [link] = jsonOf(result);
		expect(Object.keys(link).sort()).toEqual(['expires_at', 'sign_in_link']);
		const expiresInMs = Date.parse(String(link.expires_at)) - before;
		expect(expiresInMs).toBeGreaterThan(4 * 60 * 1000);
		expect(expiresInMs).toBeLessThanOrEqual(5 * 60 * 1000 + 1000);
		// The link is the service's own: it signs in once, then it is spent.
		expect((await fetch(String(link.sign_in_link))).status).toBe(200);
		expect((await fetch(String(link.sign_in_link))).status).toBe(410);
	});
});

describe('Get (detailed) and Get Many (filters)', () => {
	it.each([
		['ID', (user: UserRecord) => byId(user.id), (user: UserRecord) => `/users/${user.id}/detailed`],
		[
			'employee ID',
			(user: UserRecord) => byEmployeeId(user.external_id),
			(user: UserRecord) => `/users/by_employee_id/${user.external_id}/detailed`,
		],
	])('reads the detailed User by %s', async (_mode, locator, path) => {
		const user = await seededUser(8);
		const result = await runUser({ operation: 'get', user: locator(user), options: { detailed: true } });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox())).toEqual([{ method: 'GET', path: `/api/v2${path(user)}`, query: {}, body: undefined }]);
		const detailed = ok(await api().get(path(user))) as IDataObject;
		expect(detailed).toHaveProperty('trainings');
		expect(jsonOf(result)).toEqual([detailed]);
	});

	it('sends each filter that is set as its query parameter', async () => {
		const tagged = (await seededUsers()).find(({ tags }) => tags.length > 0) as UserRecord;
		const result = await runUser({
			operation: 'getAll',
			returnAll: true,
			filters: { search: tagged.first_name, tag: tagged.tags[0] },
		});

		expect(result.error).toBeUndefined();
		const query = { search: tagged.first_name, tag: tagged.tags[0] };
		expect(sentRequests(sandbox())).toEqual([
			// Return All reads the first page with the page count (api-v2.md: GET /users/with_page).
			{ method: 'GET', path: '/api/v2/users/with_page', query: { ...query, page: '1' }, body: undefined },
		]);
		const matching = ok(await api().get('/users', { query })) as UserRecord[];
		expect(matching).toContainEqual(tagged);
		expect(jsonOf(result)).toEqual(matching);
	});

	it('finds the one User with an External ID', async () => {
		const user = await seededUser(9);
		const result = await runUser({ operation: 'getAll', returnAll: false, limit: 5, filters: { externalId: user.external_id } });

		expect(sentRequests(sandbox()).map(({ query }) => query)).toEqual([{ external_id: user.external_id, page: '1' }]);
		expect(jsonOf(result)).toEqual([user]);
	});
});


describe('every problem of an item at once', () => {
	it('Create lists each missing or malformed field by its label, in the order of the node', async () => {
		// From the item, as a workflow maps them: n8n itself stops a required field left empty in the node.
		const result = await runUser(
			{ operation: 'create', ...newUser, firstName: '={{ $json.first }}', email: '={{ $json.mail }}', externalId: '={{ $json.id }}' },
			{ items: [{ first: ' ', mail: 'ada.example.org', id: '' }] },
		);
		expect(result.error?.message).toBe(
			"3 fields need correcting: 'First Name' is required; 'Email' must be an email address; 'External ID' is required [item 0]",
		);
		expect(sentRequests(sandbox())).toEqual([]);
	});

	it('Update names a bad User and an empty Update Fields together', async () => {
		const result = await runUser(
			{ operation: 'update', user: { __rl: true, mode: 'id', value: '={{ $json.user }}' }, updateFields: {} },
			{ items: [{ user: 'ada' }] },
		);
		expect(result.error?.message).toBe(
			"2 fields need correcting: 'User' must be a numeric User ID (or choose 'By External ID'); " +
				"'Update Fields' must set at least one field (First Name, Last Name, Email or Tags) [item 0]",
		);
		expect(result.error?.description).toContain("Correct 'User' and 'Update Fields'");
		expect(sentRequests(sandbox())).toEqual([]);
	});
});
