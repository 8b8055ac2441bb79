// Webhooks to a local receiver: the three events with the bodies of api-v2.md 6 (ids as strings), with and
// without HTTP Basic authentication, retries of a failing or unreachable receiver, and delivery that never holds
// back the API answer.
import { startSandbox } from '../../sandbox';
import type { Receiver } from './helpers';
import { clientsFor, closedPort, createUser, list, startReceiver, useSandbox } from './helpers';

const OFFSET_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;
const RETRY_DELAYS_MS = [20, 40, 60];

const logLines: string[] = [];
const suite = useSandbox({ webhookRetryDelaysMs: RETRY_DELAYS_MS, log: (line) => logLines.push(line) });
let receiver: Receiver;

beforeAll(async () => {
	receiver = await startReceiver();
});
afterAll(() => receiver.stop());
beforeEach(() => {
	receiver.calls.length = 0;
	receiver.answerWith([]);
	receiver.releaseAnswers();
});

async function configure(settings: Record<string, unknown>): Promise<void> {
	const answer = await suite.control.put('/webhooks', { json: settings });
	expect(answer.status).toBe(200);
}

function createWendy() {
	return createUser(suite.api, { first_name: 'Wendy', last_name: 'Hook', email: 'wendy@example.org', external_id: 'W-1' });
}

describe('user created', () => {
	it('posts the documented body, ids as strings, as JSON without authentication when none is set', async () => {
		await configure({ urls: [`${receiver.url}/hook?secret=s3cret`] });
		const user = await createWendy();
		const [delivery] = await suite.sandbox.waitForDeliveries(1);
		expect(delivery).toMatchObject({ event: 'userCreated', status: 200, attempts: 1, delivered: true });
		expect(receiver.calls).toHaveLength(1);
		const [call] = receiver.calls;
		expect(call.path).toBe('/hook?secret=s3cret');
		expect(call.headers['content-type']).toBe('application/json');
		expect(call.headers.authorization).toBeUndefined();
		expect(call.body).toEqual({
			id: String(user.id),
			employee_id: 'W-1',
			external_id: 'W-1',
			first_name: 'Wendy',
			last_name: 'Hook',
			email: 'wendy@example.org',
			organization_id: '1',
		});
		const listed = await suite.control.get('/deliveries');
		expect(list(listed)).toEqual([{ ...delivery, body: call.body }]);
		expect(logLines.join('\n')).toContain(`webhook userCreated -> ${receiver.url}/hook answered 200 (attempt 1)`);
		expect(logLines.join('\n')).not.toContain('s3cret');
	});

	it('sends HTTP Basic authentication when a username and password are set, to every URL', async () => {
		const second = await startReceiver();
		try {
			await configure({ urls: [`${receiver.url}/a`, `${second.url}/b`], username: 'church', password: 'p@ss:word' });
			await createWendy();
			await suite.sandbox.waitForDeliveries(2);
			const expected = `Basic ${Buffer.from('church:p@ss:word').toString('base64')}`;
			expect(receiver.calls.map((call) => call.headers.authorization)).toEqual([expected]);
			expect(second.calls.map((call) => call.headers.authorization)).toEqual([expected]);
		} finally {
			await second.stop();
		}
	});

	it('sends nothing when no URL is configured', async () => {
		await createWendy();
		expect(suite.sandbox.deliveries()).toEqual([]);
		expect(list(await suite.control.get('/deliveries'))).toEqual([]);
	});
});

describe('quiz completed', () => {
	it('is sent when a Training is completed with a passing score, with and without Basic authentication', async () => {
		for (const auth of [{}, { username: 'u', password: 'p' }]) {
			suite.sandbox.reset();
			receiver.calls.length = 0;
			await configure({ urls: [receiver.url], ...auth });
			const [user] = list(await suite.api.get('/users'));
			await suite.api.post(`/users/${user.id}/assign_training`, { form: { survey_code: 'camp' } });
			const training = list(await suite.api.get(`/users/${user.id}/trainings`)).at(-1);
			const completed = await suite.control.post(`/trainings/${training?.id}/complete`, { json: { score: 90 } });
			expect(completed.status).toBe(200);
			expect(completed.body).toMatchObject({ id: training?.id, winner: true, score: 90 });
			await suite.sandbox.waitForDeliveries(1);
			const [call] = receiver.calls;
			expect(call.headers.authorization).toBe(
				'username' in auth ? `Basic ${Buffer.from('u:p').toString('base64')}` : undefined,
			);
			expect(Object.keys(call.body as object).sort()).toEqual(
				['certificate_url', 'complete_date', 'external_id', 'score', 'survey_code', 'user_id'].sort(),
			);
			expect(call.body).toMatchObject({
				user_id: String(user.id),
				external_id: user.external_id,
				score: 90,
				survey_code: 'camp',
				certificate_url: completed.body.certificate_url,
				complete_date: completed.body.complete_date,
			});
			expect(String((call.body as { complete_date: string }).complete_date)).toMatch(OFFSET_TIMESTAMP);
			const updatedUser = (await suite.api.get(`/users/${user.id}`)).body;
			expect(updatedUser).toMatchObject({ score: 90, complete_date: completed.body.complete_date });
		}
	});

	it('is not sent for a failing score; completing twice or an unknown Training is refused', async () => {
		await configure({ urls: [receiver.url] });
		const [user] = list(await suite.api.get('/users'));
		await suite.api.post(`/users/${user.id}/assign_training`);
		const training = list(await suite.api.get(`/users/${user.id}/trainings`)).at(-1);
		const failed = await suite.control.post(`/trainings/${training?.id}/complete`, { json: { score: 50 } });
		expect(failed.body).toMatchObject({ winner: false, score: 50, certificate_url: null });
		expect((await suite.control.post(`/trainings/${training?.id}/complete`, { json: { score: 95 } })).status).toBe(422);
		expect((await suite.control.post('/trainings/1/complete', { json: {} })).body).toEqual({ message: 'Training not found' });
		expect((await suite.control.post(`/trainings/${training?.id}/complete`, { json: { score: 101 } })).status).toBe(422);
		await createWendy();
		await suite.sandbox.waitForDeliveries(1);
		expect(suite.sandbox.deliveries().map((delivery) => delivery.event)).toEqual(['userCreated']);
	});
});

describe('background check ready', () => {
	it('is sent when a processing check becomes ready, which completes it with a results_url', async () => {
		for (const auth of [{}, { username: 'bc', password: 'ready' }]) {
			suite.sandbox.reset();
			receiver.calls.length = 0;
			await configure({ urls: [receiver.url], ...auth });
			const [user] = list(await suite.api.get('/users'));
			const ordered = await suite.api.post('/background_checks', {
				form: {
					background_check: { user_id: user.id, level: 1, quickapp: 'true', child_serving: 'true', employee_type: 'current' },
				},
			});
			const ready = await suite.control.post(`/background_checks/${ordered.body.id}/ready`);
			expect(ready.status).toBe(200);
			expect(ready.body).toMatchObject({ id: ordered.body.id, status: 'complete' });
			expect(String(ready.body.results_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
			await suite.sandbox.waitForDeliveries(1);
			const [call] = receiver.calls;
			expect(call.headers.authorization).toBe(
				'username' in auth ? `Basic ${Buffer.from('bc:ready').toString('base64')}` : undefined,
			);
			expect(Object.keys(call.body as object).sort()).toEqual(
				['complete_date', 'email', 'external_id', 'id', 'results_url', 'user_id'].sort(),
			);
			expect(call.body).toMatchObject({
				id: String(ordered.body.id),
				user_id: String(user.id),
				email: user.email,
				external_id: user.external_id,
				results_url: ready.body.results_url,
			});
			expect(String((call.body as { complete_date: string }).complete_date)).toMatch(OFFSET_TIMESTAMP);
			expect((await suite.control.post(`/background_checks/${ordered.body.id}/ready`)).status).toBe(422);
		}
		expect((await suite.control.post('/background_checks/1/ready')).body).toEqual({ message: 'Background Check not found' });
	});

	it('is sent when a check reaches its result, not when it is paused on the way, and never for one that ended without a result', async () => {
		suite.sandbox.reset();
		await configure({ urls: [receiver.url] });
		const [user] = list(await suite.api.get('/users'));
		const order = async () =>
			Number(
				(
					await suite.api.post('/background_checks', {
						form: { background_check: { user_id: user.id, level: 1, quickapp: 'true', child_serving: 'true', employee_type: 'current' } },
					})
				).body.id,
			);
		const move = async (check: number, status: string) => await suite.control.post(`/background_checks/${check}/ready`, { json: { status } });
		const [paused, ended] = [await order(), await order()];
		// The vendor's words as it writes them (nodes/shared/checkStatuses.ts): paused, then the result.
		expect((await move(paused, 'Suspended')).body).toMatchObject({ status: 'Suspended', complete_date: null, results_url: null });
		expect((await move(ended, 'cancelled')).body).toMatchObject({ status: 'cancelled', complete_date: null });
		expect((await move(ended, 'complete')).status).toBe(422);
		expect(suite.sandbox.deliveries()).toEqual([]);
		expect((await move(paused, 'Pre-Adverse')).body).toMatchObject({ status: 'Pre-Adverse' });
		const [delivery] = await suite.sandbox.waitForDeliveries(1);
		expect(delivery).toMatchObject({ event: 'backgroundCheckReady', body: { id: String(paused) } });
		expect((await move(paused, 'clear')).status).toBe(422);
		expect(suite.sandbox.deliveries()).toHaveLength(1);
	});
});

describe('retries', () => {
	it('retries a failing receiver until it answers 2xx', async () => {
		await configure({ urls: [receiver.url] });
		receiver.answerWith([500, 503]);
		await createWendy();
		const [delivery] = await suite.sandbox.waitForDeliveries(1);
		expect(delivery).toMatchObject({ status: 200, attempts: 3, delivered: true, pending: false });
		expect(receiver.calls).toHaveLength(3);
		expect(new Set(receiver.calls.map((call) => JSON.stringify(call.body))).size).toBe(1);
	});

	it('gives up after 3 retries, and says why', async () => {
		await configure({ urls: [receiver.url] });
		receiver.answerWith([500, 500, 500, 500, 500]);
		await createWendy();
		const [delivery] = await suite.sandbox.waitForDeliveries(1);
		expect(delivery).toMatchObject({ status: 500, attempts: 4, delivered: false, error: 'answered 500' });
		expect(receiver.calls).toHaveLength(4);
	});

	it('retries a receiver that cannot be reached', async () => {
		await configure({ urls: [`http://127.0.0.1:${await closedPort()}/gone`] });
		await createWendy();
		const [delivery] = await suite.sandbox.waitForDeliveries(1);
		expect(delivery).toMatchObject({ status: null, attempts: 4, delivered: false });
		expect(delivery.error).toMatch(/ECONNREFUSED/);
	});

	it('counts a receiver that does not answer in time as a failed attempt', async () => {
		const hasty = await startSandbox({ webhookRetryDelaysMs: [20], webhookAttemptTimeoutMs: 200 });
		try {
			const clients = clientsFor(hasty.url, hasty.apiKey);
			await clients.control.put('/webhooks', { json: { urls: [receiver.url] } });
			// Held, not slowed: an answer after a delay could still beat the timeout on a loaded machine, whose timers
			// all fire late together; held answers leave the timeout as the only way an attempt ends.
			receiver.holdAnswers();
			await createUser(clients.api, { external_id: 'SLOW' });
			const [delivery] = await hasty.waitForDeliveries(1, 30_000);
			expect(delivery).toMatchObject({ status: null, attempts: 2, delivered: false, error: 'no answer within 200 ms' });
		} finally {
			receiver.releaseAnswers();
			await hasty.stop();
		}
	});

	it('never holds back the API answer for a slow receiver', async () => {
		await configure({ urls: [receiver.url] });
		// The receiver answers only when released: the API answer must come while the delivery is still pending.
		receiver.holdAnswers();
		await createWendy();
		expect(suite.sandbox.deliveries()[0]).toMatchObject({ pending: true, attempts: 1 });
		receiver.releaseAnswers();
		const [delivery] = await suite.sandbox.waitForDeliveries(1, 30_000);
		expect(delivery.delivered).toBe(true);
	});

	it('waitForDeliveries rejects when too few settle in time', async () => {
		await expect(suite.sandbox.waitForDeliveries(1, 50)).rejects.toThrow(
			/Only 0 of 1 webhook deliveries settled within 50 ms/,
		);
	});

	it('stop() ends pending retries at once', async () => {
		const patient = await startSandbox({ webhookRetryDelaysMs: [3_600_000, 3_600_000, 3_600_000] });
		const clients = clientsFor(patient.url, patient.apiKey);
		await clients.control.put('/webhooks', { json: { urls: [receiver.url] } });
		receiver.answerWith([500]);
		await createUser(clients.api, { external_id: 'X' });
		// The first attempt arrives (failed with 500); the test's own timeout bounds this wait.
		while (receiver.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
		// The next retry is an hour away: stop() resolving at all, within the test's time, shows it did not wait for it.
		await patient.stop();
		expect(receiver.calls).toHaveLength(1);
	});
});

describe('webhook settings', () => {
	it('refuses addresses that are not http(s) and a username without a password', async () => {
		const answer = await suite.control.put('/webhooks', {
			json: { urls: ['ftp://example.org', 'nonsense'], username: 'only' },
		});
		expect(answer.status).toBe(422);
		expect(answer.body.errors).toEqual({
			urls: ['must be a list of http or https addresses'],
			password: ['give both username and password, or neither'],
		});
	});

	it('shows the settings without the password', async () => {
		await configure({ urls: [receiver.url], username: 'u', password: 'secret-pass' });
		const answer = await suite.control.get('/webhooks');
		expect(answer.body).toEqual({ urls: [receiver.url], username: 'u', passwordSet: true });
		expect(answer.text).not.toContain('secret-pass');
	});
});
