// Return All and Limit across pages of 100 (api-v2.md 8; decisions.md 8), through n8n's engine against a sandbox
// with 250 Users: exactly the pages needed are requested, and reading stops at a short or empty page.
import type { LocalServer } from '../helpers/localServer';
import { startLocalServer } from '../helpers/localServer';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';

const USERS = 250;

const sandbox = useSandbox({ users: USERS });

/** All 250 Users as the sandbox lists them, page after page. */
let allUsers: { id: number }[];

beforeAll(async () => {
	const { api } = sandboxClients(sandbox());
	allUsers = [];
	for (let page = 1; page <= 3; page++) {
		allUsers.push(...(ok(await api.get('/users', { query: { page } })) as { id: number }[]));
	}
});

const getManyUsers = (paging: { returnAll: boolean; limit?: number }) =>
	runActionNode({ parameters: { resource: 'user', operation: 'getAll', ...paging }, credential: sandbox() });

/** The pages the node asked for, in order. */
const pagesRequested = () =>
	sentRequests(sandbox()).map(({ method, path, query }) => `${method} ${path}?page=${String(query.page)}`);

it('has 250 distinct Users to page through', () => {
	expect(new Set(allUsers.map((user) => user.id)).size).toBe(USERS);
});

it('Return All reads page 1 with the page count (with_page), then pages 2 and 3 at once, records in page order', async () => {
	const result = await getManyUsers({ returnAll: true });

	expect(result.error).toBeUndefined();
	const [first, ...rest] = pagesRequested();
	expect(first).toBe('GET /api/v2/users/with_page?page=1');
	expect(rest.sort()).toEqual(['GET /api/v2/users?page=2', 'GET /api/v2/users?page=3']);
	expect(jsonOf(result)).toEqual(allUsers);
});

it('Limit 120 reads pages 1 and 2 and nothing after', async () => {
	const result = await getManyUsers({ returnAll: false, limit: 120 });

	expect(pagesRequested()).toEqual(['GET /api/v2/users?page=1', 'GET /api/v2/users?page=2']);
	expect(jsonOf(result)).toEqual(allUsers.slice(0, 120));
});

it.each([30, 100])('Limit %i (within one page) makes one request', async (limit) => {
	const result = await getManyUsers({ returnAll: false, limit });

	expect(pagesRequested()).toEqual(['GET /api/v2/users?page=1']);
	expect(jsonOf(result)).toEqual(allUsers.slice(0, limit));
});

it('Return All stops at the page count, even when the last page is full', async () => {
	// 200 Users left: pages 1 and 2 are full, page 3 is [].
	const { api } = sandboxClients(sandbox());
	for (const user of allUsers.slice(200)) ok(await api.delete(`/users/${user.id}`));
	sandbox().clearRequests();

	const result = await getManyUsers({ returnAll: true });

	// The count says 2 pages: nothing past them is read.
	expect(result.error).toBeUndefined();
	expect(pagesRequested()).toEqual(['GET /api/v2/users/with_page?page=1', 'GET /api/v2/users?page=2']);
	expect(jsonOf(result)).toEqual(allUsers.slice(0, 200));
});

it('keeps the filters on every page', async () => {
	const result = await runActionNode({
		parameters: { resource: 'user', operation: 'getAll', returnAll: true, filters: { search: 'a' } },
		credential: sandbox(),
	});

	expect(result.error).toBeUndefined();
	const requests = sentRequests(sandbox());
	expect(requests.length).toBeGreaterThan(1);
	expect(requests.map(({ query }) => query).sort((a, b) => Number(a.page) - Number(b.page))).toEqual(
		requests.map((_request, index) => ({ search: 'a', page: String(index + 1) })),
	);
});

describe('a service that repeats the same full page for every page number', () => {
	let server: LocalServer;

	beforeAll(async () => {
		const samePage = Array.from({ length: 100 }, (_unused, index) => ({ id: index + 1 }));
		server = await startLocalServer(() => ({ status: 200, body: samePage }));
	});
	afterAll(() => server.stop());

	it('stops with an error at the second page instead of looping forever', async () => {
		const result = await runActionNode({
			parameters: { resource: 'user', operation: 'getAll', returnAll: true },
			credential: { url: server.url, apiKey: 'any' },
		});

		// The answer to with_page has no page count, so the list is read as a plain one: page 1, then a few ahead.
		const urls = server.received.map(({ url }) => url);
		expect(urls.slice(0, 2)).toEqual(['/api/v2/users/with_page?page=1', '/api/v2/users?page=1']);
		expect(urls).toContain('/api/v2/users?page=2');
		expect(urls.length).toBeLessThanOrEqual(6);
		expect(result.error?.message).toBe('The service returned the same records for page 2 as for page 1 of /users [item 0]');
		expect(result.items).toEqual([]);
	});
});
