// A person opening a saved execution in the n8n editor, in Chromium (the end-to-end suite's browser helper): the
// execution's page, then the measured node's panel, until its output is on screen (its first item's values, or the
// editor's "no output" / "Show data?" notice, which is clicked through as a person would to see the data). Timed from
// the page's request to the output shown.
import { join } from 'node:path';

import type { Browser, FrameLocator, Page } from 'playwright-core';

import { launchEditor, signIn } from '../../test/e2e/browser';

export interface ExecutionView {
	/** Milliseconds from opening the execution's page to the node's output on screen; undefined if it never showed. */
	ms?: number;
	/** What was on screen at the end: the output, or why not. */
	shown: string;
}

export interface EditorOpener {
	open(workflowId: string, executionId: string, nodeName: string, timeoutMs: number): Promise<ExecutionView>;
	close(): Promise<void>;
}

/** The editor, signed in as the e2e owner (the benchmark's n8n has the same owner). */
export async function startEditor(n8nUrl: string, screenshotDir?: string): Promise<EditorOpener> {
	const session = await launchEditor();
	const browser: Browser = session.browser;
	try {
		await signIn(session, n8nUrl);
	} catch (error) {
		await browser.close();
		throw error;
	}
	return {
		close: () => browser.close(),
		async open(workflowId, executionId, nodeName, timeoutMs) {
			// A fresh page each time: nothing of the last execution stays in memory or in the page's caches.
			const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
			page.setDefaultTimeout(timeoutMs);
			const started = Date.now();
			try {
				const shown = await openAndShow(page, `${n8nUrl}/workflow/${workflowId}/executions/${executionId}`, nodeName, started + timeoutMs);
				const ms = Date.now() - started;
				if (screenshotDir) await page.screenshot({ path: join(screenshotDir, `execution-${executionId}.png`) }).catch(() => undefined);
				return { ms, shown };
			} catch (error) {
				if (screenshotDir) await page.screenshot({ path: join(screenshotDir, `execution-${executionId}-failed.png`) }).catch(() => undefined);
				return { shown: `not shown within ${Math.round(timeoutMs / 1000)} s: ${(error as Error).message.split('\n')[0]}` };
			} finally {
				await page.close().catch(() => undefined);
			}
		},
	};
}

/** The execution preview is an iframe of the canvas in n8n's executions view. */
async function previewFrame(page: Page): Promise<FrameLocator> {
	const iframe = page.locator('iframe').first();
	await iframe.waitFor({ state: 'attached' });
	return page.frameLocator('iframe').first();
}

async function openAndShow(page: Page, url: string, nodeName: string, deadline: number): Promise<string> {
	const left = () => Math.max(1000, deadline - Date.now());
	await page.goto(url, { waitUntil: 'commit', timeout: left() });
	const frame = await previewFrame(page);
	const node = frame.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`);
	await node.waitFor({ state: 'visible', timeout: left() });
	await node.dblclick({ timeout: left() });
	const output = frame.locator('[data-test-id="output-panel"]');
	await output.waitFor({ state: 'visible', timeout: left() });
	// Whichever comes first: the data, the editor's size warning (clicked through), or no data.
	const data = output.locator('[data-test-id="ndv-data-container"] :is(td, .json-data, [data-test-id="run-data-schema-item"])').first();
	const warning = output.locator('[data-test-id="ndv-data-size-warning"]');
	const nothing = output.locator('[data-test-id="ndv-no-data"], [data-test-id="ndv-items-count"]:has-text("No output")');
	const first = await Promise.race([
		data.waitFor({ state: 'visible', timeout: left() }).then(() => 'data' as const),
		warning.waitFor({ state: 'visible', timeout: left() }).then(() => 'warning' as const),
		nothing.waitFor({ state: 'visible', timeout: left() }).then(() => 'nothing' as const),
	]);
	if (first === 'warning') {
		const warned = (await warning.innerText()).split('\n')[0];
		await warning.locator('button').first().click({ timeout: left() });
		await data.waitFor({ state: 'visible', timeout: left() });
		return `the data, after "${warned}"`;
	}
	return first === 'data' ? 'the data' : 'no output';
}
