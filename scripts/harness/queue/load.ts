// npm run load:queue: the sandbox delivers 1,000 webhook events, as fast as it can, to the webhook processor of n8n in
// queue mode (one main, two workers, one webhook processor; scripts/harness/queue/topology.ts), with Basic authentication.
// It prints what arrived and what ran, read from n8n's own records (public API) and logs: events received,
// executions finished, none lost, none duplicated, and the time from delivery to finished execution (p50, p95).
// Bounded: the whole run stops by itself after LOAD_TIMEOUT_MS, and everything it started is stopped at the end.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import {
	REPO_DIR,
	type PublicExecution,
	ensureRuntime,
	nodeOutput,
	setSandboxWebhooks,
	triggerWebhookIds,
	waitFor,
} from '../../n8n-runtime';
import { type E2eEnvironment, WEBHOOK_AUTH, fixtureWorkflows, startE2eEnvironment } from '../../../test/e2e/helpers';
import { WORKER_CONCURRENCY, isQueueN8n } from './topology';

const EVENTS = Number(process.env.LOAD_EVENTS ?? 1000);
/**
 * Deliveries the sandbox keeps in flight at most, as a sender with a connection pool would (0: no limit, every event
 * sent the moment it happens). A new User, whose creation fires its userCreated delivery, waits for a free slot.
 */
const IN_FLIGHT = Number(process.env.LOAD_IN_FLIGHT ?? 20);
/** Users created at once through the sandbox's API. */
const CREATE_CONCURRENCY = 25;
const LOAD_TIMEOUT_MS = 8 * 60_000;
const WORKFLOW = 'e2eAllEvents';
const EXTERNAL_ID_PREFIX = 'LOAD-';

interface Sent {
	externalId: string;
	/** When the request that fires the delivery was sent: the delivery starts before its answer. */
	sentAt: number;
	userId?: string;
}

function log(line: string): void {
	console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
}

/** Creates `count` Users through the sandbox's API, `CREATE_CONCURRENCY` at a time. */
async function fireEvents(env: E2eEnvironment, count: number): Promise<Sent[]> {
	const sent: Sent[] = Array.from({ length: count }, (_, index) => ({ externalId: `${EXTERNAL_ID_PREFIX}${index + 1}`, sentAt: 0 }));
	let next = 0;
	let reserved = 0;
	const freeSlot = async (): Promise<void> => {
		if (IN_FLIGHT <= 0) return;
		for (;;) {
			const pending = env.sandbox.deliveries().filter((delivery) => delivery.pending).length;
			if (pending + reserved < IN_FLIGHT) return;
			await new Promise((resolveWait) => setTimeout(resolveWait, 10));
		}
	};
	const createOne = async (entry: Sent): Promise<void> => {
		await freeSlot();
		reserved += 1;
		const form = new URLSearchParams({
			'user[first_name]': 'Load',
			'user[last_name]': `Tester ${entry.externalId}`,
			'user[email]': `${entry.externalId.toLowerCase()}@example.org`,
			'user[external_id]': entry.externalId,
		});
		entry.sentAt = Date.now();
		const response = await fetch(`${env.sandbox.url}/api/v2/users`, {
			method: 'POST',
			headers: { authorization: `Token token=${env.sandbox.apiKey}`, 'content-type': 'application/x-www-form-urlencoded' },
			body: form,
			signal: AbortSignal.timeout(30_000),
		});
		const text = await response.text();
		// The answer comes once the delivery is under way: the sandbox counts it as pending from here.
		reserved -= 1;
		if (response.status !== 201) throw new Error(`Creating User ${entry.externalId} answered ${response.status}: ${text}`);
		entry.userId = String((JSON.parse(text) as { id: number }).id);
	};
	await Promise.all(
		Array.from({ length: CREATE_CONCURRENCY }, async () => {
			while (next < sent.length) await createOne(sent[next++]);
		}),
	);
	return sent;
}

type RecordedExecution = PublicExecution & { startedAt?: string; stoppedAt?: string };

/** Every execution of the workflow through the public API, 250 a page (n8n's largest); with their data when asked. */
async function recordedExecutions(env: E2eEnvironment, includeData: boolean): Promise<RecordedExecution[]> {
	const executions: RecordedExecution[] = [];
	let cursor: string | undefined;
	do {
		const query = `workflowId=${WORKFLOW}&includeData=${includeData}&limit=250${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
		const response = await fetch(`${env.n8n.url}/api/v1/executions?${query}`, {
			headers: { 'X-N8N-API-KEY': env.apiKey, accept: 'application/json' },
			signal: AbortSignal.timeout(60_000),
		});
		if (!response.ok) throw new Error(`GET /api/v1/executions answered ${response.status}: ${await response.text()}`);
		const page = (await response.json()) as { data: RecordedExecution[]; nextCursor?: string | null };
		executions.push(...page.data);
		cursor = page.nextCursor ?? undefined;
	} while (cursor);
	return executions;
}

/** How many executions n8n has recorded as over (success, error or crashed). */
async function finishedCount(env: E2eEnvironment): Promise<number> {
	const executions = await recordedExecutions(env, false);
	return executions.filter((execution) => ['success', 'error', 'crashed'].includes(execution.status)).length;
}

function percentile(sorted: number[], fraction: number): number {
	if (sorted.length === 0) return NaN;
	return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

function countLines(text: string, pattern: RegExp): number {
	return text.split('\n').filter((line) => pattern.test(line)).length;
}

async function main(): Promise<void> {
	await ensureRuntime(log);
	if (!existsSync(join(REPO_DIR, 'dist', 'nodes', 'MinistrySafe', 'MinistrySafe.node.js'))) {
		throw new Error('dist/ is missing: run npm run build before npm run load:queue');
	}
	log('Starting PostgreSQL, Redis and n8n in queue mode (one main, two workers, one webhook processor) ...');
	const started = Date.now();
	const env = await startE2eEnvironment({ workflows: fixtureWorkflows(), publish: [WORKFLOW], topology: 'queue' });
	const stopOnSignal = (): void => {
		log('Interrupted: stopping everything ...');
		void env.stop().finally(() => process.exit(130));
	};
	process.once('SIGINT', stopOnSignal);
	process.once('SIGTERM', stopOnSignal);
	const deadline = setTimeout(() => {
		log(`Not done within ${LOAD_TIMEOUT_MS / 60_000} minutes: stopping everything ...`);
		void env.stop().finally(() => process.exit(1));
	}, LOAD_TIMEOUT_MS);
	try {
		const n8n = env.n8n;
		if (!isQueueN8n(n8n)) throw new Error('The load run needs the queue topology');
		log(`Ready in ${Math.round((Date.now() - started) / 1000)} s: main ${n8n.url}, webhook processor ${n8n.webhook.url}, ` +
			`workers at concurrency ${WORKER_CONCURRENCY}`);
		const workflow = fixtureWorkflows().find((candidate) => candidate.id === WORKFLOW);
		if (!workflow) throw new Error(`The fixture workflow ${WORKFLOW} is missing`);
		await setSandboxWebhooks(env.sandbox, triggerWebhookIds(workflow).map(n8n.webhookUrl), WEBHOOK_AUTH);

		log(
			`The sandbox delivers ${EVENTS} userCreated events to ${n8n.webhookUrl(triggerWebhookIds(workflow)[0])}, ` +
				`${IN_FLIGHT > 0 ? `at most ${IN_FLIGHT}` : 'all'} at once ...`,
		);
		const firstSent = Date.now();
		const sent = await fireEvents(env, EVENTS);
		const deliveries = await env.sandbox.waitForDeliveries(EVENTS, 5 * 60_000);
		const firedSeconds = (Date.now() - firstSent) / 1000;
		log(`${deliveries.length} deliveries settled ${firedSeconds.toFixed(1)} s after the first`);

		await waitFor(`${EVENTS} finished executions`, async () => ((await finishedCount(env)) >= EVENTS ? true : undefined), 5 * 60_000, 1_000)
			.catch((error: Error) => log(error.message));
		// A moment more: an execution beyond the expected count (a duplicate) would show up here.
		await new Promise((resolveWait) => setTimeout(resolveWait, 3_000));
		const executions = await recordedExecutions(env, true);

		const sentByUser = new Map(sent.map((entry) => [entry.userId, entry]));
		const runsByUser = new Map<string, number>();
		const latencies: number[] = [];
		for (const execution of executions) {
			const [item] = execution.data ? nodeOutput({ data: execution.data }, 'MinistrySafe Trigger') : [];
			const userId = String(item?.id ?? '');
			runsByUser.set(userId, (runsByUser.get(userId) ?? 0) + 1);
			const entry = sentByUser.get(userId);
			if (entry && execution.status === 'success' && execution.stoppedAt) latencies.push(Date.parse(execution.stoppedAt) - entry.sentAt);
		}
		latencies.sort((a, b) => a - b);
		const delivered = deliveries.filter((delivery) => delivery.delivered && delivery.status === 200);
		const retried = deliveries.filter((delivery) => delivery.attempts > 1).length;
		const succeeded = executions.filter((execution) => execution.status === 'success').length;
		const lost = sent.filter((entry) => !runsByUser.has(String(entry.userId))).length;
		const duplicated = [...runsByUser.values()].filter((runs) => runs > 1).length;
		const unknown = [...runsByUser.keys()].filter((userId) => !sentByUser.has(userId)).length;
		const received = countLines(n8n.webhook.output(), /Enqueued execution \d+ \(job \d+\)/);
		const perWorker = n8n.workers.map((worker) => `${worker.name} ${countLines(worker.output(), /Worker finished execution \d+/)}`);
		const exactlyOnce = sent.filter((entry) => runsByUser.get(String(entry.userId)) === 1).length;

		console.log('');
		console.log(`Events sent by the sandbox:             ${sent.length}`);
		console.log(`Deliveries answered 200:                ${delivered.length} (retried: ${retried})`);
		console.log(`Events received and queued (webhook processor log): ${received}`);
		console.log(`Executions recorded:                    ${executions.length} (success: ${succeeded})`);
		console.log(`Executions per worker (worker logs):    ${perWorker.join(', ')}`);
		console.log(`Lost (event without execution):         ${lost}`);
		console.log(`Duplicated (event with 2+ executions):  ${duplicated}`);
		console.log(`Executions of no event sent:            ${unknown}`);
		console.log(`Delivery to finished execution:         p50 ${percentile(latencies, 0.5)} ms, p95 ${percentile(latencies, 0.95)} ms, max ${latencies[latencies.length - 1]} ms`);
		console.log(`Sending all ${EVENTS} took ${firedSeconds.toFixed(1)} s; ${exactlyOnce} of ${EVENTS} events executed exactly once.`);
		if (exactlyOnce !== EVENTS || unknown > 0) {
			process.exitCode = 1;
			// What n8n said went wrong, for whoever reads a failed run (distinct lines, the first 20 of each process).
			for (const process of [n8n.main, ...n8n.workers, n8n.webhook]) {
				const problems = [
					...new Set(process.output().split('\n').filter((line) => /error|fail|timeout|exceeded/i.test(line) && !/Python task runner/.test(line))),
				];
				if (problems.length > 0) console.log(`\n${process.name} logged ${problems.length} distinct problem lines:\n${problems.slice(0, 20).join('\n')}`);
			}
		}
	} finally {
		clearTimeout(deadline);
		log('Stopping n8n, PostgreSQL, Redis and the sandbox ...');
		await env.stop();
	}
}

main().catch((error: Error) => {
	console.error(error.stack ?? error.message);
	process.exitCode = 1;
});
