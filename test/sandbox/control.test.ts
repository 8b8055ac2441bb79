// The control side: fault injection, latency, reset (one Organization or everything), the request log, health.
import { startSandbox } from '../../sandbox';
import { clientsFor, createOrganization, createUser, list, useSandbox } from './helpers';

const suite = useSandbox();

describe('faults', () => {
	it('answers the next `count` API requests with 429 and Retry-After, then normally', async () => {
		const set = await suite.control.put('/faults', { json: { status: 429, count: 3, retryAfter: 1 } });
		expect(set.body).toEqual({ status: 429, count: 3, retryAfter: 1 });
		for (let index = 0; index < 3; index++) {
			const answer = await suite.api.get('/users');
			expect(answer.status).toBe(429);
			expect(answer.headers.get('retry-after')).toBe('1');
			expect(typeof answer.body.message).toBe('string');
		}
		expect((await suite.api.get('/users')).status).toBe(200);
	});

	it('injects 500s into any operation, POST included, and only for that Organization', async () => {
		const other = await createOrganization(suite.api);
		await suite.control.put('/faults', { form: { status: '500', count: '2' } });
		expect((await other.api.get('/users')).status).toBe(200);
		const failedCreate = await suite.api.post('/users', {
			form: { user: { first_name: 'F', last_name: 'L', email: 'f@example.org', external_id: 'F1' } },
		});
		expect(failedCreate.status).toBe(500);
		expect(failedCreate.headers.get('retry-after')).toBeNull();
		// Control endpoints are never faulted, and do not use up the count.
		expect((await suite.control.get('/deliveries')).status).toBe(200);
		expect((await suite.api.get('/survey_codes')).status).toBe(500);
		expect((await suite.api.get('/survey_codes')).status).toBe(200);
		// The faulted create created nothing.
		expect(list(await suite.api.get('/users', { query: { external_id: 'F1' } }))).toEqual([]);
	});

	it('is cleared by DELETE /sandbox/faults and by reset', async () => {
		await suite.control.put('/faults', { json: { status: 503, count: 5 } });
		expect((await suite.control.delete('/faults')).status).toBe(204);
		expect((await suite.api.get('/tags')).status).toBe(200);
		await suite.control.put('/faults', { json: { status: 503, count: 5 } });
		await suite.control.post('/reset');
		expect((await suite.api.get('/tags')).status).toBe(200);
		await suite.control.put('/faults', { json: { status: 503, count: 5 } });
		suite.sandbox.reset();
		expect((await suite.api.get('/tags')).status).toBe(200);
	});

	it('refuses a status outside 400-599 and a bad count', async () => {
		const answer = await suite.control.put('/faults', { json: { status: 200, count: -1, retryAfter: 'soon' } });
		expect(answer.status).toBe(422);
		expect(Object.keys(answer.body.errors).sort()).toEqual(['count', 'retryAfter', 'status']);
	});

	it('counts even a request the fault answers for an unknown route', async () => {
		await suite.control.put('/faults', { json: { status: 502, count: 1 } });
		expect((await suite.api.get('/nowhere')).status).toBe(502);
		expect((await suite.api.get('/nowhere')).status).toBe(404);
	});
});

describe('latency', () => {
	// Bounds from below and an order of answers only: a busy machine slows every answer, never speeds one up.
	it('delays every API answer by latencyMs, and not the control endpoints', async () => {
		const slow = await startSandbox({ latencyMs: 1000 });
		try {
			const clients = clientsFor(slow.url, slow.apiKey);
			const answered: string[] = [];
			const timed = async (name: string, request: Promise<{ status: number }>) => {
				const started = Date.now();
				const { status } = await request;
				answered.push(name);
				return { status, ms: Date.now() - started };
			};
			const [read, refused, health] = await Promise.all([
				timed('read', clients.api.get('/tags')),
				timed('refused', clients.api.get('/tags', { key: 'wrong' })),
				timed('health', fetch(`${slow.url}/sandbox/health`)),
			]);
			expect([read.status, refused.status, health.status]).toEqual([200, 401, 200]);
			expect(read.ms).toBeGreaterThanOrEqual(995);
			expect(refused.ms).toBeGreaterThanOrEqual(995);
			// Sent together with the two API requests, the control endpoint answered while both were still held back.
			expect(answered[0]).toBe('health');
		} finally {
			await slow.stop();
		}
	});
});

describe('reset', () => {
	it('POST /sandbox/reset puts this Organization\'s data back to its seed, and leaves the others alone', async () => {
		const seeded = list(await suite.api.get('/users'));
		const other = await createOrganization(suite.api);
		await createUser(other.api, { external_id: 'O1' });
		await suite.api.delete(`/users/${seeded[0].id}`);
		await suite.api.put(`/users/${seeded[1].id}`, { form: { user: { first_name: 'Changed' } } });
		await createUser(suite.api, { external_id: 'N1' });
		expect((await suite.control.post('/reset')).body).toEqual({ ok: true });
		expect(list(await suite.api.get('/users'))).toEqual(seeded);
		expect(list(await other.api.get('/users'))).toHaveLength(1);
		expect((await other.control.post('/reset')).status).toBe(200);
		expect(list(await other.api.get('/users'))).toEqual([]);
	});

	it('sandbox.reset() removes created Organizations and their keys', async () => {
		const other = await createOrganization(suite.api);
		suite.sandbox.reset();
		expect((await other.api.get('/users')).status).toBe(401);
	});

	it('new records after a reset take ids after the seeded ones', async () => {
		const seededIds = list(await suite.api.get('/users')).map((user) => Number(user.id));
		const created = await createUser(suite.api, { external_id: 'N1' });
		expect(Number(created.id)).toBeGreaterThan(Math.max(...seededIds));
	});
});

describe('the request log', () => {
	it('records every API request, query parsed with qs, body decoded and the SSN redacted', async () => {
		suite.sandbox.clearRequests();
		const requests = suite.sandbox.requests;
		await suite.api.get('/users', { query: { page: 2, search: 'ann' } });
		await suite.api.post('/background_checks', {
			form: { background_check: { user_id: '1', ssn: '123-45-6789', level: '1' } },
		});
		await suite.api.get('/users', { key: 'wrong' });
		expect(requests).toBe(suite.sandbox.requests);
		expect(requests).toEqual([
			{
				method: 'GET',
				path: '/api/v2/users',
				query: { page: '2', search: 'ann' },
				body: undefined,
				contentType: undefined,
				authorization: `Token token=${suite.sandbox.apiKey}`,
				organizationId: 1,
			},
			{
				method: 'POST',
				path: '/api/v2/background_checks',
				query: {},
				body: { background_check: { user_id: '1', ssn: '[redacted]', level: '1' } },
				contentType: 'application/x-www-form-urlencoded',
				authorization: `Token token=${suite.sandbox.apiKey}`,
				organizationId: 1,
			},
			expect.objectContaining({ path: '/api/v2/users', authorization: 'Token token=wrong', organizationId: null }),
		]);
		suite.sandbox.clearRequests();
		expect(requests).toEqual([]);
	});

	it('GET and DELETE /sandbox/requests show and clear this Organization\'s requests only', async () => {
		const other = await createOrganization(suite.api);
		suite.sandbox.clearRequests();
		await suite.api.get('/tags', { query: { page: 1 } });
		await other.api.get('/tags');
		const mine = list(await suite.control.get('/requests'));
		expect(mine.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /api/v2/tags']);
		expect((await suite.control.delete('/requests')).status).toBe(204);
		expect(list(await suite.control.get('/requests'))).toEqual([]);
		expect(list(await other.control.get('/requests'))).toHaveLength(1);
	});
});

describe('the control endpoints themselves', () => {
	it('GET /sandbox/health needs no key', async () => {
		const answer = await fetch(`${suite.sandbox.url}/sandbox/health`);
		expect(answer.status).toBe(200);
		expect(await answer.json()).toEqual({ ok: true });
	});

	it('need a known key, and answer 404 for unknown paths', async () => {
		expect((await suite.control.get('/deliveries', { key: null })).status).toBe(401);
		expect((await suite.control.post('/reset', { key: 'wrong' })).status).toBe(401);
		expect((await suite.control.get('/nothing-here')).body).toEqual({ message: 'Not found' });
	});
});
