// The templates in examples/ as a user meets them, in a real n8n with the package installed: the two forms filled in
// over HTTP as a browser does it (the upload form with its login, and its second page when the file's ID column has a
// name it does not know), against the sandbox; the two nightly syncs imported as they ship (only their source's
// credential missing) and run from their schedule with the source's output pinned, as "Execute workflow" runs them.
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { type INode, type INodeTypeDescription, NodeHelpers } from 'n8n-workflow';

import {
	type PublicExecution,
	type WorkflowFile,
	exampleWorkflows,
	importCredentials,
	importWorkflows,
	nodeOutput,
	selectedRuntime,
	UPLOAD_FORM_LOGIN,
	waitFor,
} from '../../scripts/n8n-runtime';
import type { RecordedRequest } from '../../sandbox';
import { ok, sandboxClients } from '../helpers/sandbox';
import { organizationBody } from '../sandbox/helpers';
import { unicodeText, windowsCsv } from '../fixtures/excelExports';
import { churchRoster, type UploadExport, ukgLikeExport } from '../fixtures/uploadExports';
import { activeFlagExport, churchValuesExport } from '../fixtures/uploadValueExports';
import { type Json, orderBackgroundCheck } from '../trigger/sandboxClient';
import { choicesOf, type FormAnswers, type FormFile, type FormPage, submitForm, submitPage } from './forms';
import { type E2eEnvironment, startE2eEnvironment } from './helpers';
import { GONE, LAST_CHECK, NOTHING, whoMayServeRow } from '../helpers/whoMayServe';
import { APPLY, BY_COLUMN, DRY_RUN, EMPLOYEES, VOLUNTEERS } from '../helpers/uploadForm';

const UPLOAD = 'msExampleUploadStaffList';
const VOLUNTEER = 'msExampleVolunteerSignUp';
const GOOGLE_SHEET = 'msExampleGoogleSheetSync';
const BAMBOO_HR = 'msExampleBambooHrSync';
const EXPIRING_REPORT = 'msExampleExpiringReport';
const SCHEDULE = 'Every night at 2:00';
const SEND_AGAIN = 'Nothing has changed yet. To make these changes, send the same file again with "Apply the changes".';

interface ApiUser {
	id: number;
	first_name: string;
	last_name: string;
	email: string;
	external_id: string;
	user_type: string | null;
	tags: string[];
}

const templates = exampleWorkflows();

function template(id: string): WorkflowFile {
	const found = templates.find((workflow) => workflow.id === id);
	if (!found) throw new Error(`examples/ has no workflow ${id}`);
	return found;
}

function nodeNamed(workflow: WorkflowFile, name: string): Record<string, unknown> {
	const node = workflow.nodes.find((candidate) => candidate.name === name);
	if (!node) throw new Error(`${workflow.id} has no node "${name}"`);
	return node;
}

let env: E2eEnvironment;

const api = {
	get: async <T>(path: string): Promise<T> => ok(await sandboxClients(env.sandbox).api.get(path)) as T,
};

/** Every User of the demo Organization, page by page. */
async function allUsers(): Promise<ApiUser[]> {
	const users: ApiUser[] = [];
	for (let page = 1; ; page++) {
		const batch = await api.get<ApiUser[]>(`/users?page=${page}`);
		users.push(...batch);
		if (batch.length < 100) return users;
	}
}

/** The API requests n8n sent from `start` on (the test's own reads come later, or are left out by the caller). */
const sentSince = (start: number): RecordedRequest[] => env.sandbox.requests.slice(start);
const writes = (requests: RecordedRequest[]) => requests.filter((request) => request.method !== 'GET');

/** The production URL of a template's form: n8n serves it at /form/<the Form Trigger's path>. */
function formUrl(workflow: WorkflowFile): string {
	const trigger = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.formTrigger');
	const path = (trigger?.parameters as { options?: { path?: string } } | undefined)?.options?.path;
	if (!path) throw new Error(`${workflow.id} has no Form Trigger with a path`);
	return `${env.n8n.url}/form/${path}`;
}

/** The upload form, filled in by someone with its login. */
const uploadForm = (answers: FormAnswers) => submitForm(formUrl(template(UPLOAD)), answers, UPLOAD_FORM_LOGIN);

function csv(rows: string[][]): string {
	const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
	return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/**
 * The rows as an Excel workbook, written by the spreadsheet library the n8n under test reads Excel files with; a Date is
 * a date cell, as Excel keeps one (a serial day number with a date format).
 */
function excelFile(rows: Array<Array<string | Date>>): Uint8Array {
	const nodesBase = createRequire(join(selectedRuntime().dir, 'node_modules', 'n8n-nodes-base', 'package.json'));
	// n8n 2.8 depends on SheetJS as 'xlsx', 2.41 on its republished '@e965/xlsx'.
	const sheetJs = ['xlsx', '@e965/xlsx'].flatMap((name) => {
		try {
			return [nodesBase(name) as SheetJs];
		} catch {
			return [];
		}
	})[0];
	if (!sheetJs) throw new Error(`The n8n in ${selectedRuntime().dir} has no SheetJS ('xlsx' or '@e965/xlsx')`);
	const workbook = sheetJs.utils.book_new();
	sheetJs.utils.book_append_sheet(workbook, sheetJs.utils.aoa_to_sheet(rows, { cellDates: true }), 'Staff');
	return new Uint8Array(sheetJs.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

interface SheetJs {
	utils: {
		book_new(): unknown;
		book_append_sheet(workbook: unknown, sheet: unknown, name: string): void;
		aoa_to_sheet(rows: Array<Array<string | Date>>, options: { cellDates: boolean }): unknown;
	};
	write(workbook: unknown, options: { type: 'buffer'; bookType: 'xlsx' }): unknown;
}

type Node = WorkflowFile['nodes'][number];

/**
 * A copy of a template under an id and a name of its own, its Form Trigger on a path of its own (two published forms
 * cannot share one); `change` alters its nodes first.
 */
function variantOf(workflow: WorkflowFile, id: string, name: string, path: string, change: (node: Node) => Node): WorkflowFile {
	const nodes = workflow.nodes.map((original) => {
		const node = change(original);
		if (node.type !== 'n8n-nodes-base.formTrigger') return node;
		const parameters = node.parameters as { options: Record<string, unknown> };
		return { ...node, parameters: { ...parameters, options: { ...parameters.options, path } } };
	});
	return { ...workflow, id, name: `${workflow.name} (${name})`, nodes };
}

/**
 * The upload template with its trigger replaced as its sticky note says for n8n User Auth: a new Form Trigger (2.6,
 * n8n 2.24 and later) set to it, with the same fields. n8n 2.8 has no such trigger.
 */
const BEHIND_N8N_LOGIN = 'tplUploadN8nUserAuth';
const HAS_N8N_USER_AUTH = selectedRuntime().name !== 'oldest';
const behindN8nLogin = (workflow: WorkflowFile): WorkflowFile =>
	variantOf(workflow, BEHIND_N8N_LOGIN, 'n8n User Auth', 'upload-staff-list-n8n-login', (node) => {
		if (node.type !== 'n8n-nodes-base.formTrigger') return node;
		// Its Basic Auth credential goes with Basic Auth.
		const trigger: Node = { ...node, typeVersion: 2.6, parameters: { ...(node.parameters as Record<string, unknown>), authentication: 'n8nUserAuth' } };
		delete trigger.credentials;
		return trigger;
	});

/**
 * The upload template with its next page's wait cut from an hour to 3 s: what an hour unanswered does, without the
 * hour. n8n resumes a run whose wait has passed from a poll every 60 s (its WaitTracker, the same in both versions), so
 * this runs on the oldest n8n alone: its lane has room for the minute; the current one's sets CI's time.
 */
const SHORT_WAIT = 'tplUploadShortWait';
const RUNS_SHORT_WAIT = selectedRuntime().name === 'oldest';
const withShortWait = (workflow: WorkflowFile): WorkflowFile =>
	variantOf(workflow, SHORT_WAIT, 'a short wait', 'upload-staff-list-short-wait', (node) =>
		node.name === 'Which column holds the ID?' ? { ...node, parameters: { ...(node.parameters as Record<string, unknown>), resumeAmount: 0.05, resumeUnit: 'minutes' } } : node,
	);

beforeAll(async () => {
	const n8nLogin = HAS_N8N_USER_AUTH ? [behindN8nLogin(template(UPLOAD))] : [];
	const shortWait = RUNS_SHORT_WAIT ? [withShortWait(template(UPLOAD))] : [];
	env = await startE2eEnvironment({
		workflows: [...templates, ...n8nLogin, ...shortWait],
		publish: [UPLOAD, VOLUNTEER, ...[...n8nLogin, ...shortWait].map((workflow) => workflow.id)],
	});
}, 600_000);

afterAll(async () => {
	await env?.stop();
});

describe('Upload your staff list', () => {
	const workflow = template(UPLOAD);
	const HEADER = ['Employee ID', 'First Name', 'Last Name', 'Email', 'User Type'];
	const newPeople = [
		['TPL-UPLOAD-1', 'Ada', 'Uploadwell', 'ada.uploadwell@example.org', 'employee'],
		['TPL-UPLOAD-2', 'Ben', 'Uploadwell', 'ben.uploadwell@example.org', 'volunteer'],
	];
	let before: ApiUser[];
	let changed: ApiUser;
	let same: ApiUser;
	let rows: string[][];
	let file: FormFile;

	beforeAll(async () => {
		before = await allUsers();
		// Two people the service has: one whose last name the file changes, one the file lists as they are.
		[changed, same] = before.filter((user) => user.external_id && user.user_type && !/[<>&]/.test(user.last_name));
		const row = (user: ApiUser, lastName = user.last_name) => [
			user.external_id,
			user.first_name,
			lastName,
			user.email,
			String(user.user_type),
		];
		rows = [HEADER, ...newPeople, row(changed, `${changed.last_name}-Okafor`), row(same)];
		file = { name: 'staff-export.csv', type: 'text/csv', content: csv(rows) };
	});

	/** The first submission of a file: a Dry Run that reads the service, changes nothing and says what it would do. */
	async function expectDryRun(sent: FormFile): Promise<void> {
		const start = env.sandbox.requests.length;

		const page = await uploadForm({
			'Staff list (CSV or Excel)': sent,
			'Who is on the list?': BY_COLUMN,
			'What should happen?': DRY_RUN,
		});

		const requests = sentSince(start);
		expect(requests.length).toBeGreaterThan(0);
		expect(writes(requests)).toEqual([]);
		expect(await allUsers()).toEqual(before);
		expect(page.title).toBe('What would change');
		expect(page.text.split('\n')).toEqual(
			expect.arrayContaining([
				'Would create 1 employee: Ada Uploadwell',
				'Would create 1 volunteer: Ben Uploadwell',
				`Would update 1: ${changed.first_name} ${changed.last_name}-Okafor (last_name)`,
				'Unchanged: 1',
				SEND_AGAIN,
			]),
		);
	}

	it('shows what would change, and changes nothing, when the file is sent the first time', async () => {
		await expectDryRun(file);
	});

	it('reads the same list from an Excel file', async () => {
		await expectDryRun({
			name: 'staff-export.xlsx',
			type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
			content: excelFile(rows),
		});
	});

	it('refuses a visitor who is not logged in: no form is shown, a form sent without the login starts nothing', async () => {
		const start = env.sandbox.requests.length;
		const executionsBefore = (await env.client.executions(env.apiKey, UPLOAD)).length;

		const opened = await fetch(formUrl(workflow), { signal: AbortSignal.timeout(30_000) });
		const guessed = await fetch(formUrl(workflow), {
			headers: { authorization: `Basic ${Buffer.from(`${UPLOAD_FORM_LOGIN.user}:a-guess`).toString('base64')}` },
			signal: AbortSignal.timeout(30_000),
		});
		const body = new FormData();
		body.append('field-1', EMPLOYEES);
		body.append('field-3', APPLY);
		const sent = await fetch(formUrl(workflow), { method: 'POST', body, signal: AbortSignal.timeout(30_000) });

		// n8n's form answers a wrong password as it answers none: 401, and the browser asks again.
		expect([opened.status, guessed.status, sent.status]).toEqual([401, 401, 401]);
		expect(opened.headers.get('www-authenticate')).toMatch(/^Basic/);
		for (const answer of [opened, guessed]) expect(await answer.text()).not.toContain('Staff list');
		expect(sentSince(start)).toEqual([]);
		expect((await env.client.executions(env.apiKey, UPLOAD)).length).toBe(executionsBefore);
	});

	(HAS_N8N_USER_AUTH ? it : it.skip)(
		'behind n8n User Auth (a new Form Trigger, n8n 2.24 and later, as the sticky note says): a visitor not logged in to n8n is sent to sign in, and a form sent without it starts nothing',
		async () => {
			// Signing in goes through n8n's own OAuth consent page in the editor (n8n 2.41): a browser's, not tested here.
			const variant = behindN8nLogin(workflow);
			const start = env.sandbox.requests.length;
			const executionsBefore = (await env.client.executions(env.apiKey, BEHIND_N8N_LOGIN)).length;

			const opened = await fetch(formUrl(variant), { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
			const sent = await fetch(formUrl(variant), { method: 'POST', body: new FormData(), redirect: 'manual', signal: AbortSignal.timeout(30_000) });

			expect({ status: opened.status, location: opened.headers.get('location') }).toEqual({
				status: 302,
				location: expect.stringMatching(new RegExp(`^(${env.n8n.url})?/(signin|oauth/authorize)\\?`)),
			});
			expect(await opened.text()).not.toContain('Staff list');
			expect(sent.status).toBe(401);
			expect(sentSince(start)).toEqual([]);
			expect((await env.client.executions(env.apiKey, BEHIND_N8N_LOGIN)).length).toBe(executionsBefore);
		},
	);

	const ACCENTED = [
		['Employee ID', 'First Name', 'Last Name', 'Email', 'User Type'],
		['TPL-ENC-1', 'Chloé', 'Núñez', 'chloe.nunez@example.org', 'employee'],
		['TPL-ENC-2', 'Zoë', 'Peña', 'zoe.pena@example.org', 'volunteer'],
	];
	it.each([
		["Excel's Unicode Text (UTF-16 little endian, tabs, .txt)", { name: 'staff-export.txt', type: 'text/plain', content: unicodeText(ACCENTED) }],
		[
			"Excel's CSV on Windows (Windows-1252), sent as application/vnd.ms-excel as browsers on Windows send it",
			{ name: 'staff-export.csv', type: 'application/vnd.ms-excel', content: windowsCsv(ACCENTED) },
		],
	])('%s: the dry run names the new people as the file writes them', async (_name, sent) => {
		const start = env.sandbox.requests.length;

		const page = await uploadForm({ 'Staff list (CSV or Excel)': sent, 'Who is on the list?': BY_COLUMN, 'What should happen?': DRY_RUN });

		expect(writes(sentSince(start))).toEqual([]);
		expect(page.title).toBe('What would change');
		expect(page.text.split('\n')).toEqual(expect.arrayContaining(['Would create 1 employee: Chloé Núñez', 'Would create 1 volunteer: Zoë Peña', SEND_AGAIN]));
	});

	it('makes the changes when the file is sent again with "Apply the changes", and says what it did', async () => {
		const start = env.sandbox.requests.length;

		const page = await uploadForm({
			'Staff list (CSV or Excel)': file,
			'Who is on the list?': BY_COLUMN,
			'What should happen?': APPLY,
		});

		// Sync sends its changes concurrently: they arrive in any order.
		const sentWrites = writes(sentSince(start)).map(({ method, path, body }) => ({ method, path, body }));
		expect(sentWrites).toHaveLength(3);
		expect(sentWrites).toEqual(expect.arrayContaining([
			...newPeople.map(([externalId, firstName, lastName, email, userType]) => ({
				method: 'POST',
				path: '/api/v2/users',
				body: expect.objectContaining({
					user: expect.objectContaining({
						external_id: externalId,
						first_name: firstName,
						last_name: lastName,
						email,
						user_type: userType,
					}),
				}),
			})),
			{ method: 'PUT', path: `/api/v2/users/${changed.id}`, body: { user: { last_name: `${changed.last_name}-Okafor` } } },
		]));
		expect(page.title).toBe('Your staff list is applied');
		expect(page.text.split('\n')).toEqual(
			expect.arrayContaining([
				'Created 1 employee: Ada Uploadwell',
				'Created 1 volunteer: Ben Uploadwell',
				`Updated 1: ${changed.first_name} ${changed.last_name}-Okafor (last_name)`,
				'Unchanged: 1',
			]),
		);
		expect(page.text).not.toContain('Nothing has changed yet');

		const after = await allUsers();
		for (const [externalId, firstName, lastName, , userType] of newPeople) {
			expect(after.find((user) => user.external_id === externalId)).toMatchObject({ first_name: firstName, last_name: lastName, user_type: userType });
		}
		expect(after.find((user) => user.id === changed.id)?.last_name).toBe(`${changed.last_name}-Okafor`);
		expect(after.find((user) => user.id === same.id)).toEqual(same);
	});
});

describe('Upload your staff list: exports as HR systems write them', () => {
	let leaver: ApiUser;
	let kept: ApiUser;
	/** A Paycom-like export: its own names for the ID, the legal names, the work email and the status. */
	let paycom: FormFile;
	const NEW_HIRES = [
		['TPL-PAYCOM-1', 'Priya', 'Paycomson', 'priya.paycomson@example.org'],
		// Text from the file reaches the page as text: it must not become HTML.
		['TPL-PAYCOM-2', 'Theo', 'Ray & <Sons>', 'theo.ray@example.org'],
	];

	beforeAll(async () => {
		// Two people the service has, left alone by the tests above: one who has left, one listed as they are.
		const usable = (await allUsers()).filter((user) => user.external_id && !user.external_id.startsWith('TPL-') && user.user_type && !/[<>&]/.test(`${user.first_name}${user.last_name}`));
		[leaver, kept] = usable.slice(-2);
		paycom = {
			name: 'paycom-export.csv',
			type: 'text/csv',
			content: csv([
				['Employee Code', 'Legal Firstname', 'Legal Lastname', 'Work Email', 'Employee Status', 'Department'],
				...NEW_HIRES.map(([code, first, last, email]) => [code, first, last, email, 'Active', 'Youth']),
				[leaver.external_id, leaver.first_name, leaver.last_name, leaver.email, 'Terminated', 'Youth'],
				[kept.external_id, kept.first_name, kept.last_name, kept.email, 'Active', 'Office'],
				['TPL-PAYCOM-3', 'Gil', 'Noemail', '', 'Active', 'Youth'],
				['TPL-PAYCOM-4', 'Hal', 'Noemail', '', 'Active', 'Youth'],
			]),
		};
	});

	/** The skipped rows' lines: the heading, then one line per distinct reason with how many and who. */
	function expectSkippedGrouped(lines: string[], heading: string): void {
		const at = lines.indexOf(heading);
		expect(at).toBeGreaterThanOrEqual(0);
		const reasons = lines.slice(at + 1).filter((line) => /^\d+ \(/.test(line));
		expect(reasons).toEqual([expect.stringMatching(/^2 \(Gil Noemail, Hal Noemail\): .*'Email'/)]);
		expect(reasons[0]).not.toMatch(/\[item \d+\]/);
	}

	it("an ADP-like export whose ID column's name is not known (File #): the next page lists its columns, nothing is sent before the answer", async () => {
		const start = env.sandbox.requests.length;
		const header = ['File #', 'Preferred Name', 'Last Name', 'Work Email', 'Status'];
		const people = Array.from({ length: 6 }, (_, row) => [`TPL-ADP-${row + 1}0`, `Ana${row}`, 'Adpson', `ana${row}.adpson@example.org`, 'Active']);

		const question = await uploadForm({
			'Staff list (CSV or Excel)': { name: 'adp-export.csv', type: 'text/csv', content: csv([header, ...people]) },
			'Who is on the list?': EMPLOYEES,
			'What should happen?': DRY_RUN,
		});

		expect(sentSince(start)).toEqual([]);
		expect(question.title).toBe("Which column holds each person's ID?");
		expect(choicesOf(question, "Column with each person's ID")).toEqual(header);
		// Only the ID is asked: the form's answer says everyone is an employee.
		expect(question.text).not.toMatch(/employee or volunteer/i);
		expect(question.text).not.toMatch(/Map Automatically|External ID|Sync|\[item/);

		const page = await submitPage(question, { "Column with each person's ID": 'File #' });

		expect(writes(sentSince(start))).toEqual([]);
		expect(page.title).toBe('What would change');
		expect(page.text.split('\n')).toEqual(
			expect.arrayContaining([`Would create 6 employees: ${people.map((row) => `${row[1]} Adpson`).join(', ')}`, SEND_AGAIN]),
		);
	});

	(RUNS_SHORT_WAIT ? it : it.skip)(
		'the next page left unanswered past its wait limit: the upload ends with nothing sent, and no run is left waiting with the file (review S3)',
		async () => {
			const variant = withShortWait(template(UPLOAD));
			const start = env.sandbox.requests.length;
			const header = ['File #', 'Preferred Name', 'Last Name', 'Work Email'];

			const question = await submitForm(
				formUrl(variant),
				{
					'Staff list (CSV or Excel)': { name: 'adp-export.csv', type: 'text/csv', content: csv([header, ['TPL-WAIT-1', 'Una', 'Waite', 'una.waite@example.org']]) },
					'Who is on the list?': EMPLOYEES,
					'What should happen?': APPLY,
				},
				UPLOAD_FORM_LOGIN,
			);
			expect(question.title).toBe("Which column holds each person's ID?");
			expect(question.text).toContain('Answer within an hour');

			// Nobody answers: within n8n's next poll of waiting runs, the run goes on from the page and ends.
			const ended = await waitFor(
				'the unanswered upload to end',
				async () => (await env.client.executions(env.apiKey, SHORT_WAIT)).find((execution) => execution.finished || execution.status === 'error'),
				150_000,
				1_000,
			);
			expect(ended.status).toBe('success');
			const data = ended.data as NonNullable<PublicExecution['data']>;
			// Sync ran once, before the page (it found no ID column); after it, nothing but the stop.
			expect(nodeOutput({ data }, 'The file again, with the answer')).toEqual([]);
			expect(data.resultData.runData['Sync employees']).toHaveLength(1);
			expect(data.resultData.runData['Show what would change']).toBeUndefined();
			expect((await env.client.executions(env.apiKey, SHORT_WAIT)).filter((execution) => execution.status === 'waiting')).toEqual([]);
			expect(writes(sentSince(start))).toEqual([]);
		},
	);

	it("a PowerSchool-like export keyed on the district's own column (HRMS_KEY) of employees and volunteers: the next page asks for the ID and the type column; applied, each is created with both", async () => {
		// PowerSchool's staff fields (https://ps.powerschool-docs.com/pssis-data-dictionary/latest/teachers-ver7-8-0),
		// keyed on a district's own HR system key (a custom field no rule can read, as PowerSchool's TEACHERNUMBER now
		// is), with the school's own column for employees and volunteers.
		const start = env.sandbox.requests.length;
		const header = ['HRMS_KEY', 'FIRST_NAME', 'LAST_NAME', 'EMAIL_ADDR', 'STAFF_GROUP'];
		const people = [
			['TPL-PS-501', 'Iris', 'Teachwell', 'iris.teachwell@example.org', 'Employee'],
			['TPL-PS-502', 'Omar', 'Helpwell', 'omar.helpwell@example.org', 'Volunteer'],
		];

		const question = await uploadForm({
			'Staff list (CSV or Excel)': { name: 'powerschool-staff.csv', type: 'text/csv', content: csv([header, ...people]) },
			'Who is on the list?': BY_COLUMN,
			'What should happen?': APPLY,
		});

		// Nothing is sent before the answer, though the form said to apply.
		expect(sentSince(start)).toEqual([]);
		expect(question.title).toBe("Which column holds each person's ID?");
		expect(choicesOf(question, "Column with each person's ID")).toEqual(header);
		expect(choicesOf(question, 'Column that says employee or volunteer')).toEqual(header);

		const page = await submitPage(question, { "Column with each person's ID": 'HRMS_KEY', 'Column that says employee or volunteer': 'STAFF_GROUP' });

		expect(page.title).toBe('Your staff list is applied');
		expect(page.text.split('\n')).toEqual(expect.arrayContaining(['Created 1 employee: Iris Teachwell', 'Created 1 volunteer: Omar Helpwell']));
		expect(writes(sentSince(start)).map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/v2/users', 'POST /api/v2/users']);
		const created = (await allUsers()).filter((user) => user.external_id.startsWith('TPL-PS-'));
		expect(created.map(({ external_id, first_name, user_type }) => ({ external_id, first_name, user_type })).sort((a, b) => a.external_id.localeCompare(b.external_id))).toEqual([
			{ external_id: 'TPL-PS-501', first_name: 'Iris', user_type: 'employee' },
			{ external_id: 'TPL-PS-502', first_name: 'Omar', user_type: 'volunteer' },
		]);
	});

	it('an ADP-like export (Employee #, Preferred Name, ...) is read as it is', async () => {
		const start = env.sandbox.requests.length;
		const content = csv([
			['Employee #', 'Preferred Name', 'Last Name', 'Work Email', 'Status'],
			['TPL-ADP-1', 'Ana', 'Adpson', 'ana.adpson@example.org', 'Active'],
		]);

		const page = await uploadForm({
			'Staff list (CSV or Excel)': { name: 'adp-export.csv', type: 'text/csv', content },
			'Who is on the list?': VOLUNTEERS,
			'What should happen?': DRY_RUN,
		});

		expect(writes(sentSince(start))).toEqual([]);
		expect(page.title).toBe('What would change');
		expect(page.text.split('\n')).toEqual(expect.arrayContaining(['Would create 1 volunteer: Ana Adpson', SEND_AGAIN]));
	});

	it('a Paycom-like export of "Employees": the dry run names the people, groups the skipped rows by reason, sends nothing', async () => {
		const before = await allUsers();
		const start = env.sandbox.requests.length;

		const page = await uploadForm({
			'Staff list (CSV or Excel)': paycom,
			'Who is on the list?': EMPLOYEES,
			'What should happen?': DRY_RUN,
		});

		expect(writes(sentSince(start))).toEqual([]);
		expect(await allUsers()).toEqual(before);
		expect(page.title).toBe('What would change');
		const lines = page.text.split('\n');
		expect(lines).toEqual(
			expect.arrayContaining([
				'Would create 2 employees: Priya Paycomson, Theo Ray & <Sons>',
				`Would deactivate 1: ${leaver.first_name} ${leaver.last_name}`,
				'Would skip 2:',
				'Unchanged: 1',
				SEND_AGAIN,
			]),
		);
		expectSkippedGrouped(lines, 'Would skip 2:');
		// The file's text is escaped: the page's HTML holds it as text, not as a tag.
		expect(page.html).toContain('Ray &amp; &lt;Sons&gt;');
	});

	it('applied: creates the new people as employees, deactivates the one who left, and says so', async () => {
		const start = env.sandbox.requests.length;

		const page = await uploadForm({
			'Staff list (CSV or Excel)': paycom,
			'Who is on the list?': EMPLOYEES,
			'What should happen?': APPLY,
		});

		const sentWrites = writes(sentSince(start)).map(({ method, path, body }) => ({ method, path, body }));
		expect(sentWrites).toHaveLength(3);
		expect(sentWrites).toEqual(
			expect.arrayContaining([
				...NEW_HIRES.map(([externalId, firstName, lastName, email]) => ({
					method: 'POST',
					path: '/api/v2/users',
					body: { user: expect.objectContaining({ external_id: externalId, first_name: firstName, last_name: lastName, email, user_type: 'employee' }) },
				})),
				expect.objectContaining({ method: 'DELETE', path: `/api/v2/users/${leaver.id}` }),
			]),
		);
		// Nothing of the file's own columns (the status, the department) reaches the service.
		expect(JSON.stringify(sentWrites)).not.toMatch(/Terminated|Active|Youth|Office/);
		expect(page.title).toBe('Your staff list is applied');
		const lines = page.text.split('\n');
		expect(lines).toEqual(
			expect.arrayContaining([
				'Created 2 employees: Priya Paycomson, Theo Ray & <Sons>',
				`Deactivated 1: ${leaver.first_name} ${leaver.last_name}`,
				'Skipped 2:',
				'Unchanged: 1',
			]),
		);
		expectSkippedGrouped(lines, 'Skipped 2:');
		expect(page.text).not.toContain('Nothing has changed yet');

		const after = await allUsers();
		for (const [externalId] of NEW_HIRES) {
			expect(after.find((user) => user.external_id === externalId)).toMatchObject({ user_type: 'employee' });
		}
		expect(after.find((user) => user.id === leaver.id)).toBeUndefined();
		expect(after.find((user) => user.id === kept.id)).toEqual(kept);
	});
});

describe('Upload your staff list: the values exports write (status codes, employees and volunteers in one file)', () => {
	let ukg: UploadExport;
	let roster: UploadExport;
	let flags: UploadExport;
	let church: ReturnType<typeof churchValuesExport>;

	beforeAll(async () => {
		// Eight people the service has that no test above touches: in each list one who left and one still there.
		const usable = (await allUsers()).filter(
			(user) => /^\d+$/.test(user.external_id) && user.user_type && !/[<>&']/.test(`${user.first_name}${user.last_name}`),
		);
		const [ukgLeaver, ukgKept, rosterLeaver, rosterKept, flagsLeaver, flagsKept, churchLeaver, churchKept] = usable.slice(2, 10);
		ukg = ukgLikeExport(ukgLeaver, ukgKept);
		roster = churchRoster(rosterLeaver, rosterKept);
		flags = activeFlagExport(flagsLeaver, flagsKept);
		church = churchValuesExport(churchLeaver, churchKept);
	});

	const fileOf = (list: UploadExport): FormFile => ({ name: list.file, type: 'text/csv', content: csv(list.rows) });
	const fullName = (person: { firstName: string; lastName: string } | { first_name: string; last_name: string }) =>
		'firstName' in person ? `${person.firstName} ${person.lastName}` : `${person.first_name} ${person.last_name}`;
	const createdLines = (list: UploadExport, verb: string) =>
		(['employee', 'volunteer'] as const).flatMap((type) => {
			const these = list.created.filter((person) => person.userType === type);
			if (these.length === 0) return [];
			return [`${verb} ${these.length} ${type}${these.length === 1 ? '' : 's'}: ${these.map(fullName).join(', ')}`];
		});

	/** The page names each unknown value once, with its column and rows, and says once what the uploader can do. */
	function expectUnknownNamedOnce(page: FormPage, list: UploadExport, unknown = list.unknown): void {
		for (const { column, value, people } of unknown) {
			const named = page.text.split('\n').filter((line) => line.includes(`'${value}'`));
			const rows = people.length === 1 ? '1 row' : `${people.length} rows`;
			expect(named).toEqual([`${column} '${value}' (${rows}: ${people.map(fullName).join(', ')}) is not known.`]);
		}
		// What to do about them, once, in the form's words (nothing to do when every value is known).
		expect(page.text.split('\n').filter((line) => line.includes('Other values in the file that mean'))).toHaveLength(unknown.length > 0 ? 1 : 0);
	}

	/** What the page must never say to someone who cannot open the editor, or after rows were skipped. */
	function expectUploaderWords(page: FormPage): void {
		expect(page.text).not.toMatch(/Statuses That Mean|Values That Mean|User Type for New Users|Max Deactivations|Map Automatically|Map Each Column|\[item/);
		expect(page.text).not.toContain('Nothing needs to change');
	}

	async function dryRun(list: UploadExport): Promise<FormPage> {
		const before = await allUsers();
		const start = env.sandbox.requests.length;
		const page = await uploadForm({
			'Staff list (CSV or Excel)': fileOf(list),
			'Who is on the list?': BY_COLUMN,
			'What should happen?': DRY_RUN,
		});
		expect(writes(sentSince(start))).toEqual([]);
		expect(await allUsers()).toEqual(before);
		expect(page.title).toBe('What would change');
		const lines = page.text.split('\n');
		expect(lines).toEqual(
			expect.arrayContaining([
				...createdLines(list, 'Would create'),
				`Would deactivate 1: ${fullName(list.leaver)}`,
				'Unchanged: 1',
				SEND_AGAIN,
			]),
		);
		// Those who left and whom the service does not have: one line, nobody created.
		const leavers = list.leaversNotCreated.map(fullName).join(', ');
		expect(lines.filter((line) => line.includes(leavers))).toEqual([expect.stringMatching(new RegExp(`^${list.leaversNotCreated.length} \\(${leavers}\\)`))]);
		for (const leaver of list.leaversNotCreated) expect(page.text).not.toContain(leaver.externalId);
		expectUnknownNamedOnce(page, list);
		expectUploaderWords(page);
		return page;
	}

	/** Applies the list; returns the page and the Users the service has afterwards. */
	async function apply(
		list: UploadExport,
		meanings: Record<string, string> = {},
	): Promise<{ page: FormPage; after: ApiUser[]; sent: RecordedRequest[]; leaverId: number }> {
		const leaverId = (await allUsers()).find((user) => user.external_id === list.leaver.external_id)?.id as number;
		const start = env.sandbox.requests.length;
		const page = await uploadForm({
			'Staff list (CSV or Excel)': fileOf(list),
			'Who is on the list?': BY_COLUMN,
			'What should happen?': APPLY,
			...meanings,
		});
		const after = await allUsers();
		expect(page.title).toBe('Your staff list is applied');
		expectUploaderWords(page);
		// The ones who left: the one the service had deactivated, the others never created; the one still there as they were.
		expect(after.find((user) => user.external_id === list.leaver.external_id)).toBeUndefined();
		expect(after.find((user) => user.external_id === list.kept.external_id)).toMatchObject(list.kept);
		for (const leaver of list.leaversNotCreated) expect(after.find((user) => user.external_id === leaver.externalId)).toBeUndefined();
		const sent = writes(sentSince(start));
		expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`/api/v2/users/${leaverId}`]);
		return { page, after, sent, leaverId };
	}

	it('a UKG-like export (status A, L, T; type FT, PT, VOL): the dry run names the new people by type, the leavers once, each unknown code once', async () => {
		await dryRun(ukg);
	});

	it('the UKG-like export applied: employees and the volunteer created with their types, nobody who left or with an unknown code', async () => {
		const { page, after, sent, leaverId } = await apply(ukg);

		expect(sent.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
			[...ukg.created.map(() => 'POST /api/v2/users'), `DELETE /api/v2/users/${leaverId}`].sort(),
		);
		for (const person of ukg.created) {
			expect(after.find((user) => user.external_id === person.externalId)).toMatchObject({ first_name: person.firstName, user_type: person.userType });
		}
		for (const { people } of ukg.unknown) {
			for (const person of people) expect(after.find((user) => user.external_id === person.externalId)).toBeUndefined();
		}
		expect(page.text.split('\n')).toEqual(
			expect.arrayContaining([...createdLines(ukg, 'Created'), `Deactivated 1: ${fullName(ukg.leaver)}`, 'Unchanged: 1']),
		);
		expectUnknownNamedOnce(page, ukg);
		expect(page.text).not.toContain('Nothing has changed yet');
	});

	it('a list whose every row is skipped (leavers MinistrySafe lacks, an unknown code): the page never says nothing needs to change', async () => {
		const skippedOnly = new Set([...ukg.leaversNotCreated, ...ukg.unknown[0].people].map((person) => person.externalId));
		const start = env.sandbox.requests.length;

		const page = await uploadForm({
			'Staff list (CSV or Excel)': { ...fileOf(ukg), content: csv(ukg.rows.filter((row, index) => index === 0 || skippedOnly.has(row[0]))) },
			'Who is on the list?': BY_COLUMN,
			'What should happen?': DRY_RUN,
		});

		expect(writes(sentSince(start))).toEqual([]);
		const lines = page.text.split('\n');
		expect(lines).toEqual(expect.arrayContaining([`Would skip ${skippedOnly.size}:`, 'Nothing else would change in MinistrySafe.']));
		expectUnknownNamedOnce(page, ukg, ukg.unknown.slice(0, 1));
		expectUploaderWords(page);
		expect(page.text).not.toContain('Nothing has changed yet');
	});

	it("the UKG-like export again, the form saying 'X' means still there and 'SEA' an employee: those rows would now be created, as employees", async () => {
		const start = env.sandbox.requests.length;

		const page = await uploadForm({
			'Staff list (CSV or Excel)': fileOf(ukg),
			'Who is on the list?': BY_COLUMN,
			'What should happen?': DRY_RUN,
			'Other values in the file that mean the person is still there': 'X',
			'Other values in the file that mean an employee': 'SEA',
		});

		expect(writes(sentSince(start))).toEqual([]);
		const now = ukg.unknown.flatMap(({ people }) => people);
		expect(page.text.split('\n')).toContain(`Would create ${now.length} employees: ${now.map(fullName).join(', ')}`);
		expect(page.text).not.toMatch(/is not known|Other values in the file/);
		expectUploaderWords(page);
	});

	it("a church roster (Member, Former Member; Volunteer, Staff, Pastor): the dry run names the role it does not know once", async () => {
		const page = await dryRun(roster);
		// A name with an apostrophe arrives as it is written.
		expect(page.text).toContain("Eve O'Rosterly");
	});

	it('the roster applied, with "Greeter" said on the form to mean a volunteer: everyone typed right, the former members not created', async () => {
		const { page, after, sent } = await apply(roster, { 'Other values in the file that mean a volunteer': 'Greeter' });

		const greeters = roster.unknown.flatMap(({ people }) => people.map((person) => ({ ...person, userType: 'volunteer' as const })));
		const created = [...roster.created, ...greeters];
		expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual(
			expect.arrayContaining(
				created.map((person) => ({
					user: expect.objectContaining({ external_id: person.externalId, first_name: person.firstName, last_name: person.lastName, user_type: person.userType }),
				})),
			),
		);
		expect(sent).toHaveLength(created.length + 1);
		for (const person of created) {
			expect(after.find((user) => user.external_id === person.externalId)).toMatchObject({ last_name: person.lastName, user_type: person.userType });
		}
		expect(page.text.split('\n')).toEqual(
			expect.arrayContaining([
				`Created 2 employees: ${roster.created.filter((person) => person.userType === 'employee').map(fullName).join(', ')}`,
				`Created 3 volunteers: ${created.filter((person) => person.userType === 'volunteer').map(fullName).join(', ')}`,
				`Deactivated 1: ${fullName(roster.leaver)}`,
			]),
		);
		expect(page.text).not.toContain("'Greeter'");
	});

	it('an ADP-like report that says who left only in Active and Termination Date: a past date or No is left, columns that disagree deactivate, a later date keeps', async () => {
		const page = await dryRun(flags);
		const lines = page.text.split('\n');
		// The whole reading at a glance: every row's Active and Termination Date, by what they said.
		expect(lines).toContain('How the values in your file were read:');
		expect(lines).toContain('Active: Yes (6) still there; No (1) left');
		expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^Termination Date: a date on or before \d{4}-\d{2}-\d{2} \(2\) left; a later date, or one before a later hire date \(1\) still there$/)]));
	});

	it('the ADP-like report applied: the new people created with their types, the one whose date has passed deactivated though marked active', async () => {
		const { after, sent, leaverId } = await apply(flags);
		expect(sent.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
			[...flags.created.map(() => 'POST /api/v2/users'), `DELETE /api/v2/users/${leaverId}`].sort(),
		);
		for (const person of flags.created) {
			expect(after.find((user) => user.external_id === person.externalId)).toMatchObject({ first_name: person.firstName, user_type: person.userType });
		}
	});

	it('a Planning Center-like export with negated and compound values (Non-Active, Non-Employee, Regular Attender, Sunday School Teacher, Inactive Member): each unknown value named once with every row that holds it', async () => {
		const page = await dryRun(church);
		const lines = page.text.split('\n');
		expect(lines).toContain('How the values in your file were read:');
		expect(lines).toContain('Status: Active (4) still there; Active Member (3) still there; Inactive Member (2) left; Non-Active (1) not known');
		// Created in their legal names (Given Name), not the names they go by.
		for (const { name } of church.goesBy) expect(page.text).not.toContain(`${name} Givens`);
	});

	it('the Planning Center-like export applied, "Regular Attender" said on the form to mean a volunteer: those created as volunteers, in legal names; every other unknown value still creates nobody', async () => {
		const { after } = await apply(church, { 'Other values in the file that mean a volunteer': 'Regular Attender' });
		const attenders = church.unknown.find(({ value }) => value === 'Regular Attender')?.people ?? [];
		for (const person of [...church.created, ...attenders.map((person) => ({ ...person, userType: 'volunteer' }))]) {
			expect(after.find((user) => user.external_id === person.externalId)).toMatchObject({ first_name: person.firstName, user_type: person.userType });
		}
		for (const { value, people } of church.unknown.filter(({ value }) => value !== 'Regular Attender')) {
			for (const person of people) expect([value, after.find((user) => user.external_id === person.externalId)]).toEqual([value, undefined]);
		}
	});
});

describe('Upload your staff list: a list read column by column (its key, its dates, every column on the page)', () => {
	/** People the service has that no test above touches, each as a row of a staff list. */
	let known: ApiUser[];
	const DAY_MS = 24 * 60 * 60 * 1000;
	/** A date cell `days` from today, at midnight of this machine's day (as Excel keeps a date). */
	const dayCell = (days: number) => {
		const day = new Date(Date.now() + days * DAY_MS);
		return new Date(day.getFullYear(), day.getMonth(), day.getDate());
	};
	const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`;
	/** The page's lines on how the file's columns were read: one a column. */
	const columnsRead = (page: FormPage, columns: number) => {
		const lines = page.text.split('\n');
		const at = lines.indexOf('How the columns of your file were read:');
		return at < 0 ? [] : lines.slice(at + 1, at + 1 + columns);
	};

	beforeAll(async () => {
		const usable = (await allUsers()).filter((user) => /^\d+$/.test(user.external_id) && user.user_type && !/[<>&']/.test(`${user.first_name}${user.last_name}`));
		// Past those the tests above take from the front (the first ten) and the back (the last two).
		known = usable.slice(10, -2);
		expect(known.length).toBeGreaterThanOrEqual(5);
	});

	it('an Excel workbook with a title row and real date cells: a past termination date deactivates a known person and keeps a new one from being created, a later one keeps; dry run, then applied', async () => {
		const [leaver, stays] = known;
		const header = ['Employee ID', 'First Name', 'Last Name', 'Email', 'Hire Date', 'Termination Date'];
		const rows: Array<Array<string | Date>> = [
			// A report's title above the header, as Excel keeps it: one cell of a row.
			['Active Staff as of Nov 28, 2026'],
			header,
			[leaver.external_id, leaver.first_name, leaver.last_name, leaver.email, dayCell(-900), dayCell(-30)],
			[stays.external_id, stays.first_name, stays.last_name, stays.email, dayCell(-400), dayCell(200)],
			['TPL-XLD-1', 'Nadia', 'Leftearly', 'nadia.leftearly@example.org', dayCell(-60), dayCell(-3)],
			['TPL-XLD-2', 'Omar', 'Newhire', 'omar.newhire@example.org', dayCell(-5), ''],
		];
		const workbook: FormFile = {
			name: 'staff-dates.xlsx',
			type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
			content: excelFile(rows),
		};
		const before = await allUsers();
		let start = env.sandbox.requests.length;

		const dryRun = await uploadForm({ 'Staff list (CSV or Excel)': workbook, 'Who is on the list?': EMPLOYEES, 'What should happen?': DRY_RUN });

		expect(writes(sentSince(start))).toEqual([]);
		expect(await allUsers()).toEqual(before);
		expect(dryRun.title).toBe('What would change');
		expect(dryRun.text.split('\n')).toEqual(
			expect.arrayContaining([
				"Matched on 'Employee ID': 2 of 4 IDs are in MinistrySafe.",
				'Would create 1 employee: Omar Newhire',
				`Would deactivate 1: ${fullName(leaver)}`,
				'1 (Nadia Leftearly) left and is not in MinistrySafe: nobody would be added.',
				'Unchanged: 1',
				SEND_AGAIN,
			]),
		);
		// No column named after the title's pieces (__EMPTY), and no date left unread.
		expect(columnsRead(dryRun, header.length)).toEqual([
			"Employee ID: each person's ID: matched on it",
			'First Name: first name',
			'Last Name: last name',
			'Email: email',
			'Hire Date: hire date (after the day the person left: hired again)',
			'Termination Date: the day the person leaves (on or before today: left)',
		]);
		expect(dryRun.text).not.toMatch(/is not known|__EMPTY/);

		start = env.sandbox.requests.length;
		const applied = await uploadForm({ 'Staff list (CSV or Excel)': workbook, 'Who is on the list?': EMPLOYEES, 'What should happen?': APPLY });

		expect(applied.title).toBe('Your staff list is applied');
		expect(applied.text.split('\n')).toEqual(expect.arrayContaining(['Created 1 employee: Omar Newhire', `Deactivated 1: ${fullName(leaver)}`]));
		expect(writes(sentSince(start)).map(({ method, path }) => `${method} ${path}`).sort()).toEqual(['DELETE /api/v2/users/' + leaver.id, 'POST /api/v2/users'].sort());
		const after = await allUsers();
		expect(after.find((user) => user.id === leaver.id)).toBeUndefined();
		expect(after.find((user) => user.id === stays.id)).toEqual(stays);
		expect(after.find((user) => user.external_id === 'TPL-XLD-1')).toBeUndefined();
		expect(after.find((user) => user.external_id === 'TPL-XLD-2')).toMatchObject({ first_name: 'Omar', user_type: 'employee' });
	});

	it('an empty workbook, or one with column names only: the page tells the uploader the file has no one on it; nothing is sent', async () => {
		const start = env.sandbox.requests.length;
		for (const rows of [[], [['Employee ID', 'First Name', 'Last Name', 'Email']]]) {
			const page = await uploadForm({
				'Staff list (CSV or Excel)': { name: 'empty.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: excelFile(rows) },
				'Who is on the list?': EMPLOYEES,
				'What should happen?': APPLY,
			});
			expect({ title: page.title, text: page.text }).toEqual({
				title: 'The staff list needs a change',
				text: expect.stringContaining('Your file has no one on it: no row below its column names. Check the export'),
			});
		}
		expect(sentSince(start)).toEqual([]);
	});

	/** An Infinite Campus-like staff export: Campus's own personID (an internal number) before the district's staffNumber. */
	const campusExport = (people: Array<{ external_id: string; first_name: string; last_name: string; email: string; endDate?: string }>, firstPersonId: number) =>
		csv([
			['personID', 'staffStateID', 'staffNumber', 'lastName', 'firstName', 'email', 'endDate'],
			...people.map((person, index) => [String(firstPersonId + index), `S${firstPersonId + index}`, person.external_id, person.last_name, person.first_name, person.email, person.endDate ?? '']),
		]);

	it("an Infinite Campus-like export (personID before staffNumber): the page says it matched on staffNumber, whose IDs MinistrySafe has, and applied, nobody it has is created again", async () => {
		const [, , renamed, same, leaver] = known;
		const newcomer = { external_id: 'TPL-IC-1', first_name: 'Hung', last_name: 'Tran', email: 'hung.tran.ic@example.org' };
		const file: FormFile = {
			name: 'campus-staff.csv',
			type: 'text/csv',
			content: campusExport([{ ...renamed, last_name: `${renamed.last_name}-Moved` }, same, { ...leaver, endDate: '06/30/2020' }, newcomer], 48211),
		};
		let start = env.sandbox.requests.length;

		const dryRun = await uploadForm({ 'Staff list (CSV or Excel)': file, 'Who is on the list?': EMPLOYEES, 'What should happen?': DRY_RUN });

		expect(writes(sentSince(start))).toEqual([]);
		const lines = dryRun.text.split('\n');
		expect(lines).toEqual(
			expect.arrayContaining([
				"Matched on 'staffNumber': 3 of 4 IDs are in MinistrySafe.",
				'Would create 1 employee: Hung Tran',
				`Would update 1: ${renamed.first_name} ${renamed.last_name}-Moved (last_name)`,
				`Would deactivate 1: ${fullName(leaver)}`,
			]),
		);
		expect(columnsRead(dryRun, 7)).toEqual([
			"personID: another ID, not read (matched on 'staffNumber')",
			"staffNumber: each person's ID: matched on it",
			'lastName: last name',
			'firstName: first name',
			'email: email',
			'endDate: the day the person leaves (on or before today: left), month first',
			'Not read: staffStateID',
		]);

		start = env.sandbox.requests.length;
		const applied = await uploadForm({ 'Staff list (CSV or Excel)': file, 'Who is on the list?': EMPLOYEES, 'What should happen?': APPLY });

		expect(applied.title).toBe('Your staff list is applied');
		const sent = writes(sentSince(start));
		expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
			{ user: expect.objectContaining({ external_id: 'TPL-IC-1', first_name: 'Hung' }) },
		]);
		expect(sent.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
			['POST /api/v2/users', `PUT /api/v2/users/${renamed.id}`, `DELETE /api/v2/users/${leaver.id}`].sort(),
		);
		const after = await allUsers();
		for (const person of [renamed, same]) expect(after.filter((user) => user.email === person.email).map((user) => user.id)).toEqual([person.id]);
	});

	it('an export of a new organization with two ID-like columns MinistrySafe has none of: the next page asks which, the candidates first; nothing is sent before the answer', async () => {
		const newcomers = [1, 2, 3].map((n) => ({ external_id: `TPL-ICN-${n}`, first_name: `Nia${n}`, last_name: 'Campusnew', email: `nia${n}.campusnew@example.org` }));
		const file: FormFile = { name: 'campus-new.csv', type: 'text/csv', content: campusExport(newcomers, 59001) };
		const start = env.sandbox.requests.length;

		const question = await uploadForm({ 'Staff list (CSV or Excel)': file, 'Who is on the list?': EMPLOYEES, 'What should happen?': APPLY });

		// Sync read the service's IDs to weigh the columns; it changed nothing, though the form said to apply.
		expect(writes(sentSince(start))).toEqual([]);
		expect(question.title).toBe("Which column holds each person's ID?");
		expect(question.text).toContain(
			"More than one column of your file could hold each person's ID: 'personID' (0 of its 3 IDs are in MinistrySafe), 'staffNumber' (0 of its 3 IDs are in MinistrySafe).",
		);
		expect(choicesOf(question, "Column with each person's ID")).toEqual(['personID', 'staffNumber', 'staffStateID', 'lastName', 'firstName', 'email', 'endDate']);
		expect(question.text).not.toMatch(/Map Automatically|External ID Column|Sync|\[item/);

		const page = await submitPage(question, { "Column with each person's ID": 'staffNumber' });

		expect(page.title).toBe('Your staff list is applied');
		expect(page.text.split('\n')).toEqual(expect.arrayContaining(["Matched on 'staffNumber': 0 of 3 IDs are in MinistrySafe.", `Created 3 employees: ${newcomers.map(fullName).join(', ')}`]));
		expect(writes(sentSince(start)).map((request) => (request.body as { user: { external_id: string } }).user.external_id).sort()).toEqual(newcomers.map((person) => person.external_id));
	});
});

describe('Volunteer sign-up', () => {
	const workflow = template(VOLUNTEER);
	const volunteer = { 'First name': 'Mara', 'Last name': 'Signup', Email: 'Mara.Signup@Example.org', Role: 'Youth ministry' };
	const externalId = 'mara.signup@example.org';

	it('ships its email node disabled: nothing is emailed until someone sets it up', () => {
		expect(nodeNamed(workflow, 'Email the sign-in link')).toMatchObject({ type: 'n8n-nodes-base.emailSend', disabled: true });
	});

	it('creates the volunteer, assigns the training for the role and shows a working sign-in link', async () => {
		const start = env.sandbox.requests.length;

		const page = await submitForm(formUrl(workflow), volunteer);

		const sent = sentSince(start);
		const [created] = writes(sent);
		expect(created).toMatchObject({
			method: 'POST',
			path: '/api/v2/users',
			body: {
				user: expect.objectContaining({
					external_id: externalId,
					first_name: 'Mara',
					last_name: 'Signup',
					email: volunteer.Email,
					user_type: 'volunteer',
				}),
			},
		});
		const user = await api.get<ApiUser>(`/users/by_employee_id/${encodeURIComponent(externalId)}`);
		expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual(
			expect.arrayContaining([
				{ method: 'POST', path: `/api/v2/users/${user.id}/assign_training`, body: expect.objectContaining({ survey_code: 'youth_ministry' }) },
				expect.objectContaining({ method: 'GET', path: `/api/v2/users/${user.id}/sign_in_link` }),
			]),
		);
		expect(writes(sent)).toHaveLength(2);
		const trainings = await api.get<Array<{ survey_code: string }>>(`/users/${user.id}/trainings`);
		expect(trainings.map((training) => training.survey_code)).toEqual(['youth_ministry']);

		expect(page.title).toBe('Thank you, Mara!');
		expect(page.text).toContain('Your training is ready.');
		const links = page.links.filter((link) => link.startsWith(`${env.sandbox.url}/sign_in/`));
		expect(links).toHaveLength(1);
		// The link is the one the service issued for this sign-up: it signs in once.
		const signIn = await fetch(links[0], { signal: AbortSignal.timeout(10_000) });
		expect(signIn.status).toBe(200);
		expect(await signIn.text()).toContain('Signed in');
	});

	it('updates the same User when the volunteer signs up again, and assigns the training of the new role', async () => {
		const usersBefore = (await allUsers()).length;
		const user = await api.get<ApiUser>(`/users/by_employee_id/${encodeURIComponent(externalId)}`);
		const start = env.sandbox.requests.length;

		const page = await submitForm(formUrl(workflow), { ...volunteer, 'Last name': 'Signup-Reyes', Role: 'Sports coach' });

		expect(writes(sentSince(start)).map(({ method, path, body }) => ({ method, path, body }))).toEqual([
			{ method: 'PUT', path: `/api/v2/users/${user.id}`, body: expect.objectContaining({ user: expect.objectContaining({ last_name: 'Signup-Reyes' }) }) },
			{ method: 'POST', path: `/api/v2/users/${user.id}/assign_training`, body: expect.objectContaining({ survey_code: 'youth' }) },
		]);
		expect((await allUsers()).length).toBe(usersBefore);
		expect(page.title).toBe('Thank you, Mara!');
		expect(page.links.filter((link) => link.startsWith(`${env.sandbox.url}/sign_in/`))).toHaveLength(1);
	});
});

/** What the editor marks on each node: its parameters' issues and the credentials it lacks, by n8n's own rules. */
async function nodeIssues(workflow: WorkflowFile): Promise<Record<string, { parameters?: string[]; credentials?: string[] }>> {
	// A sticky note is not checked: it has nothing to set up.
	const nodes = (workflow.nodes as unknown as INode[]).filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
	const issues: Record<string, { parameters?: string[]; credentials?: string[] }> = {};
	for (const node of nodes) {
		// One at a time: n8n answers with the description of that version (named without its package, at times).
		const [description] = (await env.client.nodeTypeDescriptions([
			{ name: node.type, version: node.typeVersion },
		])) as unknown as Array<INodeTypeDescription | null>;
		if (!description?.properties) throw new Error(`n8n has no node type ${node.type} at version ${node.typeVersion}`);
		// As n8n reads a saved node: every parameter it does not set has its default.
		const parameters = NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, node, description);
		const complete = { ...node, parameters: parameters ?? {} };
		const found = NodeHelpers.getNodeParametersIssues(description.properties, complete, description);
		const missingCredentials = (description.credentials ?? [])
			.filter((credential) => credential.required && NodeHelpers.displayParameter(complete.parameters, credential, complete, description))
			.filter((credential) => !node.credentials?.[credential.name])
			.map((credential) => credential.name);
		const entry = {
			...(found?.parameters ? { parameters: Object.keys(found.parameters).sort() } : {}),
			...(missingCredentials.length > 0 ? { credentials: missingCredentials } : {}),
		};
		if (Object.keys(entry).length > 0) issues[node.name] = entry;
	}
	return issues;
}

describe('the weekly expiring report template', () => {
	const workflow = template(EXPIRING_REPORT);

	it('ships its email and Slack nodes disabled: as imported, "Run now" runs green and sends nothing', async () => {
		expect(nodeNamed(workflow, 'Email the report')).toMatchObject({ type: 'n8n-nodes-base.emailSend', disabled: true });
		expect(nodeNamed(workflow, 'Post to Slack')).toMatchObject({ type: 'n8n-nodes-base.slack', disabled: true });
		// Whatever the editor marks is on a node that is off: the run does not reach it.
		const marked = Object.keys(await nodeIssues(workflow));
		expect(marked.filter((name) => nodeNamed(workflow, name).disabled !== true)).toEqual([]);

		const executionId = await env.client.executeManually(workflow, 'Run now');
		const execution = await endedExecution(EXPIRING_REPORT, executionId);

		const error = execution.data?.resultData.error;
		expect({ status: execution.status, error: error && JSON.stringify(error).slice(0, 2000) }).toEqual({ status: 'success', error: undefined });
		const [report] = nodeOutput({ data: execution.data as NonNullable<PublicExecution['data']> }, 'Compliance report');
		expect(report).toMatchObject({ html: expect.any(String), text: expect.any(String) });
	});
});

/** A manual execution once it has ended, read through n8n's public API. */
async function endedExecution(workflowId: string, executionId: string): Promise<PublicExecution> {
	return waitFor(
		`execution ${executionId} of ${workflowId}`,
		async () => {
			const executions = await env.client.executions(env.apiKey, workflowId);
			const execution = executions.find((candidate) => String(candidate.id) === String(executionId));
			return execution && ['success', 'error', 'crashed', 'canceled'].includes(execution.status) ? execution : undefined;
		},
		120_000,
		500,
	);
}

describe.each([
	{
		id: GOOGLE_SHEET,
		pinnedId: 'tplPinnedGoogleSheet',
		source: 'Read the staff sheet',
		issues: { 'Read the staff sheet': { credentials: ['googleSheetsOAuth2Api'], parameters: ['documentId', 'sheetName'] } },
		/** Rows as the Google Sheets node reads them: the first row's names, and each row's number. */
		row: (person: { externalId: string; firstName: string; lastName: string; email: string; userType: string }, index: number) => ({
			row_number: index + 2,
			'Employee ID': person.externalId,
			'First Name': person.firstName,
			'Last Name': person.lastName,
			Email: person.email,
			'User Type': person.userType,
		}),
	},
	{
		id: BAMBOO_HR,
		pinnedId: 'tplPinnedBambooHr',
		source: 'Read the employee directory',
		issues: { 'Read the employee directory': { credentials: ['bambooHrApi'] } },
		/** Employees as the BambooHR node lists its directory. */
		row: (person: { externalId: string; firstName: string; lastName: string; email: string }) => ({
			id: person.externalId,
			displayName: `${person.firstName} ${person.lastName}`,
			firstName: person.firstName,
			lastName: person.lastName,
			jobTitle: 'Staff',
			workEmail: person.email,
			department: 'Ministry',
		}),
	},
])('the nightly sync template $id', ({ id, pinnedId, source, issues, row }) => {
	const workflow = template(id);

	it("imports as it ships; the editor marks only what its sticky note says to choose (the source's credential; for Google, the sheet)", async () => {
		const imported = (await env.client.workflows(env.apiKey)).find((candidate) => candidate.id === id);
		expect(imported?.nodes.map((node) => node.name).sort()).toEqual(workflow.nodes.map((node) => String(node.name)).sort());
		expect(await nodeIssues(workflow)).toEqual(issues);
		expect(nodeNamed(workflow, 'Sync users').parameters).toMatchObject({ dryRun: true });
	});

	it("runs from its schedule with the source's rows pinned: Sync reports against the service, and changes nothing", async () => {
		const before = await allUsers();
		const existing = before.find((user) => user.external_id && user.email) as ApiUser;
		const people = [
			{ externalId: existing.external_id, firstName: existing.first_name, lastName: existing.last_name, email: existing.email, userType: String(existing.user_type ?? 'employee') },
			{ externalId: `TPL-${id}-1`, firstName: 'Nora', lastName: 'Nightly', email: `nora.nightly.${id.toLowerCase()}@example.org`, userType: 'employee' },
		];
		// Saved with the rows pinned, as a user pins them in the editor (n8n 2.41 runs the saved pinned data, not the
		// editor's copy); beside the template as shipped, which keeps no pinned data.
		const pinned = {
			...workflow,
			id: pinnedId,
			name: `${workflow.name} (source pinned)`,
			pinData: { [source]: people.map((person, index) => ({ json: row(person, index) })) },
		};
		await importWorkflows(env.settings, [pinned]);
		const start = env.sandbox.requests.length;

		const executionId = await env.client.executeManually(pinned, SCHEDULE);
		const execution = await endedExecution(pinnedId, executionId);

		// n8n's error, if any, said with the status: what a failed run needs to be understood.
		const error = execution.data?.resultData.error;
		expect({ status: execution.status, error: error && JSON.stringify(error).slice(0, 2000) }).toEqual({ status: 'success', error: undefined });
		const sent = sentSince(start);
		expect(sent.length).toBeGreaterThan(0);
		expect(writes(sent)).toEqual([]);
		const output = nodeOutput({ data: execution.data as NonNullable<PublicExecution['data']> }, 'Sync users');
		// Node version 1.3: an unchanged person has no item of their own; the last item counts each action.
		const summary = output.pop();
		expect(summary).toMatchObject({ action: 'summary', dry_run: true });
		const { unchanged, updated } = summary?.counts as Record<string, number>;
		expect(unchanged + updated).toBe(1);
		expect(output.slice(0, updated + 1).map(({ action, external_id, dry_run }) => ({ action, external_id, dry_run }))).toEqual([
			...(updated === 1 ? [{ action: 'updated', external_id: existing.external_id, dry_run: true }] : []),
			{ action: 'created', external_id: people[1].externalId, dry_run: true },
		]);
		// The rest: the Users with the Tag Staff the list leaves out, deactivated (in a Dry Run, would be) or, over 10, skipped.
		const listed = new Set(people.map((person) => person.externalId));
		const missingStaff = before.filter((user) => user.tags.includes('Staff') && !listed.has(user.external_id));
		expect(output.slice(updated + 1).map((entry) => entry.user_id).sort()).toEqual(missingStaff.map((user) => user.id).sort());
		expect(await allUsers()).toEqual(before);
	});
});

// Who may serve, where coordinators look. The people: one compliant, one whose training expires within 30 days, one
// whose background check is missing, and one who is deactivated after the first run; made through the sandbox's API as
// MinistrySafe would have them (a training completed, or completed 720 days ago; a background check cleared).
describe('the compliance templates', () => {
	const DATA_TABLE = 'msExampleComplianceDataTable';
	const SHEET = 'msExampleComplianceGoogleSheet';
	const MORNING = 'Every morning at 5:00';
	const TABLE = 'MinistrySafe compliance';
	const COMPLIANCE = "Check everyone's compliance";
	const clients = () => sandboxClients(env.sandbox);
	type Person = ApiUser & { trainingDone: string };
	const people: Record<'compliant' | 'expiring' | 'unchecked' | 'leaving' | 'changing', Person> = {} as never;

	/** A User with a passed training (completed `daysAgo` days ago) and, unless `unchecked`, a cleared background check. */
	async function person(key: keyof typeof people, daysAgo: number, checked: boolean): Promise<void> {
		const { api: service, control } = clients();
		const user = ok(
			await service.post('/users', {
				form: { user: { first_name: 'Serve', last_name: `Ready-${key}`, email: `serve.${key}@example.org`, external_id: `TPL-SERVE-${key}` }, tag_list: '' },
			}),
		) as ApiUser;
		await service.post(`/users/${user.id}/assign_training`, { form: { survey_code: 'standard' } });
		const [training] = ok(await service.get(`/users/${user.id}/trainings`)) as Array<{ id: number }>;
		let done = ok(await control.post(`/trainings/${training.id}/complete`, { json: { score: 100 } })) as { complete_date: string };
		if (daysAgo > 0) done = ok(await control.post(`/trainings/${training.id}/backdate`, { json: { days: daysAgo } })) as { complete_date: string };
		if (checked) {
			const check = (await orderBackgroundCheck(service, user.id as unknown as Json)) as unknown as { id: number };
			ok(await control.post(`/background_checks/${check.id}/ready`, { json: { status: 'complete' } }));
		}
		people[key] = { ...user, trainingDone: done.complete_date };
	}

	/** The day of an instant in a time zone, YYYY-MM-DD, `years` later (a training counts 24 months); February 29th: the 28th. */
	const dayIn = (instant: string, timeZone: string, years = 0) => {
		const day = new Date(instant).toLocaleDateString('en-CA', { timeZone });
		const later = `${Number(day.slice(0, 4)) + years}${day.slice(4)}`;
		return Number.isNaN(Date.parse(`${later}T00:00:00Z`)) ? later.replace(/-29$/, '-28') : later;
	};

	async function run(id: string, workflow: WorkflowFile = template(id)) {
		const start = env.sandbox.requests.length;
		const executionId = await env.client.executeManually(workflow, MORNING);
		const execution = await endedExecution(workflow.id, executionId);
		const error = execution.data?.resultData.error;
		expect({ status: execution.status, error: error && JSON.stringify(error).slice(0, 2000) }).toEqual({ status: 'success', error: undefined });
		expect(writes(sentSince(start))).toEqual([]);
		const data = { data: execution.data as NonNullable<PublicExecution['data']> };
		const [morning] = nodeOutput(data, MORNING) as Array<{ timestamp: string; Timezone: string }>;
		return { output: (node: string) => nodeOutput(data, node), timestamp: morning.timestamp, timeZone: morning.Timezone.split(' ')[0] };
	}

	beforeAll(async () => {
		await person('compliant', 0, true);
		await person('expiring', 720, true);
		await person('unchecked', 0, false);
		await person('leaving', 0, true);
		await person('changing', 0, false);
	});

	describe('in a Data Table', () => {
		const rowsNow = async () => (await env.client.dataTableRows(env.apiKey, TABLE)) ?? [];
		const byExternalId = (rows: Array<Record<string, unknown>>) => new Map(rows.map((row) => [String(row.External_ID), row]));
		const lastCheckOf = (rows: Array<Record<string, unknown>>) => rows.find((row) => row.External_ID === LAST_CHECK);

		it('imports as it ships, and the editor marks nothing: it needs no account but MinistrySafe', async () => {
			expect(await nodeIssues(template(DATA_TABLE))).toEqual({});
			expect(await env.client.dataTableRows(env.apiKey, TABLE)).toBeUndefined();
		});

		it('makes its table on the first run: the last check on top, then a row a person, the answer first, every row right', async () => {
			const { output, timestamp, timeZone } = await run(DATA_TABLE);

			const entries = output(COMPLIANCE);
			const users = await allUsers();
			expect(entries.map((entry) => entry.external_id).sort()).toEqual(users.map((user) => user.external_id).sort());
			const rows = await rowsNow();
			expect(rows).toHaveLength(users.length + 1);
			// The table's own order (by id) puts the last check first.
			const [top] = [...rows].sort((a, b) => Number(a.id) - Number(b.id));
			expect(top).toMatchObject({
				Name: expect.stringMatching(new RegExp(`^Last check ${timestamp.slice(0, 10)} ${timestamp.slice(11, 16)} \\S+$`)),
				May_serve: NOTHING,
				Why_not: `${users.length} people checked: ${entries.filter((entry) => entry.compliant).length} may serve, ${entries.filter((entry) => !entry.compliant).length} may not`,
				Status: 'last check',
				Summary: expect.stringContaining(`Checked ${timestamp}, ${timeZone} (`),
				External_ID: LAST_CHECK,
			});
			// Columns in the order a coordinator reads them, as n8n lists the table's columns.
			expect(Object.keys(top).filter((key) => !['id', 'createdAt', 'updatedAt'].includes(key))).toEqual(['Name', 'May_serve', 'Why_not', 'Runs_out_on', 'Runs_out', 'Status', 'Summary', 'External_ID']);
			const written = byExternalId(rows);
			for (const entry of entries) expect(written.get(String(entry.external_id))).toMatchObject(whoMayServeRow(entry));

			const twoYears = (key: keyof typeof people) => dayIn(people[key].trainingDone, timeZone, 2);
			const row = (key: keyof typeof people) => written.get(people[key].external_id);
			expect(row('compliant')).toMatchObject({ Name: 'Serve Ready-compliant', May_serve: 'yes', Why_not: NOTHING, Runs_out_on: twoYears('compliant'), Runs_out: 'training', Status: 'compliant' });
			expect(row('expiring')).toMatchObject({ May_serve: 'yes', Status: 'expiring', Runs_out: 'training', Runs_out_on: twoYears('expiring') });
			expect(String(row('expiring')?.Summary)).toMatch(new RegExp(`^Training expires ${twoYears('expiring')}; background check valid until \\d{4}-\\d{2}-\\d{2}$`));
			expect(row('unchecked')).toMatchObject({
				May_serve: 'no',
				Why_not: `Training valid until ${twoYears('unchecked')}; background check missing`,
				Runs_out_on: NOTHING,
				Runs_out: NOTHING,
				Status: 'noncompliant',
			});
			expect(row('leaving')).toMatchObject({ May_serve: 'yes', Status: 'compliant', Name: 'Serve Ready-leaving' });
			// Nothing empty, nothing null: n8n's table shows those as "Empty" and "Null".
			for (const cells of rows) for (const value of Object.values(cells)) expect(value === null || value === '').toBe(false);
		});

		it('the next run writes only the rows that changed: a check cleared, someone deactivated, a newcomer; the rest left as they were', async () => {
			const before = await rowsNow();
			const { api, control } = clients();
			const check = (await orderBackgroundCheck(api, people.changing.id as unknown as Json)) as unknown as { id: number };
			ok(await control.post(`/background_checks/${check.id}/ready`, { json: { status: 'complete' } }));
			ok(await api.delete(`/users/${people.leaving.id}`));
			const newcomer = ok(
				await api.post('/users', { form: { user: { first_name: 'Serve', last_name: 'Ready-new', email: 'serve.new@example.org', external_id: 'TPL-SERVE-new' }, tag_list: '' } }),
			) as ApiUser;

			const { output, timestamp } = await run(DATA_TABLE);

			const rows = await rowsNow();
			expect(rows).toHaveLength(before.length + 1);
			// The table's own row ids stay: rows are changed in place, never made again.
			expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining(before.map((row) => row.id)));
			const written = byExternalId(rows);
			expect(written.get(people.changing.external_id)).toMatchObject({ May_serve: 'yes', Why_not: NOTHING, Status: 'compliant' });
			expect(written.get(newcomer.external_id)).toMatchObject({ Name: 'Serve Ready-new', May_serve: 'no', Why_not: 'Training missing; background check missing' });
			expect(written.get(people.leaving.external_id)).toMatchObject({
				Name: 'Serve Ready-leaving',
				May_serve: 'no',
				Why_not: GONE,
				Runs_out_on: NOTHING,
				Runs_out: NOTHING,
				Status: 'no longer in MinistrySafe',
				External_ID: people.leaving.external_id,
			});
			for (const entry of output(COMPLIANCE)) expect(written.get(String(entry.external_id))).toMatchObject(whoMayServeRow(entry));
			expect(lastCheckOf(rows)).toMatchObject({ Summary: expect.stringContaining(`Checked ${timestamp},`) });
			// What the run wrote, and n8n's own updatedAt: those rows, nothing else.
			// New rows first, the changes in the table's order, the last check last.
			const [lists] = output('What changed') as Array<Record<string, Array<Record<string, unknown>>>>;
			const [added, ...changes] = [...lists.new_rows, ...lists.changed_rows].map((row) => row.External_ID);
			expect([added, changes.pop(), changes.sort()]).toEqual([newcomer.external_id, LAST_CHECK, [people.changing.external_id, people.leaving.external_id].sort()]);
			const changedIds = [people.changing.external_id, people.leaving.external_id, LAST_CHECK].map((key) => written.get(key)?.id);
			expect(output('Write the changes').map((row) => row.id).sort()).toEqual([...changedIds].sort());
			expect(output('Write the changes').at(-1)?.External_ID).toBe(LAST_CHECK);
			const updatedBefore = new Map(before.map((row) => [row.id, row.updatedAt]));
			expect(rows.filter((row) => row.updatedAt !== updatedBefore.get(row.id)).map((row) => row.External_ID).sort()).toEqual(
				[newcomer.external_id, people.changing.external_id, people.leaving.external_id, LAST_CHECK].sort(),
			);
		});

		it('a run with nobody from MinistrySafe (a credential for another Organization) marks every row; the next good run puts them back', async () => {
			const before = await rowsNow();
			expect(before.filter((row) => row.May_serve === 'yes').length).toBeGreaterThan(1);
			const created = ok(await clients().api.post('/organizations', { json: organizationBody() })) as { organization_api_key: string };
			await importCredentials(env.settings, [
				{ id: 'tplEmptyOrganization', name: 'An Organization with nobody', type: 'ministrySafeApi', data: { environment: 'custom', baseUrl: env.sandbox.url, apiKey: created.organization_api_key } },
			]);
			const workflow = template(DATA_TABLE);
			const elsewhere = {
				...workflow,
				id: 'tplComplianceTableNobody',
				name: `${workflow.name} (nobody)`,
				nodes: workflow.nodes.map((node) => (node.credentials ? { ...node, credentials: { ministrySafeApi: { id: 'tplEmptyOrganization', name: 'An Organization with nobody' } } } : node)),
			};
			await importWorkflows(env.settings, [elsewhere]);

			const { output } = await run(elsewhere.id, elsewhere);

			expect(output(COMPLIANCE)).toEqual([{}]);
			const rows = await rowsNow();
			const persons = rows.filter((row) => row.External_ID !== LAST_CHECK);
			expect(persons).toHaveLength(before.length - 1);
			for (const row of persons) expect(row).toMatchObject({ May_serve: 'no', Why_not: GONE, Status: 'no longer in MinistrySafe', Runs_out_on: NOTHING });
			expect(lastCheckOf(rows)).toMatchObject({ Why_not: '0 people checked: 0 may serve, 0 may not' });

			await run(DATA_TABLE);

			const back = byExternalId(await rowsNow());
			for (const row of before) expect(back.get(String(row.External_ID))).toMatchObject({ May_serve: row.May_serve, Why_not: row.Why_not, Status: row.Status });
		});
	});

	describe('beside each person in a Google Sheet', () => {
		const WRITE = 'Write beside each person';

		it("imports as it ships; the editor marks only what its sticky note says to choose (Google's credential, the sheet, twice)", async () => {
			const google = { credentials: ['googleSheetsOAuth2Api'], parameters: ['documentId', 'sheetName'] };
			expect(await nodeIssues(template(SHEET))).toEqual({ 'Read the staff sheet': google, [WRITE]: google });
			expect(nodeNamed(template(SHEET), WRITE).parameters).toMatchObject({
				operation: 'update',
				columns: { mappingMode: 'autoMapInputData', matchingColumns: ['row_number'] },
			});
		});

		it('runs from its schedule with the staff sheet pinned: each row gets its answer by its row number, an ID MinistrySafe lacks says no', async () => {
			const someone = (await allUsers()).find((user) => /^\d+$/.test(user.external_id)) as ApiUser;
			const sheet = [
				...(['compliant', 'expiring', 'unchecked'] as const).map((key) => people[key]),
				// Someone on the sheet whom MinistrySafe does not have; a numeric ID, which the sheet holds as a number;
				// and the first person again further down (one person in two ministries).
				{ ...people.compliant, external_id: 'TPL-SERVE-nobody' },
				{ ...someone, external_id: Number(someone.external_id) },
				people.compliant,
			].map((user, index) => ({
				row_number: index + 2,
				'Employee ID': user.external_id,
				'First Name': user.first_name,
				'Last Name': user.last_name,
				Email: user.email,
				'User Type': 'volunteer',
			}));
			const pinned = {
				...template(SHEET),
				id: 'tplPinnedComplianceSheet',
				name: `${template(SHEET).name} (sheet pinned)`,
				// The write is pinned too: what it would send to Google is its input.
				pinData: { 'Read the staff sheet': sheet.map((json) => ({ json })), [WRITE]: [{ json: {} }] },
			};
			await importWorkflows(env.settings, [pinned]);

			const { output, timeZone } = await run(pinned.id, pinned);

			const today = new Date().toLocaleDateString('en-CA', { timeZone });
			const twoYears = (key: keyof typeof people) => dayIn(people[key].trainingDone, timeZone, 2);
			const [mine] = output(COMPLIANCE).filter((entry) => entry.external_id === someone.external_id);
			const compliant = { 'May serve': 'yes', Compliance: 'compliant', 'Runs out': 'training', 'Runs out on': twoYears('compliant'), 'Compliance summary': expect.stringMatching(/^Training valid until /), 'Changed on': today };
			// A sheet without the columns yet: every row is written, each by its own number.
			expect(output('What changed')).toEqual([
				{ row_number: 2, ...compliant },
				{ row_number: 3, 'May serve': 'yes', Compliance: 'expiring', 'Runs out': 'training', 'Runs out on': twoYears('expiring'), 'Compliance summary': expect.stringMatching(/^Training expires /), 'Changed on': today },
				{ row_number: 4, 'May serve': 'no', Compliance: 'noncompliant', 'Runs out': '', 'Runs out on': '', 'Compliance summary': `Training valid until ${twoYears('unchecked')}; background check missing`, 'Changed on': today },
				{ row_number: 5, 'May serve': 'no', Compliance: 'not in MinistrySafe', 'Runs out': '', 'Runs out on': '', 'Compliance summary': 'No MinistrySafe user has this Employee ID', 'Changed on': today },
				{ row_number: 6, 'May serve': mine.compliant ? 'yes' : 'no', Compliance: mine.status, 'Runs out': mine.runs_out ?? '', 'Runs out on': mine.runs_out_on ?? '', 'Compliance summary': mine.summary, 'Changed on': today },
				{ row_number: 7, ...compliant },
			]);
		});
	});
});
