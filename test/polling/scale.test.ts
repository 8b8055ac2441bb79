// 10,000 Users with their seeded Trainings and Background Checks, all inside the look-back: the saved state stays
// within its written limit without dropping anything, a quiet poll costs one request per page of the window (one in
// all for User Created), and an event among them is still emitted once.
import { APPLICANTS_BUDGET_CHARS } from '../../nodes/MinistrySafePollingTrigger/events/applicants';
import { MAX_STATE_CHARS } from '../../nodes/MinistrySafePollingTrigger/state';
import { type Json, list, useSandbox } from '../sandbox/helpers';
import { PollingTrigger } from './harness';
import { changes } from './records';

const suite = useSandbox({ users: 10_000 });
// Several hundred requests a test: bounded, but slower than the others on a busy machine.
jest.setTimeout(120_000);
/** Every seeded record (2025) is inside this look-back. */
const WHOLE_SEED = { lookBackDays: 3650 };

const triggerFor = (parameters: Record<string, unknown>) =>
	new PollingTrigger({ sandbox: suite.sandbox, parameters: parameters as never });

/** Every record of a list, read page by page with the sandbox client. */
async function everyRecord(path: string): Promise<Json[]> {
	const { api } = changes(suite.sandbox);
	const records: Json[] = [];
	for (let page = 1; ; page++) {
		const items = list(await api.get(path, { query: { page } }));
		records.push(...items);
		if (items.length < 100) return records;
	}
}

/** The /api/v2 requests one quiet poll makes. */
async function quietPollRequests(trigger: PollingTrigger): Promise<string[]> {
	suite.sandbox.clearRequests();
	expect(await trigger.poll()).toEqual([]);
	return suite.sandbox.requests.map((request) => `${request.method} ${request.path}`);
}

function expectWithinLimit(trigger: PollingTrigger): void {
	expect(trigger.savedSize()).toBeLessThanOrEqual(MAX_STATE_CHARS);
	// Nothing was dropped to fit (the overflow floor is unset).
	expect((trigger.saved['node:MinistrySafe Polling Trigger'] as { snapshot: Json }).snapshot.floor).toBeUndefined();
}

it('Training Completed: every completed Training remembered within the limit; one request per 100 Trainings', async () => {
	const trainings = await everyRecord('/trainings');
	const trigger = triggerFor({ event: 'trainingCompleted', options: WHOLE_SEED });
	await trigger.activate();
	expectWithinLimit(trigger);
	const requests = await quietPollRequests(trigger);
	// One request per 100, and at most 3 pages read ahead past the page that ends the list.
	const pages = Math.floor(trainings.length / 100) + 1;
	expect(requests.slice(0, pages)).toEqual(Array(pages).fill('GET /api/v2/trainings'));
	expect(requests.slice(pages).every((request) => request === 'GET /api/v2/trainings') && requests.length - pages <= 3).toBe(true);

	const open = trainings.find((training) => training.complete_date === null) as Json;
	await changes(suite.sandbox).completeTraining(Number(open.id));
	expect((await trigger.poll()).map((item) => item.id)).toEqual([open.id]);
	expect(await trigger.poll()).toEqual([]);
});

it('Background Check Status Changed: every check and status remembered within the limit, and the applicants of the newest checks awaiting a result', async () => {
	const checks = await everyRecord('/background_checks');
	const trigger = triggerFor({ event: 'backgroundCheckStatusChanged', options: WHOLE_SEED });
	suite.sandbox.clearRequests();
	await trigger.activate();
	expectWithinLimit(trigger);
	// The applicants of the checks awaiting a result (several thousand in this seed) are found in the Users list, one
	// request per 100 Users, not one each; as many are kept as their budget holds, the most recently ordered first.
	const userReads = suite.sandbox.requests.filter((request) => request.path.startsWith('/api/v2/users'));
	expect(userReads.every((request) => request.path === '/api/v2/users/with_page')).toBe(true);
	expect(userReads.length).toBeGreaterThan(0);
	expect(userReads.length).toBeLessThanOrEqual(100);
	const { applicants } = (trigger.saved['node:MinistrySafe Polling Trigger'] as { snapshot: { applicants: Record<string, unknown> } }).snapshot;
	expect(JSON.stringify(applicants).length).toBeLessThanOrEqual(APPLICANTS_BUDGET_CHARS);
	const awaiting = checks.filter((check) => ['processing', 'pending', 'awaiting_applicant'].includes(String(check.status)));
	const newest = awaiting.sort((a, b) => Date.parse(String(b.order_date)) - Date.parse(String(a.order_date)))[0];
	expect(Object.keys(applicants).length).toBeGreaterThan(400);
	expect(applicants[String(newest.user_id)]).toBeDefined();
	const requests = await quietPollRequests(trigger);
	// One request per 100, and at most 3 pages read ahead past the page that ends the list.
	const pages = Math.floor(checks.length / 100) + 1;
	expect(requests.slice(0, pages)).toEqual(Array(pages).fill('GET /api/v2/background_checks'));
	expect(requests.slice(pages).every((request) => request === 'GET /api/v2/background_checks') && requests.length - pages <= 3).toBe(true);

	const processing = checks.find((check) => String(check.status) === 'processing') as Json;
	await changes(suite.sandbox).checkReady(Number(processing.id));
	expect(await trigger.poll()).toMatchObject([{ id: processing.id, previous_status: 'processing' }]);
	expect(await trigger.poll()).toEqual([]);
});

it('Training Renewal Due: every due Training remembered within the limit', async () => {
	// A notice long enough that every seeded passed Training is due today.
	const trigger = triggerFor({ event: 'trainingRenewalDue', renewal: { noticeDays: 800 }, options: WHOLE_SEED });
	await trigger.activate();
	expectWithinLimit(trigger);
	expect(trigger.savedSize()).toBeGreaterThan(5_000);
	expect(await trigger.poll()).toEqual([]);
});

it('User Created: one request a quiet poll at 10,000 Users', async () => {
	const trigger = triggerFor({ event: 'userCreated' });
	await trigger.activate();
	expectWithinLimit(trigger);
	expect(await quietPollRequests(trigger)).toEqual(['GET /api/v2/users/with_page']);
	const created = await changes(suite.sandbox).user();
	expect((await trigger.poll()).map((item) => item.id)).toEqual([created]);
});

