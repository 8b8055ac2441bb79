// n8n in queue mode on this machine: one main (editor, REST and public API, activation, pollers), two workers (run
// every execution) and one webhook processor (receives /webhook/* calls and queues their executions), over one
// PostgreSQL and one Redis. Each instance has its own user folder with the packed package installed in it as n8n's
// installer does, as separate machines would have, and all share the database, the queue and the encryption key.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import {
	type N8nInstance,
	type N8nSettings,
	type Log,
	type ManagedProcess,
	freePort,
	installPackageTarball,
	n8nCommandLine,
	n8nEnvironment,
	settingsRuntime,
	startUntilReady,
	temporaryUserFolder,
	waitFor,
} from '../../n8n-runtime';
import { startBalancer } from './balancer';
import { type Postgres, type Redis, startPostgres, startRedis } from './services';
import { ensureSystemPrograms } from './system';

/** Executions each worker runs at once: n8n warns below 5, and two workers share 2 cores with everything else. */
export const WORKER_CONCURRENCY = 5;
export const WORKER_COUNT = 2;
/** How long each n8n process may take to be ready; longer on a busy machine (N8N_QUEUE_READY_TIMEOUT_MS). */
const READY_TIMEOUT_MS = Number(process.env.N8N_QUEUE_READY_TIMEOUT_MS ?? 240_000);
/**
 * Webhook processors: one, or for npm run load:queue more (QUEUE_WEBHOOK_PROCESSORS), behind a round-robin load
 * balancer that WEBHOOK_URL then names (balancer.ts).
 */
const WEBHOOK_PROCESSORS = Math.max(1, Number(process.env.QUEUE_WEBHOOK_PROCESSORS ?? 1));

/** PostgreSQL and Redis, and the variables that put every n8n process (server or CLI) in queue mode on them. */
export interface QueueServices {
	postgres: Postgres;
	redis: Redis;
	env: Record<string, string>;
	stop(): Promise<void>;
}

export async function startQueueServices(log: Log = () => undefined): Promise<QueueServices> {
	const programs = await ensureSystemPrograms(log);
	const [postgres, redis] = await Promise.allSettled([startPostgres(programs), startRedis(programs)]);
	const stop = async (): Promise<void> => {
		await Promise.all([postgres, redis].map((started) => (started.status === 'fulfilled' ? started.value.stop() : undefined)));
	};
	if (postgres.status === 'rejected' || redis.status === 'rejected') {
		await stop();
		throw postgres.status === 'rejected' ? postgres.reason : (redis as PromiseRejectedResult).reason;
	}
	return {
		postgres: postgres.value,
		redis: redis.value,
		env: { ...postgres.value.env, ...redis.value.env, EXECUTIONS_MODE: 'queue' },
		stop,
	};
}

export type N8nRole = 'main' | 'worker' | 'webhook';

/** One n8n process of the topology. */
export interface N8nProcess {
	role: N8nRole;
	/** main, worker-1, worker-2, webhook: how the tests and logs name it. */
	name: string;
	/** Where it answers HTTP: the editor and APIs (main), /webhook/* (webhook), /healthz (worker). */
	url: string;
	userFolder: string;
	output(): string;
	stop(): Promise<void>;
}

/**
 * The topology as the end-to-end tests see one n8n: the main's URL, the webhook processor's webhook URLs. `stop()`
 * stops the main alone, as restarting n8n does in queue mode (the workers and the webhook processor keep running, and a
 * main started again on the same settings joins them); `stopAll()` stops every process.
 */
export interface QueueN8n extends N8nInstance {
	topology: 'queue';
	main: N8nProcess;
	workers: N8nProcess[];
	webhook: N8nProcess;
	/** Every webhook processor (the first is `webhook`); more than one behind the load balancer. */
	webhooks: N8nProcess[];
	stopAll(): Promise<void>;
}

export function isQueueN8n(n8n: N8nInstance): n8n is QueueN8n {
	return (n8n as Partial<QueueN8n>).topology === 'queue';
}

interface RoleSpec {
	role: N8nRole;
	name: string;
	args: string[];
	ready: RegExp;
	/** Variables of this role alone. */
	env: Record<string, string>;
	port: number;
}

async function startProcessOfRole(
	spec: RoleSpec,
	settings: N8nSettings,
	log: Log | undefined,
	logFolder: string | undefined,
): Promise<N8nProcess & { process: ManagedProcess }> {
	const runtime = settingsRuntime(settings);
	const env = n8nEnvironment(settings, spec.port, await freePort(), spec.env);
	const { command, args } = n8nCommandLine(runtime, spec.args);
	const running = await startUntilReady(`n8n ${runtime.n8nVersion} ${spec.name}`, command, args, {
		env,
		ready: spec.ready,
		timeoutMs: READY_TIMEOUT_MS,
		logFile: logFolder && join(logFolder, `${spec.name}.log`),
		onLine: (line) => {
			if (log && line.trim() !== '' && !/migration/i.test(line)) log(`  ${spec.name}: ${line}`);
		},
	});
	const url = `http://127.0.0.1:${spec.port}`;
	try {
		// Ready means serving: /healthz/readiness answers 200 once the database and Redis are connected.
		await waitFor(
			`${spec.name} to answer ${url}/healthz/readiness`,
			async () => {
				const response = await fetch(`${url}/healthz/readiness`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
				return response?.ok ? true : undefined;
			},
			30_000,
		);
	} catch (error) {
		await running.stop();
		throw error;
	}
	return {
		role: spec.role,
		name: spec.name,
		url,
		userFolder: settings.userFolder,
		output: running.output,
		stop: running.stop,
		process: running,
	};
}

/**
 * Starts the main, then the workers and the webhook processors at once (the main sets the database up: its migrations
 * must not run in four processes at once), `settings` being the main's user folder (the package installed) with `env`
 * from startQueueServices. The others get user folders of their own with `tarball` installed. With `logFolder`, each
 * process's output also goes to `<logFolder>/<name>.log`. On any failure, whatever was started is stopped before the
 * error is passed on.
 */
export async function startQueueN8n(settings: N8nSettings, options: { tarball: string; log?: Log; logFolder?: string }): Promise<QueueN8n> {
	const [mainPort, webhookPort] = [await freePort(), await freePort()];
	const runtime = settingsRuntime(settings);
	// Every instance builds its webhook URLs from WEBHOOK_URL (N8N_WEBHOOK_URL in 2.41): where the processors are reached.
	const shared = {
		...settings.env,
		[runtime.webhookUrlVariable]: `http://127.0.0.1:${webhookPort}/`,
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${mainPort}/`,
	};
	const specs: RoleSpec[] = [
		{
			role: 'main',
			name: 'main',
			args: ['start'],
			ready: /Editor is now accessible/,
			port: mainPort,
			// The main queues manual executions for the workers too. It still answers /webhook/* (the AI tests call their
			// agent and chat webhooks and /mcp there, as a load balancer might route them), but the sandbox calls the processor.
			env: { OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true' },
		},
		...(await Promise.all(
			Array.from({ length: WORKER_COUNT }, async (_, index): Promise<RoleSpec> => {
				const healthPort = await freePort();
				return {
					role: 'worker',
					name: `worker-${index + 1}`,
					args: ['worker', `--concurrency=${WORKER_CONCURRENCY}`],
					ready: /n8n worker is now ready/,
					port: healthPort,
					env: {
						QUEUE_HEALTH_CHECK_ACTIVE: 'true',
						QUEUE_HEALTH_CHECK_PORT: String(healthPort),
						N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
					},
				};
			}),
		)),
		...(await Promise.all(
			Array.from({ length: WEBHOOK_PROCESSORS }, async (_, index): Promise<RoleSpec> => ({
				role: 'webhook',
				name: index === 0 ? 'webhook' : `webhook-${index + 1}`,
				args: ['webhook'],
				ready: /Webhook listener waiting for requests/,
				// One processor answers at WEBHOOK_URL itself; several answer behind the balancer there.
				port: WEBHOOK_PROCESSORS === 1 ? webhookPort : await freePort(),
				env: {},
			})),
		)),
	];

	const userFolders: string[] = [];
	const settingsOf = async (spec: RoleSpec): Promise<N8nSettings> => {
		if (spec.role === 'main') return { ...settings, env: shared };
		const userFolder = temporaryUserFolder(`ministrysafe-${spec.name}`);
		userFolders.push(userFolder);
		await installPackageTarball(userFolder, options.tarball, runtime);
		return { ...settings, userFolder, env: shared };
	};
	const removeFolders = (): void => {
		for (const folder of userFolders) rmSync(folder, { recursive: true, force: true });
	};

	const start = (spec: RoleSpec, roleSettings: N8nSettings) => startProcessOfRole(spec, roleSettings, options.log, options.logFolder);
	// The others' user folders are made while the main starts (the tarball installed into each); each is awaited below.
	const prepared = specs.slice(1).map(async (spec) => ({ spec, roleSettings: await settingsOf(spec) }));
	for (const preparing of prepared) preparing.catch(() => undefined);
	const [mainStarted] = await Promise.allSettled([settingsOf(specs[0]).then((mainSettings) => start(specs[0], mainSettings))]);
	const othersStarted = await Promise.allSettled(
		prepared.map(async (preparing) => {
			const { spec, roleSettings } = await preparing;
			if (mainStarted.status === 'rejected') throw new Error(`${spec.name} not started: the main did not start`);
			return start(spec, roleSettings);
		}),
	);
	const started = [mainStarted, ...othersStarted];
	const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
	const webhookPorts = specs.filter((spec) => spec.role === 'webhook').map((spec) => spec.port);
	const balancer = WEBHOOK_PROCESSORS > 1 ? await startBalancer(webhookPort, webhookPorts) : undefined;
	const stopAll = async (): Promise<void> => {
		await balancer?.stop();
		await Promise.all(running.map((process) => process.stop()));
		removeFolders();
	};
	const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
	if (failed) {
		await stopAll();
		throw failed.reason;
	}

	const [main, ...rest] = running;
	const workers = rest.filter((process) => process.role === 'worker');
	const webhooks = rest.filter((process) => process.role === 'webhook');
	const webhook = webhooks[0];
	return {
		topology: 'queue',
		main,
		workers,
		webhook,
		webhooks,
		url: main.url,
		port: mainPort,
		settings,
		version: runtime.n8nVersion,
		webhookUrl: (webhookId) => `http://127.0.0.1:${webhookPort}/webhook/${webhookId}/webhook`,
		testWebhookUrl: (webhookId) => `${main.url}/webhook-test/${webhookId}/webhook`,
		output: main.output,
		exited: main.process.exited,
		stop: main.stop,
		stopAll,
	};
}
