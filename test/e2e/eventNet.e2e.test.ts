// Every event, once, even when webhooks fail (decisions.md 38), in a real n8n with the packed package: the quiz
// template as shipped (the webhook trigger for speed, the polling trigger as a net, one Remove Duplicates on
// `event_id`), only its HR address pointed at a local stand-in and its Poll Times at the suite's. Its HR system
// must receive each passed quiz exactly once, by the next poll at the latest:
// 1. while the sandbox drops some webhook deliveries (PUT /sandbox/webhook-faults), and all of them for a while;
// 2. when n8n is stopped while quizzes are passed, and started again (in queue mode: the main, as polling.e2e does).
// One workflow and one restart, to keep the suite's time small.
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
import { type Receiver, createUser, list, startReceiver } from '../sandbox/helpers';
import { type E2eEnvironment, POLLING, WEBHOOK_AUTH, startE2eEnvironment } from './helpers';

const QUIZ_CERTIFICATE = 'msExampleQuizCert';
const HR_NODE = 'Send to the HR system';
const NET = 'Catch missed completions';
const { cron: POLL_CRON, waitMs: POLLS_MS, quietPolls: QUIET_POLLS, testTimeoutMs: TEST_TIMEOUT_MS } = POLLING;

/** The template as shipped, but for the HR system's address and the net's Poll Times (the suite's). */
function forThisRun(hrUrl: string): WorkflowFile {
	const template = exampleWorkflows().find((workflow) => workflow.id === QUIZ_CERTIFICATE);
	if (!template) throw new Error(`examples/ has no ${QUIZ_CERTIFICATE}`);
	const copy = structuredClone(template);
	const node = (name: string) => {
		const found = copy.nodes.find((candidate) => candidate.name === name);
		if (!found) throw new Error(`The quiz template has no "${name}"`);
		return found.parameters as Record<string, unknown>;
	};
	node(HR_NODE).url = hrUrl;
	node(NET).pollTimes = { item: [{ mode: 'custom', cronExpression: POLL_CRON }] };
	return copy;
}

let env: E2eEnvironment;
let hr: Receiver;
let workflow: WorkflowFile;
/** The n8n started again by the restart test (the environment stops the first one). */
let restarted: N8nInstance | undefined;

beforeAll(async () => {
	hr = await startReceiver();
	workflow = forThisRun(`${hr.url}/api/training-certificates`);
	env = await startE2eEnvironment({ workflows: [workflow], publish: [QUIZ_CERTIFICATE] });
	await pointWebhooksAt(env.n8n);
}, 300_000);

afterAll(async () => {
	await restarted?.stop();
	await env?.stop();
	await hr?.stop();
});

async function pointWebhooksAt(n8n: N8nInstance): Promise<void> {
	await setSandboxWebhooks(env.sandbox, triggerWebhookIds(workflow).map(n8n.webhookUrl), WEBHOOK_AUTH);
}

const sandbox = () => sandboxClients(env.sandbox);
/** The net reads the Trainings list once a poll. */
const pollsSoFar = () => env.sandbox.requests.filter((request) => request.path === '/api/v2/trainings').length;

async function polls(count: number): Promise<void> {
	const target = pollsSoFar() + count;
	await waitFor(`${count} poll(s) of the net`, async () => (pollsSoFar() >= target ? true : undefined), POLLS_MS);
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

	// Some: the first delivery dropped, then one in two.
	ok(await control.put('/webhook-faults', { json: { drop: 'some' } }));
	for (const trainee of some) await trainee.pass();
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

it('files the quizzes passed while n8n was stopped, once, when it is started again, and none twice', async () => {
	const before = filed();
	const down = await trainees('E2E-NET-DOWN-1', 'E2E-NET-DOWN-2');
	const [later] = await trainees('E2E-NET-AFTER-1');
	await env.n8n.stop();
	// Passed while n8n is down: the sandbox's retries (1, 3 and 9 s apart) find nobody and give up.
	for (const trainee of down) await trainee.pass();
	await settledDeliveries();
	const whileDown = down.map((trainee) => trainee.externalId);
	const sent = env.sandbox.deliveries().filter((delivery) => delivery.event === 'quizCompleted' && whileDown.includes(String(delivery.body.external_id)));
	// In queue mode the webhook processor stays up and takes them (only the main restarts); in one process nobody does.
	if (!isQueueN8n(env.n8n)) expect(sent.map((delivery) => delivery.delivered)).toEqual([false, false]);

	restarted = await startN8n(env.settings);
	if (!isQueueN8n(env.n8n)) await pointWebhooksAt(restarted);
	await filedEventually(whileDown).catch((error: Error) => {
		throw new Error(`${error.message}\n--- the restarted n8n's log, last lines:\n${restarted?.output().split('\n').slice(-200).join('\n')}`);
	});
	// A quiz passed now, with n8n up again, comes by the webhook as before.
	await later.pass();
	await filedEventually([later.externalId]);
	await polls(QUIET_POLLS);
	// Nothing of the first test again, and each of these once.
	expect(filed().slice(0, before.length)).toEqual(before);
	expect([...filed().slice(before.length)].sort()).toEqual([...whileDown, later.externalId].sort());
}, TEST_TIMEOUT_MS);
