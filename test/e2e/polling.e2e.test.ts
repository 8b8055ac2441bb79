// The MinistrySafe Polling Trigger in a real n8n: a published workflow polls the sandbox on its Poll Times. n8n's
// activation poll records what exists and starts nothing; a User created in the sandbox starts one execution with that
// User, and later polls start no other; after n8n restarts, a User created while it was down starts one execution
// and the first User none.
import {
	EXAMPLE_CREDENTIAL_IDS,
	N8nClient,
	type N8nInstance,
	type PublicExecution,
	type WorkflowFile,
	nodeOutput,
	startN8n,
	waitFor,
} from '../../scripts/n8n-runtime';
import { isQueueN8n } from '../../scripts/harness/queue/topology';
import { sandboxClients } from '../helpers/sandbox';
import { type Json, createUser } from '../sandbox/helpers';
import { type E2eEnvironment, OWNER, POLLING, startE2eEnvironment } from './helpers';

const WORKFLOW_ID = 'e2ePollingUsers';
const TRIGGER = 'MinistrySafe Polling Trigger';
const { cron: POLL_CRON, waitMs: POLLS_MS, quietPolls: QUIET_POLLS, testTimeoutMs: TEST_TIMEOUT_MS } = POLLING;

const workflow: WorkflowFile = {
	id: WORKFLOW_ID,
	name: 'e2e: MinistrySafe Polling Trigger, new Users',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'e2e00000-0000-4000-8000-0000000000b1',
			name: TRIGGER,
			type: 'n8n-nodes-ministrysafe.ministrySafePollingTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				pollTimes: { item: [{ mode: 'custom', cronExpression: POLL_CRON }] },
				event: 'userCreated',
			},
			credentials: { ministrySafeApi: { id: EXAMPLE_CREDENTIAL_IDS.api, name: 'MinistrySafe sandbox' } },
		},
	],
	connections: {},
};

let env: E2eEnvironment;
/** The n8n started again by the restart test (the environment stops the first one). */
let restarted: N8nInstance | undefined;

beforeAll(async () => {
	// It stops and starts n8n: an n8n of its own.
	env = await startE2eEnvironment({ workflows: [workflow], publish: [WORKFLOW_ID], ownN8n: true });
}, 300_000);

afterAll(async () => {
	await restarted?.stop();
	await env?.stop();
});

const pollsSoFar = () => env.sandbox.requests.filter((request) => request.path === '/api/v2/users/with_page').length;

/** Waits until the trigger has read the Users list `count` more times (each poll reads it once here). */
async function polls(count: number): Promise<void> {
	const target = pollsSoFar() + count;
	await waitFor(`${count} poll(s) of the trigger`, async () => (pollsSoFar() >= target ? true : undefined), POLLS_MS);
}

/**
 * The workflow's successful executions, once there are `count`; any failed one fails the test with its error. On a
 * timeout the message lists every execution n8n has with its status (one left `new`, `running` or `crashed` says
 * where a run was lost: in the queue, on a worker, or to n8n's recovery of dangling executions). Counted as the
 * editor lists them: the public API's list leaves out what the main still counts as running, which in queue mode on a
 * busy machine includes executions a worker has finished.
 */
async function executions(client: N8nClient, count: number): Promise<PublicExecution[]> {
	let seen: PublicExecution[] = [];
	await client.signIn(OWNER);
	return waitFor(
		`${count} execution(s) of ${WORKFLOW_ID}`,
		async () => {
			const found = await client.recordedExecutions(env.apiKey, WORKFLOW_ID);
			seen = found;
			const failed = found.find((execution) => execution.status === 'error');
			if (failed) throw new Error(`Execution ${failed.id} failed: ${failed.data?.resultData.error?.message}`);
			const done = found.filter((execution) => execution.status === 'success');
			return done.length >= count ? done : undefined;
		},
		POLLS_MS,
	).catch((error: Error) => {
		const statuses = seen.map((execution) => `${execution.id} ${execution.mode} ${execution.status}`).join(', ');
		throw new Error(`${error.message}; executions: ${statuses || 'none'}; sandbox polls so far: ${pollsSoFar()}`);
	});
}

/** Every execution of the workflow n8n has recorded, whatever its status, as the editor lists them (see above). */
async function recorded(client: N8nClient): Promise<PublicExecution[]> {
	await client.signIn(OWNER);
	return await client.recordedExecutions(env.apiKey, WORKFLOW_ID);
}

const triggerOutput = (execution: PublicExecution) => {
	if (!execution.data) throw new Error(`Execution ${execution.id} came without its data`);
	return nodeOutput({ data: execution.data }, TRIGGER);
};

async function newUser(externalId: string): Promise<Json> {
	return await createUser(sandboxClients(env.sandbox).api, { external_id: externalId, first_name: 'Polly' });
}

it('records at activation, then starts exactly one execution for a User created in the sandbox', async () => {
	// The activation poll runs as n8n starts. The User is created once it has read the list: the next poll must start
	// one execution with that User alone, so the Users that existed were recorded, not emitted. (A scheduled poll
	// before creating the User would show the same, a minute later.)
	if (pollsSoFar() === 0) await polls(1);
	expect(await recorded(env.client)).toEqual([]);

	const user = await newUser('E2E-POLL-1');
	const [execution] = await executions(env.client, 1);
	expect(triggerOutput(execution)).toEqual([{ ...user, event: 'userCreated', event_id: `user-created:${String(user.id)}` }]);

	await polls(QUIET_POLLS);
	expect(await recorded(env.client)).toHaveLength(1);
}, TEST_TIMEOUT_MS);

it('after n8n restarts, emits the User created while it was down, once, and not the first again', async () => {
	await env.n8n.stop();
	// In queue mode a restart of n8n is a restart of the main: the workers that run what it queues stay up. When the
	// topology's stop() stopped them too (before fecf177), the restarted main polled and queued the User, no worker ran
	// it, and the test timed out waiting (the old queue-mode failures; reproduced with that stop()).
	if (isQueueN8n(env.n8n)) {
		for (const worker of env.n8n.workers) {
			const response = await fetch(`${worker.url}/healthz/readiness`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
			expect({ worker: worker.name, status: response?.status ?? 'not running' }).toEqual({ worker: worker.name, status: 200 });
		}
	}
	const user = await newUser('E2E-POLL-2');
	restarted = await startN8n(env.settings);
	const client = new N8nClient(restarted.url);

	// On a timeout, n8n's own account of the restart (activation, polls, enqueued executions) goes with the error.
	const found = await executions(client, 2).catch((error: Error) => {
		throw new Error(`${error.message}\n--- the restarted main's log, last lines:\n${restarted?.output().split('\n').slice(-300).join('\n')}`);
	});
	const newest = found.find((execution) => !triggerOutput(execution).some((item) => item.external_id === 'E2E-POLL-1'));
	expect(newest && triggerOutput(newest)).toEqual([{ ...user, event: 'userCreated', event_id: `user-created:${String(user.id)}` }]);
	await polls(QUIET_POLLS);
	expect(await recorded(client)).toHaveLength(2);
}, TEST_TIMEOUT_MS);
