// Dropdowns filled from the service, on a node just added from the node panel: n8n fills in the only MinistrySafe API
// credential by itself while the panel opens, and the lists must then load with it, without the user refreshing them
// or closing and reopening the panel. In a real n8n and Chromium, on the runtime N8N_RUNTIME selects.
//
// Why they did not: the editor asks for a dropdown's list as the panel opens, before n8n 2.41 has fetched and filled
// in the credential; the reload the credential then asks for is skipped because that first request is still under way
// (ParameterInput's loader returns while one runs), so the list kept the answer for no credential. The node cannot
// change that. So: Level and the other lists of Background Check and Training reload when the User, the field a user
// fills in first, changes (serviceList in actions/common/descriptions.ts); Organization Type is a resource locator
// from node version 1.2, whose list is asked for when it opens; Tags sit in a collection, so their list is asked for
// when the field is added, after the credential is there.
import type { Locator, Page } from 'playwright-core';

import { type EditorSession, type SignedInEditor, addCollectionField, searchMinistrySafe, startSignedInEditor } from './browser';
import { ok, sandboxClients } from '../helpers/sandbox';
import type { E2eEnvironment } from './helpers';

/** What a list says while it has no credential to load with (methods/loadOptions.ts). */
const CHOOSE_A_CREDENTIAL = "Choose a MinistrySafe API Credential in 'Credential to Connect With' First";
/** How long a list may take to fill in after the panel opens. */
const LOAD_MS = 15_000;

let env: E2eEnvironment;
let editor: EditorSession;
let page: Page;
let session: SignedInEditor | undefined;

beforeAll(async () => {
	// One MinistrySafe API credential ("MinistrySafe sandbox"), which n8n picks by itself for a new node.
	session = await startSignedInEditor();
	({ env, editor, page } = session);
}, 300_000);

afterAll(() => session?.stop());

const byTestId = (testId: string): Locator => page.locator(`[data-test-id="${testId}"]`);

/** The entries a dropdown offers: opens it, reads them, closes it. */
async function entriesOf(details: Locator, parameter: string): Promise<string[]> {
	const input = details.locator(`[data-test-id="parameter-input-${parameter}"] input`).first();
	// The select is disabled while its list loads.
	await input.and(page.locator(':enabled')).waitFor({ state: 'visible' });
	await input.click();
	const entries = page.locator('.el-select-dropdown__item:visible, [role="option"]:visible');
	await entries.first().waitFor({ state: 'visible', timeout: 5_000 });
	// An entry's first line is its name; a second, its description.
	const names = (await entries.allInnerTexts()).map((text) => text.trim().split('\n')[0]).filter((text) => text !== '');
	await closeDropdown(input, entries);
	return names;
}

/**
 * Closes a dropdown if it is still open. Not by Escape alone: a list that reloads (the credential arriving) closes its
 * dropdown by itself, and Escape with no dropdown open closes the whole panel.
 */
async function closeDropdown(input: Locator, entries: Locator): Promise<void> {
	if (!(await entries.first().isVisible())) return;
	// Closed by the control that opened it.
	await input.click();
	const closed = await entries
		.first()
		.waitFor({ state: 'hidden', timeout: 2_000 })
		.then(
			() => true,
			() => false,
		);
	// Still open: Escape now goes to the dropdown, not to the panel.
	if (!closed && (await entries.first().isVisible())) await input.press('Escape');
}

/**
 * Adds an action from the node panel to a new workflow, as a person would: a trigger first (the panel offers triggers
 * for an empty workflow), then the + after it, a search, the action. Waits until n8n has chosen the credential itself.
 */
async function addAction(action: string): Promise<Locator> {
	await page.goto(`${env.n8n.url}/workflow/new`);
	await byTestId('canvas-add-button').click();
	await (await searchMinistrySafe(editor)).click();
	await byTestId('node-creator').getByText('On background check ready', { exact: true }).click();
	await byTestId('ndv').first().waitFor({ state: 'visible' });
	await byTestId('ndv-close-button').first().click();
	await byTestId('ndv').first().waitFor({ state: 'hidden' });

	await byTestId('canvas-handle-plus').first().click();
	await (await searchMinistrySafe(editor)).click();
	await byTestId('node-creator').getByText(action, { exact: true }).click();
	const details = byTestId('ndv').first();
	await details.waitFor({ state: 'visible' });
	// n8n chose the credential: the select shows it.
	await details
		.locator('[data-test-id="node-credentials-select"] input')
		.first()
		.evaluate(
			(input, name) =>
				new Promise<void>((resolve, reject) => {
					const started = Date.now();
					const check = () => {
						if ((input as unknown as { value: string }).value === name) resolve();
						else if (Date.now() - started > 15_000) reject(new Error(`The credential select never showed "${name}"`));
						else setTimeout(check, 100);
					};
					check();
				}),
			'MinistrySafe sandbox',
		);
	return details;
}

/**
 * What a list shows without Refresh: read until it holds what `loaded` looks for, or LOAD_MS has passed (then what
 * it held last).
 */
async function settledEntries(details: Locator, parameter: string, loaded: (entries: string[]) => boolean) {
	let entries: string[] = [];
	const deadline = Date.now() + LOAD_MS;
	do {
		entries = await entriesOf(details, parameter);
		if (loaded(entries)) break;
		await page.waitForTimeout(1_000);
	} while (Date.now() < deadline);
	return entries;
}

/** Runs a step on the node's panel; on failure keeps a screenshot; closes the panel either way. */
async function onPanel(details: Locator, name: string, step: () => Promise<void>): Promise<void> {
	try {
		await step();
	} catch (error) {
		await editor.screenshot(`../test-results/editor-dropdowns-${name}-failure.png`).catch(() => undefined);
		throw error;
	} finally {
		// Closed if still open (a failed step may have closed it), so that the step's own error is what is reported.
		if (await details.isVisible()) {
			await byTestId('ndv-close-button').first().click();
			await details.waitFor({ state: 'hidden' });
		}
	}
}

it('Background Check > Create, added from the panel, lists the levels with the credential n8n chose', async () => {
	const details = await addAction('Create a background check for a user');
	await onPanel(details, 'levels', async () => {
		// The User first, as the form asks (from its list, which loads when opened).
		await details.locator('[data-test-id="parameter-input-user"] [data-test-id="rlc-input"]').first().click();
		await page.locator('[data-test-id="rlc-item"]').first().click();
		await page.locator('[data-test-id="rlc-item"]').first().waitFor({ state: 'hidden' });
		const entries = await settledEntries(details, 'level', (shown) => shown.some((entry) => /^Level \d+$/.test(entry)));
		expect(entries).not.toContain(CHOOSE_A_CREDENTIAL);
		expect(entries).toEqual(expect.arrayContaining(['Level 1']));
	});
});

describe.each([
	['User > Create', 'Create a user', 'Additional Fields'],
	['User > Update', 'Update a user', 'Update Fields'],
])('%s, added from the panel', (_name, action) => {
	it("lists the Organization's Tags with the credential n8n chose", async () => {
		const tags = (ok(await sandboxClients(env.sandbox).api.get('/tags')) as Array<{ name: string }>).map(({ name }) => name);
		expect(tags.length).toBeGreaterThan(1);
		const details = await addAction(action);
		await onPanel(details, 'tags', async () => {
			await addCollectionField(page, details, 'Tag Names or IDs', 'tags');
			const entries = await settledEntries(details, 'tags', (shown) => shown.includes(tags[0]));
			expect(entries).not.toContain(CHOOSE_A_CREDENTIAL);
			expect(entries).toEqual(expect.arrayContaining(tags));
		});
	});
});

it('Organization > Create, added from the panel, lists the Organization Types with the credential n8n chose', async () => {
	const types = ok(await sandboxClients(env.sandbox).api.get('/organizations/types')) as string[];
	expect(types).toContain('Other');
	const details = await addAction('Create an organization');
	await onPanel(details, 'organization-types', async () => {
		// A locator (node version 1.2): its list is asked for as it opens, with the credential n8n chose.
		await details.locator('[data-test-id="parameter-input-organizationType"] [data-test-id="rlc-input"]').first().click();
		const items = page.locator('[data-test-id="rlc-item"]');
		await items.first().waitFor({ state: 'visible', timeout: LOAD_MS });
		const entries = (await items.allInnerTexts()).map((text) => text.trim().split('\n')[0]);
		expect(entries).toEqual(types);
		// Chosen, it is the node's value.
		await items.filter({ hasText: /^\s*Camp\s*$/ }).first().click();
		await items.first().waitFor({ state: 'hidden' });
		const chosen = details
			.locator('[data-test-id="parameter-input-organizationType"]')
			.locator('[data-test-id="rlc-input"] input, input[data-test-id="rlc-input"]')
			.first();
		await expect(chosen.inputValue()).resolves.toBe('Camp');
	});
});
