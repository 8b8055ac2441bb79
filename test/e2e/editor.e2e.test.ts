// The n8n editor in a real browser (Debian's Chromium through playwright-core): the owner signs in, finds MinistrySafe
// in the node panel, adds the trigger and an action, and the screenshots of each step go to docs/ for the README
// (see browser.ts). The test fails when a node or its icon does not render.
import type { Locator, Page } from 'playwright-core';

import { type EditorSession, type SignedInEditor, searchMinistrySafe, startSignedInEditor } from './browser';
import type { E2eEnvironment } from './helpers';

const ICON_PATH = '/icons/n8n-nodes-ministrysafe/dist/icons/ministrySafe.svg';

let env: E2eEnvironment;
let editor: EditorSession;
let page: Page;
let session: SignedInEditor | undefined;

beforeAll(async () => {
	// The credential is there so that the action's panel shows it selected, as a user's would.
	session = await startSignedInEditor();
	({ env, editor, page } = session);
}, 300_000);

afterAll(() => session?.stop());

const byTestId = (testId: string): Locator => page.locator(`[data-test-id="${testId}"]`);

/** Every MinistrySafe icon image inside `scope` has loaded (a broken image has naturalWidth 0); returns how many. */
async function loadedIcons(scope: Locator): Promise<number> {
	const icons = scope.locator(`img[src$="${ICON_PATH}"]`);
	await icons.first().waitFor({ state: 'visible' });
	// (This runs in the page: the project's TypeScript has no DOM types, so the image's fields are spelled here.)
	const widths = await icons.evaluateAll((images) =>
		(images as unknown as Array<{ complete: boolean; naturalWidth: number }>).map((image) =>
			image.complete ? image.naturalWidth : -1,
		),
	);
	expect(widths.every((width) => width > 0)).toBe(true);
	return widths.length;
}

const screenshot = (name: string): Promise<void> => editor.screenshot(name);

async function closeNodeDetails(): Promise<void> {
	await byTestId('ndv-close-button').first().click();
	await byTestId('ndv').first().waitFor({ state: 'hidden' });
}

it('signs in as the owner (on the sign-in page, in startSignedInEditor): the editor, not the sign-in page, is open', () => {
	expect(new URL(page.url()).pathname).not.toBe('/signin');
});

it('finds MinistrySafe in the node panel, with its icon and its three trigger events', async () => {
	await page.goto(`${env.n8n.url}/workflow/new`);
	await byTestId('canvas-add-button').click();
	const result = await searchMinistrySafe(editor);
	await expect(result.count()).resolves.toBe(1);
	await loadedIcons(byTestId('node-creator'));

	await result.click();
	const creator = byTestId('node-creator');
	for (const event of ['On background check ready', 'On quiz completed', 'On user created']) {
		await creator.getByText(event, { exact: true }).waitFor({ state: 'visible' });
	}
	await loadedIcons(creator);
	await screenshot('node-panel.png');
});

it('adds the MinistrySafe Trigger and shows its parameters and production URL', async () => {
	await byTestId('node-creator').getByText('On background check ready', { exact: true }).click();
	const details = byTestId('ndv').first();
	await details.waitFor({ state: 'visible' });
	try {
		// Open "Webhook URLs": the Production URL is what the administrator pastes into the developer console.
		await details.getByText('Webhook URLs', { exact: true }).first().click();
		await details.getByText('Production URL', { exact: true }).first().click();
		await details.getByText('/webhook/', { exact: false }).first().waitFor({ state: 'visible' });
		// Every parameter of every mode is checked in editor-parameters.e2e.test.ts; the picture must show these.
		for (const parameter of ['authentication', 'events', 'includeFullRecord']) {
			await details.locator(`[data-test-id="parameter-input-${parameter}"]`).first().waitFor({ state: 'visible' });
		}
		await screenshot('trigger-parameters.png');
	} finally {
		// The next tests start from the canvas, whatever happened here.
		await closeNodeDetails();
	}
});

it('adds a MinistrySafe action and shows its parameters with the credential', async () => {
	// The + at the trigger's output opens the node panel for a node after it (the keyboard shortcut for that changed
	// from Tab to N in n8n 2.41; the + is the same in both).
	await byTestId('canvas-handle-plus').first().click();
	await (await searchMinistrySafe(editor)).click();
	const action = byTestId('node-creator').getByText('Create or update a user', { exact: true });
	await action.waitFor({ state: 'visible' });
	await screenshot('node-panel-actions.png');
	await action.click();

	const details = byTestId('ndv').first();
	await details.waitFor({ state: 'visible' });
	try {
		// Added now, the node is at its newest version (1.2): the user's fields come from the Columns resource mapper,
		// which shows its mapping mode first, and new users' type beside it.
		await details.locator('[data-test-id="mapping-mode-select"]').first().waitFor({ state: 'visible' });
		await details.locator('[data-test-id="parameter-input-newUserType"]').first().waitFor({ state: 'visible' });
		// The only MinistrySafe API credential is selected by itself; a select shows its choice as an input's value.
		const selected = await details
			.locator('input')
			.evaluateAll((inputs) => (inputs as unknown as Array<{ value: string }>).map((input) => input.value));
		expect(selected).toEqual(expect.arrayContaining(['MinistrySafe sandbox', 'User', 'Create or Update']));
		await screenshot('action-parameters.png');
	} finally {
		await closeNodeDetails();
	}
});

it('shows both nodes on the canvas with their icons', async () => {
	const canvasNodes = page.locator('[data-test-id="canvas-node"]');
	await expect(canvasNodes.count()).resolves.toBe(2);
	await expect(loadedIcons(page.locator('.vue-flow'))).resolves.toBe(2);
	await screenshot('canvas.png');
});
