// Run by footprint.ts in a process of its own (node --expose-gc --import tsx scripts/bench/memoryRun.ts URL KEY):
// our node, Get Many Users with Return All, in-process through n8n-core against the benchmark's sandbox. Prints one
// JSON line: the items, the size of their JSON, the heap's peak growth during the run (as it is, garbage included,
// and live: after a full collection at each sample, in a second run) and what the output holds.
import { runActionNode, stopN8nCore } from '../../test/helpers/n8n';

const SAMPLE_EVERY_MS = 2;
/** A full collection takes some ms on this heap: the live sampler gives the run room between two. */
const LIVE_SAMPLE_EVERY_MS = 10;

function collectGarbage(): void {
	const gc = (globalThis as { gc?: () => void }).gc;
	if (!gc) throw new Error('Run with node --expose-gc');
	gc();
}

const [url, apiKey] = process.argv.slice(2);
const credential = { url, apiKey };

const returnAll = () => runActionNode({ parameters: { resource: 'user', operation: 'getAll', returnAll: true }, credential });

/** One Return All run with the heap's peak above the level before it, sampled every `everyMs` (after `sample`). */
async function peakOf(everyMs: number, sample: () => number) {
	collectGarbage();
	const baseline = process.memoryUsage().heapUsed;
	let peak = baseline;
	const sampler = setInterval(() => (peak = Math.max(peak, sample())), everyMs);
	let result: Awaited<ReturnType<typeof returnAll>>;
	try {
		result = await returnAll();
	} finally {
		clearInterval(sampler);
	}
	peak = Math.max(peak, sample());
	if (result.error) throw result.error;
	return { result, baseline, peakBytes: peak - baseline };
}

/** The first run: its peak as the heap is (every 2 ms, garbage included), the size of its output and what it holds. */
async function asItIs() {
	const { result, baseline, peakBytes } = await peakOf(SAMPLE_EVERY_MS, () => process.memoryUsage().heapUsed);
	collectGarbage();
	const heldBytes = process.memoryUsage().heapUsed - baseline;
	const jsonBytes = Buffer.byteLength(JSON.stringify(result.items.map((item) => item.json)));
	// Only figures leave: the run's output is let go before the second run, as a finished workflow's would be.
	return { items: result.items.length, jsonBytes, peakBytes, heldBytes };
}

async function main(): Promise<void> {
	// A small run first, so that what n8n-core loads on its first execution is not counted as the run's.
	await runActionNode({ parameters: { resource: 'user', operation: 'getAll', returnAll: false, limit: 1 }, credential });
	const first = await asItIs();
	const live = await peakOf(LIVE_SAMPLE_EVERY_MS, () => {
		collectGarbage();
		return process.memoryUsage().heapUsed;
	});
	stopN8nCore();
	console.log(
		JSON.stringify({
			...first,
			livePeakBytes: live.peakBytes,
			maxRssBytes: process.resourceUsage().maxRSS * 1024,
		}),
	);
}

main().catch((error: Error) => {
	console.error(`The memory run failed: ${error.message}`);
	process.exitCode = 1;
});
