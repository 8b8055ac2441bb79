// Paging edges: 100 per page, page 1 by default, [] past the end, and with_page's page count; for Users (seeded
// counts 99, 100, 101) and for the Trainings, Background Checks and Tags lists (records created through the API).
import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { Client } from './helpers';
import { clientsFor, createOrganization, createUser, list } from './helpers';

describe.each([
	{ users: 99, pages: 1, lastPageSize: 99 },
	{ users: 100, pages: 1, lastPageSize: 100 },
	{ users: 101, pages: 2, lastPageSize: 1 },
])('Users with $users records', ({ users, pages, lastPageSize }) => {
	let sandbox: Sandbox;
	let api: Client;
	beforeAll(async () => {
		sandbox = await startSandbox({ users });
		({ api } = clientsFor(sandbox.url, sandbox.apiKey));
	});
	afterAll(() => sandbox.stop());

	it(`gives ${pages} page(s), the last with ${lastPageSize}, then []`, async () => {
		const firstPage = list(await api.get('/users'));
		expect(firstPage).toHaveLength(Math.min(users, 100));
		expect(list(await api.get('/users', { query: { page: 1 } }))).toEqual(firstPage);
		const lastPage = list(await api.get('/users', { query: { page: pages } }));
		expect(lastPage).toHaveLength(lastPageSize);
		const pastTheEnd = await api.get('/users', { query: { page: pages + 1 } });
		expect(pastTheEnd.status).toBe(200);
		expect(pastTheEnd.body).toEqual([]);

		const seen = new Set<unknown>();
		for (let page = 1; page <= pages; page++) {
			for (const user of list(await api.get('/users', { query: { page } }))) seen.add(user.id);
		}
		expect(seen.size).toBe(users);
	});

	it('with_page tells the page and the page count', async () => {
		const answer = await api.get('/users/with_page', { query: { page: pages } });
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body).sort()).toEqual(['page', 'pages', 'users']);
		expect(answer.body.page).toBe(pages);
		expect(answer.body.pages).toBe(pages);
		expect(answer.body.users).toEqual(list(await api.get('/users', { query: { page: pages } })));
		const past = await api.get('/users/with_page', { query: { page: pages + 1 } });
		expect(past.body).toEqual({ users: [], page: pages + 1, pages });
	});
});

describe('Trainings, Background Checks and Tags lists of a new Organization', () => {
	let sandbox: Sandbox;
	let api: Client;
	beforeAll(async () => {
		sandbox = await startSandbox();
		({ api } = await createOrganization(clientsFor(sandbox.url, sandbox.apiKey).api));
	});
	afterAll(() => sandbox.stop());

	it('starts empty: [] and with_page pages 0', async () => {
		expect(list(await api.get('/users'))).toEqual([]);
		expect((await api.get('/users/with_page')).body).toEqual({ users: [], page: 1, pages: 0 });
		expect(list(await api.get('/trainings'))).toEqual([]);
		expect(list(await api.get('/background_checks'))).toEqual([]);
		expect(list(await api.get('/tags'))).toEqual([]);
	});

	it('pages 101 Trainings, 101 Background Checks and 101 Tags as 100 + 1, then []', async () => {
		const tags = Array.from({ length: 101 }, (_, index) => `Tag ${String(index).padStart(3, '0')}`);
		const user = await createUser(api, { external_id: 'P-1' }, tags.join(','));
		for (let index = 0; index < 101; index++) {
			const assigned = await api.post(`/users/${user.id}/assign_training`, { form: { survey_code: 'standard' } });
			expect(assigned.status).toBe(201);
			const ordered = await api.post('/background_checks', {
				form: {
					background_check: {
						user_id: user.id,
						level: 1,
						quickapp: 'true',
						child_serving: 'true',
						employee_type: 'current',
					},
				},
			});
			expect(ordered.status).toBe(201);
		}
		for (const path of ['/trainings', '/background_checks', '/tags']) {
			expect({ path, size: list(await api.get(path)).length }).toEqual({ path, size: 100 });
			expect({ path, size: list(await api.get(path, { query: { page: 2 } })).length }).toEqual({ path, size: 1 });
			expect({ path, body: (await api.get(path, { query: { page: 3 } })).body }).toEqual({ path, body: [] });
		}
		expect(list(await api.get('/tags', { query: { page: 2 } }))).toEqual([{ name: 'Tag 100' }]);
		// The per-User lists are plain arrays, not paged.
		expect(list(await api.get(`/users/${user.id}/trainings`))).toHaveLength(101);
		expect(list(await api.get(`/users/${user.id}/background_checks`))).toHaveLength(101);
	});
});
