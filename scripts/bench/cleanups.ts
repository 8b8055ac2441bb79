// What a benchmark started (sandboxes, n8n processes, browsers), stopped in reverse order when it ends, fails or is
// interrupted: every process a benchmark starts is stopped.

/** Registers what to stop, and stops it all once (also on Ctrl-C or a TERM), saying what could not be stopped. */
export function cleanupsFor(log: (line: string) => void): {
	cleanups: Array<() => Promise<void> | void>;
	stopAll: () => Promise<void>;
} {
	const cleanups: Array<() => Promise<void> | void> = [];
	async function stopAll(): Promise<void> {
		for (const cleanup of cleanups.splice(0).reverse()) {
			try {
				await cleanup();
			} catch (error) {
				log(`Could not stop cleanly: ${(error as Error).message}`);
			}
		}
	}
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, () => {
			log(`${signal}: stopping everything the benchmark started`);
			void stopAll().finally(() => process.exit(130));
		});
	}
	return { cleanups, stopAll };
}
