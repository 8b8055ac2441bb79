// The editor's lists, filled as n8n fills them: the node's listSearch and loadOptions methods called through n8n-core's
// LoadOptionsContext, over real HTTP to the sandbox. The User locator's search (with its page token), the Organization
// Type locator's list, and the Tag and Organization Type dropdowns.
import type { IDataObject } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node.js';
import { loadOptionsContext } from '../helpers/n8n';
import { ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';

const { listSearch, loadOptions } = new MinistrySafe().methods;

/** More than one page of Users, so the search has a second page. */
const USERS = 150;
const sandbox = useSandbox({ users: USERS });

/** Reads from the sandbox's API, then forgets that request, so that only the node's requests are left. */
async function read<T>(path: string, query?: Record<string, unknown>): Promise<T> {
	const body = ok(await sandboxClients(sandbox()).api.get(path, { query })) as T;
	sandbox().clearRequests();
	return body;
}

/** How the locator's list shows a User: name and email, the value the numeric ID. */
const asResult = (user: IDataObject) => ({
	name: `${String(user.first_name)} ${String(user.last_name)} (${String(user.email)})`,
	value: String(user.id),
});

describe('Background Check locator list (searchBackgroundChecks)', () => {
	it("lists a page of the Organization's checks by status, level, order day and User, with the next page's token", async () => {
		const page1 = await read<IDataObject[]>('/background_checks');
		expect(page1.length).toBeGreaterThan(0);
		const context = loadOptionsContext({ credential: sandbox() });

		const first = await listSearch.searchBackgroundChecks.call(context);

		expect(sentRequests(sandbox())).toEqual([
			{ method: 'GET', path: '/api/v2/background_checks', query: { page: '1' }, body: undefined },
		]);
		expect(first.results).toEqual(
			page1.map((check) => ({
				name: `${String(check.id)}: ${String(check.status)}, level ${String(check.level)}, ordered ${String(check.order_date).slice(0, 10)}, user ${String(check.user_id)}`,
				value: String(check.id),
			})),
		);
		expect(first.paginationToken).toBe(page1.length === 100 ? '2' : undefined);
	});
});

describe('User locator search (searchUsers)', () => {
	it('lists a page of Users with a token for the next page, and none after the last page', async () => {
		const [page1, page2] = [await read<IDataObject[]>('/users'), await read<IDataObject[]>('/users', { page: 2 })];
		expect(page1).toHaveLength(100);
		expect(page2).toHaveLength(USERS - 100);
		const context = loadOptionsContext({ credential: sandbox() });

		const first = await listSearch.searchUsers.call(context);
		const second = await listSearch.searchUsers.call(context, undefined, first.paginationToken as string);

		expect(sentRequests(sandbox())).toEqual([
			{ method: 'GET', path: '/api/v2/users', query: { page: '1' }, body: undefined },
			{ method: 'GET', path: '/api/v2/users', query: { page: '2' }, body: undefined },
		]);
		expect(first).toEqual({ results: page1.map(asResult), paginationToken: '2' });
		expect(second).toEqual({ results: page2.map(asResult), paginationToken: undefined });
	});

	it('sends what the user typed as the search filter', async () => {
		const someone = (await read<IDataObject[]>('/users'))[7];
		const typed = ` ${String(someone.last_name).toUpperCase()} `;
		const matching = await read<IDataObject[]>('/users', { search: typed.trim() });
		expect(matching.length).toBeGreaterThan(0);

		const found = await listSearch.searchUsers.call(loadOptionsContext({ credential: sandbox() }), typed);

		expect(sentRequests(sandbox())).toEqual([
			{ method: 'GET', path: '/api/v2/users', query: { page: '1', search: typed.trim() }, body: undefined },
		]);
		expect(found.results).toEqual(matching.map(asResult));
		expect(found.results).toContainEqual(asResult(someone));
	});
});

describe('Tags dropdown (getTags)', () => {
	it("lists the Organization's Tags, name and value the Tag's name", async () => {
		const tags = await read<{ name: string }[]>('/tags');
		expect(tags.length).toBeGreaterThan(1);

		const options = await loadOptions.getTags.call(loadOptionsContext({ credential: sandbox() }));

		expect(sentRequests(sandbox())).toEqual([
			{ method: 'GET', path: '/api/v2/tags', query: { page: '1' }, body: undefined },
		]);
		expect(options).toEqual(tags.map(({ name }) => ({ name, value: name })));
	});
});

describe('Organization Type dropdown (getOrganizationTypes)', () => {
	it('lists the types an Organization may be created with', async () => {
		const types = await read<string[]>('/organizations/types');
		expect(types).toContain('Other');

		const options = await loadOptions.getOrganizationTypes.call(loadOptionsContext({ credential: sandbox() }));

		expect(sentRequests(sandbox())).toEqual([
			{ method: 'GET', path: '/api/v2/organizations/types', query: {}, body: undefined },
		]);
		expect(options).toEqual(types.map((type) => ({ name: type, value: type })));
	});

	it('explains a rejected API key instead of showing an empty list', async () => {
		const context = loadOptionsContext({ credential: { url: sandbox().url, apiKey: 'not-a-key' } });

		await expect(loadOptions.getOrganizationTypes.call(context)).rejects.toThrow(
			'The API key was rejected (401 Unauthorized)',
		);
		expect(sandbox().requests).toHaveLength(1);
	});
});

describe('Organization Type locator list (searchOrganizationTypes)', () => {
	it('lists the types an Organization may be created with, in the service\'s order, in one page', async () => {
		const types = await read<string[]>('/organizations/types');
		expect(types.length).toBeGreaterThan(1);

		const found = await listSearch.searchOrganizationTypes.call(loadOptionsContext({ credential: sandbox() }));

		expect(sentRequests(sandbox())).toEqual([
			{ method: 'GET', path: '/api/v2/organizations/types', query: {}, body: undefined },
		]);
		expect(found).toEqual({ results: types.map((type) => ({ name: type, value: type })) });
	});

	it('keeps the types whose name holds what the user typed, ignoring case', async () => {
		const types = await read<string[]>('/organizations/types');
		const typed = ' yOUTH ';
		const matching = types.filter((type) => type.toLowerCase().includes('youth'));
		expect(matching.length).toBeGreaterThan(0);
		expect(matching.length).toBeLessThan(types.length);

		const found = await listSearch.searchOrganizationTypes.call(loadOptionsContext({ credential: sandbox() }), typed);

		expect(found.results).toEqual(matching.map((type) => ({ name: type, value: type })));
	});

	it('explains a rejected API key instead of showing an empty list', async () => {
		const context = loadOptionsContext({ credential: { url: sandbox().url, apiKey: 'not-a-key' } });

		await expect(listSearch.searchOrganizationTypes.call(context)).rejects.toThrow(
			'The API key was rejected (401 Unauthorized)',
		);
	});
});
