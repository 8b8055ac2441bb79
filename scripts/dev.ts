// npm run dev: a real n8n with this package loaded (hot reload on), the sandbox, a credential pointing at it and the
// example workflows, all from one command. Ctrl-C stops everything it started; a second run reuses what exists.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { Command, InvalidArgumentError } from 'commander';

import { DEFAULT_API_KEY, startSandbox } from '../sandbox';
import { devSandboxLine, isUnknownWebhookLine, watchTriggers } from './devWebhooks';
import {
	type ManagedProcess,
	N8nClient,
	type Owner,
	REPO_DIR,
	ensureRuntime,
	exampleCredentials,
	UPLOAD_FORM_LOGIN,
	exampleWorkflows,
	importCredentials,
	importWorkflows,
	linkPackage,
	runProcess,
	selectedRuntime,
	startN8n,
	startUntilReady,
} from './n8n-runtime';

const DEV_DIR = join(REPO_DIR, '.dev');
/** What n8n loads: package.json and a dist/ that `tsc --watch` keeps up to date, so n8n's hot reload sees changes. */
const DEV_PACKAGE_DIR = join(DEV_DIR, 'package');
const DEV_USER_FOLDER = join(DEV_DIR, 'n8n');
/** Beside n8n's data, so that removing that folder starts over completely. */
const STATE_FILE = join(DEV_USER_FOLDER, 'ministrysafe-dev.json');

const DEV_SETTINGS = {
	userFolder: DEV_USER_FOLDER,
	// Local development data only; n8n stores it beside the database on the first start and must get it again.
	encryptionKey: 'ministrysafe-dev-encryption-key',
	devReload: true,
};
const DEV_OWNER: Owner = {
	email: 'dev@example.org',
	firstName: 'Dev',
	lastName: 'Owner',
	password: 'MinistrySafe-dev-1',
};
const DEV_WEBHOOK_AUTH = { user: 'ministrysafe', password: 'sandbox-webhook-password' };

const log = (line: string): void => console.log(`[dev] ${line}`);

function port(text: string): number {
	const value = Number(text);
	if (!/^\d+$/.test(text) || value < 1 || value > 65535) throw new InvalidArgumentError('a port is 1 to 65535');
	return value;
}

/** The package as n8n sees it: the repository's package.json and a copy of dist that tsc then keeps current. */
async function buildDevPackage(): Promise<ManagedProcess> {
	log('Building the package (npm run build) ...');
	await runProcess('npm', ['run', 'build'], { timeoutMs: 5 * 60_000 });
	rmSync(DEV_PACKAGE_DIR, { recursive: true, force: true });
	mkdirSync(DEV_PACKAGE_DIR, { recursive: true });
	symlinkSync(join(REPO_DIR, 'package.json'), join(DEV_PACKAGE_DIR, 'package.json'));
	cpSync(join(REPO_DIR, 'dist'), join(DEV_PACKAGE_DIR, 'dist'), { recursive: true });

	log('Starting tsc --watch: saved changes to nodes/ and credentials/ reach n8n within seconds');
	return startUntilReady(
		'tsc --watch',
		process.execPath,
		[
			join(REPO_DIR, 'node_modules', 'typescript', 'bin', 'tsc'),
			'-p',
			'tsconfig.json',
			'--watch',
			'--preserveWatchOutput',
			'--outDir',
			join(DEV_PACKAGE_DIR, 'dist'),
		],
		{
			ready: /Watching for file changes/,
			timeoutMs: 120_000,
			onLine: (line) => {
				if (/error TS|Found [1-9]\d* error/.test(line)) log(`tsc: ${line.trim()}`);
				else if (/Found 0 errors/.test(line)) log('tsc: compiled; n8n reloads the nodes');
			},
		},
	);
}

interface DevState {
	examplesImported: boolean;
	/** A key for n8n's public API (dev reads the workflows with it); n8n shows a key only when it creates it. */
	apiKey?: string;
}

function readState(): DevState {
	return existsSync(STATE_FILE) ? (JSON.parse(readFileSync(STATE_FILE, 'utf8')) as DevState) : { examplesImported: false };
}

function writeState(state: DevState): void {
	writeFileSync(STATE_FILE, JSON.stringify(state), { mode: 0o600 });
}

/** The stored API key when n8n still takes it, or a new one. */
async function publicApiKey(client: N8nClient): Promise<string> {
	const state = readState();
	if (state.apiKey && (await client.workflows(state.apiKey).then(() => true, () => false))) return state.apiKey;
	const apiKey = await client.createApiKey('npm run dev');
	writeState({ ...readState(), apiKey });
	return apiKey;
}

async function main(): Promise<void> {
	const options = new Command()
		.name('dev')
		.description('Run n8n with this package, the sandbox and the example workflows')
		.option('--port <port>', "n8n's port", port, 5678)
		.option('--sandbox-port <port>', "the sandbox's port", port, 4010)
		.option('--fresh', 'forget the previous n8n data (workflows, executions, owner) and start over', false)
		.parse()
		.opts<{ port: number; sandboxPort: number; fresh: boolean }>();

	const stoppers: Array<() => Promise<void>> = [];
	let stopping = false;
	const stopAll = async (exitCode: number): Promise<never> => {
		if (!stopping) {
			stopping = true;
			log('Stopping ...');
			for (const stop of stoppers.reverse()) await stop().catch((error: Error) => log(`stop failed: ${error.message}`));
		}
		process.exit(exitCode);
	};
	process.on('SIGINT', () => void stopAll(0));
	process.on('SIGTERM', () => void stopAll(0));

	try {
		if (options.fresh) rmSync(DEV_DIR, { recursive: true, force: true });
		await ensureRuntime(log);
		const tsc = await buildDevPackage();
		stoppers.push(tsc.stop);

		const sandbox = await startSandbox({
			port: options.sandboxPort,
			apiKey: DEFAULT_API_KEY,
			log: (line) => {
				const shown = devSandboxLine(line);
				if (shown !== undefined) console.log(`[sandbox] ${shown}`);
			},
		}).catch((error: NodeJS.ErrnoException) => {
			if (error.code !== 'EADDRINUSE') throw error;
			throw new Error(`Port ${options.sandboxPort} is taken (another npm run dev or sandbox?): stop it, or pass --sandbox-port`);
		});
		stoppers.push(sandbox.stop);
		log(`Sandbox ready at ${sandbox.url}`);

		mkdirSync(DEV_SETTINGS.userFolder, { recursive: true });
		linkPackage(DEV_SETTINGS.userFolder, DEV_PACKAGE_DIR);
		log('Creating the credentials "MinistrySafe sandbox", "MinistrySafe webhook (sandbox)" and "Upload form login" ...');
		await importCredentials(DEV_SETTINGS, exampleCredentials(sandbox.url, sandbox.apiKey, DEV_WEBHOOK_AUTH));
		const state = readState();
		if (!state.examplesImported) {
			log('Importing the example workflows ...');
			await importWorkflows(DEV_SETTINGS, exampleWorkflows());
			writeState({ ...state, examplesImported: true });
		}

		log(`Starting n8n ${selectedRuntime().n8nVersion} (N8N_RUNTIME=${selectedRuntime().name}) ...`);
		const n8n = await startN8n(DEV_SETTINGS, {
			port: options.port,
			// n8n warns on every start that it has no Python for Code nodes; nothing here needs it.
			log: (line) => {
				if (line.includes('Python task runner') || isUnknownWebhookLine(line)) return;
				console.log(line.replace(/^ {2}n8n: /, '[n8n] '));
			},
		});
		stoppers.push(n8n.stop);
		const client = new N8nClient(n8n.url);
		await client.signIn(DEV_OWNER);
		// As the developer console would, but for every trigger at once, with its Test URL too.
		const triggers = await watchTriggers({
			n8n,
			client,
			apiKey: await publicApiKey(client),
			sandbox,
			auth: DEV_WEBHOOK_AUTH,
			log,
		});
		stoppers.push(async () => triggers.stop());

		console.log(
			[
				'',
				'================================================================================',
				` n8n editor:  ${n8n.url}`,
				`   sign in:   ${DEV_OWNER.email} / ${DEV_OWNER.password}`,
				` sandbox:     ${sandbox.url}  (API key ${sandbox.apiKey})`,
				'   credential "MinistrySafe sandbox" points at it; the example workflows use it.',
				` upload form:  ${n8n.url}/form/upload-staff-list (once published) asks for ${UPLOAD_FORM_LOGIN.user} / ${UPLOAD_FORM_LOGIN.password}`,
				' Webhook events: the sandbox sends each one to every MinistrySafe Trigger (Production and Test URLs).',
				'   Press "Test this trigger" in a trigger, then in another terminal make the sandbox send one:',
				`     npm run event -- quizCompleted${options.sandboxPort === 4010 ? '' : ` --sandbox ${sandbox.url}`}`,
				'   (or userCreated, or backgroundCheckReady).',
				'   A published workflow gets them at its Production URL without pressing anything.',
				' Edit nodes/ or credentials/: tsc rebuilds and n8n reloads the nodes (refresh the editor).',
				'   n8n loads the working tree through a link (.dev/package), not the packed tarball users install;',
				'   the end-to-end tests install that (npm run test:e2e).',
				' Ctrl-C stops n8n, the sandbox and tsc.',
				'================================================================================',
				'',
			].join('\n'),
		);

		const code = await n8n.exited;
		if (stopping) return;
		log(`n8n exited on its own (code ${code}); its last lines are above`);
		await stopAll(1);
	} catch (error) {
		console.error(`[dev] ${(error as Error).message}`);
		await stopAll(1);
	}
}

void main();
