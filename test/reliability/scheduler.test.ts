// The run's scheduler, through n8n's engine against a local server that measures requests in flight: output order,
// pairing and Continue On Fail as if items ran one after another; the Concurrency bound across items and pages; a
// 429 that pauses every request of the run and a bound that shrinks and grows back; a Limit that reads only the pages
// it can need; read-ahead that stops at the end of a list (contract.md requestOptions).
import { createHook } from 'node:async_hooks';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { LocalServer, ScriptedAnswer, ServerAnswer } from '../helpers/localServer';
import { startLocalServer } from '../helpers/localServer';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { ok, sandboxClients, useSandbox } from '../helpers/sandbox';

interface Arrival {
	url: string;
	at: number;
	/** Requests in flight when this one arrived, itself included. */
	inFlight: number;
}

/**
 * A server whose answers come from `answer`, recording when each request arrived and how many were in flight. An
 * answer may wait for an event (`arrived(n)`: n requests have arrived) rather than a time, so that what a test
 * counts does not depend on how fast a busy machine runs.
 */
async function measuredServer(answer: (url: string, index: number) => ServerAnswer | Promise<ServerAnswer>) {
	const arrivals: Arrival[] = [];
	const waiting: Array<{ count: number; resolve: () => void }> = [];
	const holder: { server?: LocalServer } = {};
	const server = await startLocalServer((request, index) => {
		arrivals.push({ url: request.url, at: Date.now(), inFlight: holder.server?.inFlight.now ?? 0 });
		for (const waiter of waiting.filter(({ count }) => arrivals.length >= count)) {
			waiting.splice(waiting.indexOf(waiter), 1);
			waiter.resolve();
		}
		return answer(request.url, index);
	});
	holder.server = server;
	const arrived = (count: number) =>
		arrivals.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve }));
	return { server, arrivals, arrived };
}

/** `answer`, once `event` has happened. */
const after = async (event: Promise<unknown>, answer: ServerAnswer): Promise<ServerAnswer> => {
	await event;
	return answer;
};

const userRecord = (id: number) => ({ id, external_id: `HR-${id}`, first_name: `User ${id}` });
const idOf = (url: string) => Number(/\/users\/(\d+)/.exec(url)?.[1]);
const pageOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('page'));

const getUser = (concurrency: number): INodeParameters => ({
	resource: 'user',
	operation: 'get',
	user: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
	requestOptions: { concurrency },
});

async function run(server: LocalServer, parameters: INodeParameters, items?: IDataObject[], continueOnFail = false) {
	return await runActionNode({ parameters, items, continueOnFail, credential: { url: server.url, apiKey: 'test-api-key-0001' } });
}

describe('items run at once, and come out as if one after another', () => {
	it('in item order, each paired with its item, though later items are answered first', async () => {
		const { server, arrived } = await measuredServer((url, index) => {
			const id = idOf(url);
			const answer = { status: 200, body: userRecord(id), delayMs: Math.max(0, 200 - id * 10) };
			// The first five are answered once all five are under way: the bound is reached, however slow the machine.
			return index < 5 ? after(arrived(5), answer) : answer;
		});
		try {
			const items = Array.from({ length: 20 }, (_unused, index) => ({ id: index + 1 }));
			const result = await run(server, getUser(5), items);

			expect(result.error).toBeUndefined();
			expect(jsonOf(result)).toEqual(items.map(({ id }) => userRecord(id)));
			expect(result.items.map((item) => item.pairedItem)).toEqual(items.map((_item, index) => ({ item: index })));
			expect(server.inFlight.peak).toBe(5);
		} finally {
			await server.stop();
		}
	});

	it('with Continue On Fail: the error items in the failed items\u2019 places', async () => {
		const { server } = await measuredServer((url) => {
			const id = idOf(url);
			return id % 3 === 0
				? { status: 404, body: { message: 'User not found' }, delayMs: 30 }
				: { status: 200, body: userRecord(id), delayMs: 60 - id * 3 };
		});
		try {
			const items = Array.from({ length: 12 }, (_unused, index) => ({ id: index + 1 }));
			const result = await run(server, getUser(4), items, true);

			expect(result.error).toBeUndefined();
			expect(jsonOf(result)).toEqual(
				items.map(({ id }, index) => (id % 3 === 0 ? { error: `User ${id} was not found [item ${index}]` } : userRecord(id))),
			);
			expect(result.items.map((item) => item.pairedItem)).toEqual(items.map((_item, index) => ({ item: index })));
		} finally {
			await server.stop();
		}
	});

	it('without Continue On Fail: the first failed item in item order stops the run, and no item starts after it', async () => {
		let failedFast: () => void = () => undefined;
		const fastFailureSent = new Promise<void>((resolve) => (failedFast = resolve));
		const { server } = await measuredServer((url) => {
			const id = idOf(url);
			// Item 4 (id 5) fails first; item 2 (id 3) fails last: the run reports item 2, as one after another would.
			// The others of the first five are answered only after item 4's failure, so no slot frees before it.
			if (id === 5) {
				setImmediate(failedFast);
				return { status: 404, body: { message: 'User not found' } };
			}
			if (id === 3) return after(fastFailureSent, { status: 404, body: { message: 'User not found' }, delayMs: 150 });
			return after(fastFailureSent, { status: 200, body: userRecord(id), delayMs: 20 });
		});
		try {
			const items = Array.from({ length: 30 }, (_unused, index) => ({ id: index + 1 }));
			const result = await run(server, getUser(5), items);

			expect(result.error?.message).toBe('User 3 was not found [item 2]');
			expect((result.error?.context as IDataObject).itemIndex).toBe(2);
			// Items 0-4 were under way together; item 5 may have started before item 4's answer came; none after.
			expect(Math.max(...server.received.map(({ url }) => idOf(url)))).toBeLessThanOrEqual(7);
		} finally {
			await server.stop();
		}
	});
});

describe('items refused by the checks among items that send (the runner waits only for requests)', () => {
	/** Every third item has an ID the checks refuse ("x7"): it never reaches the service. */
	const mixedItems = Array.from({ length: 15 }, (_unused, index) => ({ id: index % 3 === 1 ? `x${index + 1}` : index + 1 }));
	const answered = (url: string): ServerAnswer => {
		const id = idOf(url);
		return { status: 200, body: userRecord(id), delayMs: (id * 7) % 25 };
	};

	it.each([1, 5])('Continue On Fail at Concurrency %i: every item in its place, refusals as error items, only valid items sent', async (concurrency) => {
		const { server } = await measuredServer(answered);
		try {
			const result = await run(server, getUser(concurrency), mixedItems, true);

			expect(result.error).toBeUndefined();
			expect(jsonOf(result)).toEqual(
				mixedItems.map(({ id }, index) =>
					typeof id === 'string' ? { error: expect.stringMatching(new RegExp(`^'User' .*\\[item ${index}\\]$`)) } : userRecord(id),
				),
			);
			expect(result.items.map((item) => item.pairedItem)).toEqual(mixedItems.map((_item, index) => ({ item: index })));
			expect(server.received.map(({ url }) => idOf(url)).sort((a, b) => a - b)).toEqual(
				mixedItems.flatMap(({ id }) => (typeof id === 'number' ? [id] : [])),
			);
			expect(server.inFlight.peak).toBeLessThanOrEqual(concurrency);
		} finally {
			await server.stop();
		}
	});

	it.each([1, 5])('without Continue On Fail at Concurrency %i: the first refused item stops the run; no later item sends', async (concurrency) => {
		const { server } = await measuredServer(answered);
		try {
			const result = await run(server, getUser(concurrency), mixedItems);

			expect(result.error?.message).toMatch(/'User'/);
			expect((result.error?.context as IDataObject).itemIndex).toBe(1);
			// Item 0 was under way; item 1 was refused before item 2 could start.
			expect(server.received.map(({ url }) => idOf(url))).toEqual([1]);
		} finally {
			await server.stop();
		}
	});

	it('10,000 items refused before sending, with Continue On Fail: one error item each, in order, and no timer per item', async () => {
		const { server } = await measuredServer(answered);
		try {
			const items = Array.from({ length: 10_000 }, (_unused, index) => ({ id: `x${index}` }));
			// Counts the timers created during the run, however they are started (a wait of 0 ms is a timer of 1 ms).
			let timers = 0;
			const hook = createHook({ init: (_id, type) => void (type === 'Timeout' && (timers += 1)) }).enable();
			let result;
			try {
				result = await run(server, getUser(5), items, true);
			} finally {
				hook.disable();
			}

			expect(timers).toBeLessThan(100);
			expect(server.received).toEqual([]);
			expect(result.items).toHaveLength(10_000);
			expect(result.items.map((item) => (item.pairedItem as { item: number }).item)).toEqual(items.map((_item, index) => index));
		} finally {
			await server.stop();
		}
	});
});

describe('the Concurrency bound holds across items and pages', () => {
	const slow = (body: unknown): ScriptedAnswer => ({ status: 200, body, delayMs: 40 });

	it.each([1, 3, 8])('Concurrency %i: never more requests in flight, and that many reached', async (concurrency) => {
		const { server, arrived } = await measuredServer((url, index) =>
			index < concurrency ? after(arrived(concurrency), slow(userRecord(idOf(url)))) : slow(userRecord(idOf(url))),
		);
		try {
			const items = Array.from({ length: 24 }, (_unused, index) => ({ id: index + 1 }));
			const result = await run(server, getUser(concurrency), items);

			expect(result.error).toBeUndefined();
			expect(server.inFlight.peak).toBe(concurrency);
		} finally {
			await server.stop();
		}
	});

	it('Get Many Users with Return All: page 1 with the count, then the other pages at the bound, in page order', async () => {
		const pages = 7;
		const usersOf = (page: number) =>
			Array.from({ length: page < pages ? 100 : 42 }, (_unused, index) => userRecord((page - 1) * 100 + index + 1));
		const { server, arrived } = await measuredServer((url, index) => {
			const page = pageOf(url);
			if (url.startsWith('/api/v2/users/with_page')) return slow({ users: usersOf(page), page, pages });
			// Later pages answer sooner: the output must still be in page order. The first three after page 1 are
			// answered once all three are under way.
			const answer = { status: 200, body: usersOf(page), delayMs: 20 + (pages - page) * 15 };
			return index <= 3 ? after(arrived(4), answer) : answer;
		});
		try {
			const result = await run(server, { resource: 'user', operation: 'getAll', returnAll: true, requestOptions: { concurrency: 3 } });

			expect(result.error).toBeUndefined();
			expect(jsonOf(result)).toEqual(Array.from({ length: pages }, (_unused, index) => usersOf(index + 1)).flat());
			const urls = server.received.map(({ url }) => url);
			expect(urls[0]).toBe('/api/v2/users/with_page?page=1');
			expect(urls.slice(1).map(pageOf).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
			expect(server.inFlight.peak).toBe(3);
		} finally {
			await server.stop();
		}
	});

	it('items that each read several pages share the one bound', async () => {
		const { server, arrived } = await measuredServer((url, index) => {
			const answer = slow(pageOf(url) < 3 ? Array.from({ length: 100 }, (_u, row) => ({ id: `${pageOf(url)}-${row}` })) : []);
			// The first two wait for each other: more than one in flight, however slow the machine.
			return index < 2 ? after(arrived(2), answer) : answer;
		});
		try {
			const result = await run(
				server,
				{ resource: 'tag', operation: 'getAll', returnAll: true, requestOptions: { concurrency: 4 } },
				Array.from({ length: 6 }, () => ({})),
			);

			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(6 * 200);
			expect(server.inFlight.peak).toBeLessThanOrEqual(4);
			expect(server.inFlight.peak).toBeGreaterThan(1);
		} finally {
			await server.stop();
		}
	});
});

describe('a 429 pauses every request of the run', () => {
	it('no request is sent during the Retry-After, the bound shrinks, then grows back; every item succeeds', async () => {
		const pauseMs = 600;
		let rateLimitedAt = 0;
		let rateLimited: () => void = () => undefined;
		const rateLimitSent = new Promise<void>((resolve) => (rateLimited = resolve));
		const { server, arrivals, arrived } = await measuredServer((url, index) => {
			if (index === 2) {
				rateLimitedAt = Date.now();
				setImmediate(rateLimited);
				return { status: 429, headers: { 'Retry-After': String(pauseMs / 1000) }, body: { message: 'Slow down' } };
			}
			const answer = { status: 200, body: userRecord(idOf(url)), delayMs: 40 };
			// The other three of the first four are answered after the 429: no slot frees before the node hears of it.
			return index < 4 ? after(Promise.all([arrived(4), rateLimitSent]), answer) : answer;
		});
		try {
			const items = Array.from({ length: 40 }, (_unused, index) => ({ id: index + 1 }));
			const result = await run(server, getUser(4), items);

			expect(result.error).toBeUndefined();
			expect(jsonOf(result)).toEqual(items.map(({ id }) => userRecord(id)));
			expect(server.received).toHaveLength(41);
			// The first four were sent at once, before the 429; every later request waited the pause out (a bound from
			// below: a busy machine only makes the wait longer).
			const later = arrivals.slice(4);
			expect(later).toHaveLength(37);
			expect(Math.min(...later.map(({ at }) => at - rateLimitedAt))).toBeGreaterThanOrEqual(pauseMs - 50);
			// Right after the pause at most half the bound; later the bound is back to 4.
			expect(later[0].inFlight).toBeLessThanOrEqual(2);
			expect(Math.max(...later.slice(-15).map(({ inFlight }) => inFlight))).toBe(4);
		} finally {
			await server.stop();
		}
	});
});

describe('pages: only what is needed', () => {
	const fullPages = (url: string): ServerAnswer => ({
		status: 200,
		body: Array.from({ length: 100 }, (_unused, index) => ({ id: `${pageOf(url)}-${index}` })),
	});

	it.each([
		[100, [1]],
		[150, [1, 2]],
		[250, [1, 2, 3]],
	])('Limit %i of an endless list reads pages %j and no other', async (limit, pages) => {
		const { server } = await measuredServer(fullPages);
		try {
			const result = await run(server, { resource: 'tag', operation: 'getAll', returnAll: false, limit });

			expect(result.items).toHaveLength(limit);
			expect(server.received.map(({ url }) => pageOf(url)).sort((a, b) => a - b)).toEqual(pages);
		} finally {
			await server.stop();
		}
	});

	it('a short list is one request: nothing is read ahead before the first page is full', async () => {
		const { server } = await measuredServer(() => ({ status: 200, body: [{ id: 1 }, { id: 2 }] }));
		try {
			const result = await run(server, { resource: 'tag', operation: 'getAll', returnAll: true });

			expect(jsonOf(result)).toEqual([{ id: 1 }, { id: 2 }]);
			expect(server.received.map(({ url }) => url)).toEqual(['/api/v2/tags?page=1']);
		} finally {
			await server.stop();
		}
	});

	it('Return All of a list without a count reads ahead, stops at the first short page, wastes at most 3 pages', async () => {
		const { server } = await measuredServer((url) => {
			const page = pageOf(url);
			if (page <= 3) return fullPages(url);
			return { status: 200, body: page === 4 ? [{ id: '4-0' }, { id: '4-1' }] : [] };
		});
		try {
			const result = await run(server, { resource: 'tag', operation: 'getAll', returnAll: true });

			expect(result.error).toBeUndefined();
			expect(jsonOf(result).map(({ id }) => id)).toEqual([
				...[1, 2, 3].flatMap((page) => Array.from({ length: 100 }, (_unused, index) => `${page}-${index}`)),
				'4-0',
				'4-1',
			]);
			const pages = server.received.map(({ url }) => pageOf(url));
			expect(pages[0]).toBe(1);
			expect([...pages].sort((a, b) => a - b).slice(0, 4)).toEqual([1, 2, 3, 4]);
			expect(pages.length).toBeLessThanOrEqual(4 + 3);
			expect(server.inFlight.now).toBe(0);
		} finally {
			await server.stop();
		}
	});
});

describe('against the sandbox: its own count of requests in flight, and its rate limit', () => {
	const createUsers = (count: number, concurrency: number) => ({
		parameters: {
			resource: 'user',
			operation: 'create',
			firstName: '={{ $json.first }}',
			lastName: 'Okafor',
			email: '={{ $json.email }}',
			externalId: '={{ $json.hr }}',
			requestOptions: { concurrency },
		} as INodeParameters,
		items: Array.from({ length: count }, (_unused, index) => ({
			first: `Ada ${index}`,
			email: `ada.${index}@example.org`,
			hr: `SCHED-${index}`,
		})),
	});

	// Each answer held back long enough that six requests sent at once are all in flight even on a busy machine.
	describe('with 800 ms per answer', () => {
		const sandbox = useSandbox({ latencyMs: 800 });

		it('18 creates at Concurrency 6: the sandbox never sees more than 6 in flight, and sees 6', async () => {
			const { control } = sandboxClients(sandbox());
			ok(await control.post('/stats/reset'));
			const { parameters, items } = createUsers(18, 6);
			const result = await runActionNode({ parameters, items, credential: sandbox() });

			expect(result.error).toBeUndefined();
			expect(jsonOf(result).map((user) => user.external_id)).toEqual(items.map(({ hr }) => hr));
			const stats = ok(await control.get('/stats')) as IDataObject;
			expect(stats).toMatchObject({ requests: 18, peakInFlight: 6, rateLimited: 0 });
		});
	});

	describe('with a rate limit of 20 requests a second', () => {
		const sandbox = useSandbox({ rateLimit: 20, latencyMs: 5 });

		it('60 creates at Concurrency 10: every 429 waited out, every User created once, none lost', async () => {
			const { control, api } = sandboxClients(sandbox());
			ok(await control.post('/stats/reset'));
			const { parameters, items } = createUsers(60, 10);
			const result = await runActionNode({ parameters, items, credential: sandbox() });

			expect(result.error).toBeUndefined();
			expect(jsonOf(result).map((user) => user.external_id)).toEqual(items.map(({ hr }) => hr));
			// The test's own reads count against the limit too: they start in the next second.
			await new Promise((resolve) => setTimeout(resolve, 1100));
			const stats = ok(await control.get('/stats')) as IDataObject;
			expect(Number(stats.rateLimited)).toBeGreaterThan(0);
			for (const { hr } of items.filter((_item, index) => index % 10 === 0)) {
				expect(ok(await api.get('/users', { query: { external_id: hr } }))).toHaveLength(1);
			}
		});
	});
});
