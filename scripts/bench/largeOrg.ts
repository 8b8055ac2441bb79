// npm run bench:n8n: a large organisation inside a real n8n. The packed package installed in n8n (the runtime
// N8N_RUNTIME selects, 2.41.3 by default; SQLite and n8n's default settings), the sandbox with 10,000 and then 100,000
// Users, and saved manual workflows run from the editor's own call: User > Get Many (Return All), User > Sync dry run
// and applied (Map Automatically, a staff list with 2% changed), Compliance > Get Report, and the templates that write
// everyone's compliance into an n8n Data Table (its first run, and the next morning after 1% of people's compliance
// changed) or beside each person in a Google Sheet (the sheet pinned). Per step: n8n's time, the execution as n8n
// saved it, n8n's peak memory (RSS every 0.5 s) during the run, and Chromium opening the saved execution until the
// last node's output shows. Then the node's own heap during Get Report and Sync's dry run from the list as a file (each
// in a process of its own, nodeHeap.ts). Each
// figure beside its target; nothing is asserted.
//   npm run bench:n8n                        both sizes (100,000 takes long on 2 cores)
//   npm run bench:n8n -- --users 10000       one size (any whole numbers, comma-separated)
//   npm run bench:n8n -- --compare           also Sync's dry run and Get Report at node version 1.2, the figures before
//   npm run bench:n8n -- --steps syncFileDryRun,report   only those steps (Step['kind'] in largeOrgWorkflows.ts, and
//                                            nodeHeap; complianceTableAgain needs complianceTable before it)
//   npm run bench:n8n -- --node-options=--max-old-space-size=1024   n8n started with these NODE_OPTIONS (a heap limit)
// Every sandbox, server, n8n and browser it starts is stopped, also when it fails or is interrupted.
import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

import { startSandbox } from '../../sandbox';
import { OWNER } from '../../test/e2e/helpers';
import {
	N8nClient,
	REPO_DIR,
	ensureRuntime,
	importCredentials,
	importWorkflows,
	installWorkingTreePackage,
	startN8n,
	temporaryUserFolder,
} from '../n8n-runtime';

import { cleanupsFor } from './cleanups';
import { startEditor } from './executionView';
import { finishedExecution, nodeOutputs, pidListeningOn, publicApiOf, rssOf, sampleRss, savedExecutionBytes } from './largeOrgMeasures';
import { type StepResult, heapSection, machine, section } from './largeOrgReport';
import { editorFloorStep, largeOrgCredentials, largeOrgSteps, MANUAL_TRIGGER } from './largeOrgWorkflows';
import { type NodeHeap, measureNodeHeap } from './nodeHeap';
import { HEAP_OPERATIONS } from './nodeHeapMarkers';
import { serveStaffList } from './staffListServer';
import { type Section, megabytes, renderSections, seconds } from './table';
import { COMPLIANCE_TABLE, complianceSheetStep, complianceTableSteps } from './whoMayServeSteps';

const RUN_TIMEOUT_MS = 20 * 60_000;
const EDITOR_TIMEOUT_MS = 120_000;

interface Arguments {
	sizes: number[];
	compare: boolean;
	/** Only these steps, when given. */
	steps?: string[];
	/** NODE_OPTIONS for n8n's processes, when given. */
	nodeOptions?: string;
}

function argumentsGiven(argv: string[]): Arguments {
	const sizes = [10_000, 100_000];
	let compare = false;
	let steps: string[] | undefined;
	let nodeOptions: string | undefined;
	for (let index = 0; index < argv.length; index++) {
		if (argv[index].startsWith('--node-options=')) {
			nodeOptions = argv[index].slice('--node-options='.length);
			continue;
		}
		if (argv[index] === '--steps') {
			steps = (argv[++index] ?? '').split(',').filter(Boolean);
			continue;
		}
		if (argv[index] === '--users') {
			const given = (argv[++index] ?? '').split(',').map((size) => Number(size.replace(/_/g, '')));
			if (given.length === 0 || given.some((size) => !Number.isInteger(size) || size < 1)) {
				throw new Error('--users takes whole numbers, comma-separated: --users 10000 or --users 10000,100000');
			}
			sizes.splice(0, sizes.length, ...given);
		} else if (argv[index] === '--compare') {
			compare = true;
		} else {
			throw new Error(`Unknown argument ${argv[index]}: give --users N[,N], --compare, --steps kind[,kind] or --node-options=...`);
		}
	}
	return { sizes, compare, steps, nodeOptions };
}

const benchStarted = Date.now();
const log = (line: string): void => console.error(`[${String(Math.round((Date.now() - benchStarted) / 1000)).padStart(4)} s] ${line}`);

const { cleanups, stopAll } = cleanupsFor(log);

/** One size: a sandbox, a staff list, an n8n with the workflows, and each step in turn; then the node's own heap. */
async function measureSize(
	users: number,
	given: Arguments,
	screenshotDir: string,
): Promise<{ results: StepResult[]; seededMs: number; heaps: NodeHeap[] }> {
	const { compare } = given;
	const scoped: Array<() => Promise<void> | void> = [];
	cleanups.push(async () => {
		for (const cleanup of scoped.splice(0).reverse()) await cleanup();
	});
	try {
		log(`Seeding the sandbox with ${users.toLocaleString('en-US')} Users ...`);
		const seedStarted = Date.now();
		const sandbox = await startSandbox({ users });
		scoped.push(() => sandbox.stop());
		const seededMs = Date.now() - seedStarted;
		const staffList = await serveStaffList(sandbox, users);
		scoped.push(() => staffList.close());
		log(`The staff list: ${staffList.changed.toLocaleString('en-US')} of them changed, at ${staffList.url}`);

		const newest = largeOrgSteps(staffList, 1.3);
		const before = compare ? largeOrgSteps(staffList, 1.2).filter((step) => step.kind === 'syncDryRun' || step.kind === 'report') : [];
		// The applied Sync changes the service: last, after every dry run has seen the 2%; the compliance table's runs
		// read it, after.
		const steps = [
			editorFloorStep(),
			...newest.filter((step) => step.kind !== 'syncApplied'),
			...before,
			...newest.filter((step) => step.kind === 'syncApplied'),
			...complianceTableSteps(),
			complianceSheetStep(staffList),
		].filter((step) => given.steps === undefined || given.steps.includes(step.kind));

		const settings = {
			userFolder: temporaryUserFolder('ministrysafe-bench-large'),
			encryptionKey: 'ministrysafe-bench-large-key',
			env: (given.nodeOptions ? { NODE_OPTIONS: given.nodeOptions } : {}) as Record<string, string>,
		};
		scoped.push(() => rmSync(settings.userFolder, { recursive: true, force: true }));
		log('Installing the packed package into n8n ...');
		await installWorkingTreePackage(settings.userFolder);
		await importCredentials(settings, largeOrgCredentials(sandbox));
		// Each workflow once: the compliance table's two runs are of one workflow.
		await importWorkflows(settings, [...new Map(steps.map((step) => [step.workflow.id, step.workflow])).values()]);
		// A fresh n8n for each step (the same database): each peak is that step's, not what earlier steps left in n8n's heap.
		let apiKey = '';
		const startInstance = async () => {
			log('Starting n8n ...');
			const n8n = await startN8n(settings, { readyTimeoutMs: 240_000 });
			try {
				const client = new N8nClient(n8n.url);
				await client.signIn(OWNER);
				apiKey ||= await client.createApiKey('large organisation benchmark');
				const publicApi = publicApiOf(n8n.url, apiKey);
				const pid = pidListeningOn(n8n.port);
				// A moment for n8n to settle after its start, then its resident memory before the run.
				await new Promise((resolveWait) => setTimeout(resolveWait, 3000));
				return { n8n, client, publicApi, pid, idleBytes: rssOf(pid) };
			} catch (error) {
				await n8n.stop();
				throw error;
			}
		};

		const results: StepResult[] = [];
		for (const step of steps) {
			if (step.before) log(`Before ${step.label}: ${await step.before(sandbox)}`);
			const { n8n, client, publicApi, pid, idleBytes } = await startInstance();
			try {
				log(`${step.label} (n8n ${n8n.version}, process ${pid}, ${megabytes(idleBytes)} resident) ...`);
				const sampler = sampleRss(pid);
				const runOnce = async () => {
					const id = await client.executeManually(step.workflow, step.trigger ?? MANUAL_TRIGGER);
					return { executionId: id, record: await finishedExecution(publicApi, id, RUN_TIMEOUT_MS) };
				};
				const { executionId, record } = await runOnce().finally(() => sampler.stop());
				const rss = sampler.stop();
				const savedBytes = savedExecutionBytes(settings.userFolder, executionId);
				const runMs = Date.parse(record.stoppedAt ?? '') - Date.parse(record.startedAt);
				log(`  ${record.status} in ${seconds(runMs)}; saved ${megabytes(savedBytes)}; n8n at ${megabytes(rss.peakBytes)}. Opening it in the editor ...`);
				const editor = await startEditor(n8n.url, screenshotDir);
				const viewSampler = sampleRss(pid);
				const view = await editor
					.open(step.workflow.id, executionId, step.measured, EDITOR_TIMEOUT_MS)
					.finally(() => Promise.all([viewSampler.stop(), editor.close()]));
				const viewRss = viewSampler.stop();
				log(`  the editor: ${view.ms === undefined ? view.shown : `${seconds(view.ms)} from its Executions tab, ${view.pageMs === undefined ? '-' : seconds(view.pageMs)} as a new page (${view.shown})`}`);
				// Read last: reading the execution back costs n8n memory of its own.
				const outputs = await nodeOutputs(publicApi, executionId);
				const slowest = Object.entries(outputs.nodes).sort(([, a], [, b]) => b.ms - a.ms).slice(0, 3);
				log(`  the slowest nodes: ${slowest.map(([name, node]) => `${name} ${seconds(node.ms)}`).join(', ')}`);
				const table = step.kind.startsWith('complianceTable')
					? { rows: ((await client.dataTableRows(apiKey, COMPLIANCE_TABLE)) ?? []).length, bytes: (await client.dataTablesSize()).totalBytes }
					: undefined;
				const measured = outputs.nodes[step.measured] ?? { items: 0, bytes: 0, jsonBytes: 0, ms: 0 };
				results.push({
					step,
					users,
					runMs,
					status: record.status,
					items: measured.items,
					outputBytes: measured.bytes,
					outputJsonBytes: measured.jsonBytes,
					sourceBytes: step.source ? outputs.nodes[step.source]?.bytes : undefined,
					savedBytes,
					idleBytes,
					rss,
					editor: { ms: view.ms, canvasMs: view.canvasMs, pageMs: view.pageMs, shown: view.shown, peakBytes: viewRss.peakBytes },
					table,
					error: outputs.error,
				});
			} finally {
				await n8n.stop();
			}
		}
		const heaps: NodeHeap[] = [];
		if (given.steps === undefined || given.steps.includes('nodeHeap')) {
			for (const operation of ['getReport', 'syncFile']) {
				log(`The node's own heap during ${HEAP_OPERATIONS[operation].label} (a full collection every 0.1 s: slow) ...`);
				const heap = await measureNodeHeap(sandbox, operation, staffList.csvUrl);
				log(`  ${megabytes(heap.livePeakBytes)} at its peak`);
				heaps.push(heap);
			}
		}
		return { results, seededMs, heaps };
	} finally {
		for (const cleanup of scoped.splice(0).reverse()) {
			try {
				await cleanup();
			} catch (error) {
				log(`Could not stop cleanly: ${(error as Error).message}`);
			}
		}
	}
}

async function main(): Promise<void> {
	const given = argumentsGiven(process.argv.slice(2));
	const { sizes, compare } = given;
	const startedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
	const loadAtStart = loadavg()[0];
	await ensureRuntime(log);
	const screenshotDir = join(REPO_DIR, 'test-results', 'bench-large-org');
	mkdirSync(screenshotDir, { recursive: true });
	const sections: Section[] = [];
	for (const users of sizes) {
		const measured = await measureSize(users, given, screenshotDir);
		if (measured.results.length > 0) sections.push(section(users, measured));
		if (measured.heaps.length > 0) sections.push(heapSection(users, measured.heaps));
	}
	console.log(
		[
			`**npm run bench:n8n -- --users ${sizes.join(',')}${compare ? ' --compare' : ''}${given.steps ? ` --steps ${given.steps.join(',')}` : ''}${given.nodeOptions ? ` --node-options=${given.nodeOptions}` : ''}**, ${startedAt}: ${machine()}; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end; the whole run took ${Math.round((Date.now() - benchStarted) / 1000)} s.`,
			'',
			renderSections(sections),
		].join('\n'),
	);
}

main()
	.catch((error: Error) => {
		log(`The benchmark failed: ${error.stack ?? error.message}`);
		process.exitCode = 1;
	})
	.finally(() => stopAll());
