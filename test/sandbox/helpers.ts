// Test helpers: a small HTTP client for the sandbox (real requests on 127.0.0.1, form or JSON bodies) and a local
// webhook receiver whose answers a test scripts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';

import type { Sandbox, SandboxOptions } from '../../sandbox';
import { startSandbox } from '../../sandbox';

/** Loosely typed JSON, for reading answers in tests: every property and index is again JSON. */
export interface Json {
	[key: string]: Json;
	[index: number]: Json;
}

export interface Answer {
	status: number;
	headers: Headers;
	/** Parsed JSON; the raw text when the answer is not JSON; undefined when empty. */
	body: Json;
	text: string;
}

/** The body of a successful answer; any other answer fails the test with what the sandbox said. */
export function ok(answer: Answer): Json {
	if (answer.status < 200 || answer.status >= 300) {
		throw new Error(`The sandbox answered ${answer.status}: ${answer.text.slice(0, 300)}`);
	}
	return answer.body;
}

/** The answer's body as a list (failing the test when it is not one). */
export function list(answer: Answer): Json[] {
	if (!Array.isArray(answer.body)) throw new Error(`Expected a JSON array, got: ${answer.text.slice(0, 200)}`);
	return answer.body as Json[];
}

export interface RequestOptions {
	/** Form-encoded with bracketed keys, as the service's documentation and the node send. */
	form?: Record<string, unknown>;
	json?: unknown;
	query?: Record<string, unknown>;
	/** Another key; null sends no Authorization header. */
	key?: string | null;
	headers?: Record<string, string>;
	/** Raw body text, with its content type in headers. */
	raw?: string;
}

export class Client {
	constructor(
		readonly baseUrl: string,
		readonly key: string,
	) {}

	withKey(key: string): Client {
		return new Client(this.baseUrl, key);
	}

	async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
		const headers: Record<string, string> = { ...options.headers };
		const key = options.key === undefined ? this.key : options.key;
		if (key !== null) headers.Authorization = `Token token=${key}`;
		let body: string | undefined = options.raw;
		if (options.form !== undefined) {
			headers['Content-Type'] = 'application/x-www-form-urlencoded';
			body = qs.stringify(options.form, { arrayFormat: 'brackets' });
		} else if (options.json !== undefined) {
			headers['Content-Type'] = 'application/json';
			body = JSON.stringify(options.json);
		}
		const search = options.query ? `?${qs.stringify(options.query)}` : '';
		const response = await fetch(`${this.baseUrl}${path}${search}`, { method, headers, body });
		const text = await response.text();
		let parsed: unknown = text === '' ? undefined : text;
		if (text !== '' && (response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
		return { status: response.status, headers: response.headers, body: parsed as Json, text };
	}

	get(path: string, options?: RequestOptions): Promise<Answer> {
		return this.request('GET', path, options);
	}

	post(path: string, options?: RequestOptions): Promise<Answer> {
		return this.request('POST', path, options);
	}

	put(path: string, options?: RequestOptions): Promise<Answer> {
		return this.request('PUT', path, options);
	}

	delete(path: string, options?: RequestOptions): Promise<Answer> {
		return this.request('DELETE', path, options);
	}
}

/** A client for /api/v2 and one for /sandbox of the same sandbox and key. */
export function clientsFor(url: string, key: string): { api: Client; control: Client } {
	return { api: new Client(`${url}/api/v2`, key), control: new Client(`${url}/sandbox`, key) };
}

export interface SuiteSandbox {
	sandbox: Sandbox;
	/** /api/v2 with the demo key. */
	api: Client;
	/** /sandbox with the demo key. */
	control: Client;
}

/** A sandbox for the whole suite (started before it, stopped after it), back to its seed before each test. */
export function useSandbox(options: SandboxOptions = {}): SuiteSandbox {
	const suite = {} as SuiteSandbox;
	beforeAll(async () => {
		suite.sandbox = await startSandbox(options);
		Object.assign(suite, clientsFor(suite.sandbox.url, suite.sandbox.apiKey));
	});
	afterAll(() => suite.sandbox.stop());
	beforeEach(() => suite.sandbox.reset());
	return suite;
}

/** Creates a User through the API (form-encoded, as the node sends it); any answer but 201 fails the test. */
export async function createUser(
	api: Client,
	user: Record<string, unknown> & { external_id: string },
	tagList?: string,
): Promise<Json> {
	const answer = await api.post('/users', {
		form: {
			user: { first_name: 'Test', last_name: 'User', email: `user.${user.external_id}@example.org`, ...user },
			...(tagList === undefined ? {} : { tag_list: tagList }),
		},
	});
	if (answer.status !== 201) throw new Error(`Creating a User answered ${answer.status}: ${answer.text}`);
	return answer.body;
}

export interface ReceivedCall {
	path: string;
	headers: http.IncomingHttpHeaders;
	body: unknown;
}

export interface Receiver {
	url: string;
	calls: ReceivedCall[];
	/** Answers for the next calls, in order; after them, 200. */
	answerWith(statuses: number[]): void;
	/** Keeps every answer back until `releaseAnswers()`: an order of events rather than a time. */
	holdAnswers(): void;
	releaseAnswers(): void;
	stop(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
	const calls: ReceivedCall[] = [];
	let statuses: number[] = [];
	let holding = false;
	const held: Array<() => void> = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const text = Buffer.concat(chunks).toString('utf8');
			calls.push({ path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : undefined });
			const status = statuses.shift() ?? 200;
			const answer = (): void => {
				res.writeHead(status, { 'Content-Type': 'application/json' }).end('{"received":true}');
			};
			if (holding) held.push(answer);
			else answer();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		calls,
		answerWith: (next) => {
			statuses = [...next];
		},
		holdAnswers: () => {
			holding = true;
		},
		releaseAnswers: () => {
			holding = false;
			for (const answer of held.splice(0)) answer();
		},
		stop: () =>
			new Promise<void>((resolve) => {
				held.length = 0;
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
	const server = http.createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

/** A valid Create an Organization body; fields can be overridden. */
export function organizationBody(overrides: Record<string, unknown> = {}): { organization: Record<string, unknown> } {
	return {
		organization: {
			name: 'Lakeside Camp',
			address: '1 Lake Rd',
			city: 'Austin',
			state: 'TX',
			country: 'US',
			zip: '78701',
			hear_from: 'a colleague',
			size_of_org: '1-200',
			phone: '15125550100',
			billing_email: 'billing@lakeside.example.org',
			organization_type: 'Camp',
			ssa: { first_name: 'Pat', last_name: 'Lee', email: 'pat@lakeside.example.org', username: 'pat', type: 'employee' },
			...overrides,
		},
	};
}

/** Creates an Organization with the demo key and returns clients with the new key. */
export async function createOrganization(
	demo: Client,
	overrides: Record<string, unknown> = {},
): Promise<{ api: Client; control: Client; id: number }> {
	const answer = await demo.post('/organizations', { json: organizationBody(overrides) });
	if (answer.status !== 201) throw new Error(`Creating an Organization answered ${answer.status}: ${answer.text}`);
	const sandboxUrl = demo.baseUrl.replace(/\/api\/v2$/, '');
	return { ...clientsFor(sandboxUrl, String(answer.body.organization_api_key)), id: Number(answer.body.organization_id) };
}
