// Run by footprint.ts in a process of its own (node --expose-gc --import tsx scripts/bench/memoryRun.ts URL KEY):
// our node, Get Many Users with Return All, in-process through n8n-core against the benchmark's sandbox. Prints one
// JSON line: the items, the size of their JSON, the heap's peak growth during the run and what the output holds.
import { runActionNode, stopN8nCore } from '../../test/helpers/n8n';

const SAMPLE_EVERY_MS = 2;

function collectGarbage(): void {
	const gc = (globalThis as { gc?: () => void }).gc;
	if (!gc) throw new Error('Run with node --expose-gc');
	gc();
}

async function main(): Promise<void> {
	const [url, apiKey] = process.argv.slice(2);
	const credential = { url, apiKey };
	// A small run first, so that what n8n-core loads on its first execution is not counted as the run's.
	await runActionNode({ parameters: { resource: 'user', operation: 'getAll', returnAll: false, limit: 1 }, credential });
	collectGarbage();
	const baseline = process.memoryUsage().heapUsed;
	let peak = baseline;
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), SAMPLE_EVERY_MS);
	const result = await runActionNode({ parameters: { resource: 'user', operation: 'getAll', returnAll: true }, credential });
	clearInterval(sampler);
	peak = Math.max(peak, process.memoryUsage().heapUsed);
	if (result.error) throw result.error;
	collectGarbage();
	const held = process.memoryUsage().heapUsed - baseline;
	const jsonBytes = Buffer.byteLength(JSON.stringify(result.items.map((item) => item.json)));
	stopN8nCore();
	console.log(
		JSON.stringify({
			items: result.items.length,
			jsonBytes,
			peakBytes: peak - baseline,
			heldBytes: held,
			maxRssBytes: process.resourceUsage().maxRSS * 1024,
		}),
	);
}

main().catch((error: Error) => {
	console.error(`The memory run failed: ${error.message}`);
	process.exitCode = 1;
});
