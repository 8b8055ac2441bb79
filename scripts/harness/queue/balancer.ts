// The load balancer in front of several webhook processors (QUEUE_WEBHOOK_PROCESSORS, for npm run load:queue): each
// call goes to the next processor in turn, as a round-robin load balancer sends `/webhook/*` in a real installation.
// On 127.0.0.1 only; stop() closes it and every connection it holds.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
	port: number;
	stop(): Promise<void>;
}

export async function startBalancer(port: number, targetPorts: number[]): Promise<Balancer> {
	let next = 0;
	const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
	const server = http.createServer((request, response) => {
		const target = targetPorts[next++ % targetPorts.length];
		const forwarded = http.request(
			{ host: '127.0.0.1', port: target, method: request.method, path: request.url, headers: request.headers, agent },
			(answer) => {
				response.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(response);
			},
		);
		forwarded.on('error', () => {
			if (!response.headersSent) response.writeHead(502).end();
			else response.destroy();
		});
		request.on('aborted', () => forwarded.destroy());
		request.pipe(forwarded);
	});
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	return {
		port: (server.address() as AddressInfo).port,
		stop: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
				agent.destroy();
			}),
	};
}
