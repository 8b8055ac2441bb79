// The transport's one wait runs with the n8n-workflow of the n8n that loads the package (installed from the
// tarball, the package gets n8n's copy, not our dev dependency). n8n 2.8's has sleepWithAbort; n8n 2.41's has none,
// and its sleep takes the signal instead. Either way a wait ends when its signal fires.
type Pause = typeof import('../../nodes/shared/transport/pause').pause;

/** pause() as loaded beside a given n8n-workflow module. */
async function pauseWith(workflow: Record<string, unknown>): Promise<Pause> {
	let loaded: Pause | undefined;
	await jest.isolateModulesAsync(async () => {
		jest.doMock('n8n-workflow', () => workflow);
		loaded = (await import('../../nodes/shared/transport/pause')).pause;
	});
	jest.dontMock('n8n-workflow');
	return loaded as Pause;
}

describe('pause', () => {
	it("waits with n8n 2.8's sleepWithAbort, and ends when the signal fires", async () => {
		const pause = await pauseWith(jest.requireActual('n8n-workflow'));
		const started = Date.now();
		await pause(30, undefined);
		expect(Date.now() - started).toBeGreaterThanOrEqual(25);

		const controller = new AbortController();
		const waiting = pause(60_000, controller.signal);
		controller.abort();
		await expect(waiting).rejects.toThrow();
	});

	it("waits with sleep(ms, signal) where n8n-workflow has no sleepWithAbort, as n8n 2.41's", async () => {
		const { sleepWithAbort, ...withoutIt } = jest.requireActual<Record<string, unknown>>('n8n-workflow');
		expect(typeof sleepWithAbort).toBe('function');
		const sleep = jest.fn(async (_ms: number, signal?: AbortSignal) => {
			if (signal?.aborted) throw new Error('aborted');
		});
		const pause = await pauseWith({ ...withoutIt, sleep });
		const controller = new AbortController();
		await pause(10, controller.signal);
		expect(sleep).toHaveBeenCalledWith(10, controller.signal);
		controller.abort();
		await expect(pause(10, controller.signal)).rejects.toThrow('aborted');
	});
});
