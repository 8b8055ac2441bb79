// Part 6: Compliance > Get Report over 10,000 Users beside Compliance > Get Many over the same, in the same n8n: the
// report reads what Get Many reads and puts out one item instead of 10,000, so it must cost no more.
import { NODE_TYPES } from '../n8n-runtime';

import type { BenchContext, BenchPart } from './context';
import { DEFAULT_CONCURRENCY } from './context';
import type { SandboxTarget } from './rawClient';
import { RawClient } from './rawClient';
import { LIST_USERS } from './returnAll';
import { median, medianRun, RUNS } from './runs';
import type { Section } from './table';
import { megabytes, ratio, seconds } from './table';
import type { BenchCredentials } from './workflows';
import { workflow } from './workflows';

const GET_MANY = 'benchComplianceGetMany';
const GET_REPORT = 'benchComplianceReport';

function complianceWorkflow(id: string, name: string, parameters: Record<string, unknown>, sandbox: SandboxTarget, credentials: BenchCredentials) {
	return workflow(
		id,
		name,
		{
			type: NODE_TYPES.action,
			typeVersion: 1.1,
			parameters: { resource: 'compliance', ...parameters },
			credentials: { ministrySafeApi: credentials.ministrySafe(sandbox) },
		},
		{ splitUsers: false },
	);
}

interface ReportRun {
	ms: number;
	items: number;
	requests: number;
}

async function measure({ sandboxes, n8n, log }: BenchContext): Promise<Section> {
	const raw = new RawClient(sandboxes.list, DEFAULT_CONCURRENCY);
	try {
		const observed = (workflowId: string) => async (): Promise<ReportRun> => {
			await raw.resetStats();
			const run = await n8n.run(workflowId);
			if (run.error) throw new Error(`${workflowId} failed in n8n: ${run.error}`);
			return { ms: run.ms, items: run.items, requests: (await raw.stats()).requests };
		};
		// Taken in turns, so that whatever else runs on the machine weighs on both alike; each median of RUNS runs.
		const times: Record<string, ReportRun[]> = { [GET_MANY]: [], [GET_REPORT]: [] };
		const heaps: Record<string, number[]> = { [GET_MANY]: [], [GET_REPORT]: [] };
		for (let index = 0; index < RUNS; index++) {
			for (const workflowId of index % 2 === 0 ? [GET_MANY, GET_REPORT] : [GET_REPORT, GET_MANY]) {
				const run = await observed(workflowId)();
				times[workflowId].push(run);
				log(`  ${workflowId}: run ${index + 1}, ${Math.round(run.ms)} ms`);
			}
		}
		for (let index = 0; index < RUNS; index++) {
			for (const workflowId of index % 2 === 0 ? [GET_REPORT, GET_MANY] : [GET_MANY, GET_REPORT]) {
				heaps[workflowId].push((await n8n.peakHeap(workflowId)).peakBytes);
				log(`  ${workflowId}: peak heap ${index + 1}, ${megabytes(heaps[workflowId].at(-1) ?? 0)}`);
			}
		}
		const getMany = medianRun(times[GET_MANY]);
		const report = medianRun(times[GET_REPORT]);
		if (getMany.items !== LIST_USERS || report.items !== 1) {
			throw new Error(`Get Many gave ${getMany.items} items (not ${LIST_USERS}), Get Report ${report.items} (not 1)`);
		}
		const getManyHeap = median(heaps[GET_MANY]);
		const reportHeap = median(heaps[GET_REPORT]);
		const row = (label: string, run: ReportRun & { runs: number }, heap: number, target = '') => [
			label,
			run.runs,
			seconds(run.ms),
			ratio(run.ms, getMany.ms),
			run.requests,
			`${megabytes(heap)} (${ratio(heap, getManyHeap)})`,
			run.items,
			target,
		];
		return {
			title: `6. Compliance report of ${LIST_USERS.toLocaleString('en-US')} Users, beside Get Many of the same, at 50 ms an answer`,
			columns: ['', 'runs', 'time (median)', 'time / Get Many', 'requests', 'peak heap in n8n (/ Get Many)', 'items out', 'target'],
			rows: [
				row('Compliance > Get Many, Return All (n8n)', getMany, getManyHeap),
				row('Compliance > Get Report, by Tag (n8n)', report, reportHeap, "time at most 1.1x Get Many's; peak heap at most Get Many's"),
			],
			notes: [
				"Times are the node's own executionTime in n8n; requests are what the sandbox received (both read the Users, Trainings and Background Checks lists once). Peak heap as in part 1, the median of as many more runs. The two take turns, in both orders.",
			],
			targets: ['Get Report over 10,000 Users costs no more than Get Many over the same.'],
		};
	} finally {
		await raw.close();
	}
}

export const report: BenchPart = {
	workflows: (sandboxes, credentials) => [
		complianceWorkflow(GET_MANY, 'Bench: MinistrySafe, Compliance > Get Many, Return All', { operation: 'getAll', returnAll: true }, sandboxes.list, credentials),
		complianceWorkflow(GET_REPORT, 'Bench: MinistrySafe, Compliance > Get Report', { operation: 'getReport', groupBy: 'tag' }, sandboxes.list, credentials),
	],
	measure,
};
