// A person opening a saved execution in the n8n editor, in Chromium (the end-to-end suite's browser helper): the
// execution's page, then the measured node's panel, until its output is on screen (its first item's values, or the
// editor's "no output" / "Show data?" notice, which is clicked through as a person would to see the data). Timed from
// the page's request to the output shown.
import { join } from 'node:path';

import type { Browser, Page } from 'playwright-core';

import { launchChromium, signIn, STEP_TIMEOUT_MS } from '../../test/e2e/browser';

export interface ExecutionView {
	/** Milliseconds from opening the execution's page to the node's output on screen; undefined if it never showed. */
	ms?: number;
	/** Of those, until the execution's canvas showed the node (the editor's own load, then the execution's). */
	canvasMs?: number;
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
			// A fresh page of the signed-in context each time: nothing of the last execution stays in the page's memory.
			const page = await context.newPage();
			page.setDefaultTimeout(timeoutMs);
			const started = Date.now();
			try {
				const phases: { canvasAt?: number } = {};
				const shown = await openAndShow(page, `${n8nUrl}/workflow/${workflowId}/executions/${executionId}`, nodeName, started + timeoutMs, phases);
				const ms = Date.now() - started;
				if (screenshotDir) await page.screenshot({ path: join(screenshotDir, `execution-${executionId}.png`) }).catch(() => undefined);
				return { ms, canvasMs: phases.canvasAt === undefined ? undefined : phases.canvasAt - started, shown };
			} catch (error) {
				if (screenshotDir) await page.screenshot({ path: join(screenshotDir, `execution-${executionId}-failed.png`) }).catch(() => undefined);
				const testIds = await page
					.locator('[data-test-id="ndv"] [data-test-id]')
					.evaluateAll((elements) => [...new Set(elements.map((element) => element.getAttribute('data-test-id')))].join(' '))
					.catch(() => '');
				const frames = page.frames().map((frame) => frame.url()).join(' ');
				return { shown: `not shown within ${Math.round(timeoutMs / 1000)} s: ${(error as Error).message.split('\n')[0]} [page: ${testIds}] [frames: ${frames}]` };
			} finally {
				await page.close().catch(() => undefined);
			}
		},
	};
}

async function openAndShow(page: Page, url: string, nodeName: string, deadline: number, phases: { canvasAt?: number }): Promise<string> {
	const left = () => Math.max(1000, deadline - Date.now());
	await page.goto(url, { waitUntil: 'commit', timeout: left() });
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
