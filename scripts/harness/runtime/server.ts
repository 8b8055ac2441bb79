// A running n8n: started with its runtime's Node, ready once the editor is up and our nodes are loaded, stopped with
// its task runner.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { n8nCommandLine } from './launch';
import { type Log, NODE_TYPES } from './project';
import { freePort, startUntilReady, tail, waitFor } from './processes';
import { type N8nSettings, n8nEnvironment, settingsRuntime } from './userFolder';

export interface N8nInstance {
	url: string;
	port: number;
	settings: N8nSettings;
	/** The n8n version running (the runtime's pinned one). */
	version: string;
	/** The production URL of a trigger node's webhook (path 'webhook' under its webhookId). */
	webhookUrl(webhookId: string): string;
	/** The test URL of the same webhook: it answers only while the editor listens for a test event. */
	testWebhookUrl(webhookId: string): string;
	output(): string;
	/** Resolves with the exit code when n8n exits, whoever stopped it. */
	exited: Promise<number | null>;
	stop(): Promise<void>;
}

export interface StartN8nOptions {
	port?: number;
	readyTimeoutMs?: number;
	log?: Log;
	/** Extra variables for this start alone (they win over the settings' own). */
	env?: Record<string, string>;
	/** Options for n8n's own node, before its script (the benchmark's --inspect=127.0.0.1:<port>). */
	nodeArgs?: string[];
	/** Also appends all n8n prints to this file (the shared n8n's log, which the test files read). */
	logFile?: string;
}

/**
 * The editor's list of node types, as n8n writes it at each start into its static cache (<user folder>/.cache/n8n/
 * public) and serves it as /types/nodes.json to signed-in users. Read from the file, readiness needs no sign-in.
 */
function nodeTypesFile(settings: N8nSettings): string {
	return join(settings.userFolder, '.cache', 'n8n', 'public', 'types', 'nodes.json');
}

function servedNodeTypes(file: string): string[] | undefined {
	try {
		return (JSON.parse(readFileSync(file, 'utf8')) as Array<{ name: string }>).map((type) => type.name);
	} catch {
		// Not written yet, or being written.
		return undefined;
	}
}

/**
 * n8n starts even when our package fails to load (for example while dist/ is being rebuilt), so ready means: the
 * editor is up and its list of node types has both of ours.
 */
async function waitForOurNodes(settings: N8nSettings, output: () => string, timeoutMs: number): Promise<void> {
	const wanted = Object.values(NODE_TYPES);
	const served = await waitFor('n8n to write its list of node types', async () => servedNodeTypes(nodeTypesFile(settings)), timeoutMs);
	const missing = wanted.filter((name) => !served.includes(name));
	if (missing.length > 0) {
		const loadErrors = output()
			.split('\n')
			.filter((line) => /ministrysafe/i.test(line) && /fail|error|cannot/i.test(line));
		throw new Error(
			`n8n started without ${missing.join(' and ')}: the package did not load. ` +
				(loadErrors.length > 0 ? `n8n said:\n${loadErrors.join('\n')}` : `Its last output:\n${tail(output())}`),
		);
	}
}

export async function startN8n(settings: N8nSettings, options: StartN8nOptions = {}): Promise<N8nInstance> {
	const runtime = settingsRuntime(settings);
	const port = options.port ?? (await freePort());
	const env = n8nEnvironment(settings, port, await freePort(), options.env);
	// A hang's limit: 2.41 starts in about 25 s on a quiet machine, four times that when several suites start at once.
	const readyTimeoutMs = options.readyTimeoutMs ?? 240_000;
	// The list from a previous start must not pass for this one's.
	rmSync(nodeTypesFile(settings), { force: true });
	const { command, args } = n8nCommandLine(runtime, ['start'], options.nodeArgs);
	const running = await startUntilReady(`n8n ${runtime.n8nVersion}`, command, args, {
		env,
		ready: /Editor is now accessible/,
		timeoutMs: readyTimeoutMs,
		logFile: options.logFile,
		onLine: (line) => {
			if (options.log && !/migration/i.test(line) && line.trim() !== '') options.log(`  n8n: ${line}`);
		},
	});
	const url = `http://127.0.0.1:${port}`;
	try {
		await waitForOurNodes(settings, running.output, 60_000);
	} catch (error) {
		await running.stop();
		throw error;
	}
	return {
		url,
		port,
		settings,
		version: runtime.n8nVersion,
		webhookUrl: (webhookId) => `${url}/webhook/${webhookId}/webhook`,
		testWebhookUrl: (webhookId) => `${url}/webhook-test/${webhookId}/webhook`,
		output: running.output,
		exited: running.exited,
		stop: running.stop,
	};
}
