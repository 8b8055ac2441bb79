// The n8n editor in a real browser for the end-to-end tests: Debian's Chromium driven by playwright-core, signed in as
// the tests' owner. Screenshots of a run on the default runtime go to docs/ (the README shows them); of the other
// runtime to test-results/, so the two runs never overwrite each other's pictures.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { type Browser, type Locator, type Page, chromium } from 'playwright-core';

import { DEFAULT_RUNTIME, REPO_DIR, selectedRuntime } from '../../scripts/n8n-runtime';
import { type E2eEnvironment, OWNER, startE2eEnvironment } from './helpers';

const CHROMIUM = '/usr/bin/chromium';
export const STEP_TIMEOUT_MS = 30_000;

export const SCREENSHOT_DIR =
	selectedRuntime().name === DEFAULT_RUNTIME
		? join(REPO_DIR, 'docs')
		: join(REPO_DIR, 'test-results', `screenshots-${selectedRuntime().name}`);

export interface EditorSession {
	browser: Browser;
	page: Page;
	byTestId(testId: string): Locator;
	screenshot(name: string): Promise<void>;
}

/** Debian's Chromium, headless, with nothing of its own on the network. Close it when done. */
export async function launchChromium(): Promise<Browser> {
	if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
	return await chromium.launch({
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
}

/** A browser with one page for the n8n editor. Close `browser` when done. */
export async function launchEditor(): Promise<EditorSession> {
	const browser = await launchChromium();
	try {
		const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
		page.setDefaultTimeout(STEP_TIMEOUT_MS);
		const byTestId = (testId: string): Locator => page.locator(`[data-test-id="${testId}"]`);
		const screenshot = async (name: string): Promise<void> => {
			mkdirSync(SCREENSHOT_DIR, { recursive: true });
			// Notifications ("Node credential updated") and tooltips would cover the panels.
			for (const close of await page.locator('.el-notification__closeBtn').all()) {
				await close.click().catch(() => undefined);
			}
			// Let transitions of the panels finish, so that the picture shows the settled page.
			await page.waitForTimeout(600);
			await page.screenshot({ path: join(SCREENSHOT_DIR, name) });
		};
		return { browser, page, byTestId, screenshot };
	} catch (error) {
		await browser.close();
		throw error;
	}
}

/** Signs in on n8n's sign-in page as the tests' owner, as a person would. */
export async function signIn(session: EditorSession, n8nUrl: string): Promise<void> {
	const { page, byTestId } = session;
	await page.goto(`${n8nUrl}/signin`);
	await page.locator('input[name="emailOrLdapLoginId"]').fill(OWNER.email);
	await page.locator('input[name="password"]').fill(OWNER.password);
	await byTestId('form-submit-button').click();
	await page.waitForURL((address) => !address.pathname.startsWith('/signin'));
}

/** n8n with the package and the sandbox, and a browser signed in on it as the owner: what every editor test starts with. */
export interface SignedInEditor {
	env: E2eEnvironment;
	editor: EditorSession;
	page: Page;
	/** Closes the browser and stops the environment. */
	stop(): Promise<void>;
}

/**
 * Starts the environment (`startE2eEnvironment`'s options), opens the editor and signs in. On any failure, whatever was
 * started is stopped before the error is passed on.
 */
export async function startSignedInEditor(options?: Parameters<typeof startE2eEnvironment>[0]): Promise<SignedInEditor> {
	const env = await startE2eEnvironment(options);
	let editor: EditorSession | undefined;
	const stop = async (): Promise<void> => {
		try {
			await editor?.browser.close();
		} finally {
			await env.stop();
		}
	};
	try {
		editor = await launchEditor();
		await signIn(editor, env.n8n.url);
		return { env, editor, page: editor.page, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

/** Types into the node panel's search and waits for the MinistrySafe result (n8n 2.41 filters after a delay). */
export async function searchMinistrySafe({ byTestId }: EditorSession): Promise<Locator> {
	const search = byTestId('node-creator-search-bar');
	await search.waitFor({ state: 'visible' });
	await search.fill('MinistrySafe');
	const result = byTestId('node-creator-item-name').filter({ hasText: /^MinistrySafe$/ });
	await result.first().waitFor({ state: 'visible' });
	return result;
}

/**
 * Adds a field to a collection (Add Field, Add Option) as a user does: the collection's add control, then the field's
 * label (n8n 2.41 lists the fields left; n8n 2.8 adds the only one left at once). A panel may have several collections
 * (Sync: Additional Fields, Options, Request Options), so each add control is opened until one offers the label.
 * Returns the field's input.
 */
export async function addCollectionField(page: Page, panel: Locator, label: string, name: string): Promise<Locator> {
	const input = panel.locator(`[data-test-id="parameter-input-${name}"]`).first();
	const offered = page
		.locator('.el-select-dropdown__item:visible, [role="option"]:visible, [role="menuitem"]:visible')
		.filter({ hasText: new RegExp(`^\\s*${label}\\s*$`) })
		.first();
	for (const control of await panel.locator('[data-test-id^="collection-parameter-add"]:visible').all()) {
		const combobox = control.getByRole('combobox');
		const opener = (await combobox.count()) > 0 ? combobox.first() : control;
		await opener.click();
		const shown = (target: Locator, outcome: 'offered' | 'added') =>
			target.waitFor({ state: 'visible', timeout: 2_000 }).then(
				() => outcome,
				() => 'neither' as const,
			);
		const outcome = await Promise.race([shown(offered, 'offered'), shown(input, 'added')]);
		if (outcome === 'offered') await offered.click();
		if (outcome !== 'neither') return input;
		// Closed by the control that opened it (Escape would close the whole panel once the menu is gone).
		await opener.click();
	}
	throw new Error(`No add control of the panel offers "${label}"`);
}
