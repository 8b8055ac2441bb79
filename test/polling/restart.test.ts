// n8n 2.8 saves a polling trigger's static data after the activation poll and after a poll that emits, never after an
// empty poll; a restart activates again ('init') from what was saved. Replaying from that older state must neither
// repeat an event nor lose one.
import { useSandbox } from '../sandbox/helpers';
import { PollingTrigger } from './harness';
import { changes } from './records';

const suite = useSandbox();
const triggerFor = (parameters: Record<string, unknown>) =>
	new PollingTrigger({ sandbox: suite.sandbox, parameters: parameters as never });
const ids = (items: Array<Record<string, unknown>>) => items.map((item) => item.id);

it('Training Completed: an event after the last emit is emitted once after the restart, the earlier one never again', async () => {
	const make = changes(suite.sandbox);
	const first = await make.assignTraining(await make.user());
	const second = await make.assignTraining(await make.user());
	const trigger = triggerFor({ event: 'trainingCompleted' });
	await trigger.activate();

	await make.completeTraining(first);
	expect(ids(await trigger.poll())).toEqual([first]);
	const savedAtEmit = trigger.saved;
	for (let poll = 0; poll < 3; poll++) expect(await trigger.poll()).toEqual([]);
	expect(trigger.saved).toBe(savedAtEmit);

	await make.completeTraining(second);
	// n8n stops before its next poll: the completion was never seen, and the state goes back to the first emit.
	expect(ids(await trigger.restart())).toEqual([second]);
	expect(await trigger.poll()).toEqual([]);
	expect(await trigger.restart()).toEqual([]);
	expect(await trigger.poll()).toEqual([]);
});

it('Background Check Status Changed: a change recorded by empty polls and rolled back is not emitted; the next is, once', async () => {
	const make = changes(suite.sandbox);
	const check = await make.orderCheck(await make.user());
	const trigger = triggerFor({ event: 'backgroundCheckStatusChanged', statuses: 'archived' });
	await trigger.activate();
	const savedAtActivation = trigger.saved;

	// Into a status the trigger does not report: remembered in memory only.
	await make.checkReady(check);
	expect(await trigger.poll()).toEqual([]);
	expect(trigger.saved).toBe(savedAtActivation);
	expect(await trigger.restart()).toEqual([]);

	await make.archiveCheck(check);
	expect(await trigger.poll()).toMatchObject([{ id: check, status: 'archived', previous_status: 'complete' }]);
	expect(await trigger.restart()).toEqual([]);
	expect(await trigger.poll()).toEqual([]);
});

it('User Created: Users created while n8n was down are emitted at its start, each once', async () => {
	const make = changes(suite.sandbox);
	const trigger = triggerFor({ event: 'userCreated' });
	await trigger.activate();
	const first = await make.user();
	expect(ids(await trigger.poll())).toEqual([first]);
	expect(await trigger.poll()).toEqual([]);

	const second = await make.user();
	const third = await make.user();
	expect(ids(await trigger.restart())).toEqual([second, third]);
	expect(await trigger.restart()).toEqual([]);
	expect(await trigger.poll()).toEqual([]);
});

it('Training Renewal Due: decisions of empty polls are made again after the restart, to the same result', async () => {
	const make = changes(suite.sandbox);
	const superseded = await make.user();
	const old = await make.assignTraining(superseded);
	await make.completeTraining(old);
	const latestUser = await make.user();
	const latest = await make.assignTraining(latestUser);
	await make.completeTraining(latest);
	const trigger = triggerFor({ event: 'trainingRenewalDue' });
	await trigger.activate();

	await make.completeTraining(await make.assignTraining(superseded));
	await make.backdateTraining(old, 720);
	// Superseded: done without an event, remembered in memory only.
	expect(await trigger.poll()).toEqual([]);
	expect(await trigger.restart()).toEqual([]);

	await make.backdateTraining(latest, 720);
	expect(ids(await trigger.poll())).toEqual([latest]);
	expect(await trigger.restart()).toEqual([]);
	expect(await trigger.poll()).toEqual([]);
});

it('records afresh when the event or the credential changes, and continues when the workflow is published again', async () => {
	const make = changes(suite.sandbox);
	const trigger = triggerFor({ event: 'userCreated' });
	await trigger.activate();
	const whileUnpublished = await make.user();
	// Published again with the same settings: what happened in between is not dropped.
	expect(ids(await trigger.activate('update'))).toEqual([whileUnpublished]);

	await make.user();
	const otherCredential = new PollingTrigger({
		sandbox: suite.sandbox,
		parameters: { event: 'userCreated' },
		credentialId: '2',
	});
	otherCredential.saved = trigger.saved;
	expect(await otherCredential.activate()).toEqual([]);
	expect(await otherCredential.poll()).toEqual([]);
});

it('a tick that comes while the previous poll is still running reports nothing: the running poll does, once', async () => {
	const make = changes(suite.sandbox);
	const trigger = triggerFor({ event: 'userCreated' });
	await trigger.activate();
	const created = await make.user();
	const [first, second] = await Promise.all([trigger.poll(), trigger.poll()]);
	expect(ids([...first, ...second])).toEqual([created]);
	expect(await trigger.poll()).toEqual([]);
	expect(JSON.stringify(trigger.saved)).not.toContain('pollingSince');
	// Nothing holds the next polls back.
	const next = await make.user();
	expect(ids(await trigger.poll())).toEqual([next]);
});

it("n8n's save after activation, made while a tick's poll runs, does not hold back the polls after a restart", async () => {
	const make = changes(suite.sandbox);
	const trigger = triggerFor({ event: 'userCreated' });
	await trigger.activate();
	// A tick's poll starts in the moments between the activation poll and n8n's save after it.
	const tick = trigger.poll();
	trigger.saveNow();
	expect(await tick).toEqual([]);
	// n8n restarts before any poll emits: its activation poll finds the User created meanwhile.
	const created = await make.user();
	expect(ids(await trigger.restart())).toEqual([created]);
});
