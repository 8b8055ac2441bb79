// The editor shows what each node declares: every node of the package in every main mode (see nodeModes.ts) is saved
// in a workflow, opened in the n8n editor in a real browser, and each top-level parameter the node's description
// displays in that mode must be on screen, and no other. A parameter the editor hides (as n8n 2.8 hides a boolean that
// decides whether a credential is shown) fails the test; so does a credential select that is missing, and a red
// triangle (a required field left empty) other than where n8n's parameter checks put one.
import type { Locator, Page } from 'playwright-core';
import type { INodeProperties } from 'n8n-workflow';

import { exampleCredentials, waitFor } from '../../scripts/n8n-runtime';
import { type EditorSession, type SignedInEditor, startSignedInEditor } from './browser';
import { type E2eEnvironment, WEBHOOK_AUTH } from './helpers';
import { type NodeMode, modeOf, modesWorkflow, nodeModes, packageNodeDescriptions } from './nodeModes';

const WORKFLOW_ID = 'e2eEveryMode';
/** How long a panel may take to show everything expected, before the test reports what is missing. */
const SETTLE_MS = 5_000;

/**
 * Every mode of every node; and Sync about to run for real with deactivation, whose notice a collection's switch
 * shows, so no mode of the switches above has it.
 */
const modes = [...packageNodeDescriptions().flatMap(nodeModes), liveSyncMode()];

function liveSyncMode(): NodeMode {
	const action = packageNodeDescriptions().find((description) => description.name === 'ministrySafe');
	if (!action) throw new Error('The package has no MinistrySafe node');
	const parameters = { resource: 'user', operation: 'sync', dryRun: false, options: { deactivateMissing: true } };
	const mode = modeOf(action, parameters, 'Sync live, deactivating');
	if (!mode.visible.some((property) => property.name === 'liveDeactivationNotice')) {
		throw new Error('Sync with Dry Run off and Deactivate Missing Users on has no notice');
	}
	return mode;
}

/** A Compliance node with the organisation's own statuses saved in its Settings (contract.md: compliance settings). */
const SETTINGS_WORKFLOW_ID = 'e2eComplianceSettings';
const COMPLIANCE_SETTINGS = { clearedStatuses: 'complete, clear, ready', setAsideStatuses: 'archived, cancelled' };
function complianceSettingsMode(): NodeMode {
	const report = modes.find((mode) => mode.parameters.resource === 'compliance' && mode.parameters.operation === 'getAll');
	if (!report) throw new Error('No mode for Compliance > Get Many');
	return {
		...report,
		label: 'Compliance with Settings',
		parameters: { ...report.parameters, settings: COMPLIANCE_SETTINGS },
	};
}

let env: E2eEnvironment;
let editor: EditorSession;
let page: Page;
let session: SignedInEditor | undefined;

beforeAll(async () => {
	// The ids of the example credentials are fixed; the sandbox's URL and key in them do not matter here.
	const credentials = exampleCredentials('http://127.0.0.1:1', 'unused', WEBHOOK_AUTH);
	session = await startSignedInEditor({
		workflows: [
			modesWorkflow(WORKFLOW_ID, modes, credentials),
			modesWorkflow(SETTINGS_WORKFLOW_ID, [complianceSettingsMode()], credentials),
		],
	});
	({ env, editor, page } = session);
	await page.goto(`${env.n8n.url}/workflow/${WORKFLOW_ID}`);
	await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'visible' });
}, 300_000);

afterAll(async () => {
	await editor?.browser.close();
	await env?.stop();
});

function attributeValue(text: string): string {
	return text.replace(/["\\]/g, '\\$&');
}

/** The visible part of a notice's text (its HTML tags are markup, not text). */
function noticeText(property: INodeProperties): string {
	return property.displayName.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim().slice(0, 40);
}

/** How a parameter appears on screen: its input, or for a notice or a collection, its text. */
function parameterOnScreen(panel: Locator, property: INodeProperties): Locator {
	if (property.type === 'notice') return panel.getByText(noticeText(property), { exact: false }).first();
	if (property.type === 'collection' || property.type === 'fixedCollection') {
		return panel.getByText(property.displayName, { exact: true }).first();
	}
	// A resource mapper (Sync's and Create or Update's columns from node version 1.2) shows its mapping mode first.
	if (property.type === 'resourceMapper') return panel.locator('[data-test-id="mapping-mode-select"]').first();
	return panel.locator(`[data-test-id="parameter-input-${property.name}"]`).first();
}

/** The names of the node's top-level parameters whose inputs are on screen. */
async function inputsOnScreen(panel: Locator, mode: NodeMode): Promise<string[]> {
	const names = new Set(mode.description.properties.map((property) => property.name));
	// A resource mapper's column inputs are its own (a column 'email' is not the parameter 'email').
	const testIds = await panel
		.locator('[data-test-id^="parameter-input-"]')
		.evaluateAll((elements) =>
			(
				elements as unknown as Array<{
					offsetParent: unknown;
					closest(selector: string): unknown;
					getAttribute(name: string): string | null;
				}>
			)
				.filter((element) => element.offsetParent !== null && element.closest('[data-test-id="resource-mapper-container"]') === null)
				.map((element) => element.getAttribute('data-test-id') ?? ''),
		);
	return [...new Set(testIds.map((testId) => testId.replace(/^parameter-input-/, '')))].filter((name) => names.has(name));
}

async function missingParameters(panel: Locator, mode: NodeMode): Promise<string[]> {
	const missing: string[] = [];
	for (const property of mode.visible) {
		if (!(await parameterOnScreen(panel, property).isVisible())) missing.push(`${property.displayName} (${property.name})`);
	}
	return missing;
}

/**
 * Dropdowns filled from the service: here their triangle also says that the list could not be loaded (the test's
 * credential points nowhere), so they are left out of the comparison of triangles.
 */
const fromService = (property: INodeProperties) => property.typeOptions?.loadOptionsMethod !== undefined;

/** The names of the node's top-level parameters that the editor flags with its red triangle. */
async function flaggedOnScreen(panel: Locator, mode: NodeMode): Promise<string[]> {
	const flagged: string[] = [];
	for (const { name } of mode.visible.filter((property) => !fromService(property))) {
		// The innermost parameter item around the input holds its triangle.
		const item = panel.locator(`[data-test-id="parameter-item"]:has([data-test-id="parameter-input-${name}"])`).last();
		if ((await item.count()) > 0 && (await item.locator('[data-test-id="parameter-issues"]:visible').count()) > 0) {
			flagged.push(name);
		}
	}
	return flagged;
}

it('has modes to check for every node of the package', () => {
	expect(new Set(modes.map((mode) => mode.type)).size).toBe(packageNodeDescriptions().length);
	// The fields a Background Check order needs without QuickApp are flagged while empty (F18).
	const withoutQuickApp = modes.find((mode) => mode.label.includes('operation=create package=level quickapp=false'));
	expect(withoutQuickApp?.flagged).toEqual(
		expect.arrayContaining(['level', 'firstName', 'lastName', 'email', 'address', 'city', 'county', 'state', 'zip', 'ssn', 'dob']),
	);
	// Spot checks that the modes are the ones a person would pick: every operation of the action, both ways in.
	expect(modes.map((mode) => mode.label)).toEqual(
		expect.arrayContaining([
			'MinistrySafe resource=user operation=upsert output=simplified',
			'MinistrySafe resource=user operation=upsert output=selected',
			'MinistrySafe resource=backgroundCheck operation=create package=level quickapp=true output=raw',
			'MinistrySafe resource=backgroundCheck operation=create package=custom quickapp=false output=simplified',
			'MinistrySafe Trigger authentication=basicAuth includeFullRecord=true',
			'MinistrySafe Trigger authentication=none includeFullRecord=false',
		]),
	);
});

it.each(modes.map((mode) => [mode.label, mode] as const))('%s: shows every parameter it declares', async (_label, mode) => {
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${attributeValue(mode.label)}"]`).dblclick();
	const details = page.locator('[data-test-id="ndv"]').first();
	const panel = details.locator('[data-test-id="node-parameters"]').first();
	await panel.waitFor({ state: 'visible' });
	try {
		// Panels fill in over a few frames: wait until all that is expected is there, or report what is still missing.
		const missing = await waitFor(
			`the parameters of "${mode.label}"`,
			async () => {
				const now = await missingParameters(panel, mode);
				return now.length === 0 ? now : undefined;
			},
			SETTLE_MS,
		).catch(() => missingParameters(panel, mode));
		const expectedNames = mode.visible.map((property) => property.name);
		const unexpected = (await inputsOnScreen(panel, mode)).filter((name) => !expectedNames.includes(name));
		const credentialSelects = await details.locator('[data-test-id="node-credentials-select"]:visible').count();
		const flagged = await flaggedOnScreen(panel, mode);

		expect({ missing, unexpected, credentialSelects, flagged: flagged.sort() }).toEqual({
			missing: [],
			unexpected: [],
			credentialSelects: mode.credentials.length,
			flagged: mode.flagged.filter((name) => !mode.visible.some((property) => property.name === name && fromService(property))).sort(),
		});
	} finally {
		await page.keyboard.press('Escape');
		await details.waitFor({ state: 'hidden' });
	}
});

// Last: it leaves the every-mode workflow.
it("Compliance > Settings shows the organisation's Cleared and Set-Aside Statuses, as saved, and offers them to add", async () => {
	await page.goto(`${env.n8n.url}/workflow/${SETTINGS_WORKFLOW_ID}`);
	await page.locator('[data-test-id="canvas-node"][data-node-name="Compliance with Settings"]').dblclick();
	const panel = page.locator('[data-test-id="ndv"] [data-test-id="node-parameters"]').first();
	await panel.waitFor({ state: 'visible' });
	for (const [name, label] of [
		['clearedStatuses', 'Cleared Statuses'],
		['setAsideStatuses', 'Set-Aside Statuses'],
	] as const) {
		// The panel fills in over a few frames: wait for the setting, as the mode tests do.
		await panel.getByText(label, { exact: true }).first().waitFor({ state: 'visible', timeout: SETTLE_MS });
		const input = panel.locator(`[data-test-id="parameter-input-${name}"] input`).first();
		await input.waitFor({ state: 'visible', timeout: SETTLE_MS });
		expect(await input.inputValue()).toBe(COMPLIANCE_SETTINGS[name]);
	}
	// The settings not yet added are offered by Add Setting; the two saved ones are not offered again.
	// The add control differs between n8n versions (a select, a button in the header, a dropdown): any of them, in the
	// nearest element around the saved setting that holds one (the Settings collection, not Filters or Request Options).
	const settings = panel
		.locator('[data-test-id="parameter-input-clearedStatuses"]')
		.first()
		.locator('xpath=ancestor::*[.//*[starts-with(@data-test-id, "collection-parameter-add")]][1]');
	const add = settings.locator('[data-test-id^="collection-parameter-add"]:visible').first();
	const combobox = add.getByRole('combobox');
	await ((await combobox.count()) > 0 ? combobox.first() : add).click();
	const offered = page.locator('.el-select-dropdown__item:visible, [role="option"]:visible, [role="menuitem"]:visible');
	await offered.first().waitFor({ state: 'visible', timeout: SETTLE_MS });
	const names = (await offered.allInnerTexts()).map((text) => text.trim()).filter((text) => text !== '');
	expect(names).toEqual(expect.arrayContaining(['Background Check Validity (Months)', 'Training Validity (Months)']));
	expect(names).not.toContain('Cleared Statuses');
	await page.keyboard.press('Escape');
});
