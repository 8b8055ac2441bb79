// "Include Full Record": the trigger reads the record behind the event from the sandbox, over real HTTP.
import { startSandbox, type Sandbox } from '../../sandbox';
import { startTriggerHarness, type TriggerHarness } from '../helpers/webhook';
import { backgroundCheckReady, post, quizCompleted, userCreated } from './payloads';
import { clientsFor, type Client } from '../sandbox/helpers';
import { createUser } from '../sandbox/helpers';
import { ok, orderBackgroundCheck, type Json } from './sandboxClient';

const ALL_EVENTS = ['quizCompleted', 'backgroundCheckReady', 'userCreated'];

describe('MinistrySafe Trigger: Include Full Record', () => {
	let sandbox: Sandbox;
	let api: Client;
	let control: Client;
	let harness: TriggerHarness;
	let user: Json;
	let check: Json;

	const startHarness = (apiKey: string, events = ALL_EVENTS) =>
		startTriggerHarness({
			parameters: { events, authentication: 'none', includeFullRecord: true },
			credentials: { ministrySafeApi: { environment: 'custom', baseUrl: sandbox.url, apiKey } },
		});

	/** Posts one event and gives the answer and the one execution it started. */
	async function deliver(target: TriggerHarness, payload: object) {
		const before = target.executions.length;
		const answer = await post(target.url, payload);
		const executions = await target.waitForExecutions(before + 1);
		return { answer, items: executions[before] };
	}

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
		({ api, control } = clientsFor(sandbox.url, sandbox.apiKey));
		user = await createUser(api, { external_id: 'FULL-RECORD-1', first_name: 'Ada', last_name: 'Lovelace' });
		check = await orderBackgroundCheck(api, user.id);
		harness = await startHarness(sandbox.apiKey);
	});
	afterAll(async () => {
		await harness?.stop();
		await sandbox?.stop();
	});

	it('adds the Background Check under record', async () => {
		const payload = { ...backgroundCheckReady, id: String(check.id), user_id: String(user.id) };
		const { answer, items } = await deliver(harness, payload);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: 'Workflow was started' });
		const record = ok(await api.get(`/background_checks/${String(check.id)}`));
		expect(record).toEqual(expect.objectContaining({ id: check.id, level: 1, status: 'processing' }));
		expect(items).toEqual([{ ...payload, event: 'backgroundCheckReady', event_id: expect.any(String), record }]);
	});

	it.each([
		['userCreated', () => ({ ...userCreated, id: String(user.id) })],
		['quizCompleted', () => ({ ...quizCompleted, user_id: String(user.id) })],
	])('%s: adds the User under record', async (event, makePayload) => {
		const payload = makePayload();
		const { items } = await deliver(harness, payload);
		const record = ok(await api.get(`/users/${String(user.id)}`));
		expect(record).toEqual(expect.objectContaining({ id: user.id, first_name: 'Ada', email: user.email }));
		expect(items).toEqual([{ ...payload, event, event_id: expect.any(String), record }]);
	});

	it('answers the service at once, while the read still waits out a rate limit', async () => {
		ok(await control.put('/faults', { json: { status: 429, count: 1, retryAfter: 1 } }));
		const payload = { ...userCreated, id: String(user.id) };
		const before = harness.executions.length;
		const answer = await post(harness.url, payload);
		expect(answer.status).toBe(200);
		expect(harness.executions.length).toBe(before);
		const executions = await harness.waitForExecutions(before + 1, 30_000);
		expect(executions[before][0].record).toEqual(expect.objectContaining({ id: user.id }));
	});

	it('keeps the event with recordError when the record does not exist', async () => {
		const payload = { ...backgroundCheckReady, id: '987654' };
		const { answer, items } = await deliver(harness, payload);
		expect(answer.status).toBe(200);
		expect(items).toEqual([{ ...payload, event: 'backgroundCheckReady', event_id: expect.any(String), recordError: expect.any(String) }]);
		// Said once: which record, and that it was not found.
		expect(items[0].recordError).toMatch(/^Background Check 987654 was not found\. The event itself is complete/);
		expect(String(items[0].recordError).match(/not found/gi)).toHaveLength(1);
		expect(items[0].recordError).toMatch(/The event itself is complete/);
	});

	it('sends nothing to the service for an ID that is not a number, and says so', async () => {
		sandbox.clearRequests();
		const payload = { ...userCreated, id: '../tags' };
		const { items } = await deliver(harness, payload);
		expect(items).toEqual([
			{
				...payload,
				event: 'userCreated',
				event_id: `user-created:${encodeURIComponent('../tags')}`,
				recordError: "Could not read the User behind this event: the payload's id is missing or not a numeric ID",
			},
		]);
		expect(sandbox.requests).toEqual([]);
	});

	it('keeps the event with recordError when the API key is wrong', async () => {
		const wrongKey = await startHarness('not-the-key');
		try {
			const payload = { ...userCreated, id: String(user.id) };
			const { items } = await deliver(wrongKey, payload);
			expect(items[0]).toEqual({ ...payload, event: 'userCreated', event_id: expect.any(String), recordError: expect.any(String) });
			expect(items[0].recordError).toMatch(/API key was rejected \(401 Unauthorized\)/);
		} finally {
			await wrongKey.stop();
		}
	});

	it('reads nothing for an event that is not selected', async () => {
		const onlyChecks = await startHarness(sandbox.apiKey, ['backgroundCheckReady']);
		try {
			sandbox.clearRequests();
			const answer = await post(onlyChecks.url, { ...userCreated, id: String(user.id) });
			await onlyChecks.settled();
			expect(answer.status).toBe(200);
			expect(answer.body).toEqual({ message: 'Webhook call received' });
			expect(onlyChecks.executions).toEqual([]);
			expect(sandbox.requests).toEqual([]);
		} finally {
			await onlyChecks.stop();
		}
	});
});
