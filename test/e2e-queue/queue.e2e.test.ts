// Queue mode, shown from what n8n itself logs and records: the webhook processor receives the sandbox's calls and
// queues their executions, the workers run them (trigger executions and action workflows alike), nothing runs twice,
// and the polling trigger polls on the main. Runs only under npm run test:e2e:queue.
import {
	type PublicExecution,
	type WorkflowFile,
	nodeOutput,
	setSandboxWebhooks,
	triggerWebhookIds,
	waitFor,
} from '../../scripts/n8n-runtime';
import { type QueueN8n, WORKER_COUNT, isQueueN8n } from '../../scripts/harness/queue/topology';
import { ok, sandboxClients } from '../helpers/sandbox';
import { createUser } from '../sandbox/helpers';
import { type E2eEnvironment, POLLING, WEBHOOK_AUTH, fixtureWorkflows, startE2eEnvironment } from '../e2e/helpers';
import { processesThatLogged, runFromEditor } from './processes';

const ALL_EVENTS = 'e2eAllEvents';
const READ_ONLY = 'e2eReadOnly';
const POLLING_WORKFLOW = 'queuePollingUsers';
const POLLING_TYPE = 'n8n-nodes-ministrysafe.ministrySafePollingTrigger';

/** A published workflow that polls for new Users (every 10 seconds where n8n allows it: POLLING in helpers.ts). */
const pollingWorkflow: WorkflowFile = {
	id: POLLING_WORKFLOW,
	name: 'Queue mode: new Users by polling',
	nodes: [
		{
			id: 'b5f0c1d2-0000-4000-8000-000000000001',
			name: 'MinistrySafe Polling Trigger',
			type: POLLING_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				event: 'userCreated',
				pollTimes: { item: [{ mode: 'custom', cronExpression: POLLING.cron }] },
			},
			credentials: { ministrySafeApi: { id: 'msExampleApiCred', name: 'MinistrySafe sandbox' } },
		},
	],
	connections: {},
	settings: { executionOrder: 'v1' },
};

let env: E2eEnvironment;
let n8n: QueueN8n;
const fixtures = fixtureWorkflows();

beforeAll(async () => {
	env = await startE2eEnvironment({
		workflows: [...fixtures, pollingWorkflow],
		publish: [ALL_EVENTS, POLLING_WORKFLOW],
		topology: 'queue',
	});
	if (!isQueueN8n(env.n8n)) throw new Error('These tests need the queue topology: run them with npm run test:e2e:queue');
	n8n = env.n8n;
}, 300_000);

afterAll(async () => {
	await env?.stop();
});

/** A workflow's executions once `count` of them have finished with success (bounded wait; a failure fails at once). */
async function finishedExecutions(workflowId: string, count: number, timeoutMs = 30_000): Promise<PublicExecution[]> {
	return waitFor(
		`${count} successful execution(s) of ${workflowId}`,
		async () => {
			const executions = await env.client.executions(env.apiKey, workflowId);
			const failed = executions.find((execution) => execution.status === 'error');
			if (failed) throw new Error(`Execution ${failed.id} of ${workflowId} failed: ${failed.data?.resultData.error?.message}`);
			const succeeded = executions.filter((execution) => execution.status === 'success');
			return succeeded.length >= count ? succeeded : undefined;
		},
		timeoutMs,
	);
}

/** Log lines are written as things happen; a finished execution's last line may trail its record by a moment. */
async function loggedBy(event: 'enqueued' | 'started' | 'finished', id: string): Promise<string[]> {
	return waitFor(`a log line "${event}" for execution ${id}`, async () => {
		const names = processesThatLogged(n8n, event, id);
		return names.length > 0 ? names : undefined;
	}, 10_000);
}

describe('the topology', () => {
	it('runs one main, two workers and one webhook processor, each ready on its health endpoint', async () => {
		expect([n8n.main, ...n8n.workers, n8n.webhook].map((process) => process.role)).toEqual(['main', 'worker', 'worker', 'webhook']);
		expect(n8n.workers).toHaveLength(WORKER_COUNT);
		for (const process of [n8n.main, ...n8n.workers, n8n.webhook]) {
			const response = await fetch(`${process.url}/healthz/readiness`, { signal: AbortSignal.timeout(5_000) });
			expect({ name: process.name, status: response.status }).toEqual({ name: process.name, status: 200 });
		}
		// Every instance has the package in its own user folder, as separate machines would.
		expect(new Set([n8n.main, ...n8n.workers, n8n.webhook].map((process) => process.userFolder)).size).toBe(4);
	});
});

describe('webhook events', () => {
	const [webhookId] = triggerWebhookIds(fixtures.find((workflow) => workflow.id === ALL_EVENTS) as WorkflowFile);
	let executions: PublicExecution[];

	beforeAll(async () => {
		await setSandboxWebhooks(env.sandbox, [n8n.webhookUrl(webhookId)], WEBHOOK_AUTH);
		for (const [index, name] of ['Ruth', 'Silas', 'Tabitha'].entries()) {
			await createUser(sandboxClients(env.sandbox).api, { first_name: name, last_name: 'Queuewell', external_id: `E2E-QUEUE-${index}` });
		}
		await env.sandbox.waitForDeliveries(3, 30_000);
		executions = await finishedExecutions(ALL_EVENTS, 3);
	});

	it('go to the webhook processor, which answers them', () => {
		const deliveries = env.sandbox.deliveries();
		expect(deliveries).toHaveLength(3);
		for (const delivery of deliveries) {
			expect(delivery.url.startsWith(`${n8n.webhook.url}/webhook/`)).toBe(true);
			expect(delivery).toMatchObject({ delivered: true, status: 200 });
		}
	});

	it('are queued by the webhook processor and run on a worker, each exactly once', async () => {
		expect(executions).toHaveLength(3);
		const names = executions.map((execution) => executionOutput(execution).first_name).sort();
		expect(names).toEqual(['Ruth', 'Silas', 'Tabitha']);
		for (const execution of executions) {
			expect(execution.mode).toBe('webhook');
			expect(await loggedBy('enqueued', execution.id)).toEqual(['webhook']);
			const startedOn = await loggedBy('started', execution.id);
			expect(startedOn).toHaveLength(1);
			expect(startedOn[0]).toMatch(/^worker-\d$/);
			expect(await loggedBy('finished', execution.id)).toEqual(startedOn);
		}
	});
});

describe('an action workflow run from the editor', () => {
	it('is queued by the main and runs on a worker, which calls the service', async () => {
		const before = env.sandbox.requests.length;
		const id = await runFromEditor(n8n, READ_ONLY, 'Start');
		const [execution] = (await finishedExecutions(READ_ONLY, 1)).filter((candidate) => candidate.id === id);
		expect(execution).toMatchObject({ id, mode: 'manual', status: 'success' });
		const users = nodeOutput({ data: execution.data as NonNullable<PublicExecution['data']> }, 'List users');
		const firstPage = ok(await sandboxClients(env.sandbox).api.get('/users')) as Array<{ id: number }>;
		expect(users.map((user) => user.id)).toEqual(firstPage.slice(0, 5).map((user) => user.id));
		expect(env.sandbox.requests.length).toBeGreaterThan(before);

		expect(await loggedBy('enqueued', id)).toEqual(['main']);
		const startedOn = await loggedBy('started', id);
		expect(startedOn).toHaveLength(1);
		expect(startedOn[0]).toMatch(/^worker-\d$/);
	});
});

describe('the polling trigger', () => {
	it('polls on the main, which queues what it finds for a worker', async () => {
		await createUser(sandboxClients(env.sandbox).api, { first_name: 'Priscilla', last_name: 'Pollard', external_id: 'E2E-QUEUE-POLL' });
		// The next poll comes within POLLING.waitMs; an earlier one may have found the Users created above.
		const execution = await waitFor(
			'an execution of the polling workflow with the new User',
			async () => {
				const executions = await finishedExecutions(POLLING_WORKFLOW, 1, POLLING.waitMs);
				return executions.find((candidate) =>
					pollingOutput(candidate).some((item) => item.external_id === 'E2E-QUEUE-POLL'),
				);
			},
			POLLING.waitMs,
			1_000,
		);
		expect(execution.mode).toBe('trigger');
		expect(await loggedBy('enqueued', execution.id)).toEqual(['main']);
		expect(await loggedBy('started', execution.id)).toEqual([expect.stringMatching(/^worker-\d$/)]);
	}, POLLING.testTimeoutMs);
});

function pollingOutput(execution: PublicExecution): Array<Record<string, unknown>> {
	if (!execution.data) throw new Error(`Execution ${execution.id} came without its data`);
	return nodeOutput({ data: execution.data }, 'MinistrySafe Polling Trigger');
}

function executionOutput(execution: PublicExecution): Record<string, unknown> {
	if (!execution.data) throw new Error(`Execution ${execution.id} came without its data`);
	return nodeOutput({ data: execution.data }, 'MinistrySafe Trigger')[0];
}
