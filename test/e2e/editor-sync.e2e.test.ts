// User > Sync as a newcomer meets it in the n8n editor, in a real browser: added after a staff list, it
// starts with Dry Run on; run from the panel, every item it outputs says `dry_run: true` and the sandbox received
// reads only; with Dry Run off and Deactivate Missing Users on, the panel says what the next run will do.
import type { Locator, Page } from 'playwright-core';

import { type PublicExecution, type WorkflowFile, nodeOutput, waitFor } from '../../scripts/n8n-runtime';
import { type EditorSession, type SignedInEditor, STEP_TIMEOUT_MS, addCollectionField, searchMinistrySafe, startSignedInEditor } from './browser';
import type { E2eEnvironment } from './helpers';

const WORKFLOW_ID = 'e2eEditorSync';
const STAFF_LIST = 'Staff list';
/**
 * The first seeded User's External ID (the sandbox seeds 10001 onwards), renamed here, and two people it lacks, with a
 * User Type (from node version 1.2 a new User is created only with one).
 */
const STAFF = [
	{ external_id: '10001', first_name: 'Renamed', last_name: 'By-The-List', email: 'renamed.by.list@example.org' },
	{ external_id: 'E2E-SYNC-1', first_name: 'Ada', last_name: 'Newcomer', email: 'ada.newcomer@example.org', user_type: 'volunteer' },
	{ external_id: 'E2E-SYNC-2', first_name: 'Ben', last_name: 'Newcomer', email: 'ben.newcomer@example.org', user_type: 'volunteer' },
];

/** A staff list as a user's workflow has one: here the manual trigger's pinned output, so the run needs no other node. */
const workflow: WorkflowFile = {
	id: WORKFLOW_ID,
	name: 'e2e: Sync from the editor',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'e2e00000-0000-4000-8000-0000000000c1',
			name: STAFF_LIST,
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
	],
	connections: {},
	pinData: { [STAFF_LIST]: STAFF.map((json) => ({ json })) },
};

let env: E2eEnvironment;
let editor: EditorSession;
let page: Page;
let session: SignedInEditor | undefined;

beforeAll(async () => {
	session = await startSignedInEditor({ workflows: [workflow] });
	({ env, editor, page } = session);
}, 300_000);

afterAll(() => session?.stop());

const byTestId = (testId: string): Locator => page.locator(`[data-test-id="${testId}"]`);

/** Whether the switch of a boolean parameter is on, however the n8n version draws it (a class, ARIA, or a checkbox). */
async function switchIsOn(parameter: Locator): Promise<boolean> {
	const control = parameter.locator('.el-switch, [role="switch"], input[type="checkbox"]').first();
	await control.waitFor({ state: 'attached' });
	return await control.evaluate((element) => {
		const node = element as unknown as {
			classList: { contains(name: string): boolean };
			getAttribute(name: string): string | null;
			checked?: boolean;
		};
		return node.classList.contains('is-checked') || node.getAttribute('aria-checked') === 'true' || node.checked === true;
	});
}

async function toggle(parameter: Locator): Promise<void> {
	const before = await switchIsOn(parameter);
	await parameter.locator('.el-switch, [role="switch"]').first().click();
	await waitFor('the switch to change', async () => ((await switchIsOn(parameter)) !== before ? true : undefined), STEP_TIMEOUT_MS);
}

/** The sandbox's requests from now on, by method. */
function requestsFromNow(): () => string[] {
	const start = env.sandbox.requests.length;
	return () => env.sandbox.requests.slice(start).map(({ method, path }) => `${method} ${path}`);
}

it('adds Sync after a staff list with Dry Run on, and the run reports every person as dry_run: true, sending only reads', async () => {
	await page.goto(`${env.n8n.url}/workflow/${WORKFLOW_ID}`);
	await byTestId('canvas-node').first().waitFor({ state: 'visible' });
	// The + at the staff list's output, as a user adds the next node.
	await byTestId('canvas-handle-plus').first().click();
	await (await searchMinistrySafe(editor)).first().click();
	await byTestId('node-creator').getByText('Sync users with a list', { exact: true }).click();

	const details = byTestId('ndv').first();
	const panel = details.locator('[data-test-id="node-parameters"]').first();
	await panel.waitFor({ state: 'visible' });
	const dryRun = panel.locator('[data-test-id="parameter-input-dryRun"]').first();
	expect(await switchIsOn(dryRun)).toBe(true);

	const sent = requestsFromNow();
	await details.locator('[data-test-id="node-execute-button"]').first().click();
	// The run is saved with its data (n8n keeps manual executions); its Sync output is what the panel shows.
	const execution = await waitFor(
		'the manual run of Sync',
		async () => {
			const [latest]: PublicExecution[] = await env.client.executions(env.apiKey, WORKFLOW_ID);
			return latest?.finished || latest?.status === 'success' || latest?.status === 'error' ? latest : undefined;
		},
		60_000,
	);
	expect(execution.status).toBe('success');
	// n8n names a new node after its action ("Sync users with a list"): it is the node after the list.
	const syncNode = Object.keys(execution.data?.resultData.runData ?? {}).find((name) => name !== STAFF_LIST) ?? 'none';
	const items = nodeOutput({ data: execution.data! }, syncNode);
	expect(items.map(({ action, dry_run, external_id }) => ({ action, dry_run, external_id }))).toEqual([
		{ action: 'updated', dry_run: true, external_id: '10001' },
		{ action: 'created', dry_run: true, external_id: 'E2E-SYNC-1' },
		{ action: 'created', dry_run: true, external_id: 'E2E-SYNC-2' },
		// Node version 1.3 (a node added now) ends with the counts of every action.
		{ action: 'summary', dry_run: true, external_id: undefined },
	]);
	expect(items[items.length - 1].counts).toEqual({ created: 2, updated: 1, unchanged: 0, deactivated: 0, skipped: 0 });
	expect(sent().length).toBeGreaterThan(0);
	expect(sent().filter((request) => !request.startsWith('GET '))).toEqual([]);
	await editor.screenshot('sync-dry-run.png');
});

it('with Dry Run off and Deactivate Missing Users on, the panel says what the next run will do', async () => {
	const details = byTestId('ndv').first();
	const panel = details.locator('[data-test-id="node-parameters"]').first();
	const notice = panel.getByText("'Dry Run' is off: the next run creates and updates users for real", { exact: false });

	await toggle(panel.locator('[data-test-id="parameter-input-dryRun"]').first());
	// Off alone already deactivates those the list marks as left (a Status column), so the notice shows and says so.
	await notice.first().waitFor({ state: 'visible' });
	expect(await notice.first().innerText()).toContain('deactivates those the list marks as left');

	const deactivateMissing = await addCollectionField(page, panel, 'Deactivate Missing Users', 'deactivateMissing');
	await deactivateMissing.waitFor({ state: 'visible' });
	await toggle(deactivateMissing);

	await notice.first().waitFor({ state: 'visible' });
	await editor.screenshot('sync-live-notice.png');
});
