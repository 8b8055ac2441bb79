// The n8n editor in a real browser (Debian's Chromium through playwright-core): the owner signs in, finds MinistrySafe
// in the node panel, adds the trigger and an action, and the screenshots of each step go to docs/ for the README.
// The test fails when a node or its icon does not render.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { type Browser, type Locator, type Page, chromium } from 'playwright-core';

import { REPO_DIR } from '../../scripts/n8n-runtime';
import { type E2eEnvironment, OWNER, startE2eEnvironment } from './helpers';

const CHROMIUM = '/usr/bin/chromium';
const DOCS_DIR = join(REPO_DIR, 'docs');
const ICON_PATH = '/icons/n8n-nodes-ministrysafe/dist/icons/ministrySafe.svg';
const STEP_TIMEOUT_MS = 30_000;

let env: E2eEnvironment;
let browser: Browser;
let page: Page;

beforeAll(async () => {
	if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
	mkdirSync(DOCS_DIR, { recursive: true });
	// The credential is there so that the action's panel shows it selected, as a user's would.
	env = await startE2eEnvironment();
	browser = await chromium.launch({
		executablePath: CHROMIUM,
		headless: true,
		timeout: STEP_TIMEOUT_MS,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
	page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
	page.setDefaultTimeout(STEP_TIMEOUT_MS);
}, 300_000);

afterAll(async () => {
	await browser?.close();
	await env?.stop();
});

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

async function screenshot(name: string): Promise<void> {
	// Notifications ("Node credential updated") would cover the panels.
	for (const close of await page.locator('.el-notification__closeBtn').all()) await close.click().catch(() => undefined);
	// Let transitions of the panels finish, so that the picture shows the settled page.
	await page.waitForTimeout(600);
	await page.screenshot({ path: join(DOCS_DIR, name) });
}

async function searchNodePanel(text: string): Promise<void> {
	const search = byTestId('node-creator-search-bar');
	await search.waitFor({ state: 'visible' });
	await search.fill(text);
}

async function closeNodeDetails(): Promise<void> {
	await byTestId('ndv-close-button').first().click();
	await byTestId('ndv').first().waitFor({ state: 'hidden' });
}

it('signs in as the owner', async () => {
	await page.goto(`${env.n8n.url}/signin`);
	await page.locator('input[name="emailOrLdapLoginId"]').fill(OWNER.email);
	await page.locator('input[name="password"]').fill(OWNER.password);
	await byTestId('form-submit-button').click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
	expect(new URL(page.url()).pathname).not.toBe('/signin');
});

it('finds MinistrySafe in the node panel, with its icon and its three trigger events', async () => {
	await page.goto(`${env.n8n.url}/workflow/new`);
	await byTestId('canvas-add-button').click();
	await searchNodePanel('MinistrySafe');
	const result = byTestId('node-creator-item-name').filter({ hasText: /^MinistrySafe$/ });
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
	// Open "Webhook URLs": the Production URL is what the administrator pastes into the developer console.
	await details.getByText('Webhook URLs', { exact: true }).first().click();
	await details.getByText('Production URL', { exact: true }).first().click();
	await details.getByText('/webhook/', { exact: false }).first().waitFor({ state: 'visible' });
	await expect(details.getByText('Events', { exact: true }).first().isVisible()).resolves.toBe(true);
	await expect(details.getByText('Authentication', { exact: true }).first().isVisible()).resolves.toBe(true);
	await screenshot('trigger-parameters.png');
	await closeNodeDetails();
});

it('adds a MinistrySafe action and shows its parameters with the credential', async () => {
	// Tab opens the node panel for a node after the selected one.
	await page.keyboard.press('Tab');
	await searchNodePanel('MinistrySafe');
	await byTestId('node-creator-item-name').filter({ hasText: /^MinistrySafe$/ }).click();
	const action = byTestId('node-creator').getByText('Create or update a user', { exact: true });
	await action.waitFor({ state: 'visible' });
	await screenshot('node-panel-actions.png');
	await action.click();

	const details = byTestId('ndv').first();
	await details.waitFor({ state: 'visible' });
	for (const label of ['External ID', 'First Name', 'Last Name', 'Email']) {
		await details.getByText(label, { exact: true }).first().waitFor({ state: 'visible' });
	}
	// The only MinistrySafe API credential is selected by itself; a select shows its choice as an input's value.
	const selected = await details
		.locator('input')
		.evaluateAll((inputs) => (inputs as unknown as Array<{ value: string }>).map((input) => input.value));
	expect(selected).toEqual(expect.arrayContaining(['MinistrySafe sandbox', 'User', 'Create or Update']));
	await screenshot('action-parameters.png');
	await closeNodeDetails();
});

it('shows both nodes on the canvas with their icons', async () => {
	const canvasNodes = page.locator('[data-test-id="canvas-node"]');
	await expect(canvasNodes.count()).resolves.toBe(2);
	await expect(loadedIcons(page.locator('.vue-flow'))).resolves.toBe(2);
	await screenshot('canvas.png');
});
