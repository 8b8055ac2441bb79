// The node's own heap during one run of a whole-list operation at the benchmark's size: the run in a process of its
// own (nodeHeapRun.ts, n8n-core in-process, V8's --trace-gc on), and the most V8 found alive after any collection
// during the run, above the heap before it. What n8n itself holds is not counted: this is what the node adds.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { runProcess, temporaryUserFolder } from '../n8n-runtime';

import { HEAP_OPERATIONS, HEAP_RUN_END, HEAP_RUN_START } from './nodeHeapMarkers';

const MB = 1024 * 1024;
const CHILD_TIMEOUT_MS = 30 * 60_000;
/** "... ms: Mark-Compact 180.2 (200.1) -> 150.3 (190.0) MB, ...": the heap's objects after a full collection. */
const FULL_COLLECTION = /(?:Mark-Compact|Mark-sweep)[^\n]*?->\s*([\d.]+)\s*\(/;

export interface NodeHeap {
	label: string;
	items: number;
	ms: number;
	/** The most V8 found alive after a full collection during the run, above the heap before it. */
	livePeakBytes: number;
	/** Of it, what the run's own full collections (every 0.1 s) saw. */
	sampledPeakBytes: number;
	collections: number;
}

/** `staffCsvUrl`: where the run downloads the staff list, for an operation that reads it as a file. */
export async function measureNodeHeap(sandbox: { url: string; apiKey: string }, operation: string, staffCsvUrl?: string): Promise<NodeHeap> {
	const userFolder = temporaryUserFolder('ministrysafe-bench-heap');
	const afterCollections: number[] = [];
	let inRun = false;
	const child = await runProcess(
		process.execPath,
		['--expose-gc', '--trace-gc', '--import', 'tsx', join(__dirname, 'nodeHeapRun.ts'), sandbox.url, sandbox.apiKey, operation, ...(staffCsvUrl ? [staffCsvUrl] : [])],
		{
			keepStdout: true,
			timeoutMs: CHILD_TIMEOUT_MS,
			env: { ...process.env, N8N_USER_FOLDER: userFolder, N8N_ENCRYPTION_KEY: 'ministrysafe-bench-heap-key' },
			onLine: (line) => {
				if (line === HEAP_RUN_START) inRun = true;
				else if (line === HEAP_RUN_END) inRun = false;
				else if (inRun) {
					const after = FULL_COLLECTION.exec(line)?.[1];
					if (after !== undefined) afterCollections.push(Number(after) * MB);
				}
			},
		},
	).finally(() => rmSync(userFolder, { recursive: true, force: true }));
	const result = JSON.parse(child.stdout().trim().split('\n').pop() ?? '') as {
		items: number;
		ms: number;
		baselineBytes: number;
		sampledPeakBytes: number;
	};
	const traced = Math.max(0, ...afterCollections) - result.baselineBytes;
	return {
		label: HEAP_OPERATIONS[operation].label,
		items: result.items,
		ms: result.ms,
		livePeakBytes: Math.max(traced, result.sampledPeakBytes),
		sampledPeakBytes: result.sampledPeakBytes,
		collections: afterCollections.length,
	};
}
