// Repeated runs and their median. A configuration that runs long (one item after another at 50 ms an answer, or one
// held to 20 requests a second) is run once: its time is set by the latency or the limit, not by noise, and three
// runs of it would take the benchmark past its ten minutes.

export const RUNS = 3;
const LONG_RUN_MS = 20_000;

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Runs `run` up to RUNS times (once when the first run is long); `ms` of each result is its time. */
export async function repeat<T extends { ms: number }>(
	label: string,
	run: () => Promise<T>,
	log: (line: string) => void,
): Promise<T[]> {
	const results: T[] = [];
	for (let index = 0; index < RUNS; index++) {
		const result = await run();
		results.push(result);
		log(`  ${label}: run ${index + 1}, ${Math.round(result.ms)} ms`);
		if (result.ms > LONG_RUN_MS) break;
	}
	return results;
}

/** The run whose time is the median (the lower middle one for an even count), with the number of runs. */
export function medianRun<T extends { ms: number }>(results: T[]): T & { runs: number } {
	const sorted = [...results].sort((a, b) => a.ms - b.ms);
	return { ...sorted[Math.floor((sorted.length - 1) / 2)], runs: results.length };
}
