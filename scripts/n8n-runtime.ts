// A real n8n for `npm run dev` and the end-to-end tests: install it, give it a user folder with this package linked,
// import credentials and workflows, publish and execute them through its CLI, start it, set up its owner through its
// REST API, and stop every process it started. One library, so the two callers never drift apart.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const REPO_DIR = resolve(__dirname, '..');
export const RUNTIME_DIR = join(REPO_DIR, '.n8n-runtime');
export const N8N_BIN = join(RUNTIME_DIR, 'node_modules', 'n8n', 'bin', 'n8n');
const PACKAGE_NAME = 'n8n-nodes-ministrysafe';

/** The type names a workflow uses for our nodes and credentials when the package is installed in n8n. */
export const NODE_TYPES = {
	action: `${PACKAGE_NAME}.ministrySafe`,
	trigger: `${PACKAGE_NAME}.ministrySafeTrigger`,
} as const;

export type Log = (line: string) => void;

const OUTPUT_KEPT_CHARS = 200_000;
const STOP_GRACE_MS = 10_000;

// ---------------------------------------------------------------------------------------------------------------
// Child processes: each in its own process group, so that stopping it also stops what it started (n8n's task
// runner). A group still alive when this process exits is killed, whatever the reason of the exit.

const liveGroups = new Set<number>();
process.on('exit', () => {
	for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(-pid, signal);
	} catch {
		// Already gone.
	}
}

export interface ManagedProcess {
	readonly child: ChildProcess;
	/** stdout and stderr as they came (the last 200,000 characters). */
	output(): string;
	/** stdout alone, complete (kept only with `keepStdout`): where n8n's CLI writes its results. */
	stdout(): string;
	/** Resolves with the exit code (null when a signal ended it). */
	readonly exited: Promise<number | null>;
	stop(): Promise<void>;
}

export interface ProcessOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	onLine?: (line: string) => void;
	/** Keep all of stdout, for a command whose result is its output (a long-running server keeps only the tail). */
	keepStdout?: boolean;
}

export function startProcess(command: string, args: string[], options: ProcessOptions = {}): ManagedProcess {
	const child = spawn(command, args, {
		cwd: options.cwd ?? REPO_DIR,
		env: options.env ?? process.env,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const pid = child.pid;
	if (pid === undefined) throw new Error(`Could not start ${command}`);
	liveGroups.add(pid);

	let output = '';
	let stdout = '';
	let partialLine = '';
	const collect = (chunk: Buffer, isStdout: boolean): void => {
		const text = chunk.toString('utf8');
		output = (output + text).slice(-OUTPUT_KEPT_CHARS);
		if (isStdout && options.keepStdout) stdout += text;
		if (options.onLine) {
			const lines = (partialLine + text).split('\n');
			partialLine = lines.pop() ?? '';
			for (const line of lines) options.onLine(line);
		}
	};
	child.stdout?.on('data', (chunk: Buffer) => collect(chunk, true));
	child.stderr?.on('data', (chunk: Buffer) => collect(chunk, false));

	child.once('exit', () => {
		// The group leader is gone; its children (if any) must not outlive it, nor hold its output pipes open.
		killGroup(pid, 'SIGKILL');
		liveGroups.delete(pid);
	});
	// 'close' comes after the last output has been read, so output() is complete when `exited` resolves.
	const exited = new Promise<number | null>((resolveExit) => {
		child.once('error', () => resolveExit(null));
		child.once('close', (code) => resolveExit(code));
	});

	let stopping: Promise<void> | undefined;
	const stop = (): Promise<void> => {
		stopping ??= (async () => {
			if (!liveGroups.has(pid)) return;
			killGroup(pid, 'SIGTERM');
			const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), STOP_GRACE_MS);
			await exited;
			clearTimeout(timer);
		})();
		return stopping;
	};

	return { child, output: () => output, stdout: () => stdout, exited, stop };
}

/** A command that failed; `output` is all it printed (the message has only its end). */
export class ProcessError extends Error {
	constructor(
		message: string,
		readonly output: string,
	) {
		super(message);
	}
}

/** Runs a command to its end; rejects with a ProcessError when it fails or outlives `timeoutMs`. */
export async function runProcess(
	command: string,
	args: string[],
	options: ProcessOptions & { timeoutMs: number },
): Promise<ManagedProcess> {
	const running = startProcess(command, args, options);
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		void running.stop();
	}, options.timeoutMs);
	const code = await running.exited;
	clearTimeout(timer);
	if (timedOut || code !== 0) {
		const why = timedOut ? `did not finish within ${options.timeoutMs / 1000} s` : `exited with code ${code}`;
		const output = running.output();
		throw new ProcessError(`${[command, ...args].join(' ')} ${why}. Its last output:\n${tail(output)}`, output);
	}
	return running;
}

/**
 * Starts a long-running process and resolves once it prints a line matching `ready`; when it exits first or the time
 * runs out, it is stopped and the promise rejects with its last output.
 */
export async function startUntilReady(
	what: string,
	command: string,
	args: string[],
	options: ProcessOptions & { ready: RegExp; timeoutMs: number },
): Promise<ManagedProcess> {
	let markReady: () => void = () => undefined;
	const ready = new Promise<'ready'>((resolveReady) => (markReady = () => resolveReady('ready')));
	const running = startProcess(command, args, {
		...options,
		onLine: (line) => {
			if (options.ready.test(line)) markReady();
			options.onLine?.(line);
		},
	});
	let timer: NodeJS.Timeout | undefined;
	const outcome = await Promise.race([
		ready,
		running.exited.then(() => 'exited' as const),
		new Promise<'timeout'>((resolveTimeout) => (timer = setTimeout(() => resolveTimeout('timeout'), options.timeoutMs))),
	]);
	clearTimeout(timer);
	if (outcome !== 'ready') {
		await running.stop();
		const why = outcome === 'exited' ? 'exited' : `was not ready within ${options.timeoutMs / 1000} s`;
		throw new Error(`${what} ${why}. Its last output:\n${tail(running.output())}`);
	}
	return running;
}

function tail(text: string, lines = 40): string {
	return text.trimEnd().split('\n').slice(-lines).join('\n');
}

export async function freePort(): Promise<number> {
	return new Promise((resolvePort, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address !== null ? address.port : 0;
			server.close(() => resolvePort(port));
		});
	});
}

// ---------------------------------------------------------------------------------------------------------------
// The runtime: n8n installed with pnpm into .n8n-runtime (npm cannot resolve n8n's dependency tree).

/** sqlite3, n8n's database driver, is compiled on install; pnpm skips that when it links it from a warm store. */
const SQLITE_BINDING = join(RUNTIME_DIR, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');

export function isRuntimeInstalled(): boolean {
	return existsSync(N8N_BIN) && existsSync(SQLITE_BINDING);
}

/** pnpm in .n8n-runtime, its output passed on as progress lines (one every 10 s at most, for the long quiet parts). */
async function pnpm(args: string[], log: Log): Promise<void> {
	let lastProgress = 0;
	const onLine = (line: string): void => {
		const isProgress = /^(Progress|Packages):|sqlite3.*(install|rebuild)/.test(line);
		if (isProgress && Date.now() - lastProgress < 10_000) return;
		if (isProgress || /^Done|ERR_PNPM|WARN/.test(line)) {
			lastProgress = Date.now();
			log(`  pnpm: ${line.trim().slice(0, 160)}`);
		}
	};
	await runProcess('npx', ['--yes', 'pnpm@10', ...args, '--reporter=append-only'], {
		cwd: RUNTIME_DIR,
		// Under `npm run`, npm passes this package's ignore-scripts=true on to children; sqlite3 must build here.
		env: { ...process.env, CI: 'true', npm_config_ignore_scripts: 'false' },
		timeoutMs: 20 * 60_000,
		onLine,
	});
}

export async function ensureRuntime(log: Log): Promise<void> {
	if (isRuntimeInstalled()) return;
	const started = Date.now();
	if (!existsSync(N8N_BIN)) {
		const frozen = existsSync(join(RUNTIME_DIR, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
		log('Installing n8n into .n8n-runtime with pnpm (first run only: about 2 minutes and 1.3 GB) ...');
		await pnpm(['install', ...frozen], log);
	}
	if (!existsSync(SQLITE_BINDING)) {
		log("Compiling sqlite3, n8n's database driver (about a minute; needs python3, make and g++) ...");
		await pnpm(['rebuild', 'sqlite3'], log);
	}
	if (!isRuntimeInstalled()) throw new Error(`pnpm finished, but ${N8N_BIN} or ${SQLITE_BINDING} is missing`);
	log(`n8n is ready in .n8n-runtime (${Math.round((Date.now() - started) / 1000)} s)`);
}

// ---------------------------------------------------------------------------------------------------------------
// A user folder: n8n keeps its database, settings and community packages in <folder>/.n8n.

/**
 * Links a package folder (one with package.json and dist/) where n8n loads installed community packages, so our
 * nodes get their production type names (n8n-nodes-ministrysafe.ministrySafe), as after an install from npm.
 */
export function linkPackage(userFolder: string, packageDir: string): void {
	const link = join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
	mkdirSync(dirname(link), { recursive: true });
	rmSync(link, { force: true, recursive: true });
	symlinkSync(packageDir, link, 'dir');
}

export function temporaryUserFolder(prefix: string): string {
	return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

export interface N8nSettings {
	userFolder: string;
	encryptionKey: string;
	/** Set N8N_DEV_RELOAD: n8n reloads the package when its files change. */
	devReload?: boolean;
	/** Extra variables for every n8n process of this folder (server and CLI), after the defaults: they win. */
	env?: Record<string, string>;
}

/**
 * A headless, local, quiet n8n: sqlite, 127.0.0.1 only, no telemetry, templates, banners or AI. `extra` (one start or
 * command) comes last and wins over the settings' own `env`, which wins over the defaults.
 */
export function n8nEnvironment(
	settings: N8nSettings,
	port: number,
	brokerPort: number,
	extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {
		...process.env,
		N8N_USER_FOLDER: settings.userFolder,
		N8N_ENCRYPTION_KEY: settings.encryptionKey,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		N8N_SECURE_COOKIE: 'false',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		DB_TYPE: 'sqlite',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_PUBLIC_API_SWAGGERUI_DISABLED: 'true',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
		N8N_DEV_RELOAD: settings.devReload ? 'true' : 'false',
		...settings.env,
		...extra,
	};
	// Under jest NODE_ENV is 'test', and n8n then refuses to load nodes; n8n's own default is right here.
	delete env.NODE_ENV;
	return env;
}

/** Runs one n8n CLI command against the user folder (a command may run while n8n itself runs). */
export async function n8nCommand(settings: N8nSettings, args: string[], timeoutMs = 120_000): Promise<string> {
	// `execute` starts its own task runner broker, which must not take the port of a running n8n's.
	const env = n8nEnvironment(settings, await freePort(), await freePort());
	const finished = await runProcess(process.execPath, [N8N_BIN, ...args], { env, timeoutMs, keepStdout: true });
	return finished.stdout();
}

/** What `n8n import:credentials` takes; `data` in plain text is encrypted on import. */
export interface CredentialFile {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

/** A workflow as n8n exports it; `id` fixed so that tests, scripts and other workflows can refer to it. */
export interface WorkflowFile {
	id: string;
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections: Record<string, unknown>;
	[key: string]: unknown;
}

/** A folder of files for one import, inside the user folder; removed again once the import is done. */
function importFolder(settings: N8nSettings): string {
	mkdirSync(settings.userFolder, { recursive: true });
	return mkdtempSync(join(settings.userFolder, 'import-'));
}

export async function importCredentials(settings: N8nSettings, credentials: CredentialFile[]): Promise<void> {
	const folder = importFolder(settings);
	const file = join(folder, 'credentials.json');
	writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
	try {
		await n8nCommand(settings, ['import:credentials', `--input=${file}`]);
	} finally {
		// The file holds the keys in plain text.
		rmSync(folder, { recursive: true, force: true });
	}
}

export async function importWorkflows(settings: N8nSettings, workflows: WorkflowFile[]): Promise<void> {
	const folder = importFolder(settings);
	for (const workflow of workflows) writeFileSync(join(folder, `${workflow.id}.json`), JSON.stringify(workflow));
	try {
		await n8nCommand(settings, ['import:workflow', '--separate', `--input=${folder}`]);
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

/** Publishes (activates) a workflow; a running n8n picks it up only when it next starts. */
export async function publishWorkflow(settings: N8nSettings, workflowId: string): Promise<void> {
	await n8nCommand(settings, ['publish:workflow', `--id=${workflowId}`]);
}

/** The part of n8n's run data the callers read. */
export interface WorkflowRun {
	finished?: boolean;
	status?: string;
	data: {
		resultData: {
			error?: { message: string };
			runData: Record<string, Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> } }>>;
		};
	};
}

/**
 * Executes a saved workflow from its manual trigger, as "Execute workflow" in the editor does, and returns the run.
 * A failed run rejects with n8n's output, which says which node failed and why.
 */
export async function executeWorkflow(settings: N8nSettings, workflowId: string): Promise<WorkflowRun> {
	let stdout: string;
	try {
		stdout = await n8nCommand(settings, ['execute', `--id=${workflowId}`, '--rawOutput']);
	} catch (error) {
		if (!(error instanceof ProcessError)) throw error;
		// n8n prints the failed run, then the error under a rule of '=': that message is what a person needs.
		const sections = error.output.split(/^=+$/m);
		const message = sections[sections.length - 1].trim().split('\n').slice(0, 12).join('\n');
		throw new Error(`Workflow ${workflowId} failed in n8n: ${message}`);
	}
	// Log lines come first; the run is the JSON document that starts on a line of its own.
	const start = stdout.search(/^\{$/m);
	if (start < 0) throw new Error(`n8n execute printed no run data:\n${tail(stdout)}`);
	return JSON.parse(stdout.slice(start)) as WorkflowRun;
}

/** The items a node put out on its first output in a run. */
export function nodeOutput(run: WorkflowRun, nodeName: string): Array<Record<string, unknown>> {
	const runs = run.data.resultData.runData[nodeName];
	if (!runs) throw new Error(`Node "${nodeName}" did not run; nodes that ran: ${Object.keys(run.data.resultData.runData).join(', ')}`);
	return (runs[0]?.data?.main[0] ?? []).map((item) => item.json);
}

// ---------------------------------------------------------------------------------------------------------------
// A running n8n.

export interface N8nInstance {
	url: string;
	port: number;
	settings: N8nSettings;
	/** The production URL of a trigger node's webhook (path 'webhook' under its webhookId). */
	webhookUrl(webhookId: string): string;
	output(): string;
	/** Resolves with the exit code when n8n exits, whoever stopped it. */
	exited: Promise<number | null>;
	stop(): Promise<void>;
}

export async function startN8n(
	settings: N8nSettings,
	options: { port?: number; readyTimeoutMs?: number; log?: Log } = {},
): Promise<N8nInstance> {
	const port = options.port ?? (await freePort());
	const env = n8nEnvironment(settings, port, await freePort());
	const running = await startUntilReady('n8n', process.execPath, [N8N_BIN, 'start'], {
		env,
		ready: /Editor is now accessible/,
		timeoutMs: options.readyTimeoutMs ?? 60_000,
		onLine: (line) => {
			if (options.log && !/migration/i.test(line) && line.trim() !== '') options.log(`  n8n: ${line}`);
		},
	});
	const url = `http://127.0.0.1:${port}`;
	return {
		url,
		port,
		settings,
		webhookUrl: (webhookId) => `${url}/webhook/${webhookId}/webhook`,
		output: running.output,
		exited: running.exited,
		stop: running.stop,
	};
}

// ---------------------------------------------------------------------------------------------------------------
// n8n's REST API (what the editor calls) and public API (what scripts call with an API key).

export interface Owner {
	email: string;
	firstName: string;
	lastName: string;
	/** n8n's rule: 8 to 64 characters with a number and a capital letter. */
	password: string;
}

export class N8nClient {
	private cookie = '';

	constructor(readonly url: string) {}

	private async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
		const response = await fetch(`${this.url}${path}`, {
			method,
			headers: {
				accept: 'application/json',
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
				...(this.cookie ? { cookie: this.cookie } : {}),
				...headers,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(30_000),
		});
		const setCookie = response.headers.get('set-cookie');
		if (setCookie) this.cookie = setCookie.split(';')[0];
		const text = await response.text();
		if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
		return (text ? JSON.parse(text) : undefined) as T;
	}

	/** Creates the instance owner on a fresh n8n, or signs in as them when the owner exists already. */
	async signIn(owner: Owner): Promise<void> {
		const settings = await this.request<{ data: { userManagement: { showSetupOnFirstLoad?: boolean } } }>(
			'GET',
			'/rest/settings',
		);
		if (settings.data.userManagement.showSetupOnFirstLoad) {
			await this.request('POST', '/rest/owner/setup', owner);
		} else {
			await this.request('POST', '/rest/login', { emailOrLdapLoginId: owner.email, password: owner.password });
		}
	}

	/** A key for the public API (/api/v1) with every scope the owner may grant. */
	async createApiKey(label: string): Promise<string> {
		const scopes = await this.request<{ data: string[] }>('GET', '/rest/api-keys/scopes');
		const created = await this.request<{ data: { rawApiKey: string } }>('POST', '/rest/api-keys', {
			label,
			scopes: scopes.data,
			expiresAt: null,
		});
		return created.data.rawApiKey;
	}

	/** What the credential's Test button does: n8n runs the credential's test request with these values. */
	async testCredential(credential: CredentialFile): Promise<{ status: 'OK' | 'Error'; message: string }> {
		const answer = await this.request<{ data: { status: 'OK' | 'Error'; message: string } }>(
			'POST',
			'/rest/credentials/test',
			{ credentials: credential },
		);
		return answer.data;
	}

	/** The node types the editor gets, by name (only the ones asked for). */
	async nodeTypes(names: string[]): Promise<Array<{ name: string; displayName: string }>> {
		const answer = await this.request<{ data: Array<{ name: string; displayName: string }> }>(
			'POST',
			'/rest/node-types',
			{ nodeInfos: names.map((name) => ({ name, version: 1 })) },
		);
		return answer.data;
	}

	/** Executions of a workflow through the public API, newest first, with their run data. */
	async executions(apiKey: string, workflowId: string): Promise<Array<PublicExecution>> {
		const answer = await this.request<{ data: PublicExecution[] }>(
			'GET',
			`/api/v1/executions?workflowId=${encodeURIComponent(workflowId)}&includeData=true&limit=100`,
			undefined,
			{ 'X-N8N-API-KEY': apiKey },
		);
		return answer.data;
	}
}

export interface PublicExecution {
	id: string;
	status: string;
	mode: string;
	finished: boolean;
	workflowId: string;
	data?: WorkflowRun['data'];
}

/** Polls until `check` gives a value (not undefined), or rejects after `timeoutMs` with the last reason. */
export async function waitFor<T>(
	what: string,
	check: () => Promise<T | undefined>,
	timeoutMs: number,
	intervalMs = 250,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await new Promise((resolveSleep) => setTimeout(resolveSleep, intervalMs));
	}
}

// ---------------------------------------------------------------------------------------------------------------
// The example workflows and the credentials they refer to.

export const EXAMPLES_DIR = join(REPO_DIR, 'examples');

/**
 * The ids the example workflows refer to their credentials by. `npm run dev` and the end-to-end tests create the
 * credentials under these ids, so the examples run as they are; a user who imports them elsewhere picks their own.
 */
export const EXAMPLE_CREDENTIAL_IDS = {
	api: 'msExampleApiCred',
	webhookAuth: 'msExampleHookCred',
} as const;

export function exampleCredentials(
	sandboxUrl: string,
	apiKey: string,
	webhookAuth: { user: string; password: string },
): CredentialFile[] {
	return [
		{
			id: EXAMPLE_CREDENTIAL_IDS.api,
			name: 'MinistrySafe sandbox',
			type: 'ministrySafeApi',
			data: { environment: 'custom', baseUrl: sandboxUrl, apiKey },
		},
		{
			id: EXAMPLE_CREDENTIAL_IDS.webhookAuth,
			name: 'MinistrySafe webhook (sandbox)',
			type: 'ministrySafeWebhookApi',
			data: { ...webhookAuth },
		},
	];
}

/** Every workflow file (*.json) in a folder, in name order. */
export function readWorkflows(folder: string): WorkflowFile[] {
	return readdirSync(folder)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as WorkflowFile);
}

export function exampleWorkflows(): WorkflowFile[] {
	return readWorkflows(EXAMPLES_DIR);
}

/** The webhookIds of a workflow's MinistrySafe Trigger nodes: their production URLs are n8n.webhookUrl(id). */
export function triggerWebhookIds(workflow: WorkflowFile): string[] {
	return workflow.nodes
		.filter((node) => node.type === NODE_TYPES.trigger && typeof node.webhookId === 'string')
		.map((node) => node.webhookId as string);
}

/** What an administrator sets in the developer console: where the sandbox sends its events, and with which login. */
export async function setSandboxWebhooks(
	sandbox: { url: string; apiKey: string },
	urls: string[],
	auth?: { user: string; password: string },
): Promise<void> {
	const response = await fetch(`${sandbox.url}/sandbox/webhooks`, {
		method: 'PUT',
		headers: { authorization: `Token token=${sandbox.apiKey}`, 'content-type': 'application/json' },
		body: JSON.stringify({ urls, ...(auth ? { username: auth.user, password: auth.password } : {}) }),
		signal: AbortSignal.timeout(10_000),
	});
	if (!response.ok) throw new Error(`The sandbox refused the webhook settings: ${response.status} ${await response.text()}`);
}

// `npx tsx scripts/n8n-runtime.ts` installs the runtime alone (CI does, before the end-to-end tests).
if (require.main === module) {
	ensureRuntime((line) => console.log(line)).then(
		() => console.log(`n8n is installed in ${RUNTIME_DIR}`),
		(error: Error) => {
			console.error(error.message);
			process.exitCode = 1;
		},
	);
}
