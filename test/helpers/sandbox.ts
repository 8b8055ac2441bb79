/**
 * What the action-node tests need from the sandbox besides starting it: the requests a node made, as the sandbox
 * decoded them, and the sandbox's own API (records to compare with, injected faults).
 */
import type { RecordedRequest, Sandbox, SandboxOptions } from '../../sandbox';
import { type Answer, clientsFor, ok as okJson, useSandbox as useSuiteSandbox } from '../sandbox/helpers';

/** The body of a successful answer (the sandbox tests' `ok`), untyped here: the action tests name the shape they read. */
export const ok: (answer: Answer) => unknown = okJson;

/**
 * One sandbox for the test file, on a free port of 127.0.0.1: started before its tests, back to its seed before each
 * test, stopped after them. Returns the sandbox's getter, for use inside tests and hooks.
 */
export function useSandbox(options: SandboxOptions = {}): () => Sandbox {
	const suite = useSuiteSandbox(options);
	return () => {
		if (!suite.sandbox) throw new Error('The sandbox is started in beforeAll: use it inside tests and hooks');
		return suite.sandbox;
	};
}

export type SentRequest = Pick<RecordedRequest, 'method' | 'path' | 'query' | 'body'>;

/** Every /api/v2 request so far: method, path, query and decoded body. Take it before reading with `api`. */
export const sentRequests = (sandbox: Sandbox): SentRequest[] =>
	sandbox.requests.map(({ method, path, query, body }) => ({ method, path, query, body }));

/** The requests so far that would change something (all but reads), as `METHOD /path`. */
export const sentWrites = (sandbox: Sandbox): string[] =>
	sentRequests(sandbox)
		.filter(({ method }) => method !== 'GET')
		.map(({ method, path }) => `${method} ${path}`);

/** The sandbox's API and control endpoints with its demo key (or another Organization's key). */
export function sandboxClients(sandbox: Sandbox, key = sandbox.apiKey) {
	return clientsFor(sandbox.url, key);
}

/** The next `count` API answers of the key's Organization are this failure (contract.md: PUT /sandbox/faults). */
export async function injectFault(
	sandbox: Sandbox,
	fault: { status: number; count: number; retryAfter?: number },
	key = sandbox.apiKey,
): Promise<void> {
	ok(await sandboxClients(sandbox, key).control.put('/faults', { json: fault }));
}
