// One n8n per test run (per version and topology) for every end-to-end file that can share it, instead of one per
// file: the files that neither stop nor restart n8n. Its keeper lives in Jest's global setup (globalSetup.ts starts it,
// globalTeardown.ts stops it, whether the tests passed or not) and starts n8n when a file first asks for it, so a run
// of files that all start their own (the polling tests, the event net) starts none. A file leases it for its whole
// run, one file at a time, and puts its own credentials and workflows in it against its own sandbox; n8n is emptied
// (every workflow unpublished and deleted with its executions, every credential and Data Table deleted) when the file
// hands it back and again before the next file gets it, so files stay independent.
//
// Test files reach the keeper over HTTP on 127.0.0.1 (its address in MINISTRYSAFE_E2E_SHARED_N8N): Jest runs them in
// its own process or in workers, each file with modules of its own, so nothing else is shared with them. A lease is
// asked for again every half second until granted (while n8n starts, or another file holds it), within a bound. Each
// question goes on a connection of its own (a connection kept alive could be closed by the keeper just as a busy test
// process sends on it: ECONNRESET, seen in CI), and names the file's own token, so that one asked again after a
// connection failed gets the same answer.
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { type N8nInstance, type N8nSettings, ownedTemporaryFolder } from '../../scripts/n8n-runtime';
import { type N8nProcess, type QueueN8n, isQueueN8n } from '../../scripts/harness/queue/topology';
import { type N8nUnderTest, type Topology, emptyN8n, startN8nUnderTest, topologyFromEnvironment } from './n8nUnderTest';

/** Where test files find the keeper; unset outside an end-to-end Jest run (a file then starts its own n8n). */
export const SHARED_N8N_VARIABLE = 'MINISTRYSAFE_E2E_SHARED_N8N';
/** How long a file may wait for its lease: n8n's start, then the file before it handing it back. */
const LEASE_TIMEOUT_MS = 20 * 60_000;
const RETRY_MS = 500;
/** As ManagedProcess keeps it: the end of a long log. */
const LOG_KEPT_CHARS = 200_000;
const KEEPER = Symbol.for('ministrysafe.e2e.sharedN8nKeeper');

/** What a file needs of the shared n8n, as JSON. */
interface Description {
	topology: Topology;
	url: string;
	port: number;
	version: string;
	/** Where webhooks are called: the main, or in queue mode the webhook processor. */
	webhookBase: string;
	settings: N8nSettings;
	apiKey: string;
	logFolder: string;
	/** Queue mode: the processes, main first. */
	processes: Array<Pick<N8nProcess, 'role' | 'name' | 'url' | 'userFolder'>>;
}

type LeaseAnswer = { granted: true; token: string; description: Description } | { granted: false; why: string } | { error: string };

/** How the keeper starts n8n and empties it (the real ones unless given: test/scripts/sharedN8n.test.ts gives its own). */
export interface KeeperWork {
	start(logFolder: string): Promise<N8nUnderTest>;
	empty(underTest: N8nUnderTest): Promise<void>;
}

/** The shared n8n's keeper: starts it when first asked, lends it to one file at a time, stops it at the end. */
export class SharedN8nKeeper {
	private server?: Server;
	private underTest?: N8nUnderTest;
	private description?: Description;
	private starting?: Promise<void>;
	private failure?: string;
	private holder?: { token: string; label: string; since: number };
	/** Tokens of leases handed back: one handed back again (its answer was lost on the way) is told so again. */
	private readonly released = new Set<string>();
	private alive = false;

	constructor(
		private readonly topology: Topology,
		private readonly logFolder: string,
		private readonly work: KeeperWork = {
			start: (folder) => startN8nUnderTest({ topology, logFolder: folder }),
			empty: (underTest) => emptyN8n(underTest.n8n, underTest.apiKey),
		},
	) {}

	get url(): string {
		const address = this.server?.address() as AddressInfo;
		return `http://127.0.0.1:${address.port}`;
	}

	async listen(): Promise<void> {
		this.server = createServer((request, response) => void this.answer(request, response));
		await new Promise<void>((resolveListen) => this.server?.listen(0, '127.0.0.1', resolveListen));
	}

	private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
		let body = '';
		for await (const chunk of request) body += String(chunk);
		const json = (body ? JSON.parse(body) : {}) as { label?: string; token?: string };
		let answer: unknown;
		try {
			if (request.url === '/lease') answer = await this.lease(json.label ?? 'a test file', json.token ?? '');
			else if (request.url === '/release') answer = await this.release(json.token ?? '');
			else answer = { error: `no route ${request.url}` };
		} catch (error) {
			answer = { error: (error as Error).stack ?? String(error) };
		}
		response.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
		response.end(JSON.stringify(answer));
	}

	private start(): void {
		this.failure = undefined;
		this.starting = (async () => {
			const underTest = await this.work.start(this.logFolder);
			this.underTest = underTest;
			this.alive = true;
			void underTest.n8n.exited.then(() => (this.alive = false));
			this.description = descriptionOf(this.topology, underTest, this.logFolder);
		})().catch((error: Error) => {
			this.failure = error.message;
		});
	}

	private async lease(label: string, token: string): Promise<LeaseAnswer> {
		if (!token) throw new Error('A lease of the shared n8n is asked for with a token of the file\'s own');
		// Asked again (the answer was lost on the way): the same answer.
		if (this.holder?.token === token && this.description) return { granted: true, token, description: this.description };
		if (this.holder) return { granted: false, why: `${this.holder.label} has had it for ${Math.round((Date.now() - this.holder.since) / 1000)} s` };
		if (this.underTest && !this.alive) {
			// It died (it never should): a new one for this file and the next.
			await this.underTest.stop().catch(() => undefined);
			this.underTest = undefined;
			this.starting = undefined;
		}
		if (!this.starting) this.start();
		if (this.failure !== undefined) {
			const failure = this.failure;
			// The next file that asks tries again.
			this.starting = undefined;
			return { error: `The shared n8n did not start: ${failure}` };
		}
		if (!this.underTest || !this.description) return { granted: false, why: 'n8n is starting' };
		this.holder = { token, label, since: Date.now() };
		try {
			await this.work.empty(this.underTest);
		} catch (error) {
			this.holder = undefined;
			throw error;
		}
		return { granted: true, token, description: this.description };
	}

	private async release(token: string): Promise<{ released: true }> {
		if (this.released.has(token)) return { released: true };
		if (this.holder?.token !== token) throw new Error('Released a lease of the shared n8n that is not held');
		try {
			if (this.underTest) await this.work.empty(this.underTest);
		} finally {
			this.holder = undefined;
			this.released.add(token);
		}
		return { released: true };
	}

	async stop(): Promise<void> {
		await new Promise<void>((resolveClose) => (this.server ? this.server.close(() => resolveClose()) : resolveClose()));
		await this.starting;
		await this.underTest?.stop();
		rmSync(this.logFolder, { recursive: true, force: true });
	}
}

function descriptionOf(topology: Topology, underTest: N8nUnderTest, logFolder: string): Description {
	const { n8n } = underTest;
	const processes = isQueueN8n(n8n) ? [n8n.main, ...n8n.workers, ...n8n.webhooks] : [];
	return {
		topology,
		url: n8n.url,
		port: n8n.port,
		version: n8n.version,
		webhookBase: isQueueN8n(n8n) ? n8n.webhook.url : n8n.url,
		settings: underTest.settings,
		apiKey: underTest.apiKey,
		logFolder,
		processes: processes.map(({ role, name, url, userFolder }) => ({ role, name, url, userFolder })),
	};
}

/** Jest's global setup: the keeper listens (n8n starts when a file first asks for it). */
export async function startSharedN8nKeeper(): Promise<void> {
	const keeper = new SharedN8nKeeper(topologyFromEnvironment(), ownedTemporaryFolder('ministrysafe-e2e-logs'));
	await keeper.listen();
	process.env[SHARED_N8N_VARIABLE] = keeper.url;
	(globalThis as Record<symbol, unknown>)[KEEPER] = keeper;
}

/** Jest's global teardown: the shared n8n stopped, its folders removed. */
export async function stopSharedN8nKeeper(): Promise<void> {
	const keeper = (globalThis as Record<symbol, unknown>)[KEEPER] as SharedN8nKeeper | undefined;
	delete process.env[SHARED_N8N_VARIABLE];
	await keeper?.stop();
}

/** Whether this test run has a shared n8n to lend. */
export function isSharedN8nAvailable(): boolean {
	return Boolean(process.env[SHARED_N8N_VARIABLE]);
}

/** A question to the keeper; asked again (three times at most) when the connection fails, as each can be. */
async function askKeeper<T>(path: string, body: object): Promise<T> {
	let response: Response | undefined;
	for (let attempt = 1; !response; attempt++) {
		response = await fetch(`${process.env[SHARED_N8N_VARIABLE]}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
			signal: AbortSignal.timeout(5 * 60_000),
		}).catch((error: Error) => {
			if (attempt >= 3 || error.name === 'TimeoutError') throw error;
			return undefined;
		});
	}
	const answer = (await response.json()) as T | { error: string };
	if (typeof answer === 'object' && answer !== null && 'error' in answer) throw new Error(answer.error);
	return answer as T;
}

/**
 * The shared n8n for this file until `stop()` hands it back (emptied). `label` names the file in what another file
 * waiting for it is told.
 */
export async function leaseSharedN8n(label: string): Promise<N8nUnderTest> {
	const deadline = Date.now() + LEASE_TIMEOUT_MS;
	const token = randomUUID();
	for (;;) {
		const answer = await askKeeper<Exclude<LeaseAnswer, { error: string }>>('/lease', { label, token });
		if (answer.granted) {
			return { ...underTestOf(answer.description), stop: async () => void (await askKeeper('/release', { token })) };
		}
		if (Date.now() > deadline) throw new Error(`No shared n8n within ${LEASE_TIMEOUT_MS / 60_000} minutes: ${answer.why}`);
		await new Promise((resolveWait) => setTimeout(resolveWait, RETRY_MS));
	}
}

/** The shared n8n as a file sees one of its own, but that it cannot stop; its logs read from the keeper's files. */
function underTestOf(description: Description): Omit<N8nUnderTest, 'stop'> {
	const { url, webhookBase, logFolder } = description;
	const log = (name: string) => () => {
		try {
			return readFileSync(join(logFolder, `${name}.log`), 'utf8').slice(-LOG_KEPT_CHARS);
		} catch {
			return '';
		}
	};
	const refuse = async (): Promise<void> => {
		throw new Error('A test file cannot stop the shared n8n: a file that stops or restarts n8n starts its own (startE2eEnvironment({ ownN8n: true }))');
	};
	const n8n: N8nInstance = {
		url,
		port: description.port,
		settings: description.settings,
		version: description.version,
		webhookUrl: (webhookId) => `${webhookBase}/webhook/${webhookId}/webhook`,
		testWebhookUrl: (webhookId) => `${url}/webhook-test/${webhookId}/webhook`,
		output: log('main'),
		// The shared n8n outlives every file.
		exited: new Promise<number | null>(() => undefined),
		stop: refuse,
	};
	if (description.topology !== 'queue') return { n8n, settings: description.settings, apiKey: description.apiKey };
	const processes: N8nProcess[] = description.processes.map((process) => ({ ...process, output: log(process.name), stop: refuse }));
	const [main] = processes;
	const webhooks = processes.filter((process) => process.role === 'webhook');
	const queue: QueueN8n = {
		...n8n,
		topology: 'queue',
		main,
		workers: processes.filter((process) => process.role === 'worker'),
		webhook: webhooks[0],
		webhooks,
		stopAll: refuse,
	};
	return { n8n: queue, settings: description.settings, apiKey: description.apiKey };
}
