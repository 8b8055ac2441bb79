// Tag: Get Many through n8n's engine against the sandbox.
import { jsonOf, runActionNode } from '../helpers/n8n';
import { ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';

const sandbox = useSandbox();

const readTags = async () => ok(await sandboxClients(sandbox()).api.get('/tags')) as { name: string }[];

describe('Get Many', () => {
	it("returns all of the Organization's Tags, one item each", async () => {
		const result = await runActionNode({
			parameters: { resource: 'tag', operation: 'getAll', returnAll: true },
			credential: sandbox(),
		});

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox())).toEqual([{ method: 'GET', path: '/api/v2/tags', query: { page: '1' }, body: undefined }]);
		const tags = await readTags();
		expect(tags.length).toBeGreaterThan(2);
		expect(jsonOf(result)).toEqual(tags);
		expect(result.items.map((item) => item.pairedItem)).toEqual(tags.map(() => ({ item: 0 })));
	});

	it('stops at the Limit', async () => {
		const result = await runActionNode({
			parameters: { resource: 'tag', operation: 'getAll', returnAll: false, limit: 2 },
			credential: sandbox(),
		});

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox())).toHaveLength(1);
		expect(jsonOf(result)).toEqual((await readTags()).slice(0, 2));
	});

	it('lists a Tag given to a new User', async () => {
		const { api } = sandboxClients(sandbox());
		ok(
			await api.post('/users', {
				form: {
					user: { first_name: 'Ada', last_name: 'Okafor', email: 'ada@example.org', external_id: 'T-1' },
					tag_list: 'Bell Choir',
				},
			}),
		);
		const result = await runActionNode({
			parameters: { resource: 'tag', operation: 'getAll', returnAll: true },
			credential: sandbox(),
		});

		expect(jsonOf(result)).toContainEqual({ name: 'Bell Choir' });
		expect(jsonOf(result)).toEqual(await readTags());
	});
});
