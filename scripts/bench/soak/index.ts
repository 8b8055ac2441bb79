// The soak (npm run soak, or npm run bench -- soak; never in CI): one n8n (the current runtime, 2.41.x) with our
// nodes, the sandbox on 127.0.0.1, and a long life in a few minutes: 5,000 webhook calls, polls on n8n's schedule,
// 500 action-node runs, 200 workflows with both triggers created, activated, deactivated and deleted. Every 500
// events: n8n's heap after a full collection (its inspector) and the entries of every map of ours (ourMaps.ts).
// Targets: the last heap within 10% of the one at 1,000 events; no map of ours larger than the active workflows.
// Bounded: it stops itself after TIME_LIMIT_MS, and stops n8n and the sandbox also when it fails or is interrupted.
import { cpus, loadavg } from 'node:os';

import { startSandbox } from '../../../sandbox';
import { selectedRuntime } from '../../n8n-runtime';
import { startBenchN8n } from '../n8n';
import type { Section } from '../table';
import { megabytes, renderSections } from '../table';
import { benchCredentials } from '../workflows';
import type { Counts, SoakScale } from './load';
import { FULL_SCALE, runLoad, SAMPLE_EVERY } from './load';
import type { OurMaps } from './ourMaps';
import { findOurMaps, readOurMaps } from './ourMaps';
import { soakWorkflows } from './workflows';

/** The soak stops itself after this long (n8n's start included), reporting what it sampled. */
const TIME_LIMIT_MINUTES = 15;
const SANDBOX_USERS = 200;
const REFERENCE_EVENTS = 1000;
const HEAP_GROWTH_ALLOWED = 0.1;

interface Sample extends Counts, OurMaps {
	seconds: number;
	liveHeapBytes: number;
	activeWorkflows: number;
	polls: number;
}

export type Cleanup = () => Promise<void>;

/** A lookup table written once (NOT_SENT_CODES): named in capitals, as constants are. Listed, not judged. */
const isConstant = (name: string) => /: [A-Z][A-Z0-9_]*$/.test(name);

function verdicts(samples: Sample[]): { lines: string[]; met: boolean } {
	const reference = samples.find((sample) => sample.events >= REFERENCE_EVENTS);
	const last = samples[samples.length - 1];
	const lines: string[] = [];
	let met = true;
	if (!reference || reference === last) {
		lines.push(`heap: too few samples to compare (no sample after ${REFERENCE_EVENTS} events and another after it)`);
		met = false;
	} else {
		const growth = last.liveHeapBytes / reference.liveHeapBytes - 1;
		const heapMet = growth <= HEAP_GROWTH_ALLOWED;
		met &&= heapMet;
		lines.push(
			`heap after a full collection: ${megabytes(last.liveHeapBytes)} at ${last.events} events against ${megabytes(reference.liveHeapBytes)} at ${reference.events}: ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}% (target at most +${HEAP_GROWTH_ALLOWED * 100}%): ${heapMet ? 'met' : 'missed'}`,
		);
	}
	const over = samples.flatMap((sample) =>
		Object.entries(sample.sizes)
			.filter(([name, entries]) => !isConstant(name) && entries > sample.activeWorkflows)
			.map(([name, entries]) => `${name} ${entries} at ${sample.events} events (${sample.activeWorkflows} active)`),
	);
	const modulesSeen = samples.every((sample) => sample.modules > 0);
	met &&= over.length === 0 && modulesSeen;
	lines.push(
		!modulesSeen
			? 'maps of ours: none of our modules found in n8n (the reading is wrong): missed'
			: over.length === 0
				? 'no map of ours ever larger than the number of active workflows: met'
				: `maps of ours larger than the active workflows: ${over.join('; ')}: missed`,
	);
	return { lines, met };
}

function report(
	samples: Sample[],
	version: string,
	scale: SoakScale,
	loadAtStart: number,
	startedAt: string,
	finished: boolean,
): string {
	const mapNames = [...new Set(samples.flatMap((sample) => Object.keys(sample.sizes)))].sort();
	const largest = (sample: Sample) =>
		Math.max(0, ...Object.entries(sample.sizes).filter(([name]) => !isConstant(name)).map(([, entries]) => entries));
	const { lines, met } = verdicts(samples);
	const planned = scale.webhookCalls + scale.actionRuns + 2 * scale.cycles;
	if (!finished) lines.push(`stopped at its time limit after ${samples[samples.length - 1]?.events ?? 0} of ${planned} events: the figures above are all it sampled`);
	const sections: Section[] = [
		{
			title: `Soak: n8n ${version}, ${scale.webhookCalls.toLocaleString('en-US')} webhook calls, ${scale.actionRuns} action runs, ${scale.cycles} workflows activated and deactivated, polls every minute`,
			columns: ['events', 'time', 'webhook calls', 'action runs', 'activations', 'polls', 'heap after full GC', 'active workflows', 'largest map of ours', 'Scheduler instances'],
			rows: samples.map((sample) => [
				sample.events,
				`${sample.seconds} s`,
				sample.webhookCalls,
				sample.actionRuns,
				sample.cycles,
				sample.polls,
				megabytes(sample.liveHeapBytes),
				sample.activeWorkflows,
				largest(sample),
				sample.schedulers,
			]),
			notes: [
				`Sampled after every ${SAMPLE_EVERY} events (a webhook call, an action run, an activation or a deactivation), once n8n had no execution running. Polls: the Polling Triggers' reads of the Users list (every minute, n8n 2.41's shortest Poll Times, in ${samples.length > 0 ? 3 : 0} workflows, plus each activation's first poll).`,
			],
			targets: [`the last heap within ${HEAP_GROWTH_ALLOWED * 100}% of the one at ${REFERENCE_EVENTS} events; no map of ours larger than the number of active workflows.`],
		},
		{
			title: 'Maps of ours (entries after a full collection; constant tables, named in capitals, are not judged)',
			columns: ['map (module: variable)', 'most entries in a sample', 'at the first sample', 'at the last sample'],
			rows: mapNames.map((name) => [
				name,
				Math.max(...samples.map((sample) => sample.sizes[name] ?? 0)),
				samples[0]?.sizes[name] ?? '-',
				samples[samples.length - 1]?.sizes[name] ?? '-',
			]),
			targets: ['none larger than the number of active workflows.'],
		},
	];
	return [
		`**npm run soak**, ${startedAt}: ${cpus().length} cores, Node ${process.version} (n8n on its own runtime's Node), n8n ${version}; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end.`,
		'',
		renderSections(sections),
		'',
		...lines.map((line) => `- ${line}`),
		'',
		finished ? `Verdict: ${met ? 'met' : 'missed'}.` : 'Verdict: none (incomplete: the whole soak did not run in its time).',
	].join('\n');
}

/** Runs the soak; everything it starts is handed to `onCleanup` as soon as it runs. Gives the printed report. */
export async function runSoak(
	log: (line: string) => void,
	onCleanup: (cleanup: Cleanup) => void,
	scale = FULL_SCALE,
	minutes = TIME_LIMIT_MINUTES,
): Promise<string> {
	// One n8n: the current runtime unless N8N_RUNTIME says otherwise.
	process.env.N8N_RUNTIME ??= 'current';
	const startedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
	const loadAtStart = loadavg()[0];
	const started = Date.now();
	const deadline = started + minutes * 60_000;
	const sandbox = await startSandbox({ users: SANDBOX_USERS });
	onCleanup(() => sandbox.stop());
	const credentials = benchCredentials({ Soak: sandbox });
	const credential = credentials.ministrySafe(sandbox);
	const workflows = soakWorkflows(credential);
	const n8n = await startBenchN8n(credentials, workflows, log);
	onCleanup(() => n8n.stop());
	const users = (await (
		await fetch(`${sandbox.url}/api/v2/users?page=1`, { headers: { Authorization: `Token token=${sandbox.apiKey}` } })
	).json()) as Array<{ id: number }>;

	const quiet = async () => {
		for (let tries = 0; tries < 120; tries++) {
			const running = await n8n.publicApi<{ data: unknown[] }>('GET', '/executions?status=running&limit=1');
			if (running.data.length === 0) return;
			await new Promise((resolveWait) => setTimeout(resolveWait, 500));
		}
		throw new Error('n8n still had executions running a minute after a chunk of events');
	};
	log('Finding the maps of ours in n8n ...');
	const handles = await findOurMaps(n8n.inspector);
	log(`  ${handles.collections.length} in ${handles.modules} modules: ${handles.collections.map((found) => found.name).join(', ')}`);
	const samples: Sample[] = [];
	const sample = async (counts: Counts) => {
		await quiet();
		// The heap first: reading the maps leaves a little garbage of the inspector's own in n8n.
		const liveHeapBytes = await n8n.inspector.liveHeap();
		const maps = await readOurMaps(n8n.inspector, handles);
		const active = await n8n.publicApi<{ data: unknown[] }>('GET', '/workflows?active=true&limit=250');
		const polls = sandbox.requests.filter((request) => request.path.startsWith('/api/v2/users/with_page')).length;
		const taken: Sample = {
			...counts,
			...maps,
			seconds: Math.round((Date.now() - started) / 1000),
			liveHeapBytes,
			activeWorkflows: active.data.length,
			polls,
		};
		samples.push(taken);
		log(
			`  ${taken.events} events, ${taken.seconds} s: heap ${megabytes(liveHeapBytes)}, ${taken.activeWorkflows} active, maps ${JSON.stringify(maps.sizes)}, ${maps.schedulers} Scheduler(s)`,
		);
	};
	log(`Soak: ${workflows.length} workflows active; events in chunks of ${SAMPLE_EVERY} ...`);
	await sample({ events: 0, webhookCalls: 0, actionRuns: 0, cycles: 0 });
	const { finished } = await runLoad({ n8n, credential, userIds: users.map((user) => user.id) }, scale, deadline, sample);
	return report(samples, selectedRuntime().n8nVersion, scale, loadAtStart, startedAt, finished);
}

/** npm run soak [-- --scale 0.1] [--minutes 15]: a smaller soak for a quick look (the verdict needs the full one). */
if (require.main === module) {
	const cleanups: Cleanup[] = [];
	const begun = Date.now();
	const log = (line: string) => console.error(`[${String(Math.round((Date.now() - begun) / 1000)).padStart(3)} s] ${line}`);
	const stopAll = async () => {
		for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: Error) => log(`Could not stop cleanly: ${error.message}`));
	};
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, () => void stopAll().finally(() => process.exit(130)));
	}
	const scaleArgument = process.argv.indexOf('--scale');
	const factor = scaleArgument > 0 ? Number(process.argv[scaleArgument + 1]) : 1;
	const minutesArgument = process.argv.indexOf('--minutes');
	const minutes = minutesArgument > 0 ? Number(process.argv[minutesArgument + 1]) : TIME_LIMIT_MINUTES;
	const scale: SoakScale = {
		webhookCalls: Math.round(FULL_SCALE.webhookCalls * factor),
		actionRuns: Math.round(FULL_SCALE.actionRuns * factor),
		cycles: Math.round(FULL_SCALE.cycles * factor),
	};
	runSoak(log, (cleanup) => cleanups.push(cleanup), scale, minutes)
		.then((text) => console.log(text))
		.catch((error: Error) => {
			log(`The soak failed: ${error.stack ?? error.message}`);
			process.exitCode = 1;
		})
		.finally(() => stopAll());
}
