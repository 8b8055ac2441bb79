// The MinistrySafe Trigger receiving real HTTP calls through n8n's webhook path (test/helpers/webhook.ts).
import { MinistrySafeTrigger } from '../../nodes/MinistrySafeTrigger/MinistrySafeTrigger.node.js';
import { startTriggerHarness, type TriggerHarness } from '../helpers/webhook';
import { backgroundCheckReady, basicAuthHeader, delivered, post, quizCompleted, userCreated } from './payloads';

const ALL_EVENTS = ['quizCompleted', 'backgroundCheckReady', 'userCreated'];
const WEBHOOK_AUTH = { user: 'church-admin', password: 'correct horse battery staple' };

/** Sends one call and waits until the trigger has handled it to the end; gives the answer and the new executions. */
async function call(harness: TriggerHarness, body: unknown, options?: Parameters<typeof post>[2]) {
	const before = harness.executions.length;
	const answer = await post(harness.url, body, options);
	await harness.settled();
	return { ...answer, executions: harness.executions.slice(before) };
}

describe('MinistrySafe Trigger: events', () => {
	let harness: TriggerHarness;
	beforeAll(async () => {
		harness = await startTriggerHarness({ parameters: { events: ALL_EVENTS, authentication: 'none' } });
	});
	afterAll(async () => await harness.stop());

	it.each([
		['quizCompleted', quizCompleted],
		['backgroundCheckReady', backgroundCheckReady],
		['userCreated', userCreated],
	])('%s: one execution with one item, the payload untouched plus event and event_id', async (event, payload) => {
		const answer = await call(harness, payload);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: 'Workflow was started' });
		expect(answer.executions).toEqual([[delivered[event as keyof typeof delivered]]]);
	});

	it('answers 200 and starts nothing for a JSON object that is no known event', async () => {
		const answer = await call(harness, { hello: 'world', id: '3' });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: 'Webhook call received' });
		expect(answer.executions).toEqual([]);
	});

	it('starts nothing for a payload that looks like two events at once', async () => {
		const answer = await call(harness, { ...quizCompleted, ...backgroundCheckReady });
		expect(answer.status).toBe(200);
		expect(answer.executions).toEqual([]);
	});

	it('recognises an event with a missing field as unknown rather than guess', async () => {
		const withoutCertificate: Record<string, unknown> = { ...quizCompleted };
		delete withoutCertificate.certificate_url;
		const answer = await call(harness, withoutCertificate);
		expect(answer.status).toBe(200);
		expect(answer.executions).toEqual([]);
	});

	it('keeps extra fields the service may add, and replaces an event field with its own', async () => {
		const payload = { ...userCreated, event: 'something else', event_id: 'made-up', tags: ['Camp'] };
		const answer = await call(harness, payload);
		expect(answer.executions).toEqual([[{ ...delivered.userCreated, tags: ['Camp'] }]]);
	});

	it.each([
		['plain text', 'score=92', 'text/plain'],
		['a form body', 'user_id=34&score=92&survey_code=standard&certificate_url=x', 'application/x-www-form-urlencoded'],
		['JSON sent without a JSON content type', JSON.stringify(quizCompleted), 'application/octet-stream'],
		['a JSON array', JSON.stringify([quizCompleted]), 'application/json'],
		['a JSON string', JSON.stringify('quiz'), 'application/json'],
	])('answers 400 with a clear message and starts nothing for %s', async (_what, body, contentType) => {
		const answer = await call(harness, body, { contentType });
		expect(answer.status).toBe(400);
		expect(answer.body?.message).toMatch(/accepts only a JSON object sent with Content-Type: application\/json/);
		expect(answer.executions).toEqual([]);
	});

	it('never reaches the node with broken JSON: n8n itself answers 422', async () => {
		const answer = await call(harness, '{"score": 92,', { contentType: 'application/json' });
		expect(answer.status).toBe(422);
		expect(answer.executions).toEqual([]);
	});
});

describe('MinistrySafe Trigger: only the selected events', () => {
	let harness: TriggerHarness;
	beforeAll(async () => {
		harness = await startTriggerHarness({ parameters: { events: ['backgroundCheckReady'], authentication: 'none' } });
	});
	afterAll(async () => await harness.stop());

	it.each([
		['quizCompleted', quizCompleted],
		['userCreated', userCreated],
	])('answers %s with 200 and starts nothing', async (_event, payload) => {
		const answer = await call(harness, payload);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: 'Webhook call received' });
		expect(answer.executions).toEqual([]);
	});

	it('starts the selected one', async () => {
		const answer = await call(harness, backgroundCheckReady);
		expect(answer.executions).toEqual([[delivered.backgroundCheckReady]]);
	});

	it('starts nothing when no event is selected', async () => {
		const none = await startTriggerHarness({ parameters: { events: [], authentication: 'none' } });
		try {
			const answer = await call(none, backgroundCheckReady);
			expect(answer.status).toBe(200);
			expect(answer.executions).toEqual([]);
		} finally {
			await none.stop();
		}
	});
});

describe('MinistrySafe Trigger: Basic authentication', () => {
	let harness: TriggerHarness;
	beforeAll(async () => {
		harness = await startTriggerHarness({
			parameters: { events: ALL_EVENTS, authentication: 'basicAuth' },
			credentials: { ministrySafeWebhookApi: WEBHOOK_AUTH },
		});
	});
	afterAll(async () => await harness.stop());

	it('starts the workflow when the username and password are right', async () => {
		const answer = await call(harness, quizCompleted, {
			authorization: basicAuthHeader(WEBHOOK_AUTH.user, WEBHOOK_AUTH.password),
		});
		expect(answer.status).toBe(200);
		expect(answer.executions).toEqual([[delivered.quizCompleted]]);
	});

	it.each([
		['no Authorization header', undefined],
		['a wrong password', basicAuthHeader(WEBHOOK_AUTH.user, 'wrong')],
		['a wrong user', basicAuthHeader('someone', WEBHOOK_AUTH.password)],
		['the password with a suffix', basicAuthHeader(WEBHOOK_AUTH.user, `${WEBHOOK_AUTH.password}x`)],
		['an empty user and password', basicAuthHeader('', '')],
		['another scheme', `Bearer ${WEBHOOK_AUTH.password}`],
		['Basic without a colon', `Basic ${Buffer.from(WEBHOOK_AUTH.user).toString('base64')}`],
	])('answers 401 with WWW-Authenticate and starts nothing for %s', async (_what, authorization) => {
		const answer = await call(harness, quizCompleted, { authorization });
		expect(answer.status).toBe(401);
		expect(answer.headers.get('www-authenticate')).toBe('Basic realm="MinistrySafe Trigger"');
		expect(answer.body?.message).toMatch(/username and password set for it in the MinistrySafe developer console/);
		expect(answer.executions).toEqual([]);
	});

	it('checks the credentials before anything else: a bad body without them is a 401, not a 400', async () => {
		const answer = await call(harness, 'not json', { contentType: 'text/plain' });
		expect(answer.status).toBe(401);
	});

	it('authorises nothing when the credential has an empty password', async () => {
		const misconfigured = await startTriggerHarness({
			parameters: { events: ALL_EVENTS, authentication: 'basicAuth' },
			credentials: { ministrySafeWebhookApi: { user: WEBHOOK_AUTH.user, password: '' } },
		});
		try {
			const answer = await call(misconfigured, quizCompleted, {
				authorization: basicAuthHeader(WEBHOOK_AUTH.user, ''),
			});
			expect(answer.status).toBe(401);
			expect(answer.executions).toEqual([]);
		} finally {
			await misconfigured.stop();
		}
	});
});

// n8n stores only what differs from a parameter's default: these triggers were saved with nothing for Authentication.
describe('MinistrySafe Trigger: the Authentication default of each version', () => {
	it('version 1 (released with None as the default) saved with nothing: accepts a call without a username and password', async () => {
		const saved = await startTriggerHarness({ typeVersion: 1, parameters: { events: ALL_EVENTS } });
		try {
			const answer = await call(saved, quizCompleted);
			expect(answer.status).toBe(200);
			expect(answer.executions).toEqual([[delivered.quizCompleted]]);
		} finally {
			await saved.stop();
		}
	});

	it('version 1.1 saved with nothing: asks for the username and password', async () => {
		const saved = await startTriggerHarness({
			typeVersion: 1.1,
			parameters: { events: ALL_EVENTS },
			credentials: { ministrySafeWebhookApi: WEBHOOK_AUTH },
		});
		try {
			const refused = await call(saved, quizCompleted);
			expect(refused.status).toBe(401);
			expect(refused.executions).toEqual([]);
			const answer = await call(saved, quizCompleted, {
				authorization: basicAuthHeader(WEBHOOK_AUTH.user, WEBHOOK_AUTH.password),
			});
			expect(answer.status).toBe(200);
			expect(answer.executions).toEqual([[delivered.quizCompleted]]);
		} finally {
			await saved.stop();
		}
	});

	it('a trigger added now is version 1.1, with Basic Auth', () => {
		const { description } = new MinistrySafeTrigger();
		expect(description.version).toEqual([1, 1.1]);
		expect(description.defaultVersion).toBe(1.1);
	});
});

describe('MinistrySafe Webhook API credential test', () => {
	const testCredential = (data: Record<string, string>) =>
		new MinistrySafeTrigger().methods.credentialTest.testWebhookCredential.call(
			{} as never,
			{ id: '1', name: 'webhook', type: 'ministrySafeWebhookApi', data },
		);

	it('accepts a user and a password', async () => {
		expect((await testCredential(WEBHOOK_AUTH)).status).toBe('OK');
	});

	it.each([
		['an empty password', { user: 'admin', password: '' }, /Set both 'Username' and 'Password'/],
		['an empty user', { user: '', password: 'secret' }, /Set both 'Username' and 'Password'/],
		['a colon in the user', { user: 'church:admin', password: 'secret' }, /'Username' may not contain a colon/],
	])('rejects %s', async (_what, data, message) => {
		const result = await testCredential(data);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(message);
	});
});
