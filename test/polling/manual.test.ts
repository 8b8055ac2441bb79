// "Fetch Test Event" (manual mode) returns the most recent matching record and remembers nothing; bad settings and a
// refused key fail the activation poll, which fails the activation in n8n.
import { useSandbox } from '../sandbox/helpers';
import { PollingTrigger } from './harness';
import { changes } from './records';

const suite = useSandbox();
const triggerFor = (parameters: Record<string, unknown>) =>
	new PollingTrigger({ sandbox: suite.sandbox, parameters: parameters as never });

describe('Fetch Test Event', () => {
	it('gives the newest record of each event and changes no state, saved or in memory', async () => {
		const make = changes(suite.sandbox);
		const user = await make.user();
		const training = await make.assignTraining(user);
		await make.completeTraining(training);
		const check = await make.orderCheck(user);

		const expectations: Array<[Record<string, unknown>, Record<string, unknown>]> = [
			[{ event: 'userCreated' }, { id: user, event: 'userCreated', event_id: `user-created:${user}` }],
			[
				{ event: 'trainingCompleted' },
				{ id: training, event: 'trainingCompleted', event_id: expect.stringMatching(`^quiz-completed:${user}:standard:`) },
			],
			[
				{ event: 'backgroundCheckStatusChanged' },
				{
					id: check,
					status: 'processing',
					event: 'backgroundCheckStatusChanged',
					previous_status: null,
					event_id: `background-check-status:${check}:none:processing`,
				},
			],
		];
		for (const [parameters, expected] of expectations) {
			const trigger = triggerFor(parameters);
			await trigger.activate();
			const saved = JSON.stringify(trigger.saved);
			const inMemory = JSON.stringify(trigger.state());
			const sample = await trigger.fetchTestEvent();
			expect(sample).toHaveLength(1);
			expect(sample[0]).toMatchObject(expected);
			expect(JSON.stringify(trigger.saved)).toBe(saved);
			expect(JSON.stringify(trigger.state())).toBe(inMemory);
		}
	});

	it('Background Check: only checks in the listed statuses; the seeded ones when the look-back has none', async () => {
		const make = changes(suite.sandbox);
		await make.orderCheck(await make.user());
		const [sample] = await triggerFor({ event: 'backgroundCheckStatusChanged', statuses: 'complete' }).fetchTestEvent();
		expect(sample).toMatchObject({ status: 'complete', previous_status: null });
	});

	it('Training Renewal Due: the one whose window began most recently, and sends nothing but reads', async () => {
		const make = changes(suite.sandbox);
		const older = await make.assignTraining(await make.user());
		await make.completeTraining(older);
		await make.backdateTraining(older, 740);
		const newer = await make.assignTraining(await make.user());
		await make.completeTraining(newer);
		// 702 days: its notice window began a day or two ago, later than any the seed has (theirs began 5 days ago or more).
		await make.backdateTraining(newer, 702);
		suite.sandbox.clearRequests();

		const [sample] = await triggerFor({ event: 'trainingRenewalDue' }).fetchTestEvent();
		expect(sample).toMatchObject({ id: newer, event: 'trainingRenewalDue' });
		expect(sample.days_left).toBeLessThanOrEqual(30);
		expect(new Set(suite.sandbox.requests.map((request) => request.method))).toEqual(new Set(['GET']));
	});
});

describe('activation errors', () => {
	it('refuses a bad look-back or renewal setting by name, before reading anything', async () => {
		suite.sandbox.clearRequests();
		await expect(triggerFor({ event: 'trainingCompleted', options: { lookBackDays: 0 } }).activate()).rejects.toThrow(
			"'Look-Back (Days)' must be a whole number from 1 to 3650",
		);
		await expect(
			triggerFor({ event: 'trainingRenewalDue', renewal: { trainingValidityMonths: 'two years' } }).activate(),
		).rejects.toThrow("'Training Validity (Months)' must be a whole number");
		expect(suite.sandbox.requests).toEqual([]);
	});

	it("refuses an event no option has (an imported workflow) by the options' labels", async () => {
		await expect(triggerFor({ event: 'trainingPassed' }).activate()).rejects.toThrow(
			"'Trigger On' must be one of 'Background Check Status Changed', 'Training Completed', 'Training Renewal Due' or 'User Created'",
		);
	});

	it.each(['0x10', '1e2', '16.0', ' 12abc'])(
		'refuses a look-back of %j, as the action node refuses such a number (one rule for whole numbers)',
		async (lookBackDays) => {
			suite.sandbox.clearRequests();
			await expect(triggerFor({ event: 'trainingCompleted', options: { lookBackDays } }).activate()).rejects.toThrow(
				"'Look-Back (Days)' must be a whole number from 1 to 3650",
			);
			expect(suite.sandbox.requests).toEqual([]);
		},
	);

	it('takes a look-back written as decimal text, as the action node does', async () => {
		await expect(triggerFor({ event: 'trainingCompleted', options: { lookBackDays: ' 16 ' } }).activate()).resolves.not.toThrow();
	});

	it('fails on a refused API key, with the service\'s answer explained', async () => {
		const trigger = new PollingTrigger({
			sandbox: suite.sandbox,
			parameters: { event: 'userCreated' },
			apiKey: 'not-the-key',
		});
		await expect(trigger.activate()).rejects.toMatchObject({ httpCode: '401' });
		expect(JSON.stringify(trigger.saved)).not.toContain('not-the-key');
	});
});
