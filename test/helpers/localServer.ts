// A small HTTP server on 127.0.0.1 that answers as a test scripts it: for answers the sandbox never gives (a service
// that refuses GET, repeats a page, or sends an error body of another shape). Stopped by the test in afterAll.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
	method: string;
	url: string;
	authorization: string | undefined;
}

export interface ScriptedAnswer {
	status: number;
	body: unknown;
}

export interface LocalServer {
	url: string;
	received: ReceivedRequest[];
	stop(): Promise<void>;
}

export async function startLocalServer(answer: (request: ReceivedRequest) => ScriptedAnswer): Promise<LocalServer> {
	const received: ReceivedRequest[] = [];
	const server = http.createServer((req, res) => {
		const request = { method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization };
		received.push(request);
		// The body is not needed, but it is read so the connection is left clean.
		req.resume();
		req.on('end', () => {
			const { status, body } = answer(request);
			res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		received,
		stop: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
