// The test calls that docs/triggers.md gives a user ("Send a test event yourself"): each `curl` line, read from the
// page and sent as curl would send it, must start a workflow whose trigger listens for that event alone, with Basic
// Auth and the username and password of the trigger's MinistrySafe Webhook API credential.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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
			expect(harness.executions).toEqual([[{ ...JSON.parse(call.body), event }]]);
		} finally {
			await harness.stop();
		}
	},
);
