// One `event_id` per occurrence (contract.md "Event IDs (both triggers)", decisions.md 38): the sandbox delivers its
// webhooks to the MinistrySafe Trigger (n8n-core's WebhookContext) while the Polling Trigger (n8n-core's PollContext)
// reads the same service; the occurrence each of them reports carries the same id, a delivery repeated carries it
// again, and the instants may be written in UTC or with any offset.
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { startTriggerHarness, type TriggerHarness } from '../helpers/webhook';
import { PollingTrigger } from '../polling/harness';
import { changes } from '../polling/records';
import { ok } from '../sandbox/helpers';
import { post } from './payloads';

/**
 * The same instant written with another offset (+05:30), in UTC with milliseconds, or in UTC without them (as a
 * serialiser that drops them writes it: the service writes both, test/unit/eventIds.test.ts).
 */
function rewritten(instant: unknown, how: 'utc' | 'offset' | 'whole seconds'): string {
	const time = Date.parse(String(instant));
	if (how === 'utc') return new Date(time).toISOString();
	if (how === 'whole seconds') return new Date(time).toISOString().replace(/\.\d+Z$/, 'Z');
	return `${new Date(time + 330 * 60_000).toISOString().slice(0, 23)}+05:30`;
}

describe('event_id: the same occurrence through both triggers', () => {
	let sandbox: Sandbox;
	let harness: TriggerHarness;
	let make: ReturnType<typeof changes>;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, webhookRetryDelaysMs: [50, 50, 50] });
		harness = await startTriggerHarness({
			parameters: { events: ['quizCompleted', 'backgroundCheckReady', 'userCreated'], authentication: 'none' },
		});
	});
	afterAll(async () => {
		await harness?.stop();
		await sandbox?.stop();
	});
	beforeEach(async () => {
		sandbox.reset();
		await harness.settled();
		harness.executions.length = 0;
		make = changes(sandbox);
		ok(await make.control.put('/webhooks', { json: { urls: [harness.url] } }));
	});

	/** The webhook's items of `event` so far, once there is one: each delivery that the sandbox sent starts one. */
	async function webhookItems(event: string): Promise<IDataObject[]> {
		const deadline = Date.now() + 30_000;
		for (;;) {
			await harness.settled();
			const items = harness.executions.map(([item]) => item).filter((item) => item.event === event);
			if (items.length > 0) return items;
			if (Date.now() > deadline) throw new Error(`No ${event} delivery reached the trigger within 30 s`);
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	}

	/** The body the sandbox sent for `event` (the newest). */
	const sentBody = (event: string) => sandbox.deliveries().filter((delivery) => delivery.event === event).at(-1)?.body ?? {};

	const pollingTrigger = (parameters: IDataObject) => new PollingTrigger({ sandbox, parameters: parameters as never });

	it('a User created: user-created:<id> from the webhook and from the poll', async () => {
		const polling = pollingTrigger({ event: 'userCreated' });
		await polling.activate();
		const user = await make.user();

		const [hooked] = await webhookItems('userCreated');
		const [polled] = await polling.poll();
		expect(hooked).toMatchObject({ event: 'userCreated', id: String(user) });
		expect(polled).toMatchObject({ event: 'userCreated', id: user });
		expect(hooked.event_id).toBe(`user-created:${user}`);
		expect(polled.event_id).toBe(hooked.event_id);
	});

	it('a quiz passed: the webhook quizCompleted and the poll trainingCompleted (winner true) agree, in UTC or an offset', async () => {
		const user = await make.user();
		const training = await make.assignTraining(user);
		const polling = pollingTrigger({ event: 'trainingCompleted' });
		await polling.activate();
		await make.completeTraining(training, 91);

		const [hooked] = await webhookItems('quizCompleted');
		const [polled] = await polling.poll();
		expect(polled).toMatchObject({ event: 'trainingCompleted', id: training, winner: true });
		const instant = rewritten(polled.complete_date, 'whole seconds');
		expect(hooked.event_id).toBe(`quiz-completed:${user}:standard:${instant}`);
		expect(polled.event_id).toBe(hooked.event_id);

		// The same payload with its instant written in UTC, with another offset, without milliseconds: still the same
		// occurrence.
		for (const how of ['utc', 'offset', 'whole seconds'] as const) {
			const payload = { ...sentBody('quizCompleted'), complete_date: rewritten(polled.complete_date, how) };
			expect(payload.complete_date).not.toBe(polled.complete_date);
			const count = harness.executions.length;
			expect((await post(harness.url, payload)).status).toBe(200);
			const [[again]] = (await harness.waitForExecutions(count + 1)).slice(count);
			expect(again.event_id).toBe(polled.event_id);
		}
	});

	it('a completion written with and without milliseconds is one occurrence', async () => {
		const user = await make.user();
		await make.completeTraining(await make.assignTraining(user), 91);
		const [hooked] = await webhookItems('quizCompleted');
		const ids: unknown[] = [];
		for (const complete_date of ['2026-03-07T09:15:00.374-06:00', '2026-03-07T09:15:00-06:00', '2026-03-07T15:15:00.9Z']) {
			const count = harness.executions.length;
			expect((await post(harness.url, { ...sentBody('quizCompleted'), complete_date })).status).toBe(200);
			const [[item]] = (await harness.waitForExecutions(count + 1)).slice(count);
			ids.push(item.event_id);
		}
		expect(ids).toEqual(Array(3).fill(`quiz-completed:${String(hooked.user_id)}:standard:2026-03-07T15:15:00Z`));
	});

	it('a quiz taken again later is another occurrence; a quiz not passed has an id of its own', async () => {
		const user = await make.user();
		const first = await make.assignTraining(user);
		const polling = pollingTrigger({ event: 'trainingCompleted' });
		await polling.activate();
		await make.completeTraining(first, 40);
		const [failed] = await polling.poll();
		expect(failed).toMatchObject({ winner: false });
		expect(failed.event_id).toMatch(new RegExp(`^quiz-not-passed:${user}:standard:`));

		await make.completeTraining(await make.assignTraining(user), 95);
		const [hooked] = await webhookItems('quizCompleted');
		const [passed] = await polling.poll();
		expect(passed.event_id).toBe(hooked.event_id);
		expect(passed.event_id).toMatch(new RegExp(`^quiz-completed:${user}:standard:`));
		expect(passed.event_id).not.toBe(failed.event_id);
	});

	it('a background check ready: the webhook backgroundCheckReady and the poll change from processing agree', async () => {
		const check = await make.orderCheck(await make.user());
		const polling = pollingTrigger({ event: 'backgroundCheckStatusChanged' });
		await polling.activate();
		await make.checkReady(check, 'clear');

		const [hooked] = await webhookItems('backgroundCheckReady');
		const [polled] = await polling.poll();
		expect(polled).toMatchObject({ id: check, previous_status: 'processing', status: 'clear' });
		expect(hooked.event_id).toBe(`background-check-ready:${check}`);
		expect(polled.event_id).toBe(hooked.event_id);

		// Archived afterwards: another occurrence, which only the poll sees.
		await make.archiveCheck(check);
		const [archived] = await polling.poll();
		expect(archived.event_id).toBe(`background-check-status:${check}:clear:archived`);
	});

	test.each(['pending', 'awaiting_applicant'])(
		'a background check ready from %s: the webhook and the poll agree, at the moment it leaves it',
		async (open) => {
			const check = await make.orderCheck(await make.user());
			await make.checkReady(check, open);
			const polling = pollingTrigger({ event: 'backgroundCheckStatusChanged' });
			await polling.activate();
			expect(sandbox.deliveries().filter((delivery) => delivery.event === 'backgroundCheckReady')).toEqual([]);

			await make.checkReady(check, 'clear');
			const [hooked] = await webhookItems('backgroundCheckReady');
			const [polled] = await polling.poll();
			expect(polled).toMatchObject({ id: check, previous_status: open, status: 'clear' });
			expect(hooked.event_id).toBe(`background-check-ready:${check}`);
			expect(polled.event_id).toBe(hooked.event_id);
		},
	);

	test.each(['suspended', 'dispute', 'Awaiting Applicant', 'in_review'])(
		'a background check that goes to %s on its way: no webhook and no ready id then; at its result the webhook and the poll agree (review R5)',
		async (pause) => {
			const check = await make.orderCheck(await make.user());
			const polling = pollingTrigger({ event: 'backgroundCheckStatusChanged' });
			await polling.activate();
			await make.checkReady(check, pause);
			const [paused] = await polling.poll();
			expect(paused).toMatchObject({ id: check, previous_status: 'processing', status: pause });
			expect(paused.event_id).not.toBe(`background-check-ready:${check}`);
			expect(paused.event_id).toMatch(new RegExp(`^background-check-status:${check}:processing:`));

			await make.checkReady(check, 'complete');
			const [hooked] = await webhookItems('backgroundCheckReady');
			const [polled] = await polling.poll();
			expect(polled).toMatchObject({ id: check, previous_status: pause, status: 'complete' });
			expect(hooked.event_id).toBe(`background-check-ready:${check}`);
			expect(polled.event_id).toBe(hooked.event_id);
			expect(sandbox.deliveries().filter((delivery) => delivery.event === 'backgroundCheckReady')).toHaveLength(1);
		},
	);

	it('a background check ended without a result (cancelled): no webhook, and an id of its own from the poll', async () => {
		const check = await make.orderCheck(await make.user());
		const polling = pollingTrigger({ event: 'backgroundCheckStatusChanged' });
		await polling.activate();
		await make.checkReady(check, 'cancelled');
		const [ended] = await polling.poll();
		expect(ended.event_id).toBe(`background-check-status:${check}:processing:cancelled`);
		await sandbox.waitForDeliveries(sandbox.deliveries().length, 5_000);
		expect(sandbox.deliveries().filter((delivery) => delivery.event === 'backgroundCheckReady')).toEqual([]);
	});

	it('a delivery repeated (the service retrying) carries the same event_id each time', async () => {
		await make.user();
		const [hooked] = await webhookItems('userCreated');
		expect(hooked.event_id).toBe(`user-created:${String(hooked.id)}`);
		const body = sentBody('userCreated');
		for (let retry = 0; retry < 2; retry++) expect((await post(harness.url, body)).status).toBe(200);
		const items = await webhookItems('userCreated');
		expect(items).toHaveLength(3);
		expect(new Set(items.map((item) => item.event_id))).toEqual(new Set([hooked.event_id]));
	});
});
