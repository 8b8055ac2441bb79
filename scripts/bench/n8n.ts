// The real n8n of `npm run dev` (scripts/n8n-runtime.ts) with this package installed and the benchmark's workflows
// active; a run is one call of a workflow's webhook, timed from n8n's own execution data: the measured node's
// executionTime.
import { rmSync } from 'node:fs';

import type { N8nInstance, N8nSettings, WorkflowFile } from '../n8n-runtime';
import {
	N8nClient,
	ensureRuntime,
	freePort,
	importCredentials,
	importWorkflows,
	installWorkingTreePackage,
	startN8n,
	temporaryUserFolder,
	waitFor,
} from '../n8n-runtime';

import { Inspector, livePeakDuring } from './inspector';
import type { BenchCredentials } from './workflows';
import { MEASURED_NODE } from './workflows';

const OWNER = { email: 'bench-owner@example.org', firstName: 'Bench', lastName: 'Mark', password: 'MinistrySafe-bench-1' };
const RUN_TIMEOUT_MS = 5 * 60_000;
const DATABASE_TRIES = 30;

export interface NodeRun {
	/** The measured node's executionTime, as n8n recorded it. */
	ms: number;
	status: string;
	/** Items the measured node put out. */
	items: number;
	/** The error that stopped the run, if any. */
	error?: string;
}

interface ExecutionData {
	resultData: {
		error?: { message: string };
		runData: Record<string, Array<{ executionTime: number; data?: { main: Array<unknown[] | null> } }>>;
	};
}

export interface BenchN8n {
	run(workflowId: string, body?: unknown): Promise<NodeRun>;
	/** One run with n8n's heap sampled from its /metrics: the peak of heap used above the level before the run. */
	peakHeap(workflowId: string): Promise<{ run: NodeRun; peakBytes: number }>;
	/** One run with n8n's live heap sampled through its inspector, each sample after a full collection. */
	livePeakHeap(workflowId: string): Promise<{ run: NodeRun; peakBytes: number }>;
	/** n8n's process through its inspector (127.0.0.1). */
	inspector: Inspector;
	url: string;
	/** A call of n8n's public API (/api/v1) with the benchmark's API key; its JSON answer. */
	publicApi<T>(method: string, path: string, body?: unknown): Promise<T>;
	stop(): Promise<void>;
}

/** n8n's own figure of heap used (Prometheus, N8N_METRICS with its default Node.js metrics). */
async function heapUsed(url: string): Promise<number> {
	const response = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) });
	const text = await response.text();
	const line = /^n8n_nodejs_heap_size_used_bytes (\S+)$/m.exec(text) ?? /^nodejs_heap_size_used_bytes (\S+)$/m.exec(text);
	if (!line) throw new Error("n8n's /metrics gives no nodejs_heap_size_used_bytes");
	return Number(line[1]);
}

export async function startBenchN8n(
	credentials: BenchCredentials,
	workflows: WorkflowFile[],
	log: (line: string) => void,
): Promise<BenchN8n> {
	await ensureRuntime(log);
	const settings: N8nSettings = {
		userFolder: temporaryUserFolder('ministrysafe-bench'),
		encryptionKey: 'ministrysafe-bench-encryption-key',
	};
	let n8n: N8nInstance | undefined;
	let inspector: Inspector | undefined;
	const stop = async (): Promise<void> => {
		await inspector?.close().catch(() => undefined);
		await n8n?.stop();
		rmSync(settings.userFolder, { recursive: true, force: true });
	};
	try {
		// The built package packed and installed as n8n's installer installs it, as users get it.
		await installWorkingTreePackage(settings.userFolder);
		log('Importing the credentials and workflows into n8n ...');
		await importCredentials(settings, credentials.files);
		await importWorkflows(settings, workflows);
		log('Starting n8n ...');
		const inspectorPort = await freePort();
		n8n = await startN8n(settings, {
			readyTimeoutMs: 120_000,
			env: { N8N_METRICS: 'true' },
			nodeArgs: [`--inspect=127.0.0.1:${inspectorPort}`],
		});
		inspector = await Inspector.connect(inspectorPort);
		const connected = inspector;
		const client = new N8nClient(n8n.url);
		await client.signIn(OWNER);
		const apiKey = await client.createApiKey('benchmark');
		const publicApi = async <T>(method: string, path: string, body?: unknown, tries = DATABASE_TRIES): Promise<T> => {
			const response = await fetch(`${n8n?.url}/api/v1${path}`, {
				method,
				headers: {
					'X-N8N-API-KEY': apiKey,
					accept: 'application/json',
					...(body === undefined ? {} : { 'content-type': 'application/json' }),
				},
				body: body === undefined ? undefined : JSON.stringify(body),
				signal: AbortSignal.timeout(180_000),
			});
			const text = await response.text();
			// n8n answers 503 while its database check is behind (a busy machine): a moment later it answers again.
			if (response.status === 503 && tries > 1) {
				await new Promise((resolveWait) => setTimeout(resolveWait, 1000));
				return publicApi<T>(method, path, body, tries - 1);
			}
			if (!response.ok) throw new Error(`n8n's ${method} /api/v1${path} answered ${response.status}: ${text.slice(0, 300)}`);
			return JSON.parse(text) as T;
		};
		for (const workflow of workflows) await publicApi('POST', `/workflows/${workflow.id}/activate`);

		const latestExecution = async (workflowId: string, includeData: boolean) => {
			const answer = await publicApi<{ data: Array<{ id: string; status: string; stoppedAt?: string | null; data?: ExecutionData }> }>(
				'GET',
				`/executions?workflowId=${workflowId}&includeData=${includeData}&limit=1`,
			);
			return answer.data[0];
		};
		const run = async (workflowId: string, body: unknown = {}): Promise<NodeRun> => {
			const before = (await latestExecution(workflowId, false))?.id;
			const response = await fetch(`${n8n?.url}/webhook/${workflowId}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
				signal: AbortSignal.timeout(RUN_TIMEOUT_MS),
			});
			await response.arrayBuffer();
			const execution = await waitFor(
				`the execution of ${workflowId}`,
				async () => {
					const latest = await latestExecution(workflowId, true);
					return latest && latest.id !== before && latest.stoppedAt ? latest : undefined;
				},
				60_000,
			);
			const nodeRun = execution.data?.resultData.runData[MEASURED_NODE]?.[0];
			if (!nodeRun) throw new Error(`The measured node of ${workflowId} did not run (${execution.status})`);
			return {
				ms: nodeRun.executionTime,
				status: execution.status,
				items: nodeRun.data?.main[0]?.length ?? 0,
				error: execution.data?.resultData.error?.message,
			};
		};
		// n8n's heap, sampled back to back (each a request to n8n, a few ms) for as long as the run goes on.
		return {
			run,
			stop,
			inspector: connected,
			url: n8n.url,
			publicApi,
			livePeakHeap: async (workflowId) => {
				const { result, peakBytes } = await livePeakDuring(connected, () => run(workflowId));
				return { run: result, peakBytes };
			},
			peakHeap: async (workflowId) => {
				const url = n8n?.url as string;
				const before = await heapUsed(url);
				let peak = before;
				let sampling = true;
				const sampler = (async () => {
					while (sampling) peak = Math.max(peak, await heapUsed(url));
				})();
				let nodeRun: NodeRun;
				try {
					nodeRun = await run(workflowId);
				} finally {
					sampling = false;
					await sampler;
				}
				return { run: nodeRun, peakBytes: Math.max(0, peak - before) };
			},
		};
	} catch (error) {
		await stop();
		throw error;
	}
}
