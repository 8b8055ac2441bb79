// A small HTTP server on 127.0.0.1 that answers as a test scripts it: for answers the sandbox never gives (a service
// that refuses GET, repeats a page, redirects, resets the connection, never answers, sends HTML or an error body of
// another shape). Stopped by the test in afterAll (or its finally); stopping also ends connections left hanging.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
	method: string;
	url: string;
	authorization: string | undefined;
	/** The request body as text. */
	body: string;
	/** What the server did with it: the status it answered, or the fault. */
	outcome?: number | Fault;
}

/**
 * A misbehaviour instead of an answer: `resetOnArrival` destroys the connection before the request is read,
 * `resetAfterBody` after reading it all (the service may have acted), `hang` never answers.
 */
export type Fault = 'resetOnArrival' | 'resetAfterBody' | 'hang';

export interface ScriptedAnswer {
	status: number;
	/** Sent as JSON, unless `raw` is given. */
	body?: unknown;
	/** The body exactly as text (HTML, invalid JSON, nothing). */
	raw?: string;
	headers?: Record<string, string>;
	/** Milliseconds before the answer is sent. */
	delayMs?: number;
}

export type ServerAnswer = ScriptedAnswer | { fault: Fault };

export interface LocalServer {
	url: string;
	received: ReceivedRequest[];
	/** Requests being answered right now, and the most there were at once. */
	inFlight: { now: number; peak: number };
	stop(): Promise<void>;
}

export async function startLocalServer(
	answer: (request: ReceivedRequest, index: number) => ServerAnswer | Promise<ServerAnswer>,
): Promise<LocalServer> {
	const received: ReceivedRequest[] = [];
	const inFlight = { now: 0, peak: 0 };
	const delays = new Set<NodeJS.Timeout>();
	const server = http.createServer((req, res) => {
		const request: ReceivedRequest = {
			method: req.method ?? '',
			url: req.url ?? '',
			authorization: req.headers.authorization,
			body: '',
		};
		const index = received.push(request) - 1;
		inFlight.now += 1;
		inFlight.peak = Math.max(inFlight.peak, inFlight.now);
		res.on('close', () => {
			inFlight.now -= 1;
		});
		// The answer is decided from the request line, before the body is read, so a reset can come on arrival.
		const decided = Promise.resolve(answer(request, index));
		void decided.then((scripted) => {
			if ('fault' in scripted && scripted.fault === 'resetOnArrival') {
				request.outcome = 'resetOnArrival';
				req.socket.destroy();
			}
		});
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', async () => {
			request.body = Buffer.concat(chunks).toString('utf8');
			const scripted = await decided;
			if ('fault' in scripted) {
				if (scripted.fault === 'resetOnArrival') return;
				request.outcome = scripted.fault;
				if (scripted.fault === 'resetAfterBody') req.socket.destroy();
				return;
			}
			request.outcome = scripted.status;
			const send = () => {
				const text = scripted.raw ?? (scripted.body === undefined ? '' : JSON.stringify(scripted.body));
				const type = scripted.raw === undefined ? 'application/json' : 'text/html';
				res.writeHead(scripted.status, { 'Content-Type': type, ...scripted.headers }).end(text);
			};
			if (!scripted.delayMs) return send();
			const timer = setTimeout(() => {
				delays.delete(timer);
				send();
			}, scripted.delayMs);
			delays.add(timer);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		received,
		inFlight,
		stop: () =>
			new Promise<void>((resolve) => {
				for (const timer of delays) clearTimeout(timer);
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
