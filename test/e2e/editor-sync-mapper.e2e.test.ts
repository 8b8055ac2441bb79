// User > Sync at node version 1.2 in the n8n editor, in a real browser: added after a staff list from an HR
// export ("First Name", "Last Name", "Email", "Employee ID"), it shows the resource mapper on Map Automatically, and its
// Dry Run names the right people with nothing set by hand (and creates no one without a type); the rule it maps by is
// shown under the mapper. A list keyed "Ref" (a name no export uses for the person's ID) is one error naming External
// ID and the columns seen, until Map Each Column Manually sets External ID to that column.
import type { Locator, Page } from 'playwright-core';

import { EXAMPLE_CREDENTIAL_IDS, type PublicExecution, type WorkflowFile, nodeOutput, waitFor } from '../../scripts/n8n-runtime';
import { type EditorSession, type SignedInEditor, STEP_TIMEOUT_MS, searchMinistrySafe, startSignedInEditor } from './browser';
import type { E2eEnvironment } from './helpers';

const HR_WORKFLOW = 'e2eSyncMapperHr';
const STAFF_WORKFLOW = 'e2eSyncMapperStaff';
const HR_EXPORT = 'HR export';
const STAFF_LIST = 'Staff list';
const SYNC = 'Sync staff';

/** The first seeded User's External ID (the sandbox seeds 10001 onwards), renamed here, and two people it lacks. */
const HR_ROWS = [
	{ 'First Name': 'Renamed', 'Last Name': 'By-The-Export', Email: 'renamed.by.export@example.org', 'Employee ID': '10001' },
	{ 'First Name': 'Ada', 'Last Name': 'Newcomer', Email: 'ada.mapper@example.org', 'Employee ID': 'E2E-MAP-1' },
	{ 'First Name': 'Ben', 'Last Name': 'Newcomer', Email: 'ben.mapper@example.org', 'Employee ID': 'E2E-MAP-2' },
];
const STAFF_ROWS = [
	{ Ref: 'S-201', 'First Name': 'Cy', 'Last Name': 'Staffer', Email: 'cy.staffer@example.org' },
	{ Ref: 'S-202', 'First Name': 'Di', 'Last Name': 'Staffer', Email: 'di.staffer@example.org' },
];

const trigger = (id: string, name: string) => ({
	id,
	name,
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0] as [number, number],
	parameters: {},
});

/** A staff list from an HR export, as the manual trigger's pinned output: Sync is added in the test. */
const hrWorkflow: WorkflowFile = {
	id: HR_WORKFLOW,
	name: 'e2e: Sync maps an HR export',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [trigger('e2e00000-0000-4000-8000-0000000000d1', HR_EXPORT)],
	connections: {},
	pinData: { [HR_EXPORT]: HR_ROWS.map((json) => ({ json })) },
};

/** A list keyed "Ref", with Sync as a node added at 1.2 is saved (Map Automatically, Dry Run on), new users volunteers. */
const staffWorkflow: WorkflowFile = {
	id: STAFF_WORKFLOW,
	name: 'e2e: Sync over a list keyed Ref',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		trigger('e2e00000-0000-4000-8000-0000000000d2', STAFF_LIST),
		{
			id: 'e2e00000-0000-4000-8000-0000000000d3',
			name: SYNC,
			type: 'n8n-nodes-ministrysafe.ministrySafe',
			typeVersion: 1.2,
			position: [240, 0],
			parameters: {
				resource: 'user',
				operation: 'sync',
				columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: ['external_id'] },
				newUserType: 'volunteer',
			},
			credentials: { ministrySafeApi: { id: EXAMPLE_CREDENTIAL_IDS.api, name: 'MinistrySafe sandbox' } },
		},
	],
	connections: { [STAFF_LIST]: { main: [[{ node: SYNC, type: 'main', index: 0 }]] } },
	pinData: { [STAFF_LIST]: STAFF_ROWS.map((json) => ({ json })) },
};

let env: E2eEnvironment;
let editor: EditorSession;
let page: Page;
let session: SignedInEditor | undefined;

beforeAll(async () => {
	session = await startSignedInEditor({ workflows: [hrWorkflow, staffWorkflow] });
	({ env, editor, page } = session);
}, 300_000);

afterAll(() => session?.stop());

const byTestId = (testId: string): Locator => page.locator(`[data-test-id="${testId}"]`);
const panel = () => byTestId('ndv').first().locator('[data-test-id="node-parameters"]').first();

/** Runs the open node from its panel and returns the saved run, once it has finished. */
async function runExecution(workflowId: string): Promise<PublicExecution> {
	const before = new Set((await env.client.executions(env.apiKey, workflowId)).map(({ id }) => id));
	await byTestId('ndv').first().locator('[data-test-id="node-execute-button"]').first().click();
	const execution = await waitFor(
		'the manual run of Sync',
		async () => {
			const runs: PublicExecution[] = await env.client.executions(env.apiKey, workflowId);
			const latest = runs.find(({ id }) => !before.has(id));
			return latest?.finished || latest?.status === 'success' || latest?.status === 'error' ? latest : undefined;
		},
		60_000,
	);
	return execution;
}

/** Runs the open node from its panel and returns the output of the node after `list`, once the run is saved. */
async function runFromPanel(workflowId: string, list: string): Promise<Array<Record<string, unknown>>> {
	const execution = await runExecution(workflowId);
	expect(execution.status).toBe('success');
	const syncNode = Object.keys(execution.data?.resultData.runData ?? {}).find((name) => name !== list) ?? 'none';
	return nodeOutput({ data: execution.data! }, syncNode);
}

/** Chooses an entry of an n8n select (Element Plus in 2.8, n8n's own in 2.41) by its visible text. */
async function choose(select: Locator, text: string): Promise<void> {
	await select.locator('input, .el-select__wrapper, [role="combobox"]').first().click();
	await page
		.locator('.el-select-dropdown__item:visible, [role="option"]:visible')
		.filter({ hasText: text })
		.first()
		.click();
}

const NO_TYPE = "Not created: no 'User Type' is given, and the service cannot set a user's type later";

it('added after an HR export, Sync shows the columns on Map Automatically, and its Dry Run names the right people', async () => {
	await page.goto(`${env.n8n.url}/workflow/${HR_WORKFLOW}`);
	await byTestId('canvas-node').first().waitFor({ state: 'visible' });
	await byTestId('canvas-handle-plus').first().click();
	await (await searchMinistrySafe(editor)).first().click();
	await byTestId('node-creator').getByText('Sync users with a list', { exact: true }).click();

	await panel().waitFor({ state: 'visible' });
	const mode = panel().locator('[data-test-id="mapping-mode-select"]').first();
	await mode.waitFor({ state: 'visible' });
	// The mode as the select shows it: its input's value (n8n 2.8) or its text (n8n 2.41).
	const shownMode = async () => {
		const value = await mode.locator('input').first().inputValue().catch(() => '');
		const text = (await mode.textContent()) ?? '';
		return `${value} ${text}`.includes('Map Automatically') ? true : undefined;
	};
	await waitFor('Map Automatically in the mapping mode', shownMode, STEP_TIMEOUT_MS);
	await panel().getByText('User Type for New Users', { exact: false }).first().waitFor({ state: 'visible' });
	// Under n8n's own notice, the node's: one sentence that adds the names exports use, linking to all of them; and
	// which of a chosen type and a mapped column wins.
	await panel().getByText("are read too, such as 'Employee ID' for 'External ID'", { exact: false }).first().waitFor({ state: 'visible' });
	expect(await panel().getByRole('link', { name: 'see every name' }).first().getAttribute('href')).toMatch(/docs\/operations\.md#a-staff-lists-columns-node-version-12$/);
	await panel().getByText("over a mapped 'User Type' column", { exact: false }).first().waitFor({ state: 'visible' });

	const output = await runFromPanel(HR_WORKFLOW, HR_EXPORT);
	expect(output.map(({ action, dry_run, external_id, external_id_field }) => ({ action, dry_run, external_id, external_id_field }))).toEqual([
		{ action: 'updated', dry_run: true, external_id: '10001', external_id_field: 'Employee ID' },
		{ action: 'skipped', dry_run: true, external_id: 'E2E-MAP-1', external_id_field: 'Employee ID' },
		{ action: 'skipped', dry_run: true, external_id: 'E2E-MAP-2', external_id_field: 'Employee ID' },
		// A node added now is of version 1.3: the counts come last.
		{ action: 'summary', dry_run: true },
	]);
	expect(output[0].changes).toMatchObject({ first_name: { to: 'Renamed' }, last_name: { to: 'By-The-Export' } });
	// No 'User Type' column: the new people would have no type, which the service cannot set later: not created, and
	// each item names the person and says why.
	expect(output[1]).toMatchObject({ first_name: 'Ada', last_name: 'Newcomer', email: 'ada.mapper@example.org' });
	expect(String(output[1].reason)).toContain(NO_TYPE);
	await editor.screenshot('sync-mapper-auto.png');
});

it('stops a list keyed "Ref" with one error naming External ID and the columns, until it is mapped by hand', async () => {
	await byTestId('ndv').first().press('Escape').catch(() => undefined);
	await page.goto(`${env.n8n.url}/workflow/${STAFF_WORKFLOW}`);
	const syncNode = byTestId('canvas-node').filter({ hasText: SYNC }).first();
	await syncNode.waitFor({ state: 'visible' });
	await syncNode.dblclick();
	await panel().waitFor({ state: 'visible' });

	const stopped = await runExecution(STAFF_WORKFLOW);
	expect(stopped.status).toBe('error');
	const listError =
		"No item gives an 'External ID': 'Map Automatically' found no column with each person's ID, and the input's fields are 'Ref', 'First Name', 'Last Name' and 'Email'";
	expect(JSON.stringify(stopped.data?.resultData)).toContain(listError);
	// The panel shows the list's error as it is: no "[item 0]" after it, since no one item is to blame.
	const shown = page.getByText(/^No item gives an 'External ID'/).first();
	await shown.waitFor({ state: 'visible' });
	expect((await shown.textContent())?.trim()).toBe(listError);
	await editor.screenshot('sync-mapper-stopped.png');

	await choose(panel().locator('[data-test-id="mapping-mode-select"]').first(), 'Map Each Column Manually');
	// Each column as a person sets it: the expression typed in, then Expression chosen above the field (n8n keeps the
	// text as the expression; a version that already switched on typing '{{' stays so).
	const expressions: Array<[string, string]> = [
		['external_id', '{{ $json.Ref }}'],
		['first_name', '{{ $json["First Name"] }}'],
		['last_name', '{{ $json["Last Name"] }}'],
		['email', '{{ $json.Email }}'],
	];
	const fields = panel().locator('[data-test-id="mapping-fields-container"]').first();
	await fields.waitFor({ state: 'visible' });
	for (const [column, expression] of expressions) {
		const input = fields.locator(`[data-test-id="parameter-input-${column}"] [data-test-id="parameter-input-field"]`).first();
		await input.waitFor({ state: 'visible' });
		await input.fill(expression);
		await page.keyboard.press('Tab');
		const options = fields.locator(`[data-test-id='value["${column}"]-parameter-input-options-container']`).first();
		await fields.locator(`[data-test-id="parameter-input-${column}"]`).first().hover();
		const asExpression = options.locator('[data-test-id="radio-button-expression"]').first();
		if (await asExpression.isVisible()) await asExpression.click();
	}
	await editor.screenshot('sync-mapper-manual-set.png');

	const created = await runFromPanel(STAFF_WORKFLOW, STAFF_LIST);
	expect(created.map(({ action, external_id, dry_run }) => ({ action, external_id, dry_run }))).toEqual([
		{ action: 'created', external_id: 'S-201', dry_run: true },
		{ action: 'created', external_id: 'S-202', dry_run: true },
	]);
	await editor.screenshot('sync-mapper-manual.png');
});
