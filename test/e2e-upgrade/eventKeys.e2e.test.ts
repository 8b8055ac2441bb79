// Duplicates remembered across the upgrade (docs/changes.md, "Event IDs: a check ready from any open status, instants
// to the second"). The event templates as 1.0.0 shipped them (the webhook alone, Remove Duplicates keyed on the
// payload) and as 1.1.0 shipped them (the polling net beside it, keyed on `event_id`), published in a real n8n with
// package 1.1.0 installed as n8n installs it, each event acted on once; n8n stopped, this checkout's tarball installed
// over it as README says, n8n started on the same port. The same deliveries again (the service retrying across the
// restart) are removed by what each Remove Duplicates saved before the upgrade: a check's `event_id` is written as
// 1.1.0 wrote it, and so is a completion's whose instant had no milliseconds. A completion whose instant had them is
// now taken to the whole second, an id 1.1.0 never saved: acted on once more, as docs/changes.md says (and what a
// user does about it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Sandbox, startSandbox } from '../../sandbox';
import {
	type N8nInstance,
	type N8nSettings,
	type WorkflowFile,
	exampleCredentials,
	importCredentials,
	importWorkflows,
	installPackageTarball,
	installTarballWithNpm,
	packCommit,
	packedTarball,
	publishWorkflow,
	setSandboxWebhooks,
	startN8n,
	triggerWebhookIds,
	waitFor,
} from '../../scripts/n8n-runtime';
import { WEBHOOK_AUTH, nodeNamed, postingInstead } from '../e2e/helpers';
import { RELEASES, RELEASE_1_1_0, type Release, fileAtRelease, releaseCommit } from '../helpers/release';
import { changes } from '../polling/records';
import { type Receiver, createUser, startReceiver } from '../sandbox/helpers';

/** The releases whose templates saved keys, by the label each copy's id and stand-in address carry. */
const TEMPLATE_RELEASES: Array<[string, Release]> = [
	['v100', RELEASES[1]],
	['v110', RELEASE_1_1_0],
];

/** Two completions as the webhook sends them (api-v2.md 6), one instant written with milliseconds and one without. */
const completion = (at: string) => ({
	user_id: '1003',
	external_id: '10003',
	score: 92,
	complete_date: at,
	survey_code: 'standard',
	certificate_url: `https://example.org/c/${at}`,
});
const WITH_MILLISECONDS = completion('2026-03-07T09:15:00.374-06:00');
const WHOLE_SECONDS = completion('2026-03-07T09:16:00-06:00');
/** A completion after the upgrade: once it is filed, what came before it has run. */
const LATER = completion('2026-03-07T09:17:00-06:00');

let folder: string;
let sandbox: Sandbox;
let settings: N8nSettings;
let n8n: N8nInstance | undefined;
let hr: Receiver;
let chat: Receiver;
const workflows: WorkflowFile[] = [];
/** The background check ready delivery the sandbox sent before the upgrade, to send again after it. */
let checkDelivery: Record<string, unknown> = {};

/** A release's template, with its own id, its message posted to the stand-ins under the release's label. */
function templateOf(label: string, release: Release, file: string): WorkflowFile {
	const workflow = JSON.parse(fileAtRelease(release, `examples/${file}.json`)) as WorkflowFile;
	workflow.id = `${workflow.id}-${label}`;
	workflow.name = `${workflow.name} (${label})`;
	if (file === 'quiz-completed-certificate') nodeNamed(workflow, 'Send to the HR system').parameters.url = `${hr.url}/${label}`;
	else postingInstead(workflow, 'Notify the safety team', `${chat.url}/${label}`, { checkId: "={{ String($('Skip events already handled').item.json.id) }}" });
	return workflow;
}

/** The Production URL of each of the label's templates of one kind ('BgCheckReady', 'QuizCert'). */
const urlsOf = (kind: string) =>
	workflows.filter((workflow) => workflow.id.includes(kind)).flatMap((workflow) => triggerWebhookIds(workflow).map((n8n as N8nInstance).webhookUrl));

async function deliver(urls: string[], body: Record<string, unknown>): Promise<void> {
	const authorization = `Basic ${Buffer.from(`${WEBHOOK_AUTH.user}:${WEBHOOK_AUTH.password}`).toString('base64')}`;
	for (const url of urls) {
		const answer = await fetch(url, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });
		expect(answer.status).toBe(200);
	}
}

/** What each release's copy has sent: the certificates' completion instants, the checks' ids. */
const filed = (label: string) => hr.calls.filter((call) => call.path === `/${label}`).map((call) => String((call.body as { certificateUrl?: unknown }).certificateUrl).replace('https://example.org/c/', ''));
const told = (label: string) => chat.calls.filter((call) => call.path === `/${label}`).map((call) => Number((call.body as { checkId?: unknown }).checkId));

async function arrived(what: string, done: () => boolean): Promise<void> {
	await waitFor(what, async () => (done() ? true : undefined), 60_000).catch((error: Error) => {
		throw new Error(`${error.message}; HR: ${JSON.stringify(hr.calls.map((call) => [call.path, call.body]))}; chat: ${JSON.stringify(chat.calls.map((call) => [call.path, call.body]))}`);
	});
}

/** A Background Check of a new User made ready by the vendor: the sandbox sends background check ready. */
async function checkMadeReady(externalId: string): Promise<number> {
	const make = changes(sandbox);
	const check = await make.orderCheck(Number((await createUser(make.api, { external_id: externalId })).id));
	await make.checkReady(check, 'clear');
	return check;
}

beforeAll(async () => {
	folder = mkdtempSync(join(tmpdir(), 'ministrysafe-upgrade-keys-'));
	const released = await packCommit(releaseCommit(RELEASE_1_1_0), join(folder, 'release'));
	sandbox = await startSandbox({ port: 0 });
	hr = await startReceiver();
	chat = await startReceiver();
	settings = { userFolder: join(folder, 'user'), encryptionKey: 'ministrysafe-upgrade-keys-encryption-key' };
	await installPackageTarball(settings.userFolder, released);
	await importCredentials(settings, exampleCredentials(sandbox.url, sandbox.apiKey, WEBHOOK_AUTH));
	for (const [label, release] of TEMPLATE_RELEASES) {
		for (const file of ['background-check-ready', 'quiz-completed-certificate']) workflows.push(templateOf(label, release, file));
	}
	await importWorkflows(settings, workflows);
	for (const workflow of workflows) await publishWorkflow(settings, workflow.id);
	n8n = await startN8n(settings, { readyTimeoutMs: 180_000 });
	await setSandboxWebhooks(sandbox, [...urlsOf('BgCheckReady'), ...urlsOf('QuizCert')], WEBHOOK_AUTH);
}, 600_000);

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.stop();
	await hr?.stop();
	await chat?.stop();
	if (folder) rmSync(folder, { recursive: true, force: true });
});

it('with 1.1.0: each template acts once on a check ready and on two completions', async () => {
	const check = await checkMadeReady('E2E-UPGRADE-KEYS-1');
	const deliveries = await sandbox.waitForDeliveries(sandbox.deliveries().length, 60_000);
	const ready = deliveries.filter((delivery) => delivery.event === 'backgroundCheckReady');
	expect(ready.map((delivery) => delivery.delivered)).toEqual([true, true, true, true]);
	checkDelivery = ready[0].body;
	await deliver(urlsOf('QuizCert'), WITH_MILLISECONDS);
	await deliver(urlsOf('QuizCert'), WHOLE_SECONDS);

	await arrived('the first events acted on', () => TEMPLATE_RELEASES.every(([label]) => told(label).length === 1 && filed(label).length === 2));
	for (const [label] of TEMPLATE_RELEASES) {
		expect(told(label)).toEqual([check]);
		expect(filed(label).sort()).toEqual([WITH_MILLISECONDS.complete_date, WHOLE_SECONDS.complete_date].sort());
	}
});

it('after installing this checkout and restarting n8n, the same deliveries again are removed by the keys saved before, but a completion written with milliseconds', async () => {
	const port = (n8n as N8nInstance).port;
	await (n8n as N8nInstance).stop();
	n8n = undefined;
	await installTarballWithNpm(settings.userFolder, packedTarball());
	n8n = await startN8n(settings, { port, readyTimeoutMs: 180_000 });

	// The service retrying what it sent before the upgrade, then something new: once that has come, the repeats ran.
	await deliver(urlsOf('BgCheckReady'), checkDelivery);
	await deliver(urlsOf('QuizCert'), WITH_MILLISECONDS);
	await deliver(urlsOf('QuizCert'), WHOLE_SECONDS);
	const later = await checkMadeReady('E2E-UPGRADE-KEYS-2');
	await deliver(urlsOf('QuizCert'), LATER);
	await arrived('the events after the upgrade acted on', () =>
		TEMPLATE_RELEASES.every(([label]) => told(label).includes(later) && filed(label).includes(LATER.complete_date)),
	);
	await new Promise((resolve) => setTimeout(resolve, 5_000));

	const [first] = told('v100');
	for (const [label] of TEMPLATE_RELEASES) expect(told(label)).toEqual([first, later]);
	// 1.0.0's key is the payload's instant as written: the same delivery, the same key.
	expect(filed('v100').slice(2)).toEqual([LATER.complete_date]);
	// 1.1.0 saved quiz-completed:1003:standard:2026-03-07T15:15:00.374Z; the id is now ...T15:15:00Z.
	expect(filed('v110').slice(2).sort()).toEqual([WITH_MILLISECONDS.complete_date, LATER.complete_date].sort());
});
