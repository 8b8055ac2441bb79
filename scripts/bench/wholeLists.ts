// Part 5: whole lists at the size of a large district (10,000 people): Sync (Dry Run, and a real run with 2%
// changed), Compliance > Get Many, one poll of the Polling Trigger, and 10,000 items refused before sending. Each job
// runs in-process through n8n-core in a process of its own (wholeListRun.ts), beside its lower bound measured in the
// same run; its idle time is what it waited for, requests included.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { runProcess, temporaryUserFolder } from '../n8n-runtime';

import type { BenchContext, BenchPart } from './context';
import { DEFAULT_CONCURRENCY, LATENCY_MS } from './context';
import type { Section } from './table';
import { megabytes, ratio, seconds } from './table';
import type { Job } from './wholeListRun';

const CHILD_TIMEOUT_MS = 8 * 60_000;

async function runJobs({ sandboxes }: BenchContext): Promise<Job[]> {
	const userFolder = temporaryUserFolder('ministrysafe-bench-lists');
	try {
		const child = await runProcess(
			process.execPath,
			[
				'--expose-gc',
				'--import',
				'tsx',
				join(__dirname, 'wholeListRun.ts'),
				sandboxes.list.url,
				sandboxes.list.apiKey,
				String(DEFAULT_CONCURRENCY),
				String(LATENCY_MS),
			],
			{
				keepStdout: true,
				timeoutMs: CHILD_TIMEOUT_MS,
				env: { ...process.env, N8N_USER_FOLDER: userFolder, N8N_ENCRYPTION_KEY: 'ministrysafe-bench-encryption-key' },
			},
		);
		return JSON.parse(child.stdout().trim().split('\n').pop() ?? '[]') as Job[];
	} finally {
		rmSync(userFolder, { recursive: true, force: true });
	}
}

/** Whether the job meets its target: idle against its requests, or wall against its lower bound. */
function verdict(job: Job): string {
	if (job.skipped) return job.skipped;
	if (job.target === '') return '';
	if (job.target.startsWith('within 1.5x')) return job.wallMs <= 1.5 * job.lowerBoundMs ? 'met' : 'missed';
	if (job.target.startsWith('within 3x')) return job.wallMs <= 3 * job.lowerBoundMs ? 'met' : 'missed';
	if (job.target.startsWith('idle under')) return job.idleMs < 500 ? 'met' : 'missed';
	return job.idleMs <= 1.5 * job.requestsMs + 500 ? 'met' : 'missed';
}

async function measure(context: BenchContext): Promise<Section> {
	context.log('  whole lists of 10,000 people ...');
	const jobs = await runJobs(context);
	return {
		title: '5. Whole lists of 10,000 people, at 50 ms an answer (n8n-core in-process)',
		columns: ['job', 'wall', 'CPU', 'idle', 'requests', 'peak heap', 'lower bound', 'wall / lower bound', 'target', ''],
		rows: jobs.map((job) =>
			job.skipped
				? [job.label, '-', '-', '-', '-', '-', job.lowerBound, '-', job.target, verdict(job)]
				: [
						job.label,
						seconds(job.wallMs),
						seconds(job.cpuMs),
						seconds(job.idleMs),
						job.requests,
						megabytes(job.peakHeapBytes),
						job.lowerBoundMs > 0 ? `${seconds(job.lowerBoundMs)} (${job.lowerBound})` : job.lowerBound,
						job.lowerBoundMs > 0 ? ratio(job.wallMs, job.lowerBoundMs) : '-',
						job.target,
						verdict(job),
					],
		),
		notes: [
			'Idle is wall time minus the CPU time of the process: waiting for answers, or for nothing. Requests are what the sandbox received. Peak heap is above the heap at the job\'s start (sampled every 2 ms, no collection: it counts garbage not yet collected). Sync 1.2 mapped by hand has the auto-mapped run as its lower bound: the difference is what resolving an expression per field and row costs.',
		],
		targets: [
			"a job's idle time at most 1.5x the time its requests need plus 0.5 s; 10,000 refused items idle under 0.5 s; Sync of 10,000 unchanged people within 3x the time to read them; at node version 1.2, auto-mapped, within 1.5x.",
		],
	};
}

export const wholeLists: BenchPart = { workflows: () => [], measure };
