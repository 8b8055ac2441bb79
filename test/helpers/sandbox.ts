/**
 * What the action-node tests need from the sandbox besides starting it: the requests a node made, as the sandbox
 * decoded them, and the sandbox's own API (records to compare with, injected faults).
 */
import type { RecordedRequest, Sandbox, SandboxOptions } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { Answer } from '../sandbox/helpers';
import { clientsFor } from '../sandbox/helpers';

/**
 * One sandbox for the test file, on a free port of 127.0.0.1: started before its tests, back to its seed before each
 * test, stopped after them. Returns the sandbox's getter, for use inside tests and hooks.
 */
export function useSandbox(options: SandboxOptions = {}): () => Sandbox {
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, ...options });
	});
	afterAll(async () => {
		await sandbox?.stop();
	});
	beforeEach(() => sandbox?.reset());
	return () => {
		if (!sandbox) throw new Error('The sandbox is started in beforeAll: use it inside tests and hooks');
		return sandbox;
	};
}

export type SentRequest = Pick<RecordedRequest, 'method' | 'path' | 'query' | 'body'>;

/** Every /api/v2 request so far: method, path, query and decoded body. Take it before reading with `api`. */
export const sentRequests = (sandbox: Sandbox): SentRequest[] =>
	sandbox.requests.map(({ method, path, query, body }) => ({ method, path, query, body }));

/** The sandbox's API and control endpoints with its demo key (or another Organization's key). */
export function sandboxClients(sandbox: Sandbox, key = sandbox.apiKey) {
	return clientsFor(sandbox.url, key);
}

/** The body of a successful answer; a failed one fails the test with what the sandbox said. */
export function ok(answer: Answer): unknown {
	if (answer.status < 200 || answer.status >= 300) {
		throw new Error(`The sandbox answered ${answer.status}: ${answer.text.slice(0, 300)}`);
	}
	return answer.body;
}

/** The next `count` API answers of the key's Organization are this failure (contract.md: PUT /sandbox/faults). */
export async function injectFault(
	sandbox: Sandbox,
	fault: { status: number; count: number; retryAfter?: number },
	key = sandbox.apiKey,
): Promise<void> {
	ok(await sandboxClients(sandbox, key).control.put('/faults', { json: fault }));
}
