// What npm run bench:n8n prints (largeOrg.ts measures): each step's figures beside its targets, a table a size, and
// the node's own heap beside its target.
import { cpus, totalmem } from 'node:os';

import { selectedRuntime } from '../n8n-runtime';
import type { Step } from './largeOrgWorkflows';
import type { NodeHeap } from './nodeHeap';
import { type Section, kilobytes, megabytes, seconds } from './table';

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
/** The who-may-serve templates' targets (the next morning's time, each saved run) hold at this size and below. */
const COMPLIANCE_TARGET_USERS = 10_000;
/** Sync's targets hold at this size (the issue's); the report's and the editor's at every size. */
const TARGET_USERS = 100_000;

export interface StepResult {
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

export function section(users: number, measured: { results: StepResult[]; seededMs: number }): Section {
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

export function heapSection(users: number, heaps: NodeHeap[]): Section {
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

export function machine(): string {
	const [cpu] = cpus();
	return `${cpus().length} cores (${cpu?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 1024 ** 3)} GB, n8n ${selectedRuntime().n8nVersion} (SQLite, default settings)`;
}
