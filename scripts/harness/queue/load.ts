// npm run load:queue: the sandbox delivers 1,000 webhook events, as fast as it can, to the webhook processor of n8n in
// queue mode (one main, two workers, one webhook processor; scripts/harness/queue/topology.ts), with Basic authentication.
// The workflow that receives them acts on each event once, as the templates do: the webhook trigger for speed and the
// polling trigger as a net (every minute), then n8n's Remove Duplicates node across executions keyed on `event_id`,
// then the action; and, beside it, the same with an atomic Redis counter (INCR) as the check. It prints what arrived,
// what ran and what was acted on, read from n8n's own records (public API) and logs: events received, webhook
// executions, none lost, none duplicated, events acted on once per check, the time from delivery to finished
// execution (p50, p95), and the time from the last delivery to the last action (the target: within two poll
// intervals). It packs and installs the package as the end-to-end suites do (their global set-up and tear-down).
// Bounded: the whole run stops by itself after LOAD_TIMEOUT_MS, and everything it started is stopped at the end.
import {
	importCredentials,
	setSandboxWebhooks,
	triggerWebhookIds,
	waitFor,
} from '../../n8n-runtime';
import e2eGlobalSetup from '../../../test/e2e/globalSetup';
import e2eGlobalTeardown from '../../../test/e2e/globalTeardown';
import { type E2eEnvironment, WEBHOOK_AUTH, startE2eEnvironment } from '../../../test/e2e/helpers';
import { ACTS, BURST_WORKFLOW, NET, POLL_INTERVAL_MS, REDIS_CREDENTIAL_ID, TRIGGER } from './burstWorkflow';
import { countLines, finishedCount, itemsOf, onceFigures, percentile, recordedExecutions, timesPerEvent } from './executionRecords';
import { WORKER_CONCURRENCY, isQueueN8n } from './topology';

const EVENTS = Number(process.env.LOAD_EVENTS ?? 1000);
/**
 * Deliveries the sandbox keeps in flight at most, as a sender with a connection pool would (0: no limit, every event
 * sent the moment it happens). A new User, whose creation fires its userCreated delivery, waits for a free slot.
 */
const IN_FLIGHT = Number(process.env.LOAD_IN_FLIGHT ?? 20);
/** Users created at once through the sandbox's API. */
const CREATE_CONCURRENCY = 25;
const LOAD_TIMEOUT_MS = Number(process.env.LOAD_TIMEOUT_MS ?? 12 * 60_000);
const EXTERNAL_ID_PREFIX = 'LOAD-';
/**
 * The database connection pool of every n8n process (n8n's DB_POSTGRESDB_POOL_SIZE, 2 by default), for the runs that
 * try what lets the topology answer a burst itself; QUEUE_PG_MAX_CONNECTIONS raises PostgreSQL's limit to match.
 */
const DB_POOL_SIZE = process.env.LOAD_DB_POOL_SIZE;

const WORKFLOW = BURST_WORKFLOW.id;

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

/**
 * One run: starts the topology, sends `events` events, reads what n8n did, stops everything. Exit code 1 unless each
 * event was acted on by both checks, and exactly once by the atomic one.
 */
async function runLoad(events: number): Promise<void> {
	log('Starting PostgreSQL, Redis and n8n in queue mode (one main, two workers, one webhook processor) ...');
	const started = Date.now();
	const env = await startE2eEnvironment({
		workflows: [BURST_WORKFLOW],
		publish: [WORKFLOW],
		topology: 'queue',
		ownN8n: true,
		env: DB_POOL_SIZE ? { DB_POSTGRESDB_POOL_SIZE: DB_POOL_SIZE } : {},
	});
	if (DB_POOL_SIZE) log(`Each n8n process with a database pool of ${DB_POOL_SIZE} (PostgreSQL max_connections ${process.env.QUEUE_PG_MAX_CONNECTIONS ?? 100})`);
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
		// The workflow's Redis node uses the queue's own Redis, as a queue-mode installation can.
		await importCredentials(env.settings, [
			{
				id: REDIS_CREDENTIAL_ID,
				name: "Redis (the queue's)",
				type: 'redis',
				data: { host: '127.0.0.1', port: Number(env.settings.env?.QUEUE_BULL_REDIS_PORT), database: 0, password: '' },
			},
		]);
		log(`Ready in ${Math.round((Date.now() - started) / 1000)} s: main ${n8n.url}, ${n8n.webhooks.length} webhook processor(s) at ${n8n.webhookUrl('')}, ` +
			`workers at concurrency ${WORKER_CONCURRENCY}`);
		await setSandboxWebhooks(env.sandbox, triggerWebhookIds(BURST_WORKFLOW).map(n8n.webhookUrl), WEBHOOK_AUTH);

		log(
			`The sandbox delivers ${events} userCreated events to ${n8n.webhookUrl(triggerWebhookIds(BURST_WORKFLOW)[0])}, ` +
				`${IN_FLIGHT > 0 ? `at most ${IN_FLIGHT}` : 'all'} at once ...`,
		);
		const firstSent = Date.now();
		const sent = await fireEvents(env, events);
		const deliveries = await env.sandbox.waitForDeliveries(events, 5 * 60_000);
		const settledAt = Date.now();
		const firedSeconds = (settledAt - firstSent) / 1000;
		log(`${deliveries.length} deliveries settled ${firedSeconds.toFixed(1)} s after the first`);

		// The net's polls find what the webhook lost: wait up to two poll intervals (and the time to run what the second
		// one started) for each event to be acted on by both checks.
		const actedOnAll = async () => {
			const recorded = await recordedExecutions(env, WORKFLOW, true);
			const done = Object.values(ACTS).every((nodeName) => onceFigures(sent, timesPerEvent(recorded, nodeName)).never === 0);
			return done ? true : undefined;
		};
		const netWaitMs = 2 * POLL_INTERVAL_MS + 90_000;
		log(`Waiting up to ${Math.round(netWaitMs / 1000)} s (two poll intervals of the net, and the run of the second) for every event to be acted on ...`);
		await waitFor('every event acted on by both checks', actedOnAll, netWaitMs, 15_000).catch((error: Error) => log(error.message));
		await waitFor('no execution still running', async () => ((await finishedCount(env, WORKFLOW)) >= (await recordedExecutions(env, WORKFLOW, false)).length ? true : undefined), 60_000, 2_000)
			.catch((error: Error) => log(error.message));
		// A moment more: an execution beyond the expected count (a duplicate) would show up here.
		await new Promise((resolveWait) => setTimeout(resolveWait, 3_000));
		const executions = await recordedExecutions(env, WORKFLOW, true);
		const webhookExecutions = executions.filter((execution) => itemsOf(execution, TRIGGER).length > 0);
		const netExecutions = executions.filter((execution) => itemsOf(execution, NET).length > 0);
		const lastAction = Math.max(
			...executions
				.filter((execution) => itemsOf(execution, ACTS.removeDuplicates).length > 0 && execution.stoppedAt)
				.map((execution) => Date.parse(String(execution.stoppedAt))),
		);

		const sentByUser = new Map(sent.map((entry) => [entry.userId, entry]));
		const runsByUser = timesPerEvent(webhookExecutions, TRIGGER);
		const latencies: number[] = [];
		for (const execution of webhookExecutions) {
			const entry = sentByUser.get(String(itemsOf(execution, TRIGGER)[0]?.id ?? ''));
			if (entry && execution.status === 'success' && execution.stoppedAt) latencies.push(Date.parse(execution.stoppedAt) - entry.sentAt);
		}
		latencies.sort((a, b) => a - b);
		const delivered = deliveries.filter((delivery) => delivery.delivered && delivery.status === 200);
		const retried = deliveries.filter((delivery) => delivery.attempts > 1).length;
		const succeeded = executions.filter((execution) => execution.status === 'success').length;
		const fromNet = timesPerEvent(netExecutions, NET);
		const failed = executions.filter((execution) => execution.status !== 'success');
		const executed = onceFigures(sent, runsByUser);
		const unknown = [...runsByUser.keys(), ...fromNet.keys()].filter((userId) => !sentByUser.has(userId)).length;
		const received = n8n.webhooks.reduce((sum, processor) => sum + countLines(processor.output(), /Enqueued execution \d+ \(job \d+\)/), 0);
		const perWorker = n8n.workers.map((worker) => `${worker.name} ${countLines(worker.output(), /Worker finished execution \d+/)}`);
		const acted = Object.values(ACTS).map((nodeName) => ({ nodeName, ...onceFigures(sent, timesPerEvent(executions, nodeName)) }));

		console.log('');
		console.log(`Events sent by the sandbox:             ${sent.length}`);
		console.log(`Deliveries answered 200:                ${delivered.length} (retried: ${retried})`);
		console.log(`Events received and queued (webhook processor log): ${received}`);
		console.log(`Executions recorded:                    ${executions.length} (success: ${succeeded}): ${webhookExecutions.length} from the webhook, ${netExecutions.length} from the net's polls`);
		console.log(`Events the net's polls found:           ${[...fromNet.keys()].filter((userId) => sentByUser.has(userId)).length}`);
		console.log(`Executions per worker (worker logs):    ${perWorker.join(', ')}`);
		console.log(`Lost by the webhook (no execution):     ${executed.never}`);
		console.log(`Duplicated by the webhook (2+):         ${executed.twiceOrMore}`);
		console.log(`Executions of no event sent:            ${unknown}`);
		console.log(`Delivery to finished execution:         p50 ${percentile(latencies, 0.5)} ms, p95 ${percentile(latencies, 0.95)} ms, max ${latencies[latencies.length - 1]} ms`);
		console.log(`Sending all ${events} took ${firedSeconds.toFixed(1)} s; ${executed.once} of ${events} events executed exactly once by the webhook.`);
		const lastSentAt = Math.max(...sent.map((entry) => entry.sentAt));
		const after = (from: number) => (Number.isFinite(lastAction) ? `${((lastAction - from) / 1000).toFixed(1)} s` : 'none');
		console.log(
			`Last action:                            ${after(lastSentAt)} after the last event, ${after(settledAt)} after the last delivery settled ` +
				`(two poll intervals: ${(2 * POLL_INTERVAL_MS) / 1000} s)`,
		);
		for (const { nodeName, once, twiceOrMore, never } of acted) {
			console.log(`${nodeName}: ${once} of ${events} events acted on exactly once (twice or more: ${twiceOrMore}, never: ${never}).`);
		}
		const errors = [...new Set(failed.map((execution) => String(execution.data?.resultData.error?.message ?? execution.status)))];
		if (failed.length > 0) console.log(`Executions that did not succeed: ${failed.length}; their errors: ${errors.slice(0, 5).join(' | ')}`);
		// The run fails when an event was never acted on, or the atomic check let one through twice. Remove Duplicates
		// can let an event through twice when executions of it run at the same moment (its memory has no lock:
		// docs/scale.md): its figure is printed, and is the reason the docs name the Redis increment.
		const atomic = acted.find(({ nodeName }) => nodeName === ACTS.redisCounter);
		if (acted.some(({ never }) => never > 0) || atomic?.once !== events || unknown > 0) {
			process.exitCode = 1;
			// What n8n said went wrong, for whoever reads a failed run (distinct lines, the first 20 of each process).
			for (const process of [n8n.main, ...n8n.workers, ...n8n.webhooks]) {
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

/** As the end-to-end suites: n8n installed, the package built and packed once (their global set-up), the pack removed after. */
async function main(): Promise<void> {
	await e2eGlobalSetup();
	try {
		await runLoad(EVENTS);
	} finally {
		e2eGlobalTeardown();
	}
}

if (require.main === module) {
	main().catch((error: Error) => {
		console.error(error.stack ?? error.message);
		process.exitCode = 1;
	});
}
