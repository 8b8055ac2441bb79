// n8n's command line against a user folder: import credentials and workflows, publish them, execute a workflow.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { withWebhookIds } from './examples';
import type { CredentialFile, WorkflowFile } from './files';
import { n8nCommandLine } from './launch';
import { ProcessError, freePort, runProcess, tail } from './processes';
import { type N8nSettings, n8nEnvironment, settingsRuntime } from './userFolder';

export interface N8nCommandOptions {
	/** 300 s unless given: a hang's limit (an n8n CLI starts in seconds on a quiet machine, a minute on a busy one). */
	timeoutMs?: number;
	/** Extra variables for this command alone (they win over the settings' own). */
	env?: Record<string, string>;
}

/**
 * Runs one n8n CLI command against the user folder (a command may run while n8n itself runs) and returns its stdout.
 * `options` may be the timeout alone, in milliseconds.
 */
export async function n8nCommand(
	settings: N8nSettings,
	args: string[],
	options: number | N8nCommandOptions = {},
): Promise<string> {
	const { timeoutMs = 300_000, env: extra } = typeof options === 'number' ? { timeoutMs: options } : options;
	const runtime = settingsRuntime(settings);
	// `execute` starts its own task runner broker, which must not take the port of a running n8n's.
	const env = n8nEnvironment(settings, await freePort(), await freePort(), extra);
	const { command, args: commandArgs } = n8nCommandLine(runtime, args);
	const finished = await runProcess(command, commandArgs, { env, timeoutMs, keepStdout: true });
	return finished.stdout();
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
	// Webhook nodes get their webhookIds as an import in the editor gives them (examples.ts).
	for (const workflow of workflows) writeFileSync(join(folder, `${workflow.id}.json`), JSON.stringify(withWebhookIds(workflow)));
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
		const printed = runIn(error.stdout);
		if (printed?.finished && printed.status === 'success') {
			// The run ended in success and n8n printed it, then its CLI ended with an error of its own as it shut down
			// (seen once in queue mode, on a machine with a load average of 15): the run is what was asked for.
			console.warn(`n8n execute --id=${workflowId} printed a successful run, then ${error.message.split('\n')[0]}\n${tail(error.output, 20)}`);
			return printed;
		}
		// n8n prints the failed run, then the error under a rule of '=': that message is what a person needs. Without
		// the rule (2.41 at times), the run's own error says it.
		const sections = error.output.split(/^=+$/m);
		const message =
			sections.length > 1 ? sections[sections.length - 1].trim().split('\n').slice(0, 12).join('\n') : runError(error.output) ?? tail(error.output);
		throw new Error(`Workflow ${workflowId} failed in n8n: ${message}`);
	}
	const run = runIn(stdout);
	if (!run) throw new Error(`n8n execute printed no run data:\n${tail(stdout)}`);
	return run;
}

/**
 * The run in what n8n execute printed: the JSON document (indented: only its own braces stand at the start of a line)
 * between n8n's log lines, which may also come after it (2.41 logs its shutdown there at times).
 */
function runIn(output: string): WorkflowRun | undefined {
	const start = output.search(/^\{$/m);
	const length = start < 0 ? -1 : output.slice(start).search(/^\}$/m);
	if (length < 0) return undefined;
	try {
		return JSON.parse(output.slice(start, start + length + 1)) as WorkflowRun;
	} catch {
		return undefined;
	}
}

/** A failed run's error as n8n recorded it: the node that failed, its message and description. */
function runError(output: string): string | undefined {
	const error = runIn(output)?.data.resultData.error as { message?: string; description?: string; node?: { name?: string } } | undefined;
	if (!error?.message) return undefined;
	return [error.node?.name, error.message, error.description].filter(Boolean).join(': ');
}

/** The items a node put out on its first output in a run. */
export function nodeOutput(run: WorkflowRun, nodeName: string): Array<Record<string, unknown>> {
	const runs = run.data.resultData.runData[nodeName];
	if (!runs) throw new Error(`Node "${nodeName}" did not run; nodes that ran: ${Object.keys(run.data.resultData.runData).join(', ')}`);
	return (runs[0]?.data?.main[0] ?? []).map((item) => item.json);
}
