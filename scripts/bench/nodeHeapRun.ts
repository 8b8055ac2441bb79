// Run by nodeHeap.ts in a process of its own (node --expose-gc --trace-gc --import tsx scripts/bench/nodeHeapRun.ts
// URL KEY OPERATION [STAFF_CSV_URL]): one run of a whole-list operation of our node in-process through n8n-core against the
// benchmark's sandbox, between two marker lines, so that the parent reads V8's own account of the heap after each
// collection during the run (--trace-gc). Besides, a full collection every SAMPLE_EVERY_MS: a peak between two
// samples, inside a long synchronous stretch, is seen by V8's collections there. Prints one JSON line at the end.
import { runActionNode, stopN8nCore } from '../../test/helpers/n8n';

import { HEAP_OPERATIONS, HEAP_RUN_END, HEAP_RUN_START } from './nodeHeapMarkers';

const SAMPLE_EVERY_MS = 100;

const [url, apiKey, operation, staffCsvUrl] = process.argv.slice(2);
const credential = { url, apiKey };
const measured = HEAP_OPERATIONS[operation];
if (!measured) throw new Error(`Unknown operation ${operation}: give one of ${Object.keys(HEAP_OPERATIONS).join(', ')}`);

function collectGarbage(): number {
	const gc = (globalThis as { gc?: () => void }).gc;
	if (!gc) throw new Error('Run with node --expose-gc');
	gc();
	return process.memoryUsage().heapUsed;
}

async function staffCsv(): Promise<Buffer> {
	if (!staffCsvUrl) throw new Error(`${operation} reads the staff list: give its CSV's address`);
	const response = await fetch(staffCsvUrl, { signal: AbortSignal.timeout(120_000) });
	if (!response.ok) throw new Error(`The staff list answered ${response.status}`);
	return Buffer.from(await response.arrayBuffer());
}

async function main(): Promise<void> {
	// A small run first, so that what n8n-core loads on its first execution is not counted as the run's.
	await runActionNode({ parameters: { resource: 'user', operation: 'getAll', returnAll: false, limit: 1 }, credential });
	// The file is downloaded before the heap is taken: it is the run's input, as n8n's binary data store holds it.
	const files = measured.staffFile ? [{ bytes: await staffCsv(), fileName: 'staff.csv', mimeType: 'text/csv' }] : undefined;
	const baselineBytes = collectGarbage();
	let sampledPeakBytes = baselineBytes;
	// Written straight to stdout, as V8 writes its trace: the lines stay in order.
	process.stdout.write(`${HEAP_RUN_START}\n`);
	const sampler = setInterval(() => (sampledPeakBytes = Math.max(sampledPeakBytes, collectGarbage())), SAMPLE_EVERY_MS);
	const started = performance.now();
	let result: Awaited<ReturnType<typeof runActionNode>>;
	try {
		result = await runActionNode({ parameters: measured.parameters, credential, typeVersion: 1.3, ...(files ? { items: [{}], files } : {}) });
	} finally {
		clearInterval(sampler);
	}
	const ms = performance.now() - started;
	process.stdout.write(`${HEAP_RUN_END}\n`);
	if (result.error) throw result.error;
	stopN8nCore();
	console.log(JSON.stringify({ operation, items: result.items.length, ms, baselineBytes, sampledPeakBytes: sampledPeakBytes - baselineBytes }));
}

main().catch((error: Error) => {
	console.error(`The heap run failed: ${error.stack ?? error.message}`);
	process.exitCode = 1;
});
