// The end-to-end tests' world: a sandbox of the test file's own, an n8n with the run's packed tarball installed as
// n8n's community-package installer installs it (the run's shared n8n, sharedN8n.ts, or one of the file's own), the
// credentials the example workflows refer to (against that sandbox), the file's workflows, published as asked.
import { join } from 'node:path';

import {
	type CredentialFile,
	type N8nInstance,
	type N8nSettings,
	N8nClient,
	type WorkflowFile,
	exampleCredentials,
	importCredentials,
	readWorkflows,
	selectedRuntime,
} from '../../scripts/n8n-runtime';
import { type Sandbox, startSandbox } from '../../sandbox';
import { OWNER, type Topology, startN8nUnderTest, topologyFromEnvironment } from './n8nUnderTest';
import { isSharedN8nAvailable, leaseSharedN8n } from './sharedN8n';

export { OWNER, type Topology } from './n8nUnderTest';

/**
 * Poll Times for the polling trigger's tests. n8n 2.8 polls every 10 seconds here, to keep the tests short (it refuses
 * a seconds field with '*', not a list of seconds); later versions refuse polls more often than once a minute (2.41
 * does, and its users meet the same limit), so there the tests poll every minute and wait longer.
 */
const POLLS_EVERY_TEN_SECONDS = selectedRuntime().name === 'oldest';
export const POLLING = {
	cron: POLLS_EVERY_TEN_SECONDS ? '0,10,20,30,40,50 * * * * *' : '0 * * * * *',
	/** How long a few polls take. */
	waitMs: POLLS_EVERY_TEN_SECONDS ? 45_000 : 150_000,
	/** Polls that must start nothing after an execution, to show that it is not repeated. */
	quietPolls: POLLS_EVERY_TEN_SECONDS ? 2 : 1,
	testTimeoutMs: POLLS_EVERY_TEN_SECONDS ? 180_000 : 480_000,
} as const;

export const WEBHOOK_AUTH = { user: 'ministrysafe-e2e', password: 'e2e-webhook-password' };

export interface E2eEnvironment {
	sandbox: Sandbox;
	settings: N8nSettings;
	n8n: N8nInstance;
	client: N8nClient;
	apiKey: string;
	stop(): Promise<void>;
}

/** The test file that asks, as Jest knows it (for what another file waiting for the shared n8n is told). */
function testFile(): string {
	const state = typeof expect === 'undefined' ? undefined : (expect.getState() as { testPath?: string });
	return state?.testPath ?? 'a script';
}

/**
 * Puts the file's world in n8n and returns it: the sandbox, the example credentials pointing at it (with the file's
 * own), the workflows, the listed ones published. n8n is the run's shared one unless the file needs its own: it stops
 * or restarts n8n (`ownN8n`), asks for other variables (`env`) or another topology, or runs outside an end-to-end
 * Jest run (a script). On any failure, whatever was started is stopped before the error is passed on; `stop()` stops
 * it all, and hands the shared n8n back emptied (every workflow, execution and credential of the file gone).
 */
export async function startE2eEnvironment(
	options: {
		workflows?: WorkflowFile[];
		publish?: string[];
		/** Credentials of the file's own beyond the example ones (which point at its sandbox). */
		credentials?: CredentialFile[];
		/** A file that stops and starts n8n (a restart test) has an n8n of its own. */
		ownN8n?: boolean;
		/** Extra variables for every n8n process of this environment (CLI and server): an n8n of its own. */
		env?: Record<string, string>;
		topology?: Topology;
		/** How many Users the sandbox seeds (its demo number when not given). */
		sandboxUsers?: number;
		/**
		 * What needs the sandbox's address (a server of the test's own that reads it, say): more workflows and
		 * credentials to put in n8n, and how to stop what it started (with the environment).
		 */
		withSandbox?: (sandbox: Sandbox) => Promise<{ workflows?: WorkflowFile[]; credentials?: CredentialFile[]; stop?: () => Promise<void> | void }>;
	} = {},
): Promise<E2eEnvironment> {
	const cleanups: Array<() => Promise<void> | void> = [];
	const stop = async (): Promise<void> => {
		for (const cleanup of cleanups.reverse()) await cleanup();
		cleanups.length = 0;
	};
	try {
		const sandbox = await startSandbox({ port: 0, ...(options.sandboxUsers === undefined ? {} : { users: options.sandboxUsers }) });
		cleanups.push(() => sandbox.stop());
		const ownWorld = await options.withSandbox?.(sandbox);
		if (ownWorld?.stop) cleanups.push(ownWorld.stop);
		const topology = options.topology ?? topologyFromEnvironment();
		const shared = isSharedN8nAvailable() && !options.ownN8n && options.env === undefined && topology === topologyFromEnvironment();
		const underTest = shared ? await leaseSharedN8n(testFile()) : await startN8nUnderTest({ topology, env: options.env });
		cleanups.push(() => underTest.stop());
		const { n8n, settings, apiKey } = underTest;
		const client = new N8nClient(n8n.url);
		await client.signIn(OWNER);

		// Under the ids the workflows name them by: n8n's CLI keeps a credential's id (its REST and public APIs make
		// their own), and runs beside the running n8n on the same database.
		const credentials = [...exampleCredentials(sandbox.url, sandbox.apiKey, WEBHOOK_AUTH), ...(ownWorld?.credentials ?? []), ...(options.credentials ?? [])];
		await importCredentials(settings, credentials);
		for (const workflow of [...(options.workflows ?? []), ...(ownWorld?.workflows ?? [])]) await client.createWorkflow(workflow);
		await Promise.all((options.publish ?? []).map((id) => client.publish(apiKey, id)));
		return { sandbox, settings, n8n, client, apiKey, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

/** The workflows made for these tests, from test/e2e/workflows. */
export function fixtureWorkflows(): WorkflowFile[] {
	return readWorkflows(join(__dirname, 'workflows'));
}

/** A node of a workflow file, by name; a test that names one the file lacks says so. */
export function nodeNamed(workflow: WorkflowFile, name: string): Record<string, unknown> & { parameters: Record<string, unknown> } {
	const found = workflow.nodes.find((candidate) => candidate.name === name);
	if (!found) throw new Error(`${workflow.id} has no node "${name}"`);
	return found as Record<string, unknown> & { parameters: Record<string, unknown> };
}

/**
 * The node `name` of a workflow file (a template's message, which ships disabled: Slack) swapped in place for an
 * HTTP Request of the same name, enabled, that posts `fields` (each a value or an expression) as JSON to `url`, where
 * a test's stand-in receives what the template would send.
 */
export function postingInstead(workflow: WorkflowFile, name: string, url: string, fields: Record<string, string>): void {
	const node = nodeNamed(workflow, name);
	workflow.nodes[workflow.nodes.indexOf(node)] = {
		id: node.id,
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: node.position,
		parameters: {
			method: 'POST',
			url,
			sendBody: true,
			bodyParameters: { parameters: Object.entries(fields).map(([field, value]) => ({ name: field, value })) },
			options: {},
		},
	};
}
