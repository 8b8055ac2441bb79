// What `npm run dev` shows of the sandbox's webhook log: the real sandbox delivers one event to a Test URL that listens,
// one that does not, and a Production URL of an unpublished workflow (both answered 404, as n8n does); the dev log
// keeps the delivery that arrived and one line for the unpublished workflow, and nothing of the Test URL nobody heard.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { devSandboxLine, isUnknownWebhookLine } from '../../scripts/devWebhooks';
import { type Sandbox, startSandbox } from '../../sandbox';
import { DEFAULT_RETRY_DELAYS_MS } from '../../sandbox/webhooks';
import { clientsFor, createUser } from '../sandbox/helpers';

let n8nStandIn: http.Server;
let n8nUrl: string;
let sandbox: Sandbox;
const sandboxLog: string[] = [];

beforeAll(async () => {
	// Like n8n: 200 where a webhook is registered, 404 elsewhere.
	n8nStandIn = http.createServer((req, res) => {
		req.resume();
		req.on('end', () => res.writeHead(req.url?.includes('/listening/') ? 200 : 404).end());
	});
	await new Promise<void>((resolve) => n8nStandIn.listen(0, '127.0.0.1', resolve));
	n8nUrl = `http://127.0.0.1:${(n8nStandIn.address() as AddressInfo).port}`;
	// As many retries as the default, only quicker.
	sandbox = await startSandbox({
		port: 0,
		webhookRetryDelaysMs: DEFAULT_RETRY_DELAYS_MS.map(() => 10),
		log: (line) => sandboxLog.push(line),
	});
});

afterAll(async () => {
	await sandbox?.stop();
	await new Promise((resolve) => n8nStandIn?.close(resolve));
});

it('shows the delivery that arrived and one line per unpublished workflow, nothing for Test URLs nobody heard', async () => {
	const urls = [
		`${n8nUrl}/webhook-test/listening/webhook`,
		`${n8nUrl}/webhook-test/not-listening/webhook`,
		`${n8nUrl}/webhook/unpublished/webhook`,
	];
	const { api, control } = clientsFor(sandbox.url, sandbox.apiKey);
	expect((await control.put('/webhooks', { json: { urls } })).status).toBe(200);
	await createUser(api, { external_id: 'DEV-LOG-1' });
	await sandbox.waitForDeliveries(3, 30_000);

	const deliveryLines = sandboxLog.filter((line) => line.startsWith('webhook '));
	// The sandbox tried each 404 four times: eight lines the dev log must not show one by one.
	expect(deliveryLines).toHaveLength(1 + 2 * (DEFAULT_RETRY_DELAYS_MS.length + 1));
	const shown = deliveryLines.map(devSandboxLine).filter((line) => line !== undefined);
	expect(shown).toEqual([
		`webhook userCreated -> ${urls[0]} answered 200 (attempt 1)`,
		`webhook userCreated -> ${urls[2]}: not delivered, its workflow is not published (n8n answered 404 4 times)`,
	]);
	// Other sandbox lines pass unchanged.
	expect(devSandboxLine('POST /api/v2/users 201 3.1ms org=1')).toBe('POST /api/v2/users 201 3.1ms org=1');
});

it("recognises n8n's own lines about a webhook nobody listens on, and no others", () => {
	expect(isUnknownWebhookLine('Received request for unknown webhook: The requested webhook "POST abc/webhook" is not registered.')).toBe(true);
	expect(isUnknownWebhookLine('404 The requested webhook "abc/webhook" is not registered.')).toBe(true);
	expect(isUnknownWebhookLine('Editor is now accessible via:')).toBe(false);
});
