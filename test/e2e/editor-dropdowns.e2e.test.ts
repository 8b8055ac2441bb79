// Dropdowns filled from the service, on a node just added from the node panel (issue 29): n8n fills in the only
// MinistrySafe API credential by itself while the panel opens, and the lists must then load with it, without the
// user closing and reopening the panel. In a real n8n and Chromium, on the runtime N8N_RUNTIME selects.
//
// Why they did not: the editor asks for a list as the panel opens, before n8n 2.41 has fetched and filled in the
// credential; the reload the credential then asks for is skipped because that first request is still under way
// (ParameterInput's loader returns while one runs), so the list kept the answer for no credential. The node cannot
// change that; its lists reload when the field a user fills in first, the User, changes (serviceList in
// actions/common/descriptions.ts), which is what a user does first on this form.
import type { Locator, Page } from 'playwright-core';

import { type EditorSession, type SignedInEditor, searchMinistrySafe, startSignedInEditor } from './browser';
import type { E2eEnvironment } from './helpers';

/** What a list says while it has no credential to load with (methods/loadOptions.ts). */
const CHOOSE_A_CREDENTIAL = 'Choose a MinistrySafe API Credential First';
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
	await page.keyboard.press('Escape');
	return names;
}

/** Adds a node from the node panel, as a person would: the + after the first node, a search, an action. */
async function addAction(action: string): Promise<Locator> {
	await byTestId('canvas-handle-plus').first().click();
	await (await searchMinistrySafe(editor)).click();
	await byTestId('node-creator').getByText(action, { exact: true }).click();
	const details = byTestId('ndv').first();
	await details.waitFor({ state: 'visible' });
	return details;
}

it('Background Check > Create, added from the panel, lists the levels with the credential n8n chose', async () => {
	await page.goto(`${env.n8n.url}/workflow/new`);
	// A first node to add the action after (the node panel offers triggers for an empty workflow).
	await byTestId('canvas-add-button').click();
	await (await searchMinistrySafe(editor)).click();
	await byTestId('node-creator').getByText('On background check ready', { exact: true }).click();
	await byTestId('ndv').first().waitFor({ state: 'visible' });
	await byTestId('ndv-close-button').first().click();
	await byTestId('ndv').first().waitFor({ state: 'hidden' });

	const details = await addAction('Create a background check for a user');
	try {
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
		// The User first, as the form asks (from its list, which loads when opened).
		await details.locator('[data-test-id="parameter-input-user"] [data-test-id="rlc-input"]').first().click();
		await page.locator('[data-test-id="rlc-item"]').first().click();
		await page.locator('[data-test-id="rlc-item"]').first().waitFor({ state: 'hidden' });
		// The list fills in by itself: read it until it holds the levels, or report what it held last.
		let entries: string[] = [];
		const deadline = Date.now() + LOAD_MS;
		do {
			entries = await entriesOf(details, 'level');
			if (entries.some((entry) => /^Level \d+$/.test(entry))) break;
			await page.waitForTimeout(1_000);
		} while (Date.now() < deadline);
		expect(entries).not.toContain(CHOOSE_A_CREDENTIAL);
		expect(entries).toEqual(expect.arrayContaining(['Level 1']));
	} catch (error) {
		await editor.screenshot('../test-results/editor-dropdowns-failure.png').catch(() => undefined);
		throw error;
	} finally {
		await byTestId('ndv-close-button').first().click();
		await details.waitFor({ state: 'hidden' });
	}
});
