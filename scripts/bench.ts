// npm run bench: the sandbox with 10,000 Users (start time, heap and RSS), then a bounded number of API requests on
// 127.0.0.1 (requests per second, p50 and p95 latency). Figures are printed, never asserted. Each measurement is a
// named entry in MEASUREMENTS: add one there to time something else against the same sandbox.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startSandbox } from '../sandbox';
import type { Sandbox } from '../sandbox';

const USERS = 10000;
const CONCURRENCY = 8;

type Figures = Record<string, string | number>;

interface BenchContext {
	sandbox: Sandbox;
	/** An authenticated GET under /api/v2; fails on any status but 200. */
	get: (path: string) => Promise<void>;
}

interface Measurement {
	name: string;
	measure: (context: BenchContext) => Promise<Figures>;
}

function megabytes(bytes: number): string {
	return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function percentile(sortedMs: number[], fraction: number): number {
	return sortedMs[Math.min(sortedMs.length - 1, Math.floor(sortedMs.length * fraction))];
}

/** Sends `count` requests, CONCURRENCY at a time, and reports throughput and latency. */
async function timeRequests(count: number, send: (index: number) => Promise<void>): Promise<Figures> {
	const latencies: number[] = [];
	let next = 0;
	const started = performance.now();
	const worker = async (): Promise<void> => {
		while (next < count) {
			const index = next++;
			const sent = performance.now();
			await send(index);
			latencies.push(performance.now() - sent);
		}
	};
	await Promise.all(Array.from({ length: CONCURRENCY }, worker));
	const seconds = (performance.now() - started) / 1000;
	latencies.sort((a, b) => a - b);
	return {
		requests: count,
		'requests/s': Math.round(count / seconds),
		'p50 ms': percentile(latencies, 0.5).toFixed(2),
		'p95 ms': percentile(latencies, 0.95).toFixed(2),
	};
}

const MEASUREMENTS: Measurement[] = [
	{
		name: 'list Users, page by page (GET /users?page=N)',
		measure: ({ get }) => timeRequests(1000, (index) => get(`/users?page=${(index % 100) + 1}`)),
	},
	{
		name: 'get one User (GET /users/:id)',
		measure: ({ get }) => timeRequests(1000, (index) => get(`/users/${1001 + ((index * 7919) % USERS)}`)),
	},
	{
		name: 'detailed User by employee id (GET /users/by_employee_id/:id/detailed)',
		measure: ({ get }) =>
			timeRequests(500, (index) => get(`/users/by_employee_id/${10001 + ((index * 104729) % USERS)}/detailed`)),
	},
	{
		name: 'list Background Checks filtered by date (GET /background_checks?start_date=...)',
		measure: ({ get }) => timeRequests(500, () => get('/background_checks?start_date=03/01/2025&end_date=6/30/2025')),
	},
	{
		name: `the MinistrySafe node: Get Many Users, Return All (${USERS.toLocaleString('en-US')}), through n8n's engine`,
		measure: async ({ sandbox }) => {
			// n8n-core reads its settings when first loaded: give it a throw-away folder first.
			process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'ms-bench-n8n-'));
			process.env.N8N_ENCRYPTION_KEY ??= 'ministrysafe-bench-encryption-key';
			const { runActionNode, stopN8nCore } = await import('../test/helpers/n8n');
			const started = performance.now();
			const result = await runActionNode({
				parameters: { resource: 'user', operation: 'getAll', returnAll: true },
				credential: { url: sandbox.url, apiKey: sandbox.apiKey },
			});
			const ms = performance.now() - started;
			stopN8nCore();
			if (result.error || result.items.length !== USERS) {
				throw new Error(`the node returned ${result.items.length} items${result.error ? `: ${result.error.message}` : ''}`);
			}
			return {
				items: result.items.length,
				'pages read': Math.ceil(USERS / 100),
				'total ms': ms.toFixed(0),
				'items/s': Math.round(USERS / (ms / 1000)),
				'heap used after': megabytes(process.memoryUsage().heapUsed),
				rss: megabytes(process.memoryUsage().rss),
			};
		},
	},
];

async function main(): Promise<void> {
	const heapBefore = process.memoryUsage().heapUsed;
	const started = performance.now();
	const sandbox = await startSandbox({ users: USERS });
	const startMs = performance.now() - started;
	const memory = process.memoryUsage();
	const results: Array<{ name: string; figures: Figures }> = [
		{
			name: `start the sandbox with ${USERS.toLocaleString('en-US')} Users`,
			figures: {
				'start ms': startMs.toFixed(0),
				'heap used by the data': megabytes(memory.heapUsed - heapBefore),
				'heap used': megabytes(memory.heapUsed),
				rss: megabytes(memory.rss),
			},
		},
	];
	const headers = { Authorization: `Token token=${sandbox.apiKey}` };
	const context: BenchContext = {
		sandbox,
		get: async (path) => {
			const response = await fetch(`${sandbox.url}/api/v2${path}`, { headers });
			await response.arrayBuffer();
			if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
		},
	};
	try {
		for (const measurement of MEASUREMENTS) {
			results.push({ name: measurement.name, figures: await measurement.measure(context) });
		}
	} finally {
		await sandbox.stop();
	}
	for (const { name, figures } of results) {
		const line = Object.entries(figures)
			.map(([label, value]) => `${label}: ${value}`)
			.join(', ');
		console.log(`${name}\n    ${line}`);
	}
}

main().catch((error: Error) => {
	console.error(`The benchmark failed: ${error.message}`);
	process.exitCode = 1;
});
