// Part 1: Return All of 10,000 Users at 50 ms an answer. Our node and n8n's HTTP Request node with its pagination,
// in the same n8n; the raw client at our default bound.
import type { BenchContext, BenchPart } from './context';
import { DEFAULT_CONCURRENCY } from './context';
import { RawClient } from './rawClient';
import { medianRun, repeat } from './runs';
import type { Section } from './table';
import { megabytes, ratio, seconds } from './table';
import { httpGetAllWorkflow, ourGetAllWorkflow } from './workflows';

export const LIST_USERS = 10_000;
const OUR_WORKFLOW = 'benchOurGetAll';
const HTTP_WORKFLOW = 'benchHttpGetAll';

interface ListRun {
	ms: number;
	items: number;
	peakInFlight: number;
}

async function measure({ sandboxes, n8n, log }: BenchContext): Promise<Section> {
	const raw = new RawClient(sandboxes.list, DEFAULT_CONCURRENCY);
	try {
		/** One run, with the peak in flight the sandbox saw during it. */
		const observed = async (run: () => Promise<{ ms: number; items: number }>): Promise<ListRun> => {
			await raw.resetStats();
			const result = await run();
			if (result.items !== LIST_USERS) throw new Error(`A Return All run gave ${result.items} of ${LIST_USERS} Users`);
			return { ...result, peakInFlight: (await raw.stats()).peakInFlight };
		};
		const inN8n = (workflowId: string) => async () => {
			const run = await n8n.run(workflowId);
			if (run.error) throw new Error(`${workflowId} failed in n8n: ${run.error}`);
			return run;
		};
		const ours = medianRun(await repeat('MinistrySafe node', () => observed(inN8n(OUR_WORKFLOW)), log));
		const http = medianRun(await repeat('HTTP Request node', () => observed(inN8n(HTTP_WORKFLOW)), log));
		const rawRun = medianRun(
			await repeat(
				'raw client',
				() =>
					observed(async () => {
						const started = performance.now();
						const { users } = await raw.readAllUsers();
						return { ms: performance.now() - started, items: users.length };
					}),
				log,
			),
		);
		// Memory in the same n8n: more runs of each node, with n8n's heap sampled throughout: as it is (garbage not yet
		// collected counts), then live (a full collection before each sample).
		log('  peak heap in n8n: MinistrySafe node, then HTTP Request node');
		const ourHeap = (await n8n.peakHeap(OUR_WORKFLOW)).peakBytes;
		const httpHeap = (await n8n.peakHeap(HTTP_WORKFLOW)).peakBytes;
		log('  live peak heap in n8n (a full collection before each sample): MinistrySafe node, then HTTP Request node');
		const ourLive = (await n8n.livePeakHeap(OUR_WORKFLOW)).peakBytes;
		const httpLive = (await n8n.livePeakHeap(HTTP_WORKFLOW)).peakBytes;
		const row = (label: string, run: ListRun & { runs: number }, heap: string, live: string, target = '') => [
			label,
			run.runs,
			seconds(run.ms),
			run.peakInFlight,
			ratio(run.ms, rawRun.ms),
			ratio(http.ms, run.ms),
			heap,
			live,
			target,
		];
		return {
			title: `1. Return All of ${LIST_USERS.toLocaleString('en-US')} Users, ${100} a page, at 50 ms an answer`,
			columns: ['', 'runs', 'time (median)', 'peak in flight', 'time / raw client', 'HTTP Request node / time', 'peak heap in n8n, no collection', 'live peak heap in n8n', 'target'],
			rows: [
				row(
					'MinistrySafe node, Get Many Users, Return All (n8n)',
					ours,
					`${megabytes(ourHeap)} (${ratio(ourHeap, httpHeap)} the HTTP Request node's)`,
					`${megabytes(ourLive)} (${ratio(ourLive, httpLive)} the HTTP Request node's)`,
					"HTTP Request node / time at least 5x; time / raw client at most 1.3x; live peak heap at most the HTTP Request node's",
				),
				row("HTTP Request node with n8n's pagination (n8n)", http, megabytes(httpHeap), megabytes(httpLive)),
				row(`raw client (undici), page 1 then ${DEFAULT_CONCURRENCY} pages at a time`, rawRun, '-', '-'),
			],
			notes: [
				"Times in n8n are the node's own executionTime from the execution data. Peak heap, no collection: n8n's heap used (its /metrics, sampled back to back) above the level before one more run of the workflow; it counts garbage not yet collected, so it depends on when V8 collects. Live peak heap: the same through n8n's inspector, a full collection before each sample (HeapProfiler.collectGarbage), above the live level before a further run: what the run holds alive. Those samples are 250 ms apart plus a collection's time, so a short run is seen a few times only: its live peak is a lower bound.",
			],
			targets: [
				"our node at least 5x faster than the HTTP Request node, within 1.3x of the raw client at the same bound; its live peak heap at most the HTTP Request node's.",
			],
		};
	} finally {
		await raw.close();
	}
}

export const returnAll: BenchPart = {
	workflows: (sandboxes, credentials) => [
		ourGetAllWorkflow(OUR_WORKFLOW, sandboxes.list, credentials),
		httpGetAllWorkflow(HTTP_WORKFLOW, sandboxes.list, credentials),
	],
	measure,
};
