// The test calls that docs/triggers.md gives a user ("Send a test event yourself"): each `curl` line, read from the
// page and sent as curl would send it, must start a workflow whose trigger listens for that event alone, with Basic
// Auth and the username and password of the trigger's MinistrySafe Webhook API credential. Its IDs are records the
// sandbox of `npm run dev` has (its default seed), so a workflow that reads the record behind the event finds it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { startSandbox } from '../../sandbox';
import { ok, sandboxClients } from '../helpers/sandbox';
import { startTriggerHarness } from '../helpers/webhook';

const PAGE = join(__dirname, '..', '..', 'docs', 'triggers.md');
const WEBHOOK_AUTH = { user: 'church-admin', password: 'correct horse battery staple' };
/** The event values of the trigger's Trigger On, by the label the page writes above each call. */
const EVENT_BY_LABEL: Record<string, string> = {
	'Quiz Completed': 'quizCompleted',
	'Background Check Ready': 'backgroundCheckReady',
	'User Created': 'userCreated',
};

interface CurlCall {
	label: string;
	user: string;
	headers: Record<string, string>;
	body: string;
}

/** The shell block of "Send a test event yourself": each `# <event>` comment, then its curl line and continuation. */
function curlCalls(): CurlCall[] {
	const page = readFileSync(PAGE, 'utf8');
	const section = page.slice(page.indexOf('### Send a test event yourself'));
	const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
	const chunks = block.split(/\n\s*\n/).filter((chunk) => /^# .+\ncurl /.test(chunk));
	return chunks.map((chunk) => {
		const [comment, ...command] = chunk.split('\n');
		const label = comment.slice(2);
		const joined = command.join('\n').replace(/\\\n\s*/g, ' ');
		const quoted = (flag: string) => [...joined.matchAll(new RegExp(`${flag} '([^']*)'`, 'g'))].map((match) => match[1]);
		return {
			label: label.trim(),
			user: quoted('-u')[0],
			headers: Object.fromEntries(
				quoted('-H').map((header) => [header.split(':')[0].trim(), header.slice(header.indexOf(':') + 1).trim()]),
			),
			body: quoted('-d')[0],
		};
	});
}

const calls = curlCalls();

test('the page gives one call for each event of Trigger On', () => {
	expect(calls.map(({ label }) => EVENT_BY_LABEL[label]).sort()).toEqual(
		Object.values(EVENT_BY_LABEL).sort(),
	);
});

test.each(calls.map((call): [string, CurlCall] => [call.label, call]))(
	'%s: the curl line starts a workflow that listens for that event alone',
	async (label, call) => {
		const event = EVENT_BY_LABEL[label];
		const harness = await startTriggerHarness({
			parameters: { events: [event], authentication: 'basicAuth' },
			credentials: { ministrySafeWebhookApi: WEBHOOK_AUTH },
		});
		try {
			expect(call.user).toBe('USER:PASSWORD');
			expect(call.body).toEqual(expect.any(String));
			const user = call.user
				.replace('USER', WEBHOOK_AUTH.user)
				.replace('PASSWORD', WEBHOOK_AUTH.password);
			const response = await fetch(harness.url, {
				method: 'POST',
				headers: { ...call.headers, authorization: `Basic ${Buffer.from(user).toString('base64')}` },
				body: call.body,
			});
			expect(response.status).toBe(200);
			expect(await response.json()).toEqual({ message: 'Workflow was started' });
			await harness.settled();
			expect(harness.executions).toEqual([[{ ...JSON.parse(call.body), event, event_id: expect.any(String) }]]);
		} finally {
			await harness.stop();
		}
	},
);

test("each call's IDs are records of the sandbox that npm run dev starts, and agree with each other", async () => {
	const sandbox = await startSandbox();
	try {
		const { api } = sandboxClients(sandbox);
		const get = async (path: string) => ok(await api.get(path)) as Record<string, unknown>;
		const body = (label: string) => JSON.parse(calls.find((call) => call.label === label)?.body ?? '{}') as Record<string, string>;
		const userOf = async (id: string) => {
			const user = await get(`/users/${id}`);
			return { user_id: String(user.id), external_id: user.external_id, email: user.email, first_name: user.first_name, last_name: user.last_name };
		};

		const quiz = body('Quiz Completed');
		expect(await userOf(quiz.user_id)).toMatchObject({ user_id: quiz.user_id, external_id: quiz.external_id });
		const surveyCodes = (ok(await api.get('/survey_codes')) as Array<{ code: string }>).map(({ code }) => code);
		expect(surveyCodes).toContain(quiz.survey_code);

		const ready = body('Background Check Ready');
		const check = await get(`/background_checks/${ready.id}`);
		expect(String(check.user_id)).toBe(ready.user_id);
		expect(await userOf(ready.user_id)).toMatchObject({ external_id: ready.external_id, email: ready.email });

		const created = body('User Created');
		expect(await userOf(created.id)).toEqual({
			user_id: created.id,
			external_id: created.external_id,
			email: created.email,
			first_name: created.first_name,
			last_name: created.last_name,
		});
		expect(created.employee_id).toBe(created.external_id);
	} finally {
		await sandbox.stop();
	}
});
