// The end-to-end tests' world: a sandbox, a fresh n8n user folder with the run's packed tarball installed as n8n's
// community-package installer installs it, the credentials the example workflows refer to, and a running n8n (the
// runtime N8N_RUNTIME selects) with its owner and a public API key.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { type Sandbox, startSandbox } from '../../sandbox';
import {
	type CredentialFile,
	type N8nInstance,
	type N8nSettings,
	N8nClient,
	type Owner,
	type WorkflowFile,
	exampleCredentials,
	importCredentials,
	importWorkflows,
	installPackageTarball,
	packedTarball,
	publishWorkflow,
	readWorkflows,
	selectedRuntime,
	startN8n,
	temporaryUserFolder,
} from '../../scripts/n8n-runtime';
import { isQueueN8n, startQueueN8n, startQueueServices } from '../../scripts/harness/queue/topology';

export const OWNER: Owner = {
	email: 'e2e-owner@example.org',
	firstName: 'End',
	lastName: 'ToEnd',
	password: 'MinistrySafe-e2e-1',
};
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

export type Topology = 'single' | 'queue';

/** N8N_E2E_TOPOLOGY=queue (npm run test:e2e:queue): n8n in queue mode, see scripts/harness/queue/topology.ts. */
function topologyFromEnvironment(): Topology {
	return process.env.N8N_E2E_TOPOLOGY === 'queue' ? 'queue' : 'single';
}

/**
 * Imports the workflows, publishes the listed ones, then starts n8n (a published workflow is activated when n8n
 * starts). On any failure, whatever was started is stopped before the error is passed on.
 */
export async function startE2eEnvironment(
	options: {
		workflows?: WorkflowFile[];
		publish?: string[];
		/** Extra variables for every n8n process of this environment (CLI and server), e.g. queue mode's. */
		env?: Record<string, string>;
		topology?: Topology;
		/** How many Users the sandbox seeds (its demo number when not given). */
		sandboxUsers?: number;
		/**
		 * What needs the sandbox's address (a server of the test's own that reads it, say): more workflows and
		 * credentials to import, and how to stop what it started (with the environment).
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
		const queue = topology === 'queue' ? await startQueueServices() : undefined;
		if (queue) cleanups.push(() => queue.stop());
		const settings: N8nSettings = {
			userFolder: temporaryUserFolder('ministrysafe-e2e'),
			encryptionKey: 'ministrysafe-e2e-encryption-key',
			env: { ...queue?.env, ...options.env },
		};
		cleanups.push(() => rmSync(settings.userFolder, { recursive: true, force: true }));
		// The tarball users get, installed as n8n installs it: only what it ships loads.
		const tarball = packedTarball();
		await installPackageTarball(settings.userFolder, tarball);
		await importCredentials(settings, [...exampleCredentials(sandbox.url, sandbox.apiKey, WEBHOOK_AUTH), ...(ownWorld?.credentials ?? [])]);
		const workflows = [...(options.workflows ?? []), ...(ownWorld?.workflows ?? [])];
		if (workflows.length) await importWorkflows(settings, workflows);
		for (const id of options.publish ?? []) await publishWorkflow(settings, id);

		const n8n = queue ? await startQueueN8n(settings, { tarball }) : await startN8n(settings);
		cleanups.push(isQueueN8n(n8n) ? n8n.stopAll : n8n.stop);
		const client = new N8nClient(n8n.url);
		await client.signIn(OWNER);
		const apiKey = await client.createApiKey('end-to-end tests');
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
