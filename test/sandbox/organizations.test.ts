// Keys and Organizations: 401 for an unknown key, 403 without a capability, creation (its validation and the new
// key that works at once), scoping of every list to the key's Organization, organization types and Tags.
import { DEFAULT_API_KEY, startSandbox } from '../../sandbox';
import { clientsFor, createOrganization, createUser, list, organizationBody, useSandbox } from './helpers';

const suite = useSandbox();

describe('keys', () => {
	it('uses the default demo key when none is given', () => {
		expect(suite.sandbox.apiKey).toBe(DEFAULT_API_KEY);
	});

	it('answers 401 with a message for a missing header, an unknown key or another scheme', async () => {
		const cases: Array<{ key?: string | null; headers?: Record<string, string> }> = [
			{ key: null },
			{ key: 'not-a-key' },
			{ key: null, headers: { Authorization: `Bearer ${DEFAULT_API_KEY}` } },
		];
		for (const options of cases) {
			const answer = await suite.api.get('/users', options);
			expect(answer.status).toBe(401);
			expect(typeof answer.body.message).toBe('string');
		}
		const quoted = await suite.api.get('/users', {
			key: null,
			headers: { Authorization: `Token token="${DEFAULT_API_KEY}"` },
		});
		expect(quoted.status).toBe(200);
	});

	it('answers 401 before looking at the route', async () => {
		expect((await suite.api.get('/no/such/route', { key: 'wrong' })).status).toBe(401);
		expect((await suite.api.get('/no/such/route')).body).toEqual({ message: 'Not found' });
	});

	it('takes another demo key when asked', async () => {
		const other = await startSandbox({ apiKey: 'my-own-key' });
		try {
			const { api: otherApi } = clientsFor(other.url, 'my-own-key');
			expect((await otherApi.get('/users')).status).toBe(200);
			expect((await otherApi.get('/users', { key: DEFAULT_API_KEY })).status).toBe(401);
		} finally {
			await other.stop();
		}
	});
});

describe('creating an Organization', () => {
	it('answers 201 with a new key that works at once, on an Organization with no Users', async () => {
		const answer = await suite.api.post('/organizations', { json: organizationBody() });
		expect(answer.status).toBe(201);
		expect(Object.keys(answer.body).sort()).toEqual(['organization_api_key', 'organization_id', 'success']);
		expect(answer.body.success).toBe(true);
		expect(typeof answer.body.organization_id).toBe('number');
		const created = suite.api.withKey(String(answer.body.organization_api_key));
		expect((await created.get('/users')).body).toEqual([]);
		expect((await created.get('/background_checks/available_levels')).body).toEqual([1, 2, 3]);
	});

	it('accepts the form encoding with bracketed keys too', async () => {
		const answer = await suite.api.post('/organizations', {
			form: organizationBody({
				organization_type: 'Other',
				other_type_description: 'Scouts',
				allow_sign_in_link_creation: 'true',
			}),
		});
		expect(answer.status).toBe(201);
	});

	it('names every missing field, the administrator\'s included', async () => {
		const answer = await suite.api.post('/organizations', { json: {} });
		expect(answer.status).toBe(422);
		expect(Object.keys(answer.body.errors).sort()).toEqual(
			[
				'name',
				'address',
				'city',
				'country',
				'hear_from',
				'state',
				'zip',
				'size_of_org',
				'phone',
				'billing_email',
				'organization_type',
				'ssa.first_name',
				'ssa.last_name',
				'ssa.email',
				'ssa.username',
				'ssa.type',
			].sort(),
		);
	});

	it('checks formats and enumerations, and needs other_type_description for Other', async () => {
		const answer = await suite.api.post('/organizations', {
			json: organizationBody({
				state: 'T',
				zip: '787011',
				phone: '5125550100',
				size_of_org: '10',
				billing_email: 'billing',
				organization_type: 'Other',
				allow_sign_in_link_creation: 'sometimes',
				ssa: { first_name: 'Pat', last_name: 'Lee', email: 'pat@x.org', username: 'pat', type: 'owner' },
			}),
		});
		expect(answer.status).toBe(422);
		expect(answer.body.errors).toEqual({
			state: ['must be a two-letter state code'],
			zip: ['must be 5 digits'],
			size_of_org: ['is not included in the list (1-200, 200-1000, 1000-5000, 5000+)'],
			phone: ['must be 11 digits'],
			billing_email: ['is not a valid e-mail address'],
			other_type_description: ["can't be blank"],
			allow_sign_in_link_creation: ['must be true or false'],
			'ssa.type': ['is not included in the list (employee, volunteer, contractor_licensee)'],
		});
		const unknownType = await suite.api.post('/organizations', { json: organizationBody({ organization_type: 'Club' }) });
		expect(Object.keys(unknownType.body.errors)).toEqual(['organization_type']);
	});

	it('answers 403 to a created Organization\'s key, which may not create Organizations', async () => {
		const created = await createOrganization(suite.api);
		const answer = await created.api.post('/organizations', { json: organizationBody() });
		expect(answer.status).toBe(403);
		expect(answer.body.message).toMatch(/may not create Organizations/);
	});
});

describe('scoping', () => {
	it('keeps each Organization\'s records to itself', async () => {
		const created = await createOrganization(suite.api, { allow_sign_in_link_creation: true });
		const [demoUser] = list(await suite.api.get('/users'));
		const [demoCheck] = list(await suite.api.get('/background_checks'));
		expect((await created.api.get(`/users/${demoUser.id}`)).status).toBe(404);
		expect((await created.api.get(`/users/by_employee_id/${demoUser.external_id}`)).status).toBe(404);
		expect((await created.api.get(`/background_checks/${demoCheck.id}`)).status).toBe(404);
		expect((await created.api.put(`/background_checks/${demoCheck.id}/archive`)).status).toBe(404);
		expect(list(await created.api.get('/trainings'))).toEqual([]);
		expect(list(await created.api.get('/tags'))).toEqual([]);

		// The same external id as a demo User: unique only within an Organization.
		const own = await createUser(created.api, { external_id: String(demoUser.external_id) }, 'Leaders');
		expect(list(await created.api.get('/users'))).toEqual([own]);
		expect(list(await created.api.get('/tags'))).toEqual([{ name: 'Leaders' }]);
		expect(list(await suite.api.get('/users')).map((user) => user.id)).not.toContain(own.id);
		expect(list(await suite.api.get('/tags')).map((tag) => tag.name)).not.toContain('Leaders');
	});

	it('answers 403 for sign-in links when the Organization does not allow them, 200 when it does', async () => {
		for (const allowed of [false, true]) {
			const created = await createOrganization(suite.api, { allow_sign_in_link_creation: allowed });
			const user = await createUser(created.api, { external_id: 'S1' });
			const answer = await created.api.get(`/users/${user.id}/sign_in_link`);
			const byEmployeeId = await created.api.get('/users/by_employee_id/S1/sign_in_link');
			expect([answer.status, byEmployeeId.status]).toEqual(allowed ? [200, 200] : [403, 403]);
			if (!allowed) expect(answer.body.message).toMatch(/allow_sign_in_link_creation/);
		}
	});
});

describe('organization types and Tags', () => {
	it('lists the organization types for GET and POST', async () => {
		const types = ['Church', 'School', 'Camp', 'Youth Sports', 'Daycare', 'Nonprofit', 'Other'];
		expect(await suite.api.get('/organizations/types')).toMatchObject({ status: 200, body: types });
		expect(await suite.api.post('/organizations/types')).toMatchObject({ status: 200, body: types });
		expect((await suite.api.delete('/organizations/types')).status).toBe(404);
	});

	it('lists Tags as {name}, alphabetically, and refuses a bad page', async () => {
		const tags = list(await suite.api.get('/tags'));
		expect(tags.length).toBeGreaterThan(0);
		for (const tag of tags) expect(Object.keys(tag)).toEqual(['name']);
		const names = tags.map((tag) => String(tag.name));
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect((await suite.api.get('/tags', { query: { page: 'x' } })).status).toBe(422);
	});
});
