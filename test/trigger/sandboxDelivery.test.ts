// The sandbox itself delivers its three webhook events to the trigger, with Basic authentication, as the developer
// console of the real service would once an administrator has pasted the URL and set a username and password.
import { startSandbox, type Sandbox } from '../../sandbox';
import { startTriggerHarness, type TriggerHarness } from '../helpers/webhook';
import { clientsFor, list, type Client } from '../sandbox/helpers';
import { createUser } from '../sandbox/helpers';
import { ok, orderBackgroundCheck } from './sandboxClient';

const WEBHOOK_AUTH = { user: 'camp-office', password: 's3cret-for-webhooks' };

describe('MinistrySafe Trigger: events delivered by the sandbox', () => {
	let sandbox: Sandbox;
	let api: Client;
	let control: Client;
	let harness: TriggerHarness;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, webhookRetryDelaysMs: [50, 50, 50] });
		({ api, control } = clientsFor(sandbox.url, sandbox.apiKey));
		harness = await startTriggerHarness({
			parameters: {
				events: ['quizCompleted', 'backgroundCheckReady', 'userCreated'],
				authentication: 'basicAuth',
			},
			credentials: { ministrySafeWebhookApi: WEBHOOK_AUTH },
		});
	});
	afterAll(async () => {
		await sandbox?.stop();
		await harness?.stop();
	});
	beforeEach(() => sandbox.reset());

	it('turns a created User, a completed Training and a ready Background Check into one item each', async () => {
		const settings = { urls: [harness.url], username: WEBHOOK_AUTH.user, password: WEBHOOK_AUTH.password };
		ok(await control.put('/webhooks', { json: settings }));
		const before = harness.executions.length;

		const user = await createUser(api, { external_id: 'DELIVERY-1', first_name: 'Ada', last_name: 'Lovelace' });
		ok(await api.post(`/users/${String(user.id)}/assign_training`, { form: { survey_code: 'standard' } }));
		const [training] = list(await api.get(`/users/${String(user.id)}/trainings`));
		ok(await control.post(`/trainings/${String(training.id)}/complete`, { json: { score: 90 } }));
		const check = await orderBackgroundCheck(api, user.id);
		ok(await control.post(`/background_checks/${String(check.id)}/ready`));

		const deliveries = await sandbox.waitForDeliveries(3, 30_000);
		expect(deliveries.map(({ event, status, attempts, delivered }) => ({ event, status, attempts, delivered }))).toEqual(
			['userCreated', 'quizCompleted', 'backgroundCheckReady'].map((event) => ({
				event,
				status: 200,
				attempts: 1,
				delivered: true,
			})),
		);

		const executions = (await harness.waitForExecutions(before + 3)).slice(before);
		expect(executions).toEqual(deliveries.map(({ event, body }) => [{ ...body, event, event_id: expect.any(String) }]));
		const [[created], [quiz], [ready]] = executions;
		expect(created).toEqual(
			expect.objectContaining({
				event: 'userCreated',
				id: String(user.id),
				external_id: 'DELIVERY-1',
				first_name: 'Ada',
				organization_id: expect.any(String),
			}),
		);
		expect(quiz).toEqual(
			expect.objectContaining({ event: 'quizCompleted', user_id: String(user.id), score: 90, survey_code: 'standard' }),
		);
		expect(ready).toEqual(
			expect.objectContaining({
				event: 'backgroundCheckReady',
				id: String(check.id),
				user_id: String(user.id),
				results_url: expect.stringMatching(/^http/),
			}),
		);
	});

	it('starts nothing when the console has the wrong password: every attempt gets 401', async () => {
		const settings = { urls: [harness.url], username: WEBHOOK_AUTH.user, password: 'an old password' };
		ok(await control.put('/webhooks', { json: settings }));
		const before = harness.executions.length;

		await createUser(api, { external_id: 'DELIVERY-2', first_name: 'Ada', last_name: 'Lovelace' });

		const [delivery] = await sandbox.waitForDeliveries(1, 30_000);
		expect(delivery).toEqual(
			expect.objectContaining({ event: 'userCreated', status: 401, attempts: 4, delivered: false }),
		);
		await harness.settled();
		expect(harness.executions.length).toBe(before);
	});
});
