// A real n8n with the package installed as a community package: it loads, the credential test button works, saved
// workflows run through the CLI, and the trigger answers the sandbox's webhook calls at the production URLs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	NODE_TYPES,
	PACKAGE_NAME,
	type PublicExecution,
	type WorkflowFile,
	type WorkflowRun,
	exampleCredentials,
	exampleWorkflows,
	executeWorkflow,
	importCredentials,
	nodeOutput,
	setSandboxWebhooks,
	triggerWebhookIds,
	waitFor,
} from '../../scripts/n8n-runtime';
import type { WebhookDelivery } from '../../sandbox';

import { chatSafe, chatSafeEmail } from '../../nodes/MinistrySafe/chatSafe';
import { EMAIL_TAGS, attributeProblems } from '../helpers/emailHtml';
import { ok, sandboxClients } from '../helpers/sandbox';
import { type SmtpServer, mailHeader, mimeParts, startSmtpServer } from '../helpers/smtpServer';
import { type Receiver, createUser, startReceiver } from '../sandbox/helpers';
import { SCREENSHOT_DIR, launchChromium } from './browser';
import { type E2eEnvironment, WEBHOOK_AUTH, fixtureWorkflows, startE2eEnvironment } from './helpers';

const ALL_EVENTS = 'e2eAllEvents';
const BACKGROUND_CHECK_READY = 'msExampleBgCheckReady';
const QUIZ_CERTIFICATE = 'msExampleQuizCert';
const EXPIRING_REPORT = 'msExampleExpiringReport';
const HR_NODE = 'Send to the HR system';
const HR_PLACEHOLDER_URL = 'https://hr.example.org/api/training-certificates';

interface ApiUser {
	id: number;
	first_name: string;
	last_name: string;
	email: string;
	external_id: string;
}

/** Every User of the demo Organization, page by page. */
async function allUsers(): Promise<ApiUser[]> {
	const users: ApiUser[] = [];
	for (let page = 1; ; page++) {
		const batch = await api.get<ApiUser[]>(`/users?page=${page}`);
		users.push(...batch);
		if (batch.length < 100) return users;
	}
}

/** The quiz example as shipped, with only its placeholder HR address replaced by the local stand-in. */
function withHrUrl(workflow: WorkflowFile, url: string): WorkflowFile {
	const copy = structuredClone(workflow);
	const node = copy.nodes.find((candidate) => candidate.name === HR_NODE);
	const parameters = node?.parameters as Record<string, unknown> | undefined;
	if (parameters?.url !== HR_PLACEHOLDER_URL) throw new Error(`The quiz example has no "${HR_NODE}" posting to ${HR_PLACEHOLDER_URL}`);
	parameters.url = url;
	return copy;
}

/** The report example with its email node enabled, as a user enables it once the SMTP credential is chosen. */
function withEmailEnabled(workflow: WorkflowFile): WorkflowFile {
	const copy = structuredClone(workflow);
	const node = copy.nodes.find((candidate) => candidate.name === 'Email the report');
	if (node?.disabled !== true) throw new Error('The report example has no disabled "Email the report"');
	delete node.disabled;
	return copy;
}

let env: E2eEnvironment;
/** A stand-in for the HR system the quiz example posts to. */
let hr: Receiver;
const examples = exampleWorkflows();

/** The sandbox's API (/api/v2) with the demo key; a failed answer fails the test with what the sandbox said. */
const api = {
	get: async <T>(path: string): Promise<T> => ok(await sandboxClients(env.sandbox).api.get(path)) as T,
	post: async <T>(path: string, form: Record<string, unknown>): Promise<T> =>
		ok(await sandboxClients(env.sandbox).api.post(path, { form })) as T,
};
const control = {
	post: async <T>(path: string, json?: unknown): Promise<T> =>
		ok(await sandboxClients(env.sandbox).control.post(path, { json })) as T,
};

beforeAll(async () => {
	hr = await startReceiver();
	const hrUrl = `${hr.url}/api/training-certificates`;
	const workflows = [
		...fixtureWorkflows(),
		...examples.map((workflow) =>
			workflow.id === QUIZ_CERTIFICATE
				? withHrUrl(workflow, hrUrl)
				: workflow.id === EXPIRING_REPORT
					? withEmailEnabled(workflow)
					: workflow,
		),
	];
	env = await startE2eEnvironment({ workflows, publish: [ALL_EVENTS, BACKGROUND_CHECK_READY, QUIZ_CERTIFICATE] });
}, 300_000);

afterAll(async () => {
	await env?.stop();
	await hr?.stop();
});

/** The successful executions of a workflow, once there are `count` of them (bounded wait). */
async function successfulExecutions(workflowId: string, count: number): Promise<PublicExecution[]> {
	return waitFor(
		`${count} successful execution(s) of ${workflowId}`,
		async () => {
			const executions = await env.client.executions(env.apiKey, workflowId);
			const failed = executions.find((execution) => execution.status === 'error');
			if (failed) {
				throw new Error(`Execution ${failed.id} of ${workflowId} failed: ${failed.data?.resultData.error?.message}`);
			}
			const succeeded = executions.filter((execution) => execution.status === 'success');
			return succeeded.length >= count ? succeeded : undefined;
		},
		30_000,
	);
}

/** What a node put out in an execution read through the public API. */
function executionOutput(execution: PublicExecution, nodeName: string): Array<Record<string, unknown>> {
	if (!execution.data) throw new Error(`Execution ${execution.id} came without its data`);
	return nodeOutput({ data: execution.data }, nodeName);
}

describe('the package installed in n8n', () => {
	it('loads all three nodes under their production type names', async () => {
		const types = await env.client.nodeTypes([
			NODE_TYPES.action,
			NODE_TYPES.trigger,
			`${PACKAGE_NAME}.ministrySafePollingTrigger`,
		]);
		expect(types.map((type) => type.displayName).sort()).toEqual([
			'MinistrySafe',
			'MinistrySafe Polling Trigger',
			'MinistrySafe Trigger',
		]);
		// n8n looks types up by their full name and knows no other: not the CUSTOM.* names of a custom-folder install.
		await expect(env.client.nodeTypes(['CUSTOM.ministrySafe'])).rejects.toThrow(/Unrecognized node type/);
	});

	it('serves every icon its nodes and credentials name to the editor', async () => {
		// The lists the editor loads, as n8n wrote them at its start; the icons come from the installed package.
		const types = join(env.settings.userFolder, '.cache', 'n8n', 'public', 'types');
		type Listed = { name: string; iconUrl?: { light: string; dark: string } };
		const ours = ['nodes.json', 'credentials.json']
			.flatMap((file) => JSON.parse(readFileSync(join(types, file), 'utf8')) as Listed[])
			.filter((type) => /ministrysafe/i.test(type.name));
		expect(ours.length).toBeGreaterThanOrEqual(5);
		const urls = new Set(
			ours.flatMap((type) => (type.iconUrl ? [type.iconUrl.light, type.iconUrl.dark] : [`no icon: ${type.name}`])),
		);
		for (const url of urls) {
			const response = await fetch(`${env.n8n.url}/${url}`, { signal: AbortSignal.timeout(10_000) });
			const svg = (await response.text()).includes('<svg');
			expect({ url, status: response.status, svg }).toEqual({ url, status: 200, svg: true });
		}
	});

	it("passes the credential test with the sandbox's key and fails it with a wrong one", async () => {
		const [apiCredential] = exampleCredentials(env.sandbox.url, env.sandbox.apiKey, WEBHOOK_AUTH);
		await expect(env.client.testCredential(apiCredential)).resolves.toMatchObject({ status: 'OK' });

		const wrong = await env.client.testCredential({
			...apiCredential,
			data: { ...apiCredential.data, apiKey: 'not-the-right-key' },
		});
		expect(wrong.status).toBe('Error');
		expect(wrong.message).not.toBe('');
		// The test really reached the service with the wrong key, which the service did not know.
		expect(env.sandbox.requests).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ authorization: 'Token token=not-the-right-key', organizationId: null }),
			]),
		);
	});
});

describe('action workflows executed by the n8n CLI', () => {
	it('lists users and background check levels as the service has them', async () => {
		const run = await executeWorkflow(env.settings, 'e2eReadOnly');

		const firstPage = await api.get<ApiUser[]>('/users');
		const users = nodeOutput(run, 'List users');
		expect(users.map((user) => user.id)).toEqual(firstPage.slice(0, 5).map((user) => user.id));
		expect(users[0]).toEqual(firstPage[0]);

		const levels = await api.get<number[]>('/background_checks/available_levels');
		expect(levels.length).toBeGreaterThan(0);
		expect(nodeOutput(run, 'Levels')).toEqual(levels.map((level) => ({ level })));
	});

	it('creates a user, assigns them a training and reads it back by employee ID', async () => {
		const run = await executeWorkflow(env.settings, 'e2eCreateAssign');

		const [created] = nodeOutput(run, 'Create user');
		expect(created).toMatchObject({ first_name: 'Ada', last_name: 'Cliworth', external_id: 'E2E-CLI-1' });
		const stored = await api.get<ApiUser>('/users/by_employee_id/E2E-CLI-1');
		expect(stored.id).toBe(created.id);

		const trainings = nodeOutput(run, 'Trainings of the user');
		expect(trainings).toHaveLength(1);
		expect(trainings[0]).toMatchObject({ survey_code: 'youth', participant: expect.objectContaining({ id: created.id }) });
	});

	it("stops with the service's answer when the user does not exist", async () => {
		await expect(executeWorkflow(env.settings, 'e2eUnknownUser')).rejects.toThrow(/999999[\s\S]*not found|not found[\s\S]*999999/i);
	});
});

interface ComplianceReport {
	summary: string;
	counts: { total: number; compliant: number; expiring: number; noncompliant: number };
	groups: Array<{ name: string; counts: { total: number } }>;
	due: Array<{ status: string; first_name: string; last_name: string }>;
	html: string;
	text: string;
}

describe('the weekly compliance report example', () => {
	const workflow = examples.find((candidate) => candidate.id === EXPIRING_REPORT) as WorkflowFile;
	const nodeNamed = (name: string) => workflow.nodes.find((node) => node.name === name) as Record<string, unknown>;
	/** A mail server on 127.0.0.1 stands in for the user's: the example's SMTP credential points at it. */
	let smtp: SmtpServer;
	let run: WorkflowRun;
	let report: ComplianceReport;

	beforeAll(async () => {
		smtp = await startSmtpServer();
		const { id, name } = (nodeNamed('Email the report').credentials as Record<string, { id: string; name: string }>).smtp;
		const data = { host: smtp.host, port: smtp.port, secure: false, disableStartTls: true, user: '', password: '' };
		await importCredentials(env.settings, [{ id, name, type: 'smtp', data }]);
		run = await executeWorkflow(env.settings, EXPIRING_REPORT);
		[report] = nodeOutput(run, 'Compliance report') as unknown as ComplianceReport[];
	}, 300_000);

	afterAll(async () => {
		await smtp?.stop();
	});

	it('emails the report of Get Report, as HTML with the chat text beside it; Slack stays off until set up', async () => {
		expect(nodeNamed('Compliance report')).toMatchObject({ typeVersion: 1.3, parameters: { resource: 'compliance', operation: 'getReport', dueLimit: 100 } });
		expect(nodeNamed('Post to Slack')).toMatchObject({ disabled: true, parameters: { text: '={{ $json.text }}' } });
		// A disabled node passes its input through: nothing was posted.
		expect(nodeOutput(run, 'Post to Slack')).toEqual([report]);

		expect(report.counts.total).toBe((await allUsers()).length);
		expect(report.counts.compliant + report.counts.expiring + report.counts.noncompliant).toBe(report.counts.total);
		// 'Max Users Listed' (100 in the template) bounds the list; the counts count everyone.
		expect(report.due.length).toBe(Math.min(100, report.counts.expiring + report.counts.noncompliant));
		expect(report.groups.length).toBeGreaterThan(1);

		expect(smtp.mails).toHaveLength(1);
		const [mail] = smtp.mails;
		expect(mail.from).toBe('n8n@your-church.org');
		expect(mail.to).toEqual(['safety.coordinator@your-church.org']);
		expect(mailHeader(mail.data, 'subject')).toBe(`Compliance this week: ${report.summary}`);
		const parts = mimeParts(mail.data);
		// What arrives is the report, byte for byte, and nothing else (no attribution appended).
		expect(parts.get('text/html')).toBe(report.html);
		expect(parts.get('text/plain')?.replace(/\r\n/g, '\n')).toBe(report.text);
	});

	it('shows in Chromium at an email\'s width (600 px) as sent: email-safe elements only, nothing fetched, nothing wider', async () => {
		const browser = await launchChromium();
		try {
			const page = await browser.newPage({ viewport: { width: 600, height: 900 } });
			const fetched: string[] = [];
			page.on('request', (request) => fetched.push(request.url()));
			await page.setContent(`<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0;">${report.html}</body></html>`);
			// The elements as Chromium parsed them (tbody added): each an email client keeps.
			// Code run in the page, as text: the tests compile without the DOM's types.
			const elements = (await page.evaluate(
				"[...document.body.querySelectorAll('*')].map((element) => ({ tag: element.tagName.toLowerCase(), attributes: [...element.attributes].map((attribute) => [attribute.name, attribute.value]) }))",
			)) as Array<{ tag: string; attributes: Array<[string, string]> }>;
			const problems = elements.flatMap(({ tag, attributes }) => [
				...(EMAIL_TAGS.has(tag) ? [] : [`<${tag}>`]),
				...attributes.flatMap(([name, value]) => attributeProblems(tag, name, value)),
			]);
			expect(problems).toEqual([]);
			expect(fetched).toEqual([]);
			expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(600);
			const shown = await page.locator('body').innerText();
			expect(shown).toContain(report.summary);
			const first = report.due[0];
			expect(shown).toContain(`${first.first_name} ${first.last_name}`);
			const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
			await page.screenshot({
				path: join(SCREENSHOT_DIR, 'compliance-report.png'),
				clip: { x: 0, y: 0, width: 600, height: Math.min(height, 1500) },
				fullPage: true,
			});
		} finally {
			await browser.close();
		}
	});
});

describe('webhook events delivered by the sandbox to the production URLs', () => {
	const workflowsById = new Map([...fixtureWorkflows(), ...examples].map((workflow) => [workflow.id, workflow]));
	let user: ApiUser;
	let training: { id: number; certificate_url: string };
	let check: { id: number; status: string; user_id: number };
	let deliveries: WebhookDelivery[];
	/** What a stranger typed as the checked applicant's name (a sign-up form): it must not ping or link in Slack. */
	const HOSTILE_NAME = { first_name: '<!channel> @here', last_name: '<https://x.example|Review> *done*' };

	beforeAll(async () => {
		const urls = [ALL_EVENTS, BACKGROUND_CHECK_READY, QUIZ_CERTIFICATE].flatMap((id) =>
			triggerWebhookIds(workflowsById.get(id) as WorkflowFile).map(env.n8n.webhookUrl),
		);
		expect(urls).toHaveLength(3);
		await setSandboxWebhooks(env.sandbox, urls, WEBHOOK_AUTH);

		// 1. A user is created: userCreated.
		user = (await createUser(sandboxClients(env.sandbox).api, {
			first_name: 'Noah',
			last_name: 'Hookfield',
			external_id: 'E2E-HOOK-1',
		})) as unknown as ApiUser;
		// 2. They pass a quiz: quizCompleted.
		await api.post(`/users/${user.id}/assign_training`, { survey_code: 'standard' });
		[training] = await api.get<Array<{ id: number; certificate_url: string }>>(`/users/${user.id}/trainings`);
		const completed = await control.post<{ certificate_url: string }>(`/trainings/${training.id}/complete`, { score: 92 });
		training = { ...training, certificate_url: completed.certificate_url };
		// 3. A background check is ready: backgroundCheckReady.
		const checks = await api.get<Array<{ id: number; status: string }>>('/background_checks');
		const processing = checks.find((candidate) => candidate.status === 'processing');
		if (!processing) throw new Error('The sandbox has no processing background check on its first page');
		const renamed = await sandboxClients(env.sandbox).api.put(`/users/${String((processing as { user_id?: number }).user_id)}`, {
			form: { user: HOSTILE_NAME },
		});
		expect(renamed.status).toBe(204);
		check = await control.post(`/background_checks/${processing.id}/ready`);

		deliveries = await env.sandbox.waitForDeliveries(9, 30_000);
	});

	it('sends every event to every URL, and n8n answers each with 200', () => {
		expect(deliveries).toHaveLength(9);
		for (const delivery of deliveries) expect(delivery).toMatchObject({ delivered: true, status: 200, attempts: 1 });
		expect(deliveries.map((delivery) => delivery.event).sort()).toEqual([
			...Array(3).fill('backgroundCheckReady'),
			...Array(3).fill('quizCompleted'),
			...Array(3).fill('userCreated'),
		]);
	});

	it('starts the all-events workflow once per event, with the payload and the event name', async () => {
		const executions = await successfulExecutions(ALL_EVENTS, 3);
		expect(executions).toHaveLength(3);
		expect(executions.every((execution) => execution.mode === 'webhook')).toBe(true);
		const items = executions.map((execution) => executionOutput(execution, 'MinistrySafe Trigger')[0]);
		const byEvent = new Map(items.map((item) => [item.event, item]));
		expect(byEvent.get('userCreated')).toMatchObject({
			id: String(user.id),
			external_id: 'E2E-HOOK-1',
			first_name: 'Noah',
			event_id: `user-created:${user.id}`,
		});
		expect(byEvent.get('quizCompleted')).toMatchObject({
			user_id: String(user.id),
			score: 92,
			survey_code: 'standard',
			certificate_url: training.certificate_url,
			event_id: expect.stringMatching(new RegExp(`^quiz-completed:${user.id}:standard:\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z$`)),
		});
		expect(byEvent.get('backgroundCheckReady')).toMatchObject({ id: String(check.id), event_id: `background-check-ready:${check.id}` });
	});

	it('answers a call without the right username and password with 401 and starts nothing', async () => {
		const [webhookId] = triggerWebhookIds(workflowsById.get(ALL_EVENTS) as WorkflowFile);
		const call = (authorization?: string) =>
			fetch(env.n8n.webhookUrl(webhookId), {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
				body: JSON.stringify({ id: '1', employee_id: 'X', external_id: 'X', first_name: 'Eve', last_name: 'Forger', email: 'eve@example.org', organization_id: '1' }),
				signal: AbortSignal.timeout(10_000),
			});
		const wrongPassword = `Basic ${Buffer.from(`${WEBHOOK_AUTH.user}:wrong`).toString('base64')}`;
		expect((await call(wrongPassword)).status).toBe(401);
		expect((await call()).status).toBe(401);

		// Give n8n the time a started execution would need to be listed, then count again.
		await new Promise((resolveWait) => setTimeout(resolveWait, 2_000));
		const executions = await env.client.executions(env.apiKey, ALL_EVENTS);
		expect(executions).toHaveLength(3);
	});

	it('runs the background check example: it reads the full check and the applicant, and makes their details chat-safe', async () => {
		// The one that acted on the event: a poll of the template's net may have brought the same event again since,
		// and Remove Duplicates stopped that run before it read anything (seen in queue mode on a busy machine).
		const execution = await waitFor(
			'the execution of the background check example that read the check',
			async () =>
				(await successfulExecutions(BACKGROUND_CHECK_READY, 1)).find(
					(candidate) => candidate.data?.resultData.runData['Read the background check'] !== undefined,
				),
			30_000,
		);
		const [read] = executionOutput(execution, 'Read the background check');
		expect(read).toMatchObject({ id: check.id, status: 'complete', user_id: check.user_id });
		expect(read.results_url).toEqual(expect.stringMatching(/^http/));
		const [applicant] = executionOutput(execution, 'Read the applicant');
		expect(applicant).toMatchObject({ id: check.user_id, ...HOSTILE_NAME });
		// What the Slack message is made of, as n8n evaluated the template's expressions on the applicant's real name.
		const [details] = executionOutput(execution, 'Chat-safe details');
		expect(details).toEqual({
			applicant: chatSafe(`${HOSTILE_NAME.first_name} ${HOSTILE_NAME.last_name}`),
			email: chatSafeEmail(applicant.email),
			externalId: chatSafe(applicant.external_id),
			status: 'complete',
			checkId: String(check.id),
			level: String(read.level),
			flags: expect.any(String),
			resultsUrl: read.results_url,
		});
		expect(details.applicant).not.toMatch(/[<>@|*]|:\/\//);
		// A plain address as written, to copy into mail or a search.
		expect(details.email).toBe(applicant.email);
	});

	it('runs the quiz example: the certificate record reaches the HR system', async () => {
		await successfulExecutions(QUIZ_CERTIFICATE, 1);
		expect(hr.calls.map((call) => call.body)).toEqual([
			{
				employeeId: 'E2E-HOOK-1',
				ministrySafeUserId: String(user.id),
				course: 'standard',
				score: 92,
				completedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
				certificateUrl: training.certificate_url,
				source: 'MinistrySafe',
			},
		]);
	});
});
