// Each event of the polling trigger through n8n-core's PollContext against the sandbox: the activation poll records
// and emits nothing, a change at the service is emitted exactly once, and later polls emit nothing more.
import { useSandbox } from '../sandbox/helpers';
import { PollingTrigger } from './harness';
import { changes } from './records';

const suite = useSandbox({ users: 250 });
const triggerFor = (parameters: Record<string, unknown>) =>
	new PollingTrigger({ sandbox: suite.sandbox, parameters: parameters as never });

/** An instant as the event ids write it: in UTC, to the whole second (contract.md "Event IDs (both triggers)"). */
const utc = (instant: unknown) => new Date(String(instant)).toISOString().replace(/\.\d+Z$/, 'Z');

async function expectQuiet(trigger: PollingTrigger, polls = 5): Promise<void> {
	for (let poll = 0; poll < polls; poll++) expect(await trigger.poll()).toEqual([]);
}

describe('Training Completed', () => {
	it('emits a completion once, passed or not, the record as the list gives it plus event and event_id', async () => {
		const make = changes(suite.sandbox);
		const [passer, failer] = [await make.user(), await make.user()];
		const passed = await make.assignTraining(passer);
		const failed = await make.assignTraining(failer);
		const trigger = triggerFor({ event: 'trainingCompleted' });
		expect(await trigger.activate()).toEqual([]);
		await expectQuiet(trigger, 2);

		const passedRecord = await make.completeTraining(passed, 92);
		const failedRecord = await make.completeTraining(failed, 40);
		expect(await trigger.poll()).toEqual([
			{
				...passedRecord,
				event: 'trainingCompleted',
				event_id: `quiz-completed:${passer}:standard:${utc(passedRecord.complete_date)}`,
			},
			{
				...failedRecord,
				event: 'trainingCompleted',
				event_id: `quiz-not-passed:${failer}:standard:${utc(failedRecord.complete_date)}`,
			},
		]);
		await expectQuiet(trigger);
	});

	it('emits a Training assigned and completed between two polls', async () => {
		const make = changes(suite.sandbox);
		const trigger = triggerFor({ event: 'trainingCompleted' });
		await trigger.activate();
		const training = await make.assignTraining(await make.user());
		await make.completeTraining(training);
		expect((await trigger.poll()).map((item) => item.id)).toEqual([training]);
		await expectQuiet(trigger);
	});
});

/** A User's applicant as the Background Check items carry it: the name, email and External ID the service gave. */
async function applicantOf(make: ReturnType<typeof changes>, user: number) {
	const { first_name, last_name, email, external_id } = (await make.api.get(`/users/${user}`)).body as unknown as Record<string, string>;
	return { first_name, last_name, email, external_id };
}

describe('Background Check Status Changed', () => {
	it('emits a check becoming ready once, with previous_status and its applicant', async () => {
		const make = changes(suite.sandbox);
		const user = await make.user();
		const check = await make.orderCheck(user);
		const trigger = triggerFor({ event: 'backgroundCheckStatusChanged', statuses: 'complete' });
		expect(await trigger.activate()).toEqual([]);
		await expectQuiet(trigger, 2);

		await make.checkReady(check);
		const listed = (await make.api.get(`/background_checks/${check}`)).body;
		expect(await trigger.poll()).toEqual([
			{
				...listed,
				event: 'backgroundCheckStatusChanged',
				previous_status: 'processing',
				applicant: await applicantOf(make, user),
				event_id: `background-check-ready:${check}`,
			},
		]);
		await expectQuiet(trigger);
	});

	it('follows a check as the live service moves it: pending, awaiting the applicant, then clear', async () => {
		const make = changes(suite.sandbox);
		const user = await make.user();
		const check = await make.orderCheck(user);
		const every = triggerFor({ event: 'backgroundCheckStatusChanged' });
		const clearOnly = triggerFor({ event: 'backgroundCheckStatusChanged', statuses: 'clear' });
		await every.activate();
		await clearOnly.activate();

		const seen: unknown[][] = [];
		for (const status of ['pending', 'awaiting_applicant', 'clear']) {
			await make.checkReady(check, status);
			seen.push(...(await every.poll()).map((item) => [item.id, item.status, item.previous_status, item.event_id]));
		}
		// At work to at work is a change of its own; reaching a ready status is the check becoming ready, when the
		// webhook is sent (contract.md "Event IDs (both triggers)").
		expect(seen).toEqual([
			[check, 'pending', 'processing', `background-check-status:${check}:processing:pending`],
			[check, 'awaiting_applicant', 'pending', `background-check-status:${check}:pending:awaiting_applicant`],
			[check, 'clear', 'awaiting_applicant', `background-check-ready:${check}`],
		]);
		const listed = (await make.api.get(`/background_checks/${check}`)).body;
		// Polled only now: it last saw the check processing.
		expect(await clearOnly.poll()).toEqual([
			{
				...listed,
				event: 'backgroundCheckStatusChanged',
				previous_status: 'processing',
				applicant: await applicantOf(make, user),
				event_id: `background-check-ready:${check}`,
			},
		]);
		await expectQuiet(every, 2);
		await expectQuiet(clearOnly, 2);
	});

	it('keeps only changes into the listed statuses (any case), and reports a new order as a change from null', async () => {
		const make = changes(suite.sandbox);
		const user = await make.user();
		const check = await make.orderCheck(user);
		const archivedOnly = triggerFor({ event: 'backgroundCheckStatusChanged', statuses: ' Archived ,' });
		const every = triggerFor({ event: 'backgroundCheckStatusChanged' });
		await archivedOnly.activate();
		await every.activate();

		await make.checkReady(check);
		expect(await archivedOnly.poll()).toEqual([]);
		expect((await every.poll()).map((item) => [item.id, item.status, item.previous_status])).toEqual([
			[check, 'complete', 'processing'],
		]);

		await make.archiveCheck(check);
		const ordered = await make.orderCheck(user);
		expect((await archivedOnly.poll()).map((item) => [item.id, item.status, item.previous_status])).toEqual([
			[check, 'archived', 'complete'],
		]);
		expect((await every.poll()).map((item) => [item.id, item.status, item.previous_status, item.event_id])).toEqual([
			[check, 'archived', 'complete', `background-check-status:${check}:complete:archived`],
			[ordered, 'processing', null, `background-check-status:${ordered}:none:processing`],
		]);
		await expectQuiet(archivedOnly, 2);
		await expectQuiet(every, 2);
	});

	it('gives the ready id only at the result: a pause, an end, a word in no list or a status written otherwise is a change of its own (review R5)', async () => {
		const make = changes(suite.sandbox);
		const order = async () => await make.orderCheck(await make.user());
		const [paused, cancelled, disputed, spaced, unknown] = [await order(), await order(), await order(), await order(), await order()];
		const every = triggerFor({ event: 'backgroundCheckStatusChanged' });
		const awaitingOnly = triggerFor({ event: 'backgroundCheckStatusChanged', statuses: 'Awaiting Applicant' });
		await every.activate();
		await awaitingOnly.activate();
		const changed = async (moves: Array<[number, string]>) => {
			for (const [check, status] of moves) await make.checkReady(check, status);
			return (await every.poll()).map((item) => [item.id, item.previous_status, item.status, item.event_id]);
		};

		expect(
			await changed([
				[paused, 'suspended'],
				[cancelled, 'cancelled'],
				[disputed, 'dispute'],
				[spaced, 'Awaiting Applicant'],
				[unknown, 'in_review'],
			]),
		).toEqual([
			[paused, 'processing', 'suspended', `background-check-status:${paused}:processing:suspended`],
			[cancelled, 'processing', 'cancelled', `background-check-status:${cancelled}:processing:cancelled`],
			[disputed, 'processing', 'dispute', `background-check-status:${disputed}:processing:dispute`],
			[spaced, 'processing', 'Awaiting Applicant', `background-check-status:${spaced}:processing:awaiting_applicant`],
			[unknown, 'processing', 'in_review', `background-check-status:${unknown}:processing:in_review`],
		]);
		// The filter compares the service's words too.
		expect((await awaitingOnly.poll()).map((item) => item.id)).toEqual([spaced]);
		// The same word written another way is no change.
		expect(await changed([[spaced, 'awaiting_applicant']])).toEqual([]);
		// Each then gets its result: the ready id now, once.
		expect(
			await changed([
				[paused, 'complete'],
				[disputed, 'consider'],
				[spaced, 'Clear'],
				[unknown, 'complete'],
			]),
		).toEqual([
			[paused, 'suspended', 'complete', `background-check-ready:${paused}`],
			[disputed, 'dispute', 'consider', `background-check-ready:${disputed}`],
			// previous_status: the status as the service last wrote it.
			[spaced, 'awaiting_applicant', 'Clear', `background-check-ready:${spaced}`],
			[unknown, 'in_review', 'complete', `background-check-ready:${unknown}`],
		]);
		await expectQuiet(every, 2);
	});

	it('names the applicant of a check whose user was deactivated before its result, as the trigger first saw them, and forgets them then', async () => {
		const make = changes(suite.sandbox);
		const [before, after, unseen] = [await make.user(), await make.user(), await make.user()];
		const applicants = { before: await applicantOf(make, before), after: await applicantOf(make, after) };
		const orderedBefore = await make.orderCheck(before);
		const trigger = triggerFor({ event: 'backgroundCheckStatusChanged' });
		// The activation reads the applicant of each check awaiting its result.
		await trigger.activate();

		// A check ordered since: the poll that sees it reads its applicant, one request, and names them at once.
		const orderedAfter = await make.orderCheck(after);
		suite.sandbox.clearRequests();
		expect((await trigger.poll()).map((item) => [item.id, item.applicant])).toEqual([[orderedAfter, applicants.after]]);
		expect(suite.sandbox.requests.filter((request) => request.path.startsWith('/api/v2/users')).map((request) => request.path)).toEqual([
			`/api/v2/users/${after}`,
		]);
		// Kept with the saved state: n8n restarts.
		await trigger.restart();

		// Both applicants leave (a day's Sync deactivates them): the service no longer gives them.
		await make.deactivateUser(before);
		await make.deactivateUser(after);
		expect((await make.api.get(`/users/${before}`)).status).toBe(404);
		// A check whose applicant left before the trigger saw it: nobody to name.
		const orderedUnseen = await make.orderCheck(unseen);
		await make.deactivateUser(unseen);

		await make.checkReady(orderedBefore, 'suspended');
		expect((await trigger.poll()).map((item) => [item.id, item.event_id, item.applicant])).toEqual([
			[orderedBefore, `background-check-status:${orderedBefore}:processing:suspended`, applicants.before],
			[orderedUnseen, `background-check-status:${orderedUnseen}:none:processing`, undefined],
		]);
		for (const check of [orderedBefore, orderedAfter, orderedUnseen]) await make.checkReady(check, 'clear');
		expect((await trigger.poll()).map((item) => [item.id, item.event_id, item.applicant])).toEqual([
			[orderedBefore, `background-check-ready:${orderedBefore}`, applicants.before],
			[orderedAfter, `background-check-ready:${orderedAfter}`, applicants.after],
			[orderedUnseen, `background-check-ready:${orderedUnseen}`, undefined],
		]);
		// Forgotten once the checks have their result.
		const remembered = Object.keys((trigger.state().snapshot as { applicants: Record<string, unknown> }).applicants);
		expect(remembered.filter((id) => [before, after, unseen].includes(Number(id)))).toEqual([]);
		await expectQuiet(trigger, 2);
	});
});

describe('User Created', () => {
	it('emits new Users once, in id order, the record as the list gives it plus event', async () => {
		const make = changes(suite.sandbox);
		const trigger = triggerFor({ event: 'userCreated' });
		expect(await trigger.activate()).toEqual([]);
		await expectQuiet(trigger, 2);

		const first = await make.user();
		const second = await make.user();
		const items = await trigger.poll();
		expect(items.map((item) => item.id)).toEqual([first, second]);
		expect(items[0]).toEqual({
			...(await make.api.get(`/users/${first}`)).body,
			event: 'userCreated',
			event_id: `user-created:${first}`,
		});
		expect(items[1].event_id).toBe(`user-created:${second}`);
		await expectQuiet(trigger);
	});

	it('finds new Users when deactivations have moved the end of the list to an earlier page', async () => {
		const make = changes(suite.sandbox);
		const trigger = triggerFor({ event: 'userCreated' });
		await trigger.activate();
		// 250 seeded Users on 3 pages; 60 fewer leave 2 pages, and the new User lands on page 2.
		for (let id = 1001; id < 1061; id++) await make.deactivateUser(id);
		const created = await make.user();
		expect((await trigger.poll()).map((item) => item.id)).toEqual([created]);
		await expectQuiet(trigger, 2);
	});

	it('finds new Users that fill the page before the last one seen', async () => {
		const make = changes(suite.sandbox);
		const trigger = triggerFor({ event: 'userCreated' });
		await trigger.activate();
		// 150 Users left on 2 pages; 60 new ones fill page 2 and start page 3 again, the last page seen before.
		for (let id = 1001; id < 1101; id++) await make.deactivateUser(id);
		const created: number[] = [];
		for (let count = 0; count < 60; count++) created.push(await make.user());
		expect((await trigger.poll()).map((item) => item.id)).toEqual(created);
		await expectQuiet(trigger, 2);
	});
});

describe('Training Renewal Due', () => {
	/** A User's Training completed now, then moved back so that it runs out in about ten days. */
	async function dueTraining(make: ReturnType<typeof changes>, surveyCode = 'standard') {
		const user = await make.user();
		const training = await make.assignTraining(user, surveyCode);
		await make.completeTraining(training);
		return { user, training };
	}

	it('emits a latest Training entering its notice window once, with expires_at and days_left', async () => {
		const make = changes(suite.sandbox);
		const { training } = await dueTraining(make);
		const trigger = triggerFor({ event: 'trainingRenewalDue' });
		expect(await trigger.activate()).toEqual([]);
		await expectQuiet(trigger, 2);

		const moved = await make.backdateTraining(training, 720);
		const items = await trigger.poll();
		expect(items).toHaveLength(1);
		const { expires_at: expiresAt, days_left: daysLeft, event_id: eventId, ...record } = items[0];
		expect(record).toEqual({ ...moved, event: 'trainingRenewalDue' });
		expect(eventId).toBe(`training-renewal-due:${training}:${String(expiresAt)}`);
		// Two years after the completion day in the workflow's time zone, and the days from today to then.
		const dayIn = (instant: string | number) =>
			new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(instant));
		const completed = dayIn(String(moved.complete_date));
		const expected = `${Number(completed.slice(0, 4)) + 2}${completed.slice(4)}`;
		expect(expiresAt).toBe(expected);
		expect(daysLeft).toBe(Math.round((Date.parse(expected) - Date.parse(dayIn(Date.now()))) / 86_400_000));
		expect(daysLeft).toBeGreaterThan(0);
		expect(daysLeft).toBeLessThanOrEqual(30);
		await expectQuiet(trigger);
	});

	it("skips a Training that is not its User's latest, and Trainings of other survey codes", async () => {
		const make = changes(suite.sandbox);
		const superseded = await dueTraining(make);
		const youth = await dueTraining(make, 'youth');
		const standardOnly = triggerFor({ event: 'trainingRenewalDue', renewal: { surveyCodes: ['standard'] } });
		const youthOnly = triggerFor({ event: 'trainingRenewalDue', renewal: { surveyCodes: 'youth', noticeDays: 20 } });
		await standardOnly.activate();
		await youthOnly.activate();

		// The first User took the Training again since: the old one is due but no longer counts.
		await make.completeTraining(await make.assignTraining(superseded.user));
		await make.backdateTraining(superseded.training, 720);
		await make.backdateTraining(youth.training, 720);
		await expectQuiet(standardOnly, 3);
		expect((await youthOnly.poll()).map((item) => item.id)).toEqual([youth.training]);
		await expectQuiet(youthOnly, 2);
	});
});

describe('event_id of the events only polling sees', () => {
	it('comes from the record alone: another workflow, and a poll that replays them from an older state, give the same ids', async () => {
		const make = changes(suite.sandbox);
		const user = await make.user();
		const training = await make.assignTraining(user);
		const check = await make.orderCheck(user);
		await make.checkReady(check);
		const due = await make.assignTraining(await make.user());
		await make.completeTraining(due);
		const events = ['trainingCompleted', 'backgroundCheckStatusChanged', 'trainingRenewalDue'];
		const first = events.map((event) => triggerFor({ event }));
		const second = events.map((event) => triggerFor({ event }));
		for (const trigger of [...first, ...second]) await trigger.activate();
		const baselines = first.map((trigger) => JSON.parse(JSON.stringify(trigger.saved)) as typeof trigger.saved);

		await make.completeTraining(training, 35); // not passed
		await make.archiveCheck(check); // a later change
		await make.backdateTraining(due, 720); // due for renewal
		const idsOf = async (polls: Array<() => Promise<Array<Record<string, unknown>>>>) => {
			const ids: string[] = [];
			for (const poll of polls) ids.push(...(await poll()).map((item) => String(item.event_id)));
			return ids;
		};
		const fromFirst = await idsOf(first.map((trigger) => () => trigger.poll()));
		expect(fromFirst).toEqual([
			expect.stringMatching(new RegExp(`^quiz-not-passed:${user}:standard:\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z$`)),
			`background-check-status:${check}:complete:archived`,
			expect.stringMatching(new RegExp(`^training-renewal-due:${due}:\\d{4}-\\d{2}-\\d{2}$`)),
		]);
		expect(await idsOf(second.map((trigger) => () => trigger.poll()))).toEqual(fromFirst);
		// n8n stopped after those polls emitted but before it saved: it starts again from the baseline and emits them again.
		first.forEach((trigger, index) => (trigger.saved = baselines[index]));
		expect(await idsOf(first.map((trigger) => () => trigger.restart()))).toEqual(fromFirst);
	});
});
