// Run by wholeLists.ts in a process of its own (node --expose-gc --import tsx scripts/bench/wholeListRun.ts URL KEY
// CONCURRENCY LATENCY_MS): the jobs over a whole list of 10,000 people, in-process through n8n-core against the benchmark's list
// sandbox, each beside its lower bound measured in the same run. Prints one JSON line: a Job per row.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node.js';
import { runActionNode, stopN8nCore } from '../../test/helpers/n8n';
import { PollingTrigger } from '../../test/polling/harness';
import { RawClient } from './rawClient';
import { MAPPED_VERSION, autoMappedSync, handMappedSync } from './syncMapping';

const SAMPLE_EVERY_MS = 2;
/** The share of the staff list that differs from the service: 2%, a night's worth of changes in a large district. */
const CHANGED_EVERY = 50;

export interface Job {
	label: string;
	wallMs: number;
	cpuMs: number;
	/** Wall time the process did not spend computing: waiting for answers, or for nothing. */
	idleMs: number;
	requests: number;
	peakHeapBytes: number;
	items: number;
	/** The same work done by the shortest path: reading what the job must read (and comparing, for Sync). */
	lowerBoundMs: number;
	lowerBound: string;
	/** The time its requests need: as many rounds of `concurrency` answers as it sent requests, at the latency. */
	requestsMs: number;
	target: string;
	/** Why the job did not run (it is printed, not measured). */
	skipped?: string;
}

const [url, apiKey, concurrencyText, latencyText] = process.argv.slice(2);
const concurrency = Number(concurrencyText);
const latencyMs = Number(latencyText);
const credential = { url, apiKey };
const raw = new RawClient({ url, apiKey }, concurrency);

function collectGarbage(): void {
	(globalThis as { gc?: () => void }).gc?.();
}

/** Wall, CPU, requests the sandbox saw and peak heap above the start, of one job. */
async function measured<T>(run: () => Promise<T>) {
	collectGarbage();
	await raw.resetStats();
	const baseline = process.memoryUsage().heapUsed;
	let peak = baseline;
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), SAMPLE_EVERY_MS);
	const cpuBefore = process.cpuUsage();
	const started = performance.now();
	let result: T;
	try {
		result = await run();
	} finally {
		clearInterval(sampler);
	}
	const wallMs = performance.now() - started;
	const cpu = process.cpuUsage(cpuBefore);
	const cpuMs = (cpu.user + cpu.system) / 1000;
	peak = Math.max(peak, process.memoryUsage().heapUsed);
	const { requests } = await raw.stats();
	// The stats call itself is not the job's.
	const requestsMs = Math.ceil(requests / concurrency) * latencyMs;
	return { result, wallMs, cpuMs, idleMs: Math.max(0, wallMs - cpuMs), requests, requestsMs, peakHeapBytes: peak - baseline };
}

/** Every page of a list, `concurrency` pages at a time after the first: the least time a reader needs. */
async function readList(endpoint: string): Promise<IDataObject[]> {
	const page = async (number: number) => {
		const response = await fetch(`${url}/api/v2${endpoint}?page=${number}`, {
			headers: { Authorization: `Token token=${apiKey}`, Accept: 'application/json' },
		});
		return (await response.json()) as IDataObject[];
	};
	const records: IDataObject[] = [];
	for (let next = 1; ; next += concurrency) {
		const pages = await Promise.all(Array.from({ length: concurrency }, (_unused, index) => page(next + index)));
		for (const list of pages) records.push(...list);
		if (pages.some((list) => list.length < 100)) return records;
	}
}

const person = (user: IDataObject, index: number) => ({
	external_id: user.external_id,
	first_name: user.first_name,
	// 2% of the list has a new last name: those are the run's updates.
	last_name: index % CHANGED_EVERY === 0 ? `${String(user.last_name)}-Moved` : user.last_name,
	email: user.email,
});

/** What a plain script does to compare a staff list with the Users: a map by External ID, one pass. */
function plainCompare(people: IDataObject[], users: IDataObject[]): number {
	const byExternalId = new Map(users.map((user) => [user.external_id, user]));
	let changed = 0;
	for (const row of people) {
		const user = byExternalId.get(row.external_id);
		if (!user || user.first_name !== row.first_name || user.last_name !== row.last_name || user.email !== row.email) changed++;
	}
	return changed;
}

const syncParameters = (dryRun: boolean): INodeParameters => ({
	resource: 'user',
	operation: 'sync',
	externalId: '={{ $json.external_id }}',
	firstName: '={{ $json.first_name }}',
	lastName: '={{ $json.last_name }}',
	email: '={{ $json.email }}',
	// Both places, so the run is the same before and after Dry Run moved to the top level.
	dryRun,
	options: { dryRun },
	requestOptions: { concurrency },
});

async function actionJob(parameters: INodeParameters, items: IDataObject[], continueOnFail = false, typeVersion = 1) {
	const result = await runActionNode({ parameters, items, credential, continueOnFail, typeVersion });
	if (result.error) throw new Error(`The run failed: ${result.error.message}`);
	return result.items.length;
}

/**
 * Sync at node version 1.2 (contract.md "Node version 1.2"), a Dry Run of every User unchanged: columns mapped
 * automatically (no expression resolved per row), then the same columns mapped by hand with one expression per field,
 * so that what n8n's expressions cost is a row of its own. A node without version 1.2 gives rows that say so.
 */
async function mappedSyncJobs(users: IDataObject[], readMs: number): Promise<Job[]> {
	const unchanged = users.map((user) => ({
		external_id: user.external_id,
		first_name: user.first_name,
		last_name: user.last_name,
		email: user.email,
	}));
	const count = unchanged.length.toLocaleString('en-US');
	const autoLabel = `User > Sync 1.2, Dry Run, ${count} unchanged people, Map Automatically`;
	const handLabel = `User > Sync 1.2, Dry Run, ${count} unchanged people, mapped by hand (an expression per field)`;
	const readBound = `read the Users ${(readMs / 1000).toFixed(2)} s`;
	const versions = [new MinistrySafe().description.version].flat();
	if (!versions.includes(MAPPED_VERSION)) {
		const skipped = `needs node version ${MAPPED_VERSION} (this node has ${versions.join(', ')})`;
		const none = { wallMs: 0, cpuMs: 0, idleMs: 0, requests: 0, requestsMs: 0, peakHeapBytes: 0, items: 0, lowerBoundMs: 0 };
		return [
			{ label: autoLabel, ...none, lowerBound: readBound, target: 'within 1.5x the lower bound', skipped },
			{ label: handLabel, ...none, lowerBound: 'the auto-mapped run', target: '', skipped },
		];
	}
	const auto = await measured(() => actionJob(autoMappedSync(concurrency), unchanged, false, MAPPED_VERSION));
	const hand = await measured(() => actionJob(handMappedSync(concurrency), unchanged, false, MAPPED_VERSION));
	return [
		{ label: autoLabel, ...auto, items: auto.result, lowerBoundMs: readMs, lowerBound: readBound, target: 'within 1.5x the lower bound' },
		{
			label: handLabel,
			...hand,
			items: hand.result,
			lowerBoundMs: auto.wallMs,
			lowerBound: `the auto-mapped run ${(auto.wallMs / 1000).toFixed(2)} s: the rest is the expressions`,
			target: '',
		},
	];
}

async function main(): Promise<void> {
	// A small run first, so that what n8n-core loads on its first execution is not counted.
	await actionJob({ resource: 'user', operation: 'getAll', returnAll: false, limit: 1 }, [{}]);
	const jobs: Job[] = [];

	const read = await measured(async () => (await raw.readAllUsers()).users as IDataObject[]);
	const users = read.result;
	const people = users.map(person);
	const compare = await measured(async () => plainCompare(people, users));
	const syncBound = read.wallMs + compare.wallMs;
	const syncBoundText = `read the Users ${(read.wallMs / 1000).toFixed(2)} s + compare ${compare.wallMs.toFixed(0)} ms`;

	const dry = await measured(() => actionJob(syncParameters(true), people));
	jobs.push({
		label: `User > Sync, Dry Run, ${people.length.toLocaleString('en-US')} people (2% changed)`,
		...dry,
		items: dry.result,
		lowerBoundMs: syncBound,
		lowerBound: syncBoundText,
		target: 'within 3x the lower bound',
	});

	jobs.push(...(await mappedSyncJobs(users, read.wallMs)));

	// A real run: the changed 2% are updated, one request each, `concurrency` at a time.
	const updates = compare.result;
	const writesMs = Math.ceil(updates / concurrency) * latencyMs;
	const real = await measured(() => actionJob(syncParameters(false), people));
	jobs.push({
		label: `User > Sync, real run, ${updates} of ${people.length.toLocaleString('en-US')} changed`,
		...real,
		items: real.result,
		lowerBoundMs: syncBound + writesMs,
		lowerBound: `${syncBoundText} + ${updates} updates, ${concurrency} at a time, ${(writesMs / 1000).toFixed(2)} s`,
		target: 'idle at most 1.5x its requests + 0.5 s',
	});

	// One list after another, each `concurrency` pages at a time: the node's bound holds for all its requests together.
	const lists = await measured(async () => {
		for (const endpoint of ['/users', '/trainings', '/background_checks']) await readList(endpoint);
	});
	const compliance = await measured(() => actionJob({ resource: 'compliance', operation: 'getAll', requestOptions: { concurrency } }, [{}]));
	jobs.push({
		label: `Compliance > Get Many, ${users.length.toLocaleString('en-US')} Users`,
		...compliance,
		items: compliance.result,
		lowerBoundMs: lists.wallMs,
		lowerBound: `read Users, Trainings and Background Checks, ${concurrency} at a time, ${(lists.wallMs / 1000).toFixed(2)} s`,
		target: 'idle at most 1.5x its requests + 0.5 s',
	});

	const trigger = new PollingTrigger({ sandbox: { url, apiKey } as Sandbox, parameters: { event: 'userCreated' } });
	await trigger.activate();
	const poll = await measured(() => trigger.poll());
	jobs.push({
		label: `Polling Trigger, one poll (User Created) at ${users.length.toLocaleString('en-US')} Users`,
		...poll,
		items: poll.result.length,
		lowerBoundMs: poll.requestsMs,
		lowerBound: `its ${poll.requests} request(s) at ${latencyMs} ms`,
		target: 'idle at most 1.5x its requests + 0.5 s',
	});

	const refusedItems = Array.from({ length: 10_000 }, (_unused, index) => ({ id: `x${index}` }));
	const refused = await measured(() =>
		actionJob({ resource: 'user', operation: 'get', user: { __rl: true, mode: 'id', value: '={{ $json.id }}' } }, refusedItems, true),
	);
	jobs.push({
		label: 'User > Get, 10,000 items refused before sending (Continue On Fail)',
		...refused,
		items: refused.result,
		lowerBoundMs: 0,
		lowerBound: 'no request',
		target: 'idle under 0.5 s',
	});

	stopN8nCore();
	// Each job's own result (its output) stays here: only the figures go out.
	console.log(JSON.stringify(jobs, (key, value: unknown) => (key === 'result' ? undefined : value)));
}

main().catch((error: Error) => {
	console.error(`The whole-list run failed: ${error.stack ?? error.message}`);
	// n8n-core's handles would keep the process up until the parent's timeout.
	process.exit(1);
});
