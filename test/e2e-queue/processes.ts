// What the n8n processes of the queue topology say about executions, read from their own log lines (n8n 2.8.4,
// scaling/scaling.service and scaling/job-processor): the process that queues an execution logs "Enqueued execution
// <id> (job <job>)", the worker that runs it "Worker started execution <id>" and "Worker finished execution <id>".
import type { N8nProcess, QueueN8n } from '../../scripts/harness/queue/topology';
import { OWNER } from '../e2e/helpers';

export type ExecutionEvent = 'enqueued' | 'started' | 'finished';

const PATTERNS: Record<ExecutionEvent, (id: string) => RegExp> = {
	enqueued: (id) => new RegExp(`Enqueued execution ${id} \\(job \\d+\\)`),
	started: (id) => new RegExp(`Worker started execution ${id} \\(job \\d+\\)`),
	finished: (id) => new RegExp(`Worker finished execution ${id} \\(job \\d+\\)`),
};

/** The names of the processes whose log has `event` for execution `id`. */
export function processesThatLogged(n8n: QueueN8n, event: ExecutionEvent, id: string): string[] {
	const all: N8nProcess[] = [n8n.main, ...n8n.workers, n8n.webhook];
	return all.filter((process) => PATTERNS[event](id).test(process.output())).map((process) => process.name);
}

/**
 * Starts a saved workflow from its manual trigger as the editor's "Execute workflow" does (POST /rest/workflows/:id/run
 * on the main, signed in as the owner), and returns the execution's id. With OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS the
 * main queues it for a worker instead of running it itself.
 */
export async function runFromEditor(n8n: QueueN8n, workflowId: string, triggerName: string): Promise<string> {
	const call = async <T>(method: string, path: string, cookie: string, body?: unknown): Promise<{ json: T; cookie: string }> => {
		const response = await fetch(`${n8n.url}${path}`, {
			method,
			headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(30_000),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
		return { json: JSON.parse(text) as T, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? cookie };
	};
	const { cookie } = await call('POST', '/rest/login', '', { emailOrLdapLoginId: OWNER.email, password: OWNER.password });
	const workflow = await call<{ data: Record<string, unknown> }>('GET', `/rest/workflows/${workflowId}`, cookie);
	const run = await call<{ data: { executionId?: string; waitingForWebhook?: boolean } }>(
		'POST',
		`/rest/workflows/${workflowId}/run`,
		cookie,
		{ workflowData: workflow.json.data, triggerToStartFrom: { name: triggerName } },
	);
	if (!run.json.data.executionId) throw new Error(`n8n started no execution of ${workflowId}: ${JSON.stringify(run.json.data)}`);
	return run.json.data.executionId;
}
