// The sandbox as a library: start one on a port (0: a free one), read its URL and key, stop it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { DEFAULT_DEMO_USERS, DEFAULT_SEED, sandboxClock, TODAY_VARIABLE } from './seed';
import { createSandboxApp } from './server';
import type { Sandbox, SandboxOptions, WebhookDelivery } from './types';
import { DEFAULT_ATTEMPT_TIMEOUT_MS, DEFAULT_RETRY_DELAYS_MS } from './webhooks';

export type { RecordedRequest, Sandbox, SandboxOptions, WebhookDelivery, WebhookEvent } from './types';

export const DEFAULT_API_KEY = 'sandbox-demo-key';
const DEFAULT_WAIT_FOR_DELIVERIES_MS = 10000;

function listen(server: http.Server, port: number, host: string): Promise<void> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const host = options.host ?? '127.0.0.1';
	const apiKey = options.apiKey ?? DEFAULT_API_KEY;
	const today = options.today ?? process.env[TODAY_VARIABLE];
	// A bad day is refused before anything listens.
	sandboxClock(today);
	const server = http.createServer();
	// Idle connections stay open half a minute, not Node's 5 s: a client reusing one just as the server closes it gets
	// ECONNRESET, and on a busy machine a client's own idle timer (the server's hint less a second) fires that late.
	server.keepAliveTimeout = 30_000;
	await listen(server, options.port ?? 0, host);
	const { port } = server.address() as AddressInfo;
	const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

	// The app needs its own URL for the addresses in its answers, so it is built once the port is known.
	const sandbox = createSandboxApp({
		url,
		apiKey,
		users: options.users ?? DEFAULT_DEMO_USERS,
		seed: options.seed ?? DEFAULT_SEED,
		latencyMs: options.latencyMs ?? 0,
		today,
		rateLimit: options.rateLimit || undefined,
		webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
		webhookAttemptTimeoutMs: options.webhookAttemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS,
		log: options.log ?? (() => undefined),
		userExternalIdKeys: options.userExternalIdKeys ?? 'both',
	});
	server.on('request', sandbox.app);

	let stopped: Promise<void> | undefined;
	const stop = (): Promise<void> =>
		(stopped ??= Promise.all([
			sandbox.webhooks.stop(),
			new Promise<void>((resolve, reject) => {
				server.close((error) => (error ? reject(error) : resolve()));
				server.closeAllConnections();
			}),
		]).then(() => undefined));

	return {
		url,
		port,
		apiKey,
		requests: sandbox.requestLog.entries,
		clearRequests: () => sandbox.requestLog.clear(),
		deliveries: (): WebhookDelivery[] => sandbox.webhooks.list(),
		waitForDeliveries: (count, timeoutMs = DEFAULT_WAIT_FOR_DELIVERIES_MS) =>
			sandbox.webhooks.waitFor(count, timeoutMs),
		reset: () => sandbox.reset(),
		/** Idempotent: a second call waits for the same close. */
		stop,
	};
}
