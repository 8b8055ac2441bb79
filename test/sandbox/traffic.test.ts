// The traffic counters (GET /sandbox/stats, POST /sandbox/stats/reset) and the rate limit (rateLimit, --rate-limit):
// what a test or the benchmark reads to see how many requests a client had in flight and how many 429s it got.
import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { Client } from './helpers';
import { clientsFor, createOrganization, ok, useSandbox } from './helpers';

const suite = useSandbox();

/** A sandbox of its own for one test, stopped when the test ends, pass or fail. */
async function withSandbox(
	options: Parameters<typeof startSandbox>[0],
	test: (sandbox: Sandbox, clients: { api: Client; control: Client }) => Promise<void>,
): Promise<void> {
	const sandbox = await startSandbox(options);
	try {
		await test(sandbox, clientsFor(sandbox.url, sandbox.apiKey));
	} finally {
		await sandbox.stop();
	}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Long enough that requests sent together are all still waiting when the test reads the counters. */
const SLOW_MS = 1500;

/** The counters once `count` requests have arrived (the control endpoints are never delayed); fails after 1 s. */
async function statsOnceArrived(control: Client, count: number): Promise<unknown> {
	const deadline = Date.now() + 1000;
	for (;;) {
		const stats = ok(await control.get('/stats'));
		if (Number(stats.requests) >= count || Date.now() > deadline) return stats;
		await sleep(10);
	}
}

describe('GET /sandbox/stats', () => {
	it('counts requests, the requests in flight now and at most, per Organization', async () => {
		await withSandbox({ latencyMs: SLOW_MS }, async (_sandbox, { api, control }) => {
			expect(ok(await control.get('/stats'))).toEqual({ requests: 0, inFlight: 0, peakInFlight: 0, rateLimited: 0 });
			const answers = Promise.all(Array.from({ length: 6 }, (_, index) => api.get('/users', { query: { page: index + 1 } })));
			expect(await statsOnceArrived(control, 6)).toEqual({ requests: 6, inFlight: 6, peakInFlight: 6, rateLimited: 0 });
			expect((await answers).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
			await api.get('/tags');
			expect(ok(await control.get('/stats'))).toEqual({ requests: 7, inFlight: 0, peakInFlight: 6, rateLimited: 0 });
		});
	});

	it("leaves out other Organizations' requests, unknown keys and the control endpoints", async () => {
		const other = await createOrganization(suite.api);
		ok(await suite.control.post('/stats/reset'));
		await other.api.get('/users');
		await other.api.get('/tags');
		await suite.api.get('/users', { key: 'wrong' });
		await suite.control.get('/deliveries');
		await suite.api.get('/survey_codes');
		expect(ok(await suite.control.get('/stats'))).toEqual({ requests: 1, inFlight: 0, peakInFlight: 1, rateLimited: 0 });
		expect(ok(await other.control.get('/stats'))).toMatchObject({ requests: 2, peakInFlight: 1 });
	});

	it('counts every 429 sent, injected ones too', async () => {
		await suite.control.put('/faults', { json: { status: 429, count: 2, retryAfter: 1 } });
		await suite.api.get('/users');
		await suite.api.get('/users');
		await suite.api.get('/users');
		expect(ok(await suite.control.get('/stats'))).toMatchObject({ requests: 3, rateLimited: 2 });
	});

	it('POST /sandbox/stats/reset and POST /sandbox/reset put the counters back to zero', async () => {
		await suite.api.get('/users');
		await suite.api.get('/tags');
		expect(ok(await suite.control.post('/stats/reset'))).toEqual({
			requests: 0,
			inFlight: 0,
			peakInFlight: 0,
			rateLimited: 0,
		});
		expect(ok(await suite.control.get('/stats'))).toMatchObject({ requests: 0, peakInFlight: 0 });
		await suite.api.get('/tags');
		expect(ok(await suite.control.post('/reset'))).toEqual({ ok: true });
		expect(ok(await suite.control.get('/stats'))).toMatchObject({ requests: 0 });
	});

	it('keeps requests still in flight in flight across a reset, and counts their end', async () => {
		await withSandbox({ latencyMs: SLOW_MS }, async (_sandbox, { api, control }) => {
			const answers = Promise.all([api.get('/tags'), api.get('/tags')]);
			await statsOnceArrived(control, 2);
			expect(ok(await control.post('/stats/reset'))).toEqual({ requests: 0, inFlight: 2, peakInFlight: 2, rateLimited: 0 });
			await answers;
			expect(ok(await control.get('/stats'))).toEqual({ requests: 0, inFlight: 0, peakInFlight: 2, rateLimited: 0 });
		});
	});

	it('needs a known key', async () => {
		expect((await suite.control.get('/stats', { key: null })).status).toBe(401);
		expect((await suite.control.post('/stats/reset', { key: 'wrong' })).status).toBe(401);
	});
});

describe('the rate limit', () => {
	it('is off by default', async () => {
		const answers = await Promise.all(Array.from({ length: 40 }, () => suite.api.get('/tags')));
		expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
		expect(ok(await suite.control.get('/stats'))).toMatchObject({ requests: 40, rateLimited: 0 });
	});

	it('answers the requests beyond N a second with 429 and Retry-After in seconds, then lets requests through again', async () => {
		await withSandbox({ rateLimit: 5 }, async (_sandbox, { api, control }) => {
			const first = await Promise.all(Array.from({ length: 8 }, () => api.get('/tags')));
			const refused = first.filter((answer) => answer.status === 429);
			expect(first.filter((answer) => answer.status === 200)).toHaveLength(5);
			expect(refused).toHaveLength(3);
			for (const answer of refused) {
				expect(answer.headers.get('retry-after')).toBe('1');
				expect(answer.body.message).toMatch(/Too many requests: this Organization may send 5 a second/);
			}
			expect(ok(await control.get('/stats'))).toMatchObject({ requests: 8, rateLimited: 3 });
			// A refused create creates nothing.
			const create = await api.post('/users', {
				form: { user: { first_name: 'R', last_name: 'L', email: 'r@example.org', external_id: 'R1' } },
			});
			expect(create.status).toBe(429);

			await sleep(1000);
			expect(ok(await api.get('/users', { query: { external_id: 'R1' } }))).toEqual([]);
			const second = await Promise.all(Array.from({ length: 4 }, () => api.get('/tags')));
			expect(second.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
			expect((await api.get('/tags')).status).toBe(429);
		});
	});

	it('gives each Organization its own N, and never limits the control endpoints', async () => {
		await withSandbox({ rateLimit: 3 }, async (_sandbox, { api, control }) => {
			const other = await createOrganization(api);
			const mine = await Promise.all(Array.from({ length: 2 }, () => api.get('/tags')));
			const theirs = await Promise.all(Array.from({ length: 3 }, () => other.api.get('/tags')));
			expect([...mine, ...theirs].map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
			expect((await other.api.get('/tags')).status).toBe(429);
			for (let index = 0; index < 10; index++) expect((await control.get('/stats')).status).toBe(200);
		});
	});

	it('starts afresh for an Organization reset with POST /sandbox/reset', async () => {
		await withSandbox({ rateLimit: 2 }, async (_sandbox, { api, control }) => {
			await Promise.all([api.get('/tags'), api.get('/tags')]);
			expect((await api.get('/tags')).status).toBe(429);
			ok(await control.post('/reset'));
			expect((await api.get('/tags')).status).toBe(200);
		});
	});
});
