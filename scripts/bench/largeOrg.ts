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
import { cpus, loadavg, totalmem } from 'node:os';
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
	selectedRuntime,
	startN8n,
	temporaryUserFolder,
} from '../n8n-runtime';

import { cleanupsFor } from './cleanups';
import { startEditor } from './executionView';
import { finishedExecution, nodeOutputs, pidListeningOn, publicApiOf, rssOf, sampleRss, savedExecutionBytes } from './largeOrgMeasures';
import { type NodeHeap, measureNodeHeap } from './nodeHeap';
import { HEAP_OPERATIONS } from './nodeHeapMarkers';
import {
	COMPLIANCE_TABLE,
	type Step,
	complianceSheetStep,
	complianceTableSteps,
	editorFloorStep,
	largeOrgCredentials,
	largeOrgSteps,
	MANUAL_TRIGGER,
	serveStaffList,
} from './largeOrgWorkflows';
import { type Section, kilobytes, megabytes, renderSections, seconds } from './table';

const MB = 1024 * 1024;
const TARGETS = {
	syncSavedBytes: 2 * MB,
	peakRssBytes: 1024 * MB,
	reportItemBytes: 200 * 1024,
	editorMs: 5000,
	/** n8n 2.8's default N8N_DATA_TABLES_MAX_SIZE_BYTES, for all its Data Tables together (2.41's: 200 MB). */
	dataTablesBytes: 50 * MB,
	/** A who-may-serve template's run at 10,000 people (the issue's), and what it saves. */
	complianceTableMs: 60_000,
	complianceSavedBytes: 2 * MB,
	/** The node's own heap during Get Report and Sync from a file, at every size. */
	nodeHeapBytes: 100 * MB,
};
/** The who-may-serve templates' time target holds at this size; their saved run's, at every size. */
const COMPLIANCE_TARGET_USERS = 10_000;
/** Sync's targets hold at this size (the issue's); the report's and the editor's at every size. */
const TARGET_USERS = 100_000;
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

interface StepResult {
	step: Step;
	users: number;
	runMs: number;
	status: string;
	items: number;
	outputBytes: number;
	/** The same without pairedItem: the items' `json` alone. */
	outputJsonBytes: number;
	sourceBytes?: number;
	savedBytes: number;
	/** n8n's resident memory before the run (a fresh n8n for each step). */
	idleBytes: number;
	rss: { startBytes: number; peakBytes: number };
	editor: { ms?: number; canvasMs?: number; pageMs?: number; shown: string; peakBytes: number };
	/** The compliance template's Data Table after the run: its rows, and n8n's count of its Data Tables' size. */
	table?: { rows: number; bytes: number };
	error?: string;
}

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

const met = (ok: boolean) => (ok ? 'met' : 'missed');
const size = (bytes: number) => (bytes < MB ? kilobytes(bytes) : megabytes(bytes));

/** The targets that apply to a row, each with whether it was met. */
function targetsOf(result: StepResult): string[] {
	if (result.step.workflow.name.includes('node version 1.2')) return [];
	const targets: string[] = [];
	const isSync = result.step.kind === 'syncDryRun' || result.step.kind === 'syncFileDryRun' || result.step.kind === 'syncApplied';
	if (isSync && result.users >= TARGET_USERS) {
		targets.push(`saved under ${megabytes(TARGETS.syncSavedBytes)}: ${met(result.savedBytes < TARGETS.syncSavedBytes)}`);
		targets.push(`n8n under ${megabytes(TARGETS.peakRssBytes)}: ${met(result.rss.peakBytes < TARGETS.peakRssBytes)}`);
	}
	if (result.step.kind === 'report') targets.push(`item under ${kilobytes(TARGETS.reportItemBytes)}: ${met(result.outputBytes < TARGETS.reportItemBytes)}`);
	if (result.table) {
		if (result.users <= COMPLIANCE_TARGET_USERS) {
			if (result.step.kind === 'complianceTableAgain') targets.push(`time under ${seconds(TARGETS.complianceTableMs)}: ${met(result.runMs < TARGETS.complianceTableMs)}`);
			targets.push(`saved under ${megabytes(TARGETS.complianceSavedBytes)}: ${met(result.savedBytes < TARGETS.complianceSavedBytes)}`);
		}
		// A row a person, and the last check's.
		targets.push(`a row a person: ${met(result.table.rows === result.users + 1)}`);
		targets.push(`Data Tables under ${megabytes(TARGETS.dataTablesBytes)}: ${met(result.table.bytes < TARGETS.dataTablesBytes)}`);
	}
	if (isSync || result.step.kind === 'report' || result.step.kind.startsWith('compliance')) {
		targets.push(`editor under ${seconds(TARGETS.editorMs)}: ${met(result.editor.ms !== undefined && result.editor.ms < TARGETS.editorMs)}`);
	}
	return targets;
}

function section(users: number, measured: { results: StepResult[]; seededMs: number }): Section {
	return {
		title: `${users.toLocaleString('en-US')} people (sandbox seeded in ${seconds(measured.seededMs)})`,
		columns: ['step', 'status', 'time', 'items out', 'last node output (json alone)', 'saved execution', 'of it, the staff list', 'n8n before', 'n8n peak (run)', 'editor shows output (from the tab; as a new page)', 'n8n peak (editor)', 'Data Table', 'targets'],
		rows: measured.results.map((result) => [
			result.step.label,
			result.error ? `${result.status}: ${result.error.slice(0, 60)}` : result.status,
			seconds(result.runMs),
			result.items.toLocaleString('en-US'),
			`${size(result.outputBytes)} (${size(result.outputJsonBytes)})`,
			megabytes(result.savedBytes),
			result.sourceBytes === undefined ? '-' : megabytes(result.sourceBytes),
			megabytes(result.idleBytes),
			megabytes(result.rss.peakBytes),
			result.editor.ms === undefined
				? result.editor.shown.split(' [')[0]
				: `${seconds(result.editor.ms)} (canvas ${seconds(result.editor.canvasMs ?? 0)}); ${result.editor.pageMs === undefined ? '-' : seconds(result.editor.pageMs)}${result.editor.shown === 'the data' ? '' : `, ${result.editor.shown}`}`,
			megabytes(result.editor.peakBytes),
			result.table ? `${result.table.rows.toLocaleString('en-US')} rows; ${megabytes(result.table.bytes)}` : '-',
			targetsOf(result).join('; ') || '-',
		]),
		notes: [
			'Time: the execution from start to stop, as n8n recorded it. Saved execution: the execution_data row n8n wrote (its run data and workflow), what the editor loads to open it and what pruning deletes. Last node output: its items as n8n keeps them (with pairedItem: Sync\'s summary is paired with every input item), and their json alone. Of it, the staff list: the JSON of the items the HTTP Request node put out: every person, whatever Sync puts out, or, for the list as a file, the file\'s reference (n8n keeps the file itself in its binary data store, on disk by default). n8n before, n8n peak: the main process\'s resident memory (a fresh n8n for each step, on the same database) before the run, and its peak, sampled every 0.5 s, during the run and then while the editor opened the execution. Editor: Chromium, the editor open on the workflow, clicks its Executions tab and the execution, then opens the last node\'s panel, until its first item shows (or the editor\'s notice that there is none), timed from the click on the tab; canvas: of that, until the execution\'s canvas showed the node. As a new page: the same from opening the execution\'s address in a new page, the editor\'s own load included. Data Table: the compliance template\'s table after the run, its rows read through n8n\'s public API and the size n8n counts of its Data Tables against N8N_DATA_TABLES_MAX_SIZE_BYTES; for the who-may-serve templates the node measured is What changed, whose items are the rows the run writes. Before the Data Table\'s next morning, 1 User in 100 completed a Training in the sandbox (their compliance changed).',
		],
		targets: [
			`at ${TARGET_USERS.toLocaleString('en-US')} people, 2% changed, node version 1.3's defaults: Sync's saved execution under 2 MB and n8n's peak memory during the run under 1 GB; Get Report's item under 200 KB at every size; the editor opens each Sync and report execution and shows the last node's output in under 5 s. The compliance Data Table: a row a person (and the last check's), n8n's Data Tables under n8n 2.8's default limit (50 MB), the editor under 5 s; at ${COMPLIANCE_TARGET_USERS.toLocaleString('en-US')} people each run saved under ${megabytes(TARGETS.complianceSavedBytes)}, the next morning (1% changed) under ${seconds(TARGETS.complianceTableMs)}.`,
		],
	};
}

function heapSection(users: number, heaps: NodeHeap[]): Section {
	return {
		title: `${users.toLocaleString('en-US')} people: the node's own heap`,
		columns: ['operation', 'items out', 'time (with a full collection every 0.1 s)', 'full collections', 'live heap at its peak, above the heap before', 'target'],
		rows: heaps.map((heap) => [
			heap.label,
			heap.items.toLocaleString('en-US'),
			seconds(heap.ms),
			heap.collections.toLocaleString('en-US'),
			megabytes(heap.livePeakBytes),
			`under ${megabytes(TARGETS.nodeHeapBytes)}: ${met(heap.livePeakBytes < TARGETS.nodeHeapBytes)}`,
		]),
		notes: [
			"The node run once in-process through n8n-core (node version 1.3's defaults), in a process of its own against the same sandbox, with V8's --trace-gc: the most V8 found alive after any full collection during the run (its own, and one forced every 0.1 s), less the heap before the run. What n8n itself holds is not in it; the collections make the run several times slower than in n8n.",
		],
		targets: [`the node's own heap during Get Report and Sync from a file under ${megabytes(TARGETS.nodeHeapBytes)} at every size.`],
	};
}

function machine(): string {
	const [cpu] = cpus();
	return `${cpus().length} cores (${cpu?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 1024 ** 3)} GB, n8n ${selectedRuntime().n8nVersion} (SQLite, default settings)`;
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
