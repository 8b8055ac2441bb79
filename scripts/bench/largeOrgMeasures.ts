// What the large-organisation benchmark reads from a running n8n: its process's memory (RSS, from /proc, every 0.5 s),
// an execution's record (n8n's public API) and its size as n8n saved it (the execution_data row in n8n's SQLite
// database, read with the sqlite3 command), and the size of a node's output in it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { waitFor } from '../n8n-runtime';

export const SAMPLE_EVERY_MS = 500;

/** The process listening on 127.0.0.1:port (n8n's main process), from `ss`. */
export function pidListeningOn(port: number): number {
	const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
	const pid = /pid=(\d+)/.exec(line)?.[1];
	if (!pid) throw new Error(`No process found listening on port ${port}: ${line}`);
	return Number(pid);
}

/** A process's resident memory in bytes (VmRSS), or 0 once it is gone. */
export function rssOf(pid: number): number {
	try {
		const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
		return kb ? Number(kb) * 1024 : 0;
	} catch {
		return 0;
	}
}

/** Samples a process's RSS every 0.5 s until stopped: the peak and the level when sampling started. */
export function sampleRss(pid: number): { stop(): { peakBytes: number; startBytes: number; samples: number } } {
	const startBytes = rssOf(pid);
	let peakBytes = startBytes;
	let samples = 1;
	const timer = setInterval(() => {
		peakBytes = Math.max(peakBytes, rssOf(pid));
		samples++;
	}, SAMPLE_EVERY_MS);
	// A sampler left running after a failure must not keep the benchmark's process alive.
	timer.unref();
	let stopped: { peakBytes: number; startBytes: number; samples: number } | undefined;
	return {
		// Once stopped, the same figures again.
		stop() {
			if (!stopped) {
				clearInterval(timer);
				stopped = { peakBytes: Math.max(peakBytes, rssOf(pid)), startBytes, samples: samples + 1 };
			}
			return stopped;
		},
	};
}

export interface ExecutionRecord {
	id: string;
	status: string;
	startedAt: string;
	stoppedAt: string | null;
}

export type PublicApi = <T>(method: string, path: string) => Promise<T>;

/** n8n's public API (/api/v1) with an API key: what scripts call. */
export function publicApiOf(n8nUrl: string, apiKey: string, timeoutMs = 300_000): PublicApi {
	return async <T>(method: string, path: string): Promise<T> => {
		const response = await fetch(`${n8nUrl}/api/v1${path}`, {
			method,
			headers: { 'X-N8N-API-KEY': apiKey, accept: 'application/json' },
			signal: AbortSignal.timeout(timeoutMs),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`n8n's ${method} /api/v1${path} answered ${response.status}: ${text.slice(0, 300)}`);
		return JSON.parse(text) as T;
	};
}

/** Waits until n8n has finished and saved the execution (its public API says it stopped). */
export async function finishedExecution(publicApi: PublicApi, executionId: string, timeoutMs: number): Promise<ExecutionRecord> {
	return await waitFor(
		`execution ${executionId} to finish`,
		async () => {
			const record = await publicApi<ExecutionRecord>('GET', `/executions/${executionId}?includeData=false`).catch(() => undefined);
			return record?.stoppedAt && record.status !== 'running' && record.status !== 'new' ? record : undefined;
		},
		timeoutMs,
		500,
	);
}

/** The execution's data as n8n saved it, in bytes: what the editor loads to open it and what pruning later deletes. */
export function savedExecutionBytes(userFolder: string, executionId: string): number {
	const database = join(userFolder, '.n8n', 'database.sqlite');
	const answer = execFileSync(
		'sqlite3',
		['-readonly', database, `SELECT length(CAST(data AS BLOB)) + length(CAST(workflowData AS BLOB)) FROM execution_data WHERE executionId = ${Number(executionId)};`],
		{ encoding: 'utf8', timeout: 60_000 },
	).trim();
	if (answer === '') throw new Error(`n8n saved no data for execution ${executionId}`);
	return Number(answer);
}

interface ExecutionData {
	data?: { resultData: { error?: { message: string }; runData: Record<string, Array<{ executionTime: number; data?: { main: Array<unknown[] | null> } }>> } };
}

export interface NodeOutputs {
	/**
	 * By node name: items put out, their size as n8n keeps them (JSON with pairedItem), the size of their `json` alone,
	 * the node's own execution time.
	 */
	nodes: Record<string, { items: number; bytes: number; jsonBytes: number; ms: number }>;
	error?: string;
}

/** Each node's output in the execution, read through the public API (after the memory sampling: it costs n8n memory). */
export async function nodeOutputs(publicApi: PublicApi, executionId: string): Promise<NodeOutputs> {
	const execution = await publicApi<ExecutionData>('GET', `/executions/${executionId}?includeData=true`);
	const nodes: NodeOutputs['nodes'] = {};
	for (const [name, runs] of Object.entries(execution.data?.resultData.runData ?? {})) {
		const items = (runs[0]?.data?.main[0] ?? []) as Array<{ json?: unknown }>;
		nodes[name] = {
			items: items.length,
			bytes: Buffer.byteLength(JSON.stringify(items)),
			jsonBytes: Buffer.byteLength(JSON.stringify(items.map((item) => item.json))),
			ms: runs[0]?.executionTime ?? 0,
		};
	}
	return { nodes, error: execution.data?.resultData.error?.message };
}
