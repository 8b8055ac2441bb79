// The n8n under test, before any test puts anything in it: the packed tarball installed as n8n's community-package
// installer installs it, n8n started (one process, or the queue topology: PostgreSQL, Redis, a main, two workers and a
// webhook processor), its owner set up and a public API key made. The shared n8n of a test run is one of these
// (sharedN8n.ts), and so is the n8n of a file that stops and starts its own.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import {
	type N8nInstance,
	type N8nSettings,
	N8nClient,
	type Owner,
	installPackageTarball,
	packedTarball,
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

export type Topology = 'single' | 'queue';

/** N8N_E2E_TOPOLOGY=queue (npm run test:e2e:queue): n8n in queue mode, see scripts/harness/queue/topology.ts. */
export function topologyFromEnvironment(): Topology {
	return process.env.N8N_E2E_TOPOLOGY === 'queue' ? 'queue' : 'single';
}

export interface N8nUnderTest {
	n8n: N8nInstance;
	/** The main's user folder and variables: what n8n's CLI needs to run against the same database. */
	settings: N8nSettings;
	apiKey: string;
	/** Stops what was started and removes its folders (for the shared n8n of a file: hands it back, emptied). */
	stop(): Promise<void>;
}

/**
 * Starts n8n empty, with its owner and an API key. `env`: extra variables for every n8n process of it (server and
 * CLI). `logFolder`: each process's output also goes to `<logFolder>/<name>.log` (main, worker-1, ...). On any
 * failure, whatever was started is stopped before the error is passed on.
 */
export async function startN8nUnderTest(options: { topology: Topology; env?: Record<string, string>; logFolder?: string }): Promise<N8nUnderTest> {
	const cleanups: Array<() => Promise<void> | void> = [];
	const stop = async (): Promise<void> => {
		for (const cleanup of cleanups.reverse()) await cleanup();
		cleanups.length = 0;
	};
	try {
		const queue = options.topology === 'queue' ? await startQueueServices() : undefined;
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
		const { logFolder } = options;
		const n8n = queue
			? await startQueueN8n(settings, { tarball, logFolder })
			: await startN8n(settings, { logFile: logFolder && join(logFolder, 'main.log') });
		cleanups.push(isQueueN8n(n8n) ? n8n.stopAll : n8n.stop);
		const client = new N8nClient(n8n.url);
		await client.signIn(OWNER);
		const apiKey = await client.createApiKey('end-to-end tests');
		return { n8n, settings, apiKey, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

/**
 * Leaves n8n as it started: every workflow unpublished and deleted (with its executions), every credential and Data
 * Table deleted. What one test file made (its own, what its tests saved, imported or ran) cannot reach the next.
 */
export async function emptyN8n(n8n: N8nInstance, apiKey: string): Promise<void> {
	const client = new N8nClient(n8n.url);
	await client.signIn(OWNER);
	await Promise.all((await client.workflows(apiKey)).map((workflow) => client.deleteWorkflow(apiKey, workflow.id)));
	await Promise.all((await client.credentials()).map((credential) => client.deleteCredential(apiKey, credential.id)));
	await Promise.all((await client.dataTables(apiKey)).map((table) => client.deleteDataTable(apiKey, table.id)));
}
