// Every event, once, even when webhooks fail (decisions.md 38), in a real n8n with the packed package: the event
// templates as shipped (the webhook trigger for speed, the polling trigger as a net, one Remove Duplicates on
// `event_id`), only what they send to pointed at local stand-ins (the quiz template's HR address; the background
// check template's Slack message, which ships disabled, posted to a stand-in as it would be to Slack) and their Poll
// Times at the suite's. Each passed quiz reaches the HR system, and each check ready the safety team, exactly once, by
// the next poll at the latest:
// 1. while the sandbox drops some webhook deliveries (PUT /sandbox/webhook-faults), and all of them for a while;
// 2. when n8n is stopped while quizzes are passed and checks become ready from processing, pending and awaiting the
//    applicant (one whose user was deactivated), and started again (in queue mode: the main, as polling.e2e does).
// Two workflows and one restart, to keep the suite's time small.
import { isQueueN8n } from '../../scripts/harness/queue/topology';
import {
	type N8nInstance,
	type WorkflowFile,
	exampleWorkflows,
	setSandboxWebhooks,
	startN8n,
	triggerWebhookIds,
	waitFor,
} from '../../scripts/n8n-runtime';
import { ok, sandboxClients } from '../helpers/sandbox';
import { changes } from '../polling/records';
import { type Receiver, createUser, list, startReceiver } from '../sandbox/helpers';
import { type E2eEnvironment, POLLING, WEBHOOK_AUTH, nodeNamed, postingInstead, startE2eEnvironment } from './helpers';

const QUIZ_CERTIFICATE = 'msExampleQuizCert';
const CHECK_READY = 'msExampleBgCheckReady';
const HR_NODE = 'Send to the HR system';
const NET = 'Catch missed completions';
const CHECK_NET = 'Catch missed background checks';
const SAFETY_TEAM_NODE = 'Notify the safety team';
const { cron: POLL_CRON, waitMs: POLLS_MS, quietPolls: QUIET_POLLS, testTimeoutMs: TEST_TIMEOUT_MS } = POLLING;

function template(id: string): WorkflowFile {
	const found = exampleWorkflows().find((workflow) => workflow.id === id);
	if (!found) throw new Error(`examples/ has no ${id}`);
	return structuredClone(found);
}

/** The quiz template as shipped, but for the HR system's address and the net's Poll Times (the suite's). */
function quizForThisRun(hrUrl: string): WorkflowFile {
	const copy = template(QUIZ_CERTIFICATE);
	nodeNamed(copy, HR_NODE).parameters.url = hrUrl;
	nodeNamed(copy, NET).parameters.pollTimes = { item: [{ mode: 'custom', cronExpression: POLL_CRON }] };
	return copy;
}

/**
 * The background check template as shipped, but for the net's Poll Times and its Slack node: an HTTP Request that
 * posts the same message text to the stand-in, with the event's id and the check's.
 */
function checksForThisRun(chatUrl: string): WorkflowFile {
	const copy = template(CHECK_READY);
	nodeNamed(copy, CHECK_NET).parameters.pollTimes = { item: [{ mode: 'custom', cronExpression: POLL_CRON }] };
	postingInstead(copy, SAFETY_TEAM_NODE, chatUrl, {
		text: String(nodeNamed(copy, SAFETY_TEAM_NODE).parameters.text),
		checkId: '={{ $json.checkId }}',
		eventId: "={{ $('Skip events already handled').item.json.event_id }}",
	});
	return copy;
}

let env: E2eEnvironment;
let hr: Receiver;
/** The safety team's chat. */
let chat: Receiver;
let quizzes: WorkflowFile;
let checks: WorkflowFile;
/** The n8n started again by the restart test (the environment stops the first one). */
let restarted: N8nInstance | undefined;

beforeAll(async () => {
	hr = await startReceiver();
	chat = await startReceiver();
	quizzes = quizForThisRun(`${hr.url}/api/training-certificates`);
	checks = checksForThisRun(`${chat.url}/safety-team`);
	// It stops n8n and starts it again: an n8n of its own.
	env = await startE2eEnvironment({ workflows: [quizzes, checks], publish: [QUIZ_CERTIFICATE, CHECK_READY], ownN8n: true });
	await pointWebhooksAt(env.n8n, [quizzes]);
}, 300_000);

afterAll(async () => {
	await restarted?.stop();
	await env?.stop();
	await hr?.stop();
	await chat?.stop();
});

/** The sandbox's webhooks to these workflows' Production URLs (the first test counts deliveries to the quiz's alone). */
async function pointWebhooksAt(n8n: N8nInstance, workflows: WorkflowFile[]): Promise<void> {
	await setSandboxWebhooks(env.sandbox, workflows.flatMap(triggerWebhookIds).map(n8n.webhookUrl), WEBHOOK_AUTH);
}

const sandbox = () => sandboxClients(env.sandbox);
/** The quiz net reads the Trainings list each poll; the checks' net starts each poll with the first page of its list. */
const NETS = {
	quizzes: (request: { path: string }) => request.path === '/api/v2/trainings',
	checks: (request: { path: string; query: Record<string, unknown> }) =>
		request.path === '/api/v2/background_checks' && String(request.query.page) === '1',
};
const pollsSoFar = (net: keyof typeof NETS = 'quizzes') => env.sandbox.requests.filter(NETS[net]).length;

async function polls(count: number, net: keyof typeof NETS = 'quizzes'): Promise<void> {
	const target = pollsSoFar(net) + count;
	await waitFor(`${count} poll(s) of the ${net} net`, async () => (pollsSoFar(net) >= target ? true : undefined), POLLS_MS);
}

/**
 * New Users with the standard training assigned (their user-created webhooks settled first, so that a fault set
 * afterwards counts only the quiz deliveries); `pass()` then passes one quiz: the service sends quiz completed.
 */
async function trainees(...externalIds: string[]): Promise<Array<{ externalId: string; pass: () => Promise<void> }>> {
	const made = [];
	for (const externalId of externalIds) {
		const user = await createUser(sandbox().api, { external_id: externalId, first_name: 'Quinn' });
		ok(await sandbox().api.post(`/users/${String(user.id)}/assign_training`, { form: { survey_code: 'standard' } }));
		const trainings = list(await sandbox().api.get(`/users/${String(user.id)}/trainings`));
		const training = trainings.find((candidate) => candidate.complete_date === null);
		if (!training) throw new Error(`User ${String(user.id)} has no open training`);
		const pass = async () => {
			ok(await sandbox().control.post(`/trainings/${String(training.id)}/complete`, { json: { score: 93 } }));
		};
		made.push({ externalId, pass });
	}
	await settledDeliveries();
	return made;
}

/** Every webhook delivery so far, once each has been delivered, given up or dropped. */
const settledDeliveries = async () => await env.sandbox.waitForDeliveries(env.sandbox.deliveries().length, 60_000);

/** The employee IDs the HR system has received, one per call, in the order they came. */
const filed = () => hr.calls.map((call) => String((call.body as { employeeId?: unknown }).employeeId));

/** A moment for an execution still running to post what it would post twice. */
const settledExecutions = async () => await new Promise((resolve) => setTimeout(resolve, 5_000));

/** Waits until the HR system has every one of `expected`; on a timeout says what it has and what the sandbox sent. */
async function filedEventually(expected: string[]): Promise<void> {
	await waitFor(
		`the HR system to receive ${expected.join(', ')}`,
		async () => (expected.every((id) => filed().includes(id)) ? true : undefined),
		POLLS_MS,
	).catch((error: Error) => {
		const deliveries = env.sandbox.deliveries().map((delivery) => `${delivery.event} ${delivery.delivered ? 'delivered' : 'not delivered'}`);
		throw new Error(`${error.message}; received: ${filed().join(', ') || 'nothing'}; deliveries: ${deliveries.join(', ')}; polls: ${pollsSoFar()}`);
	});
}

it('files every passed quiz once while webhook deliveries are dropped: the delivered at once, the dropped at the next poll', async () => {
	if (pollsSoFar() === 0) await polls(1); // the activation poll: records what exists, starts nothing
	const control = sandbox().control;

	const some = await trainees('E2E-NET-SOME-1', 'E2E-NET-SOME-2', 'E2E-NET-SOME-3', 'E2E-NET-SOME-4');
	const all = await trainees('E2E-NET-ALL-1', 'E2E-NET-ALL-2');

	// Some: the first delivery dropped, then one in two. Each delivered one is acted on before the next quiz is passed:
	// two executions of the template at once can lose each other's key in n8n's Remove Duplicates (docs/scale.md,
	// "Acting once per event under a burst"); this test is of the net.
	ok(await control.put('/webhook-faults', { json: { drop: 'some' } }));
	for (const trainee of some) {
		await trainee.pass();
		await settledDeliveries();
		const delivery = env.sandbox.deliveries().find((candidate) => candidate.event === 'quizCompleted' && String(candidate.body.external_id) === trainee.externalId);
		if (delivery?.delivered) await filedEventually([trainee.externalId]);
	}
	// All, for a while: nothing reaches n8n.
	ok(await control.put('/webhook-faults', { json: { drop: 'all', seconds: 600 } }));
	for (const trainee of all) await trainee.pass();
	ok(await control.put('/webhook-faults', { json: { drop: 'none' } }));
	await settledDeliveries();
	const quizDeliveries = env.sandbox.deliveries().filter((delivery) => delivery.event === 'quizCompleted');
	const delivered = quizDeliveries.filter((delivery) => delivery.delivered).map((delivery) => String(delivery.body.external_id));
	expect(delivered).toEqual(['E2E-NET-SOME-2', 'E2E-NET-SOME-4']);
	expect(quizDeliveries.filter((delivery) => (delivery as { dropped?: boolean }).dropped)).toHaveLength(4);
	const expected = [...some, ...all].map((trainee) => trainee.externalId);

	// The delivered ones come at once; the dropped ones by the next poll, which finds the delivered again and skips them.
	await filedEventually(delivered);
	await filedEventually(expected);
	// The poll that brought the dropped ones brought the delivered ones again: Remove Duplicates kept them out. (A later
	// poll filing any of them again would show in the next test, which waits for one and counts what came.)
	await settledExecutions();
	expect([...filed()].sort()).toEqual([...expected].sort());
}, TEST_TIMEOUT_MS);

/** The service's changes, as test/polling makes them: an order, the vendor moving a check on, a User deactivated. */
const make = () => changes(env.sandbox);

/** A User with a Background Check just ordered (QuickApp: the applicant fills in the form); it starts processing. */
async function orderedCheck(externalId: string): Promise<{ userId: number; checkId: number }> {
	const user = await createUser(sandbox().api, { external_id: externalId, first_name: 'Casey', last_name: 'Check' });
	return { userId: Number(user.id), checkId: await make().orderCheck(Number(user.id)) };
}

/** What the safety team's chat has received, one message per call. */
const told = () => chat.calls.map((call) => call.body as { text: string; checkId: string; eventId: string });

async function toldEventually(checkIds: number[]): Promise<void> {
	await waitFor(
		`the safety team to hear of checks ${checkIds.join(', ')}`,
		async () => (checkIds.every((id) => told().some((message) => message.checkId === String(id))) ? true : undefined),
		POLLS_MS,
	).catch((error: Error) => {
		throw new Error(`${error.message}; told: ${told().map((message) => message.checkId).join(', ') || 'nothing'}; polls: ${pollsSoFar('checks')}`);
	});
}

it('acts once on each event of the time n8n was stopped when it is started again: quizzes passed, checks ready from every open status', async () => {
	const before = filed();
	// Both templates hear the sandbox from now on (the test before counted the quiz template's deliveries alone).
	await pointWebhooksAt(env.n8n, [quizzes, checks]);
	const down = await trainees('E2E-NET-DOWN-1', 'E2E-NET-DOWN-2');
	const [later] = await trainees('E2E-NET-AFTER-1');
	// A check in each open status the screening vendor moves one through; the applicant of the last leaves before it
	// is ready (deactivated, as a day's Sync does), so that the message can only name them by what the net kept of them
	// or what the webhook carries.
	const waiting = [];
	for (const [open, finding] of [['processing', 'complete'], ['pending', 'clear'], ['awaiting_applicant', 'consider']]) {
		const { userId, checkId } = await orderedCheck(`E2E-NET-CHECK-${open}`);
		if (open !== 'processing') await make().checkReady(checkId, open);
		waiting.push({ open, finding, userId, checkId });
	}
	const leaver = waiting[2];
	// A check the vendor suspends on its way (the applicant must send something): no "background check ready" yet,
	// from the webhook or the net (review R5); its result comes while n8n is down.
	const suspended = await orderedCheck('E2E-NET-CHECK-suspended');
	await make().checkReady(suspended.checkId, 'suspended');
	waiting.push({ open: 'suspended', finding: 'complete', ...suspended });
	// The net has seen each check in its status, and read its applicant (two polls begun since: the first has saved
	// what it saw).
	await polls(2, 'checks');
	await settledDeliveries();
	expect(told()).toEqual([]);
	expect(env.sandbox.deliveries().filter((delivery) => delivery.event === 'backgroundCheckReady')).toEqual([]);
	// Then two applicants leave before their checks are ready (a day's Sync deactivates them): MinistrySafe no longer
	// gives their users.
	for (const { userId } of [leaver, suspended]) await make().deactivateUser(userId);

	await env.n8n.stop();
	// While n8n is down: quizzes passed, checks ready. The sandbox's retries (1, 3 and 9 s apart) find nobody. In queue
	// mode the webhook processor takes each at once, and the next comes once the last has been acted on: two executions
	// of one workflow at the same time can lose each other's key in n8n's Remove Duplicates (docs/scale.md, "Acting once
	// per event under a burst"), and then the net's find of the same event passes as new. That is n8n's, measured by
	// npm run load:queue; this test is of the net.
	const queue = isQueueN8n(env.n8n);
	for (const trainee of down) {
		await trainee.pass();
		if (queue) await filedEventually([trainee.externalId]);
	}
	for (const { checkId, finding } of waiting) {
		await make().checkReady(checkId, finding);
		if (queue) await toldEventually([checkId]);
	}
	await settledDeliveries();
	const whileDown = down.map((trainee) => trainee.externalId);
	const checkIds = waiting.map(({ checkId }) => checkId);
	const sent = env.sandbox
		.deliveries()
		.filter(
			(delivery) =>
				(delivery.event === 'quizCompleted' && whileDown.includes(String(delivery.body.external_id))) ||
				(delivery.event === 'backgroundCheckReady' && checkIds.map(String).includes(String(delivery.body.id))),
		);
	// The sandbox sends "background check ready" once a check, whichever open status it left, to both workflows.
	expect(sent.filter((delivery) => delivery.event === 'backgroundCheckReady').map((delivery) => Number(delivery.body.id)).sort()).toEqual(
		[...checkIds, ...checkIds].sort(),
	);
	// In queue mode the webhook processor stays up and takes them (only the main restarts); in one process nobody does.
	if (!queue) expect(sent.filter((delivery) => delivery.delivered)).toEqual([]);

	restarted = await startN8n(env.settings);
	if (!queue) await pointWebhooksAt(restarted, [quizzes, checks]);
	const withLog = (error: Error) => {
		throw new Error(`${error.message}\n--- the restarted n8n's log, last lines:\n${restarted?.output().split('\n').slice(-200).join('\n')}`);
	};
	await filedEventually(whileDown).catch(withLog);
	await toldEventually(checkIds).catch(withLog);
	// A quiz passed now, with n8n up again, comes by the webhook as before.
	await later.pass();
	await filedEventually([later.externalId]);
	await polls(QUIET_POLLS);
	await polls(QUIET_POLLS, 'checks');
	await settledExecutions();
	// Nothing of the first test again, and each of these once.
	expect(filed().slice(0, before.length)).toEqual(before);
	expect([...filed().slice(before.length)].sort()).toEqual([...whileDown, later.externalId].sort());
	// Each check once, by its event_id: the one the webhook would have carried.
	expect(told().map(({ checkId, eventId }) => [Number(checkId), eventId]).sort()).toEqual(
		checkIds.map((id) => [id, `background-check-ready:${id}`]).sort(),
	);
	// Named as they are in MinistrySafe. The applicants who left: by what the net kept of them while their checks were
	// under way (newcomer 1.2.0, problem 6); in queue mode the webhook processor took the webhook, which names them by
	// the email and External ID it carries.
	const messageOf = (checkId: number) => told().find((message) => message.checkId === String(checkId))?.text ?? '';
	for (const { open, checkId } of waiting.slice(0, 2)) {
		expect(messageOf(checkId)).toContain(`Applicant: Casey Check\nEmail: user.E2E-NET-CHECK-${open}@example.org\nExternal ID: E2E-NET-CHECK-${open}\n`);
	}
	for (const { checkId, userId } of [leaver, waiting[3]]) {
		expect(messageOf(checkId)).toContain(
			isQueueN8n(env.n8n)
				? `Applicant: MinistrySafe user ${userId} (could not be read: deactivated or removed; email and External ID as the event gave them)\n`
				: `Applicant: Casey Check (MinistrySafe user ${userId}: deactivated or removed since; named as MinistrySafe gave them while the check was under way)\n`,
		);
		expect(messageOf(checkId)).not.toMatch(/not known|Applicant: ,|External ID \)/);
	}
	expect(messageOf(waiting[3].checkId)).toContain('Email: user.E2E-NET-CHECK-suspended@example.org\nExternal ID: E2E-NET-CHECK-suspended\nStatus: complete,');
}, TEST_TIMEOUT_MS);
