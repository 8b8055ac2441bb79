// Faults, for every operation, through n8n's engine: a local server that rate-limits, fails in bursts, resets
// connections before and after reading the request, never answers, redirects, sends HTML, empty or wrong-shaped 200s
// and repeating pages; and the sandbox's own fault injection. Reads recover, no POST is carried out twice, a lasting
// fault ends after the attempts it allows, and every failure is an error that says what to do (decisions.md 8, 10,
// 26-28). Times are bounded from below only (a wait waited); a busy machine may make any run slower.
import type { IDataObject } from 'n8n-workflow';

import type { LocalServer, ServerAnswer } from '../helpers/localServer';
import { startLocalServer } from '../helpers/localServer';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { injectFault, ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';
import type { CaseRun, Report, RunOptions, Script } from './harness';
import { addProblems, inParallel, invariantProblems, runCase, HANG_TIMEOUT_SECONDS } from './harness';
import { fullPage, healthyAnswer, OPERATIONS, type OperationCase } from './operations';

let casesTried = 0;
afterAll(() => {
	console.log(`reliability/faults: ${casesTried} cases tried`);
});

const healthy: Script = (request) => healthyAnswer(request.method, request.url);
/** The first `count` requests get `fault`; the rest a healthy answer. */
const firstFail =
	(count: number, fault: ServerAnswer): Script =>
	(request, index) =>
		index < count ? fault : healthy(request, index);
const always =
	(answer: ServerAnswer): Script =>
	() =>
		answer;

const baseline = new Map<string, IDataObject[]>();
beforeAll(async () => {
	// One after another: this also loads and warms up n8n's engine before runs are timed.
	for (const operation of OPERATIONS) {
		const run = await runCase(operation, healthy);
		if (run.result.error) throw new Error(`${operation.name} fails against a healthy service: ${run.result.error.message}`);
		baseline.set(operation.name, run.output);
	}
});

/** Runs each operation (all at once unless `width` says fewer, each with its own server) and checks the invariants plus `expectation`. */
async function acrossOperations(
	scriptFor: (operation: OperationCase) => Script,
	expectation: (run: CaseRun, operation: OperationCase) => string[],
	operations = OPERATIONS,
	options: RunOptions & { width?: number } = {},
): Promise<Report> {
	const report: Report = {};
	await inParallel(
		operations,
		async (operation) => {
			const run = await runCase(operation, scriptFor(operation), options);
			casesTried += 1;
			addProblems(report, operation.name, [...invariantProblems(run), ...expectation(run, operation)]);
		},
		options.width ?? operations.length,
	);
	return report;
}

const succeedsAsHealthy = (run: CaseRun, operation: OperationCase): string[] => {
	if (run.result.error) return [`failed: ${run.result.error.message}`];
	const expected = JSON.stringify(baseline.get(operation.name));
	return JSON.stringify(run.output) === expected ? [] : [`put out ${JSON.stringify(run.output)}`];
};

const failsWith =
	(message: RegExp, description: RegExp = /./) =>
	(run: CaseRun): string[] => {
		const { error } = run.result;
		if (!error) return [`succeeded with ${JSON.stringify(run.output)}`];
		return [
			...(message.test(error.message) ? [] : [`error says: ${error.message}`]),
			...(description.test(error.description ?? '') ? [] : [`description says: ${error.description}`]),
		];
	};

/** A read recovers; a POST hit by the fault is not repeated and its error says how to check. */
const readsRecoverPostsDoNotRepeat =
	(postMessage: RegExp) =>
	(run: CaseRun, operation: OperationCase): string[] => {
		if (!run.result.error) return succeedsAsHealthy(run, operation);
		const last = run.received[run.received.length - 1];
		if (!operation.writes || last?.method !== 'POST') return [`a read did not recover: ${run.result.error.message}`];
		return failsWith(postMessage, /not repeated.*check whether it did/)(run);
	};

describe('transient faults: reads recover, POSTs are never carried out twice', () => {
	it.each([
		['a burst of two 503s with an HTML page', firstFail(2, { status: 503, raw: '<html><h1>Unavailable</h1></html>' }), /failed with 503/],
		['one 500 with a JSON message', firstFail(1, { status: 500, body: { message: 'boom' } }), /failed with 500: boom/],
		['a connection reset before the request was read', firstFail(1, { fault: 'resetOnArrival' }), /\(ECONNRESET\): the request may have reached/],
		['a connection reset after the request was read', firstFail(1, { fault: 'resetAfterBody' }), /\(ECONNRESET\): the request may have reached/],
	])('%s', async (_name, script, postMessage) => {
		expect(await acrossOperations(() => script, readsRecoverPostsDoNotRepeat(postMessage))).toEqual({});
	});

	it('an answer that never comes: a read is tried again after its timeout', async () => {
		const report = await acrossOperations(
			() => firstFail(1, { fault: 'hang' }),
			readsRecoverPostsDoNotRepeat(/did not answer within 1 s \(E[A-Z]+\): the request may have reached/),
			OPERATIONS,
			// The retry must be answered within the timeout: fewer runs at once, so that a busy machine does not slow it past.
			{ timeoutSeconds: HANG_TIMEOUT_SECONDS, width: 6 },
		);
		expect(report).toEqual({});
	});

	it.each([
		['429 without Retry-After', firstFail(1, { status: 429, body: { message: 'slow down' } }), 1, 0],
		['429 twice with Retry-After 0.3 (seconds)', firstFail(2, { status: 429, headers: { 'Retry-After': '0.3' } }), 2, 300],
	])('%s: every operation, POSTs included, waits and succeeds', async (_name, script, count, pauseMs) => {
		const report = await acrossOperations(
			() => script,
			(run, operation) => {
				// 429s answered to requests sent at once share one pause.
				const atLeastMs = pauseMs * Math.ceil(count / (operation.concurrentReads ?? 1));
				return [
					...succeedsAsHealthy(run, operation),
					...(run.elapsedMs < atLeastMs ? [`waited only ${run.elapsedMs} ms`] : []),
				];
			},
		);
		expect(report).toEqual({});
	});

	it('429 with Retry-After as an HTTP date: waits until then, then succeeds', async () => {
		const sample = OPERATIONS.filter((operation) => /user\.(create|get|getAll)$|backgroundCheck\.create/.test(operation.name));
		const report = await acrossOperations(
			() => firstFail(1, { status: 429, headers: { 'Retry-After': new Date(Date.now() + 1500).toUTCString() } }),
			(run, operation) => [...succeedsAsHealthy(run, operation), ...(run.elapsedMs < 400 ? ['did not wait'] : [])],
			sample,
		);
		expect(report).toEqual({});
	});
});

describe('lasting faults: bounded, and an error that says what to do', () => {
	const attempts = (run: CaseRun, expected: number) =>
		run.received.length === expected ? [] : [`sent ${run.received.length} requests, not ${expected}`];
	/** The attempts the node says it made ("after 4 attempts in 5.1 s"; one when it names none). */
	const attemptsSaid = (run: CaseRun) => Number(/ after (\d+) attempts? in /.exec(run.result.error?.message ?? '')?.[1] ?? 1);
	/**
	 * Where an answer never comes, the node's own count: an attempt that timed out before a busy machine let its server
	 * read it was still made, so the server may have seen fewer, never more.
	 */
	const attemptsMade = (run: CaseRun, expected: number, atOnce = 1) => {
		const said = attemptsSaid(run);
		return [
			...(said === expected ? [] : [`made ${said} attempts, not ${expected}`]),
			...(run.received.length <= expected * atOnce ? [] : [`sent ${run.received.length} requests, more than ${expected * atOnce}`]),
		];
	};
	/**
	 * The first request of an operation (upsert reads before it creates): only it meets the fault. Reads sent at once
	 * each meet it; once one gives up, the others may stop before their last attempt.
	 */
	const readsTried4TimesPostsOnce = (run: CaseRun, operation: OperationCase) => {
		const atOnce = operation.concurrentReads ?? 1;
		if (atOnce === 1) return attempts(run, operation.writes && operation.name !== 'user.upsert' ? 1 : 4);
		const sent = run.received.length;
		return sent >= 4 && sent <= 4 * atOnce ? [] : [`sent ${sent} requests, not 4 to ${4 * atOnce}`];
	};

	it('an answer that never comes: each request waits its timeout; reads try 4 times, a POST once', async () => {
		const report = await acrossOperations(
			() => always({ fault: 'hang' }),
			(run, operation) => [
				...failsWith(/did not answer within 1 s \(E[A-Z]+\)/, /Timeout|check whether it did/)(run),
				...attemptsMade(run, operation.writes && operation.name !== 'user.upsert' ? 1 : 4, operation.concurrentReads),
			],
			OPERATIONS,
			// Nothing is ever answered here, so all run at once: the count is the node's, not the server's.
			{ timeoutSeconds: HANG_TIMEOUT_SECONDS },
		);
		expect(report).toEqual({});
	});

	it('connections reset every time: the real error code, never UNKNOWN', async () => {
		const report = await acrossOperations(
			() => always({ fault: 'resetAfterBody' }),
			(run, operation) => [
				...failsWith(/\(ECONNRESET\)/)(run),
				...readsTried4TimesPostsOnce(run, operation),
			],
		);
		expect(report).toEqual({});
	});

	it('502 every time: reads give up after 4 attempts, a POST after 1, saying so', async () => {
		const report = await acrossOperations(
			() => always({ status: 502, raw: '<html>Bad Gateway</html>' }),
			(run, operation) => [
				...failsWith(operation.writes && operation.name !== 'user.upsert' ? /failed with 502 \[item 0\]$/ : /failed with 502 after 4 attempts in/)(
					run,
				),
				...readsTried4TimesPostsOnce(run, operation),
			],
		);
		expect(report).toEqual({});
	});

	it('429 asking for an hour: stops at once instead of waiting past its bound, and says how long it tried', async () => {
		const report = await acrossOperations(
			() => always({ status: 429, headers: { 'Retry-After': '3600' } }),
			(run) => [
				...failsWith(/429 Too Many Requests\), still after 1 attempt in .* s \(waiting 3600 s more would pass the 60 s/)(run),
				// One attempt and these words show that it did not wait; no bound on the time, which a busy machine stretches.
				...attempts(run, 1),
			],
		);
		expect(report).toEqual({});
	});

	it('nothing listening: "Could not reach", and a POST says nothing was sent', async () => {
		const closed = await startLocalServer(healthy);
		await closed.stop();
		const report: Report = {};
		await inParallel(OPERATIONS, async (operation) => {
				const result = await runActionNode({
					parameters: { ...operation.parameters, requestOptions: { timeout: 1 } },
					credential: { url: closed.url, apiKey: 'test-api-key-0001' },
				});
				casesTried += 1;
				addProblems(report, operation.name, failsWith(new RegExp(`^Could not reach the service at ${closed.url} \\(ECONNREFUSED\\)`))({
					result,
					received: [],
					elapsedMs: 0,
					output: jsonOf(result),
				}));
		}, OPERATIONS.length);
		expect(report).toEqual({});
	});
});

describe('redirects are never followed (decisions.md 26)', () => {
	let elsewhere: LocalServer;
	beforeAll(async () => {
		elsewhere = await startLocalServer(healthy);
	});
	afterAll(() => elsewhere.stop());

	it.each([301, 302, 303, 307, 308])('%i to another origin and to the same origin: an error naming where, nothing sent there', async (status) => {
		for (const target of ['other', 'same'] as const) {
			const location = target === 'other' ? `${elsewhere.url}/api/v2/moved` : '/api/v2/moved';
			const report = await acrossOperations(
				() => always({ status, headers: { Location: location } }),
				(run) => {
					const where = target === 'other' ? location : new URL(location, 'http://127.0.0.1').pathname;
					return [
						...failsWith(new RegExp(`with a redirect \\(${status}\\) to .*${where.replace(/[.?*+()]/g, '\\$&')}`), /base URL/)(run),
						...attempts(run),
					];
				},
			);
			expect(report).toEqual({});
		}
		expect(elsewhere.received).toEqual([]);
	});
	const attempts = (run: CaseRun) => (run.received.length === 1 ? [] : [`sent ${run.received.length} requests`]);
});

describe('2xx answers the node cannot read: a readable error, never an empty or invalid item', () => {
	/** Deactivate outputs its own confirmation whatever the body: only its status matters. */
	const readsABody = OPERATIONS.filter((operation) => operation.name !== 'user.deactivate');

	it.each([
		['an HTML page', { status: 200, raw: '<html><body>Welcome</body></html>' }, /with text that is not JSON where/],
		['an empty body', { status: 200, raw: '' }, /with an empty answer where/],
		['null', { status: 200, raw: 'null' }, /with null where/],
		['a JSON string', { status: 200, body: 'ok' }, /with text that is not JSON where|with a string where/],
		['a number', { status: 200, body: 42 }, /with a number where/],
	] as [string, ServerAnswer, RegExp][])('%s', async (_name, answer, message) => {
		const report = await acrossOperations(() => always(answer), failsWith(message, /base URL/), readsABody);
		expect(report).toEqual({});
	});

	it('a record where a list belongs and a list where a record belongs', async () => {
		const swapped: Script = (request, index) => {
			const answer = healthy(request, index) as { status: number; body?: unknown };
			if (answer.status === 204) return answer;
			return { status: answer.status, body: Array.isArray(answer.body) ? { levels: answer.body } : [answer.body] };
		};
		const report = await acrossOperations(() => swapped, failsWith(/with a (list|record) where a (list|record)/), readsABody);
		expect(report).toEqual({});
	});

	it('a list of plain values where records belong', async () => {
		const values: Script = (request, index) => {
			const answer = healthy(request, index) as { status: number; body?: unknown };
			return Array.isArray(answer.body) ? { status: 200, body: [1, 'two', null] } : answer;
		};
		const lists = readsABody.filter((operation) => /getAll|getSurveyCodes|getLevelPrices|upsert/.test(operation.name));
		const report = await acrossOperations(() => values, failsWith(/with a list where a list of records was expected/), lists);
		expect(report).toEqual({});
	});
});

describe('list pages that repeat in any pattern (decisions.md 8)', () => {
	const paged = OPERATIONS.filter((operation) => operation.paged);
	const pages = { A: fullPage('A'), B: fullPage('B'), C: fullPage('C') };

	it.each([
		['A, A', 'AA', 2, 1],
		['A, B, A, B', 'ABAB', 3, 1],
		['A, B, C, B', 'ABCB', 4, 2],
	])('%s: stops with an error at the first repeat', async (_name, pattern, repeatPage, earlierPage) => {
		const script: Script = (request) => {
			const page = Number(new URL(request.url, 'http://x').searchParams.get('page'));
			// Users' page 1 with its count (with_page) gets a plain page too: the node then reads it as a plain list.
			const name = pattern[(page - 1) % pattern.length] as keyof typeof pages;
			return { status: 200, body: pages[name] };
		};
		const report = await acrossOperations(
			() => script,
			(run) => [
				...failsWith(new RegExp(`same records for page ${repeatPage} as for page ${earlierPage} of`), /endless loop/)(run),
				// Up to 3 pages read ahead past the repeat, and Users' first page asked with its count (with_page).
				...(run.received.length <= repeatPage + 4 ? [] : [`read ${run.received.length} pages`]),
			],
			paged,
		);
		expect(report).toEqual({});
	});
});

describe('answers that need care', () => {
	const operation = (name: string) => OPERATIONS.find((candidate) => candidate.name === name) as OperationCase;

	it.each([
		['a 502', { status: 502, body: { message: 'Bad Gateway' } }],
		['a lost connection', { fault: 'resetAfterBody' }],
		['no answer in time', { fault: 'hang' }],
	] as [string, ServerAnswer][])('Deactivate: %s, then 404 on the retry, counts as done (the first DELETE went through)', async (_name, first) => {
		const run = await runCase(
			operation('user.deactivate'),
			(_request, index) => (index === 0 ? first : { status: 404, body: { message: 'User not found' } }),
			{ timeoutSeconds: HANG_TIMEOUT_SECONDS },
		);
		casesTried += 1;
		expect(invariantProblems(run)).toEqual([]);
		expect(run.result.error).toBeUndefined();
		expect(run.output).toEqual([{ id: 7, deactivated: true }]);
		expect(run.received.map(({ method, url }) => `${method} ${url}`)).toEqual(['DELETE /api/v2/users/7', 'DELETE /api/v2/users/7']);
	});

	it('Deactivate: a 404 at the first try is still "not found"', async () => {
		const run = await runCase(operation('user.deactivate'), always({ status: 404, body: { message: 'User not found' } }));
		casesTried += 1;
		expect(run.result.error?.message).toBe('User 7 was not found [item 0]');
	});

	it.each([{}, { id: null }, { id: 'abc' }, { id: 1.5 }, { user: { id: 7 } }])(
		'an employee-ID lookup answered %j: an error, and nothing sent to /users/NaN',
		async (answer) => {
			const script: Script = (request, index) =>
				request.url.includes('by_employee_id') ? { status: 200, body: answer } : healthy(request, index);
			const byEmployeeId = { __rl: true, mode: 'employeeId', value: 'HR-7' };
			const report = await acrossOperations(
				() => script,
				(run) => [
					...failsWith(/for User with External ID HR-7 has no usable id/)(run),
					...(run.received.length === 1 ? [] : [`sent ${run.received.map(({ url }) => url).join(', ')}`]),
				],
				OPERATIONS.filter((candidate) => 'user' in candidate.parameters && !/get/.test(candidate.name)).map((candidate) => ({
					...candidate,
					parameters: { ...candidate.parameters, user: byEmployeeId },
				})),
			);
			expect(report).toEqual({});
		},
	);
});

describe("the sandbox's fault injection", () => {
	const sandbox = useSandbox();

	it('503 twice: a read recovers with the stored record; a create is sent once and says it was not repeated', async () => {
		const users = ok(await sandboxClients(sandbox()).api.get('/users')) as IDataObject[];
		sandbox().clearRequests();
		await injectFault(sandbox(), { status: 503, count: 2 });
		const read = await runActionNode({
			parameters: { resource: 'user', operation: 'get', user: { __rl: true, mode: 'id', value: String(users[0].id) } },
			credential: sandbox(),
		});
		expect(read.error).toBeUndefined();
		expect(jsonOf(read)).toEqual([users[0]]);

		sandbox().clearRequests();
		await injectFault(sandbox(), { status: 503, count: 1 });
		const created = await runActionNode({
			parameters: { resource: 'user', operation: 'create', firstName: 'A', lastName: 'B', email: 'a@example.org', externalId: 'F-1' },
			credential: sandbox(),
		});
		expect(sentRequests(sandbox()).map(({ method }) => method)).toEqual(['POST']);
		expect(created.error?.description).toMatch(/not repeated.*look for External ID F-1/);
		casesTried += 2;
	});

	it('429 with Retry-After 1 on a Background Check order: waits, orders once', async () => {
		await injectFault(sandbox(), { status: 429, count: 1, retryAfter: 1 });
		const started = Date.now();
		const result = await runActionNode({
			parameters: { resource: 'backgroundCheck', operation: 'create', user: { __rl: true, mode: 'id', value: '1001' }, level: 1, quickapp: true, childServing: true, employeeType: 'current' },
			credential: sandbox(),
		});
		casesTried += 1;
		expect(result.error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(950);
		expect(sentRequests(sandbox()).map(({ method }) => method)).toEqual(['POST', 'POST']);
	});
});
