// What n8n recorded of a load run, read through its public API: the executions of the burst's workflow, and how many
// times each event reached a node over all of them.
import type { PublicExecution } from '../../n8n-runtime';
import type { E2eEnvironment } from '../../../test/e2e/helpers';

export type RecordedExecution = PublicExecution & { startedAt?: string; stoppedAt?: string };

/** Every execution of the workflow through the public API, 250 a page (n8n's largest); with their data when asked. */
export async function recordedExecutions(env: E2eEnvironment, workflowId: string, includeData: boolean): Promise<RecordedExecution[]> {
	const executions: RecordedExecution[] = [];
	let cursor: string | undefined;
	do {
		const query = `workflowId=${workflowId}&includeData=${includeData}&limit=250${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
		const response = await fetch(`${env.n8n.url}/api/v1/executions?${query}`, {
			headers: { 'X-N8N-API-KEY': env.apiKey, accept: 'application/json' },
			signal: AbortSignal.timeout(60_000),
		});
		if (!response.ok) throw new Error(`GET /api/v1/executions answered ${response.status}: ${await response.text()}`);
		const page = (await response.json()) as { data: RecordedExecution[]; nextCursor?: string | null };
		executions.push(...page.data);
		cursor = page.nextCursor ?? undefined;
	} while (cursor);
	return executions;
}

/** How many executions n8n has recorded as over (success, error or crashed). */
export async function finishedCount(env: E2eEnvironment, workflowId: string): Promise<number> {
	const executions = await recordedExecutions(env, workflowId, false);
	return executions.filter((execution) => ['success', 'error', 'crashed'].includes(execution.status)).length;
}

export function percentile(sorted: number[], fraction: number): number {
	if (sorted.length === 0) return NaN;
	return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

export function countLines(text: string, pattern: RegExp): number {
	return text.split('\n').filter((line) => pattern.test(line)).length;
}

type RunData = Record<string, Array<{ data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> } }>>;

/** The items a node gave in an execution (none when it did not run). */
export function itemsOf(execution: RecordedExecution, nodeName: string): Array<Record<string, unknown>> {
	const runData = (execution.data as { resultData?: { runData?: RunData } } | undefined)?.resultData?.runData ?? {};
	return (runData[nodeName]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
}

/** How many times each event (its User's ID) reached a node, over all executions. */
export function timesPerEvent(executions: RecordedExecution[], nodeName: string): Map<string, number> {
	const times = new Map<string, number>();
	for (const execution of executions) {
		for (const item of itemsOf(execution, nodeName)) times.set(String(item.id), (times.get(String(item.id)) ?? 0) + 1);
	}
	return times;
}

/** What the run gives, by node: exactly once, twice or more, never. */
export function onceFigures(sent: Array<{ userId?: string }>, times: Map<string, number>) {
	const of = (entry: { userId?: string }) => times.get(String(entry.userId)) ?? 0;
	return {
		once: sent.filter((entry) => of(entry) === 1).length,
		twiceOrMore: sent.filter((entry) => of(entry) > 1).length,
		never: sent.filter((entry) => of(entry) === 0).length,
	};
}
