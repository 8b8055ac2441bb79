// The template "Upload your staff list" as a user first meets it, in a real browser: imported with its credentials
// there, opened in the editor, run with "Execute workflow" (n8n opens the form's test page in a new tab, which asks
// for the form's login as a browser does), a file uploaded and the pages read in that tab. An export whose ID column's
// name is not known gets a next page listing its columns, and the column chosen there is read as the ID; a UKG-like
// export (status codes, employees and volunteers in one file) gets a dry run that names the people by type, those who
// left once and each code it does not know once, and, with "Execute workflow" pressed again (a test form takes one
// submission), "Apply the changes" creates them with their types and no one who left.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Locator, Page } from 'playwright-core';

import { exampleWorkflows, UPLOAD_FORM_LOGIN, waitFor } from '../../scripts/n8n-runtime';
import { type UploadExport, ukgLikeExport } from '../fixtures/uploadExports';
import { ok, sandboxClients } from '../helpers/sandbox';
import { type EditorSession, SCREENSHOT_DIR, launchEditor, signIn } from './browser';
import { type E2eEnvironment, startE2eEnvironment } from './helpers';
import { APPLY, BY_COLUMN, DRY_RUN, EMPLOYEES } from '../helpers/uploadForm';

const UPLOAD = 'msExampleUploadStaffList';
const LOAD_TIMEOUT_MS = 120_000;
const template = exampleWorkflows().find((workflow) => workflow.id === UPLOAD);
if (!template) throw new Error(`examples/ has no workflow ${UPLOAD}`);

interface ApiUser {
	id: number;
	external_id: string;
	first_name: string;
	last_name: string;
	email: string;
	user_type: string | null;
	tags: string[];
}

const csv = (rows: string[][]) => `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;

/** An ADP-like export whose ID column ("File #") no rule of Map Automatically takes for the person's ID. */
const ADP_LIKE = csv([
	['File #', 'Preferred Name', 'Last Name', 'Work Email', 'Status'],
	['30001', 'Ana', 'Adpson', 'ana.adpson@example.org', 'Active'],
	['30002', 'Bo', 'Adpson', 'bo.adpson@example.org', 'Active'],
]);
let env: E2eEnvironment;
let editor: EditorSession;
let page: Page;

beforeAll(async () => {
	env = await startE2eEnvironment({ workflows: [template] });
	editor = await launchEditor();
	page = editor.page;
	// The editor's first loads are slow on a busy machine; each step keeps browser.ts's limit.
	page.setDefaultNavigationTimeout(LOAD_TIMEOUT_MS);
	await signIn(editor, env.n8n.url);
	// The form's login, given when the form's tab asks for it (the browser's own prompt for Basic Auth).
	await editor.page.context().setHTTPCredentials({ username: UPLOAD_FORM_LOGIN.user, password: UPLOAD_FORM_LOGIN.password });
}, 600_000);

afterAll(async () => {
	await editor?.browser.close();
	await env?.stop();
});

const users = async (): Promise<ApiUser[]> => ok(await sandboxClients(env.sandbox).api.get('/users?page=1')) as ApiUser[];

/**
 * Presses "Execute workflow" and fills in the form in the tab n8n opens: the file, who is on it, what should happen.
 * Returns the tab once it shows the page titled `title` (the form's next page, or its ending page).
 */
async function fillForm(
	file: { name: string; content: string },
	people: string,
	mode: string,
	title: string,
	beforeSending?: (form: Page) => Promise<void>,
): Promise<Page> {
	// The workflow stays open between runs, as a person keeps it open; the first load may be slow on a busy machine.
	if (!page.url().includes(`/workflow/${UPLOAD}`)) await page.goto(`${env.n8n.url}/workflow/${UPLOAD}`, { timeout: LOAD_TIMEOUT_MS });
	await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'visible', timeout: LOAD_TIMEOUT_MS });
	const opened = page.context().waitForEvent('page', { timeout: LOAD_TIMEOUT_MS });
	await page.locator('[data-test-id="execute-workflow-button"]').first().click({ timeout: LOAD_TIMEOUT_MS });
	const form = await opened;
	await form.waitForLoadState('load', { timeout: LOAD_TIMEOUT_MS });
	await form.locator('input[type="file"]').first().setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: Buffer.from(file.content) });
	await form.getByLabel('Who is on the list?').selectOption({ label: people }, { timeout: LOAD_TIMEOUT_MS });
	await form.getByLabel('What should happen?').selectOption({ label: mode });
	await beforeSending?.(form);
	await form.locator('button[type="submit"]').first().click();
	await form.locator('h1', { hasText: title }).first().waitFor({ state: 'visible', timeout: 90_000 });
	return form;
}

/** Waits until n8n's run behind the form has ended: the ending page's own script tells n8n it was shown. */
async function formRunEnded(): Promise<void> {
	// A tab closed before that leaves the run waiting (on a busy machine, it was).
	await waitFor(
		'the form run to end in n8n',
		async () => {
			const executions = await env.client.executions(env.apiKey, UPLOAD);
			return executions.length > 0 && executions.every((execution) => !['new', 'running', 'waiting'].includes(execution.status)) ? true : undefined;
		},
		LOAD_TIMEOUT_MS,
		500,
	);
}

/** `fillForm` for a form whose first page leads to its ending page. */
async function runForm(...args: Parameters<typeof fillForm>): Promise<Page> {
	const form = await fillForm(...args);
	await formRunEnded();
	return form;
}

/** The ending page for README: its card, from the top of the page. */
async function shoot(form: Page, name: string): Promise<void> {
	mkdirSync(SCREENSHOT_DIR, { recursive: true });
	const card = await form.locator('.card').first().boundingBox();
	const height = Math.min(Math.ceil(card ? card.y + card.height + 16 : 320), 1400);
	await form.screenshot({ path: join(SCREENSHOT_DIR, name), clip: { x: 0, y: 0, width: form.viewportSize()?.width ?? 700, height }, fullPage: true });
}

/** The ending page's lines as a person reads them. */
const linesOf = async (form: Page) =>
	(await form.locator('body').innerText())
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean);

/** Waits until the editor shows the run as ended, so that "Execute workflow" starts a new one. */
async function runEnded(): Promise<void> {
	await waitFor(
		'the manual run to end',
		async () => {
			const stopShown = (await page.locator('[data-test-id="stop-execution-button"]:visible').count()) > 0;
			const button = page.locator('[data-test-id="execute-workflow-button"]').first();
			const ready = (await button.isVisible()) && (await button.isEnabled()) && !/waiting|executing/i.test((await button.textContent()) ?? '');
			return !stopShown && ready ? true : undefined;
		},
		LOAD_TIMEOUT_MS,
	);
}

it('opens with its sticky note readable: all of its text inside it, and no node lying on it', async () => {
	await page.goto(`${env.n8n.url}/workflow/${UPLOAD}`, { timeout: LOAD_TIMEOUT_MS });
	await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'visible', timeout: LOAD_TIMEOUT_MS });
	// As the editor draws them: the canvas opens zoomed to fit, so every node and the note are on screen.
	const boxOf = async (element: Locator) => {
		const box = await element.boundingBox();
		if (!box) throw new Error('An element of the canvas is not drawn');
		return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
	};
	const sticky = page.locator('[data-node-type="n8n-nodes-base.stickyNote"] [data-test-id="sticky"]');
	expect(await sticky.count()).toBe(1);
	const note = await boxOf(sticky);
	const text = await Promise.all((await sticky.locator('h1, h2, h3, h4, p, li').all()).map(boxOf));
	expect(text.length).toBeGreaterThan(5);
	expect(Math.max(...text.map((line) => line.bottom))).toBeLessThanOrEqual(note.bottom);
	const nodes = await Promise.all(
		(await page.locator('[data-test-id="canvas-node"]').all()).map(async (node) => ({ name: await node.getAttribute('data-node-name'), ...(await boxOf(node)) })),
	);
	const onTheNote = nodes.filter((node) => node.left < note.right && note.left < node.right && node.top < note.bottom && note.top < node.bottom);
	expect(onTheNote.map((node) => node.name)).toEqual([]);
	expect(nodes.length).toBe(template.nodes.length - 1);
});

it("an ADP-like export whose ID column's name is not known: the next page lists its columns, nothing sent before the answer, and the answer reads it", async () => {
	const start = env.sandbox.requests.length;
	const form = await fillForm({ name: 'adp-export.csv', content: ADP_LIKE }, EMPLOYEES, DRY_RUN, "Which column holds each person's ID?");

	const question = form.getByLabel("Column with each person's ID");
	expect((await question.locator('option').allTextContents()).map((option) => option.trim())).toEqual([
		'Select an option ...',
		'File #',
		'Preferred Name',
		'Last Name',
		'Work Email',
		'Status',
	]);
	expect(env.sandbox.requests.slice(start)).toEqual([]);
	await shoot(form, 'upload-no-id-column.png');

	await question.selectOption({ label: 'File #' });
	await form.locator('button[type="submit"]').first().click();
	await form.locator('h1', { hasText: 'What would change' }).first().waitFor({ state: 'visible', timeout: 90_000 });
	await formRunEnded();

	expect(await linesOf(form)).toContain('Would create 2 employees: Ana Adpson, Bo Adpson');
	expect(env.sandbox.requests.slice(start).filter((request) => request.method !== 'GET')).toEqual([]);
	await form.close();
	await runEnded();
});

it('a UKG-like export of employees and volunteers: the dry run names them by type and each unknown code once; Apply creates them with their types', async () => {
	const before = await users();
	const [leaver, kept] = before.filter((user) => /^\d+$/.test(user.external_id) && user.user_type && !/[<>&']/.test(`${user.first_name}${user.last_name}`));
	const ukg: UploadExport = ukgLikeExport(leaver, kept);
	const file = { name: ukg.file, content: csv(ukg.rows) };
	const name = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;
	const byType = (type: 'employee' | 'volunteer') => ukg.created.filter((person) => person.userType === type).map(name);

	const dryRun = await runForm(file, BY_COLUMN, DRY_RUN, 'What would change', (form) =>
		shoot(form, 'upload-form.png'),
	);
	const dryRunLines = await linesOf(dryRun);
	expect(dryRunLines).toEqual(
		expect.arrayContaining([
			`Would create 2 employees: ${byType('employee').join(', ')}`,
			`Would create 1 volunteer: ${byType('volunteer').join(', ')}`,
			`Would deactivate 1: ${leaver.first_name} ${leaver.last_name}`,
			'Nothing has changed yet. To make these changes, send the same file again with "Apply the changes".',
		]),
	);
	for (const { column, value } of ukg.unknown) {
		expect(dryRunLines.filter((line) => line.includes(`'${value}'`))).toEqual([expect.stringMatching(new RegExp(`^${column} '${value}' \\(`))]);
	}
	expect(await users()).toEqual(before);
	await shoot(dryRun, 'upload-dry-run.png');
	await dryRun.close();
	await runEnded();

	// A test form takes one submission: the applied run is a second "Execute workflow".
	const applied = await runForm(file, BY_COLUMN, APPLY, 'Your staff list is applied');
	expect(await linesOf(applied)).toEqual(
		expect.arrayContaining([`Created 2 employees: ${byType('employee').join(', ')}`, `Created 1 volunteer: ${byType('volunteer').join(', ')}`]),
	);
	await shoot(applied, 'upload-applied.png');
	await applied.close();

	const after = await users();
	const listed = new Set(ukg.rows.slice(1).map(([externalId]) => externalId));
	expect(
		after
			.filter((user) => listed.has(user.external_id) && !before.some((known) => known.id === user.id))
			.map(({ external_id, user_type }) => ({ external_id, user_type }))
			.sort((a, b) => a.external_id.localeCompare(b.external_id)),
	).toEqual(ukg.created.map((person) => ({ external_id: person.externalId, user_type: person.userType })));
	expect(after.find((user) => user.id === leaver.id)).toBeUndefined();
});
