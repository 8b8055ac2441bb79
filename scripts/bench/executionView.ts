// A person opening a saved execution in the n8n editor, in Chromium (the end-to-end suite's browser helper), two ways:
// - from the workflow, as one looks at last night's run: the editor already open on the workflow, a click on its
//   Executions tab and on the execution, then the measured node's panel, until its output is on screen. Timed from the
//   click on the tab: what the execution costs the editor, the editor's own load left out (`ms`, against the target);
// - as a new page at the execution's address (a link in an email): the editor's own load included (`pageMs`).
// The output is on screen when its first item's values show, or the editor's "no output" / "Show data?" notice (clicked
// through as a person would to see the data).
import { join } from 'node:path';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import { launchChromium, signIn, STEP_TIMEOUT_MS } from '../../test/e2e/browser';

export interface ExecutionView {
	/**
	 * Milliseconds from the click on the workflow's Executions tab (the editor open on the workflow) to the node's output
	 * on screen; undefined if it never showed.
	 */
	ms?: number;
	/** Of those, until the execution's canvas showed the node. */
	canvasMs?: number;
	/** Milliseconds from opening the execution's address as a new page (the editor's own load included) to the output. */
	pageMs?: number;
	/** What was on screen at the end: the output, or why not. */
	shown: string;
}

export interface EditorOpener {
	open(workflowId: string, executionId: string, nodeName: string, timeoutMs: number): Promise<ExecutionView>;
	close(): Promise<void>;
}

/** The editor, signed in as the e2e owner (the benchmark's n8n has the same owner), in one browser context. */
export async function startEditor(n8nUrl: string, screenshotDir?: string): Promise<EditorOpener> {
	const browser: Browser = await launchChromium();
	const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
	try {
		const page = await context.newPage();
		page.setDefaultTimeout(STEP_TIMEOUT_MS);
		await signIn({ browser, page, byTestId: (testId) => page.locator(`[data-test-id="${testId}"]`), screenshot: async () => undefined }, n8nUrl);
		await page.close();
	} catch (error) {
		await browser.close();
		throw error;
	}
	return {
		close: () => browser.close(),
		async open(workflowId, executionId, nodeName, timeoutMs) {
			const fromTab = await onFreshPage(context, timeoutMs, screenshotDir && join(screenshotDir, `execution-${executionId}`), (page, deadline) =>
				fromExecutionsTab(page, n8nUrl, workflowId, executionId, nodeName, deadline),
			);
			if (fromTab.ms === undefined) return { shown: fromTab.shown };
			const asPage = await onFreshPage(context, timeoutMs, undefined, (page, deadline) =>
				openAndShow(page, `${n8nUrl}/workflow/${workflowId}/executions/${executionId}`, nodeName, deadline, {}),
			);
			return { ms: fromTab.ms, canvasMs: fromTab.canvasMs, pageMs: asPage.ms, shown: fromTab.shown };
		},
	};
}

type Phases = { startedAt?: number; canvasAt?: number };

/**
 * A step on a fresh page of the signed-in context (nothing of the last execution stays in the page's memory), timed
 * from the moment the step marks (`startedAt`, else the page's request); on failure, what was on screen.
 */
async function onFreshPage(
	context: BrowserContext,
	timeoutMs: number,
	screenshotPath: string | undefined,
	step: (page: Page, deadline: number) => Promise<{ shown: string; phases: Phases }>,
): Promise<{ ms?: number; canvasMs?: number; shown: string }> {
	const page = await context.newPage();
	page.setDefaultTimeout(timeoutMs);
	const opened = Date.now();
	try {
		const { shown, phases } = await step(page, opened + timeoutMs);
		const started = phases.startedAt ?? opened;
		const ms = Date.now() - started;
		if (screenshotPath) await page.screenshot({ path: `${screenshotPath}.png` }).catch(() => undefined);
		return { ms, canvasMs: phases.canvasAt === undefined ? undefined : phases.canvasAt - started, shown };
	} catch (error) {
		if (screenshotPath) await page.screenshot({ path: `${screenshotPath}-failed.png` }).catch(() => undefined);
		const testIds = await page
			.locator('[data-test-id="ndv"] [data-test-id]')
			.evaluateAll((elements) => [...new Set(elements.map((element) => element.getAttribute('data-test-id')))].join(' '))
			.catch(() => '');
		const frames = page.frames().map((frame) => frame.url()).join(' ');
		return { shown: `not shown within ${Math.round(timeoutMs / 1000)} s: ${(error as Error).message.split('\n')[0]} [page: ${testIds}] [frames: ${frames}]` };
	} finally {
		await page.close().catch(() => undefined);
	}
}

/** The editor open on the workflow; then, timed, its Executions tab, the execution in the list, the node's output. */
async function fromExecutionsTab(
	page: Page,
	n8nUrl: string,
	workflowId: string,
	executionId: string,
	nodeName: string,
	deadline: number,
): Promise<{ shown: string; phases: Phases }> {
	const left = () => Math.max(1000, deadline - Date.now());
	await page.goto(`${n8nUrl}/workflow/${workflowId}`, { waitUntil: 'commit', timeout: left() });
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`).first().waitFor({ state: 'visible', timeout: left() });
	const phases: Phases = { startedAt: Date.now() };
	await page.locator('[data-test-id="radio-button-executions"]').first().click({ timeout: left() });
	// The tab opens the newest execution by itself; the click on its entry in the list makes sure it is this one.
	await page.locator(`.execution-card a[href$="/executions/${executionId}"]`).first().click({ timeout: left() });
	return { shown: await showOutput(page, nodeName, deadline, phases), phases };
}

async function openAndShow(page: Page, url: string, nodeName: string, deadline: number, phases: Phases): Promise<{ shown: string; phases: Phases }> {
	await page.goto(url, { waitUntil: 'commit', timeout: Math.max(1000, deadline - Date.now()) });
	return { shown: await showOutput(page, nodeName, deadline, phases), phases };
}

/** From the execution's page: its canvas, the node's panel, the output on screen. */
async function showOutput(page: Page, nodeName: string, deadline: number, phases: Phases): Promise<string> {
	const left = () => Math.max(1000, deadline - Date.now());
	// n8n 2.41 shows the execution on the canvas of its executions view. (2.8.4 shows it in an iframe, which this does not
	// look into: the benchmark's editor figures are of the current runtime.)
	const frame = page.locator('[data-test-id="execution-preview-host"]');
	const node = frame.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`);
	await node.waitFor({ state: 'visible', timeout: left() });
	phases.canvasAt = Date.now();
	await node.dblclick({ timeout: left() });
	const output = page.locator('[data-test-id="ndv"] [data-test-id="output-panel"]');
	await output.waitFor({ state: 'visible', timeout: left() });
	// Whichever comes first: the data, the editor's size warning (clicked through), or no data.
	const data = output.locator('[data-test-id="ndv-data-container"] :is(td, .json-data, [data-test-id="run-data-schema-item"])').first();
	const warning = output.locator('[data-test-id="ndv-data-size-warning"]');
	const nothing = output.locator('[data-test-id="ndv-no-data"], [data-test-id="ndv-items-count"]:has-text("No output")');
	await data.or(warning).or(nothing).first().waitFor({ state: 'visible', timeout: left() });
	const first = (await warning.isVisible()) ? 'warning' : (await data.isVisible()) ? 'data' : 'nothing';
	if (first === 'warning') {
		const warned = (await warning.innerText()).split('\n')[0];
		await warning.locator('button').first().click({ timeout: left() });
		await data.waitFor({ state: 'visible', timeout: left() });
		return `the data, after "${warned}"`;
	}
	return first === 'data' ? 'the data' : 'no output';
}
