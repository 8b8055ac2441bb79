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

/** A parameter that appears on screen as its text (a notice, a collection), not as an input of its own. */
const shownAsText = (property: INodeProperties): boolean =>
	property.type === 'notice' || property.type === 'collection' || property.type === 'fixedCollection';

/** The text a notice or a collection shows, as Playwright finds it. */
function textOnScreen(panel: Locator, property: INodeProperties): Locator {
	if (property.type === 'notice') return panel.getByText(noticeText(property), { exact: false }).first();
	return panel.getByText(property.displayName, { exact: true }).first();
}

/** How an input parameter appears on screen; a resource mapper (Sync's and Create or Update's columns from node version 1.2) shows its mapping mode first. */
function inputSelector(property: INodeProperties): string {
	return property.type === 'resourceMapper' ? '[data-test-id="mapping-mode-select"]' : `[data-test-id="parameter-input-${property.name}"]`;
}

/** What one look into the page tells of the panel's inputs (each query of its own is a round trip to a busy browser). */
interface InputsLook {
	/** The selectors given whose first element is visible. */
	shown: string[];
	/** The names of the node's top-level parameters whose inputs are visible (a resource mapper's own columns aside). */
	onScreen: string[];
	/** The names given whose parameter item (the innermost around their input) shows the red triangle. */
	flagged: string[];
}

type PageElement = {
	offsetParent: unknown;
	getBoundingClientRect(): { width: number; height: number };
	getAttribute(name: string): string | null;
	closest(selector: string): PageElement | null;
	querySelector(selector: string): PageElement | null;
	querySelectorAll(selector: string): ArrayLike<PageElement>;
};

async function lookAtInputs(panel: Locator, selectors: string[], flaggable: string[]): Promise<InputsLook> {
	return await panel.evaluate(
		(root, { selectors: wanted, flaggable: names }) => {
			const panelRoot = root as unknown as PageElement;
			const style = (element: PageElement) =>
				(globalThis as unknown as { getComputedStyle(element: PageElement): { visibility: string } }).getComputedStyle(element);
			// As Playwright's isVisible: a box that is not empty, and not visibility: hidden.
			const visible = (element: PageElement | null): boolean => {
				if (!element) return false;
				const box = element.getBoundingClientRect();
				return box.width > 0 && box.height > 0 && style(element).visibility !== 'hidden';
			};
			const all = (selector: string, within: PageElement = panelRoot) => Array.from(within.querySelectorAll(selector));
			const onScreen = all('[data-test-id^="parameter-input-"]')
				.filter((element) => element.offsetParent !== null && element.closest('[data-test-id="resource-mapper-container"]') === null)
				.map((element) => (element.getAttribute('data-test-id') ?? '').replace(/^parameter-input-/, ''));
			const flagged = names.filter((name) => {
				const item = all('[data-test-id="parameter-item"]')
					.filter((candidate) => candidate.querySelector(`[data-test-id="parameter-input-${name}"]`) !== null)
					.at(-1);
				return item !== undefined && all('[data-test-id="parameter-issues"]', item).some(visible);
			});
			return { shown: wanted.filter((selector) => visible(panelRoot.querySelector(selector))), onScreen, flagged };
		},
		{ selectors, flaggable },
	);
}

/**
 * Dropdowns filled from the service: here their triangle also says that the list could not be loaded (the test's
 * credential points nowhere), so they are left out of the comparison of triangles.
 */
const fromService = (property: INodeProperties) => property.typeOptions?.loadOptionsMethod !== undefined;

/**
 * The panel of a mode in one look: the parameters it declares that are not on screen, the top-level inputs on screen
 * that it does not declare, and the parameters flagged with the red triangle.
 */
async function lookAt(panel: Locator, mode: NodeMode): Promise<{ missing: string[]; unexpected: string[]; flagged: string[] }> {
	const inputs = mode.visible.filter((property) => !shownAsText(property));
	const look = await lookAtInputs(
		panel,
		inputs.map(inputSelector),
		mode.visible.filter((property) => !fromService(property)).map((property) => property.name),
	);
	const missing = inputs.filter((property) => !look.shown.includes(inputSelector(property)));
	for (const property of mode.visible.filter(shownAsText)) {
		if (!(await textOnScreen(panel, property).isVisible())) missing.push(property);
	}
	const declared = new Set(mode.description.properties.map((property) => property.name));
	const expected = mode.visible.map((property) => property.name);
	return {
		missing: missing.map((property) => `${property.displayName} (${property.name})`),
		unexpected: [...new Set(look.onScreen)].filter((name) => declared.has(name) && !expected.includes(name)),
		flagged: look.flagged,
	};
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
	// Opened as a double-click opens it; not waiting for the canvas to be still first (Playwright's checks before a
	// click cost a second a node on a busy machine, and the canvas does not move between panels).
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${attributeValue(mode.label)}"]`).dblclick({ force: true });
	const details = page.locator('[data-test-id="ndv"]').first();
	const panel = details.locator('[data-test-id="node-parameters"]').first();
	await panel.waitFor({ state: 'visible' });
	try {
		// Panels fill in over a few frames: look until all that is expected is there, or report what is still missing.
		const look = await waitFor(
			`the parameters of "${mode.label}"`,
			async () => {
				const now = await lookAt(panel, mode);
				return now.missing.length === 0 ? now : undefined;
			},
			SETTLE_MS,
		).catch(() => lookAt(panel, mode));
		const credentialSelects = await details.locator('[data-test-id="node-credentials-select"]:visible').count();

		expect({ missing: look.missing, unexpected: look.unexpected, credentialSelects, flagged: look.flagged.sort() }).toEqual({
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
