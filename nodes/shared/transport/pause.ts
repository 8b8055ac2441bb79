import * as workflow from 'n8n-workflow';

type Sleep = (ms: number, abortSignal?: AbortSignal) => Promise<void>;

/**
 * Waits `ms`, ended early when `abortSignal` fires (the execution is cancelled, or a request's deadline is called off):
 * every wait of the transport. The n8n-workflow the package runs with is n8n's own, not our dev dependency: 2.8 has
 * sleepWithAbort (its sleep takes no signal); n8n 2.41's has no sleepWithAbort, and its sleep takes the signal.
 */
export async function pause(ms: number, abortSignal: AbortSignal | undefined): Promise<void> {
	const withAbort = (workflow as Partial<typeof workflow>).sleepWithAbort;
	if (withAbort) return withAbort(ms, abortSignal);
	return (workflow.sleep as Sleep)(ms, abortSignal);
}
