// An upgrade as a user makes it, in a real n8n: the package as released (v0.1.0, built from git and packed)
// installed as n8n's installer installs it, with both credentials, an active webhook workflow that has run, and a
// workflow whose nodes are saved at version 1 run once; n8n stopped, this checkout's tarball installed over it as
// README tells a user without the editor's installer (`npm install ... --omit=peer` in ~/.n8n/nodes; every other
// end-to-end test installs as the editor does), n8n started again on the same port. The Production URL must answer and start its workflow, the credentials must still work, and
// the version 1 workflow must give the same output.
//
// v0.1.0 has no polling trigger and no node version 1.1 (both came later): what its user can have is tested here. The
// polling trigger's stored state of the previous form is read by test/polling/state.test.ts.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Sandbox, startSandbox } from '../../sandbox';
import {
	N8nClient,
	type N8nInstance,
	type N8nSettings,
	NODE_TYPES,
	PACKAGE_NAME,
	REPO_DIR,
	type PublicExecution,
	type WorkflowFile,
	type WorkflowRun,
	exampleCredentials,
	executeWorkflow,
	importCredentials,
	importWorkflows,
	installPackageTarball,
	installTarballWithNpm,
	installedPackageDir,
	nodeOutput,
	nodesFolder,
	packCommit,
	packedTarball,
	publishWorkflow,
	setSandboxWebhooks,
	startN8n,
	triggerWebhookIds,
	waitFor,
} from '../../scripts/n8n-runtime';
import { sandboxClients } from '../helpers/sandbox';
import { createUser } from '../sandbox/helpers';
import { OWNER, WEBHOOK_AUTH, fixtureWorkflows } from '../e2e/helpers';
import { releaseCommit } from '../helpers/release';
import { quizCompleted } from '../trigger/payloads';

const ALL_EVENTS = 'e2eAllEvents';
const READ_ONLY = 'e2eReadOnly';
const POLLING_TRIGGER = `${PACKAGE_NAME}.ministrySafePollingTrigger`;
const DEFAULT_AUTHENTICATION = 'e2eUpgradeDefaultAuthentication';
const DEFAULT_AUTHENTICATION_HOOK = 'e2e00000-0000-4000-8000-0000000de0a1';
/**
 * A trigger published with v0.1.0 at its default Authentication (None then): n8n stores nothing for a parameter at its
 * default, so the workflow holds no `authentication`, and after the upgrade the node's version 1 must still mean None.
 */
const defaultAuthentication: WorkflowFile = {
	id: DEFAULT_AUTHENTICATION,
	name: 'e2e: a trigger saved with 0.1.0 at its default Authentication',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'd0000000-0000-4000-8000-0000000de0a1',
			name: 'MinistrySafe Trigger',
			type: NODE_TYPES.trigger,
			typeVersion: 1,
			position: [0, 0],
			webhookId: DEFAULT_AUTHENTICATION_HOOK,
			parameters: { events: ['quizCompleted'] },
		},
	],
	connections: {},
};

const workflows = new Map(fixtureWorkflows().map((workflow) => [workflow.id, workflow]));
const allEvents = workflows.get(ALL_EVENTS) as WorkflowFile;
const readOnly = workflows.get(READ_ONLY) as WorkflowFile;
const [webhookId] = triggerWebhookIds(allEvents);

let folder: string;
let sandbox: Sandbox;
let settings: N8nSettings;
let n8n: N8nInstance | undefined;
let client: N8nClient;
let apiKey: string;

/** The read-only workflow's two version 1 nodes and the release's webhook URL, as they were before the upgrade. */
const before: { run?: WorkflowRun; productionUrl?: string } = {};

async function startSignedIn(port?: number): Promise<void> {
	n8n = await startN8n(settings, { port, readyTimeoutMs: 180_000 });
	client = new N8nClient(n8n.url);
	await client.signIn(OWNER);
	apiKey = await client.createApiKey(`upgrade test ${Date.now()}`);
}

/** A webhook workflow's successful executions once there are `count` (a failed one fails the test at once). */
async function webhookExecutions(count: number, workflowId = ALL_EVENTS): Promise<PublicExecution[]> {
	return waitFor(
		`${count} successful execution(s) of ${workflowId}`,
		async () => {
			const executions = await client.executions(apiKey, workflowId);
			const failed = executions.find((execution) => execution.status === 'error');
			if (failed) throw new Error(`Execution ${failed.id} failed: ${failed.data?.resultData.error?.message}`);
			const succeeded = executions.filter((execution) => execution.status === 'success');
			return succeeded.length >= count ? succeeded : undefined;
		},
		60_000,
	);
}

/** A User created in the sandbox: the sandbox sends userCreated to the Production URL; resolves with its id. */
async function userCreatedDelivered(externalId: string, deliveredBefore: number): Promise<string> {
	const user = (await createUser(sandboxClients(sandbox).api, {
		first_name: 'Una',
		last_name: 'Grade',
		external_id: externalId,
	})) as unknown as { id: number };
	const deliveries = await sandbox.waitForDeliveries(deliveredBefore + 1, 60_000);
	expect(deliveries[deliveredBefore]).toMatchObject({ event: 'userCreated', delivered: true, status: 200 });
	return String(user.id);
}

/** The trigger's item of a webhook execution read through the public API. */
function triggerItem(execution: PublicExecution): Record<string, unknown> {
	if (!execution.data) throw new Error(`Execution ${execution.id} came without its data`);
	return nodeOutput({ data: execution.data }, 'MinistrySafe Trigger')[0];
}

/** The version of the package n8n loads, and what .n8n/nodes/package.json records for it. */
function installed(): { version: string; recorded: string } {
	const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { version: string; dependencies: Record<string, string> };
	return {
		version: read(join(installedPackageDir(settings.userFolder), 'package.json')).version,
		recorded: read(join(nodesFolder(settings.userFolder), 'package.json')).dependencies[PACKAGE_NAME],
	};
}

beforeAll(async () => {
	folder = mkdtempSync(join(tmpdir(), 'ministrysafe-upgrade-'));
	const released = await packCommit(releaseCommit(), join(folder, 'release'));
	sandbox = await startSandbox({ port: 0 });
	settings = { userFolder: join(folder, 'user'), encryptionKey: 'ministrysafe-upgrade-encryption-key' };
	await installPackageTarball(settings.userFolder, released);
	await importCredentials(settings, exampleCredentials(sandbox.url, sandbox.apiKey, WEBHOOK_AUTH));
	await importWorkflows(settings, [allEvents, readOnly, defaultAuthentication]);
	await publishWorkflow(settings, ALL_EVENTS);
	await publishWorkflow(settings, DEFAULT_AUTHENTICATION);
	await startSignedIn();
}, 600_000);

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.stop();
	if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('v0.1.0 as released, before the upgrade', () => {
	it('runs its webhook workflow at the Production URL and its version 1 nodes', async () => {
		await expect(client.nodeTypes([POLLING_TRIGGER])).rejects.toThrow(/Unrecognized node type/);
		before.productionUrl = (n8n as N8nInstance).webhookUrl(webhookId);
		await setSandboxWebhooks(sandbox, [before.productionUrl], WEBHOOK_AUTH);
		const userId = await userCreatedDelivered('E2E-UPGRADE-1', 0);
		const [execution] = await webhookExecutions(1);
		expect(triggerItem(execution)).toMatchObject({
			event: 'userCreated',
			id: userId,
		});

		before.run = await executeWorkflow(settings, READ_ONLY);
		expect(nodeOutput(before.run, 'List users')).toHaveLength(5);
		expect(nodeOutput(before.run, 'Levels').length).toBeGreaterThan(0);
	});
});

describe('after installing this checkout over it and restarting n8n', () => {
	beforeAll(async () => {
		if (!before.run || !before.productionUrl) throw new Error('The release did not run: see the test before');
		const port = (n8n as N8nInstance).port;
		await (n8n as N8nInstance).stop();
		n8n = undefined;
		await installTarballWithNpm(settings.userFolder, packedTarball());
		await startSignedIn(port);
	}, 600_000);

	it('loads the new version: its polling trigger is there beside the nodes the workflows use', async () => {
		const types = await client.nodeTypes([NODE_TYPES.action, NODE_TYPES.trigger, POLLING_TRIGGER]);
		expect(types.map((type) => type.displayName).sort()).toEqual([
			'MinistrySafe',
			'MinistrySafe Polling Trigger',
			'MinistrySafe Trigger',
		]);
		const { version, recorded } = installed();
		expect(version).toBe(JSON.parse(readFileSync(join(REPO_DIR, 'package.json'), 'utf8')).version);
		// npm records where it took the package from: this run's tarball.
		expect(recorded).toContain(packedTarball().split('/').pop());
		// --omit=peer: the package runs with n8n's own n8n-workflow, as after the editor's installer.
		expect(existsSync(join(nodesFolder(settings.userFolder), 'node_modules', 'n8n-workflow'))).toBe(false);
	});

	it('gives the version 1 workflow the same output as before, through the stored credential (before any new User)', async () => {
		const after = await executeWorkflow(settings, READ_ONLY);
		for (const node of ['List users', 'Levels']) {
			expect(nodeOutput(after, node)).toEqual(nodeOutput(before.run as WorkflowRun, node));
		}
	});

	it('answers at the same Production URL and starts the still-active workflow, Basic auth credential and all', async () => {
		expect((n8n as N8nInstance).webhookUrl(webhookId)).toBe(before.productionUrl);
		const userId = await userCreatedDelivered('E2E-UPGRADE-2', 1);
		const executions = await webhookExecutions(2);
		expect(executions.map(triggerItem).filter((item) => item.id === userId)).toHaveLength(1);
	});

	it('starts the trigger published at its default Authentication (None in 0.1.0) once for an event, as before', async () => {
		const answer = await fetch((n8n as N8nInstance).webhookUrl(DEFAULT_AUTHENTICATION_HOOK), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(quizCompleted),
		});
		expect({ status: answer.status, body: await answer.json() }).toEqual({
			status: 200,
			body: { message: 'Workflow was started' },
		});
		const [execution] = await webhookExecutions(1, DEFAULT_AUTHENTICATION);
		// The payload and 'event' as before; 'event_id' is added at every node version (an output field changes no
		// saved workflow's meaning: contract.md "Event IDs").
		expect(triggerItem(execution)).toEqual({
			...quizCompleted,
			event: 'quizCompleted',
			event_id: `quiz-completed:${quizCompleted.user_id}:${quizCompleted.survey_code}:${quizCompleted.complete_date}`,
		});
		// Exactly one: nothing else arrives for this workflow meanwhile (a retried call would make a second).
		await new Promise((resolve) => setTimeout(resolve, 3000));
		expect(await client.executions(apiKey, DEFAULT_AUTHENTICATION)).toHaveLength(1);
	});

	it("passes the API credential's test, as before", async () => {
		const [apiCredential] = exampleCredentials(sandbox.url, sandbox.apiKey, WEBHOOK_AUTH);
		await expect(client.testCredential(apiCredential)).resolves.toMatchObject({ status: 'OK' });
	});
});
