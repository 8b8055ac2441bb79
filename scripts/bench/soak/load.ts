// The soak's events, interleaved as a busy n8n sees them: webhook calls to the MinistrySafe Trigger (half with Include
// Full Record), runs of the action workflow, and cycles of a workflow with both triggers (created, activated,
// deactivated, deleted: two events). They run in chunks of SAMPLE_EVERY events, a few at a time; after each chunk the
// caller samples. The polls run on n8n's own schedule meanwhile.
import type { BenchN8n } from '../n8n';
import { ACTION, WEBHOOK_FULL_RECORD, WEBHOOK_PLAIN, cycledWorkflow, webhookIdOf } from './workflows';

export const SAMPLE_EVERY = 500;
const AT_ONCE = 4;
const CALL_TIMEOUT_MS = 180_000;
const DELETE_TRIES = 40;

export interface SoakScale {
	webhookCalls: number;
	actionRuns: number;
	cycles: number;
}

export const FULL_SCALE: SoakScale = { webhookCalls: 5000, actionRuns: 500, cycles: 200 };

export interface Counts {
	events: number;
	webhookCalls: number;
	actionRuns: number;
	cycles: number;
}

interface Task {
	events: number;
	kind: keyof Omit<Counts, 'events'>;
	run: () => Promise<void>;
}

/** The ids of the sandbox's Users, which the events name (a webhook payload's User, the action's Get). */
export interface LoadTarget {
	n8n: BenchN8n;
	credential: { id: string; name: string };
	userIds: number[];
}

async function post(url: string, body: unknown): Promise<void> {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 300)}`);
}

/**
 * Archived, then deleted, as the editor does it since n8n 2.x (an n8n without archiving deletes at once). n8n refuses
 * the delete while the deactivation is still under way (409): it is asked again a moment later.
 */
async function deleteWorkflow(n8n: BenchN8n, id: string): Promise<void> {
	await n8n.publicApi('POST', `/workflows/${id}/archive`).catch(() => undefined);
	for (let tries = 1; ; tries++) {
		try {
			await n8n.publicApi('DELETE', `/workflows/${id}`);
			return;
		} catch (error) {
			if (tries >= DELETE_TRIES) throw error;
			await new Promise((resolveWait) => setTimeout(resolveWait, 500));
		}
	}
}

function plan(target: LoadTarget, scale: SoakScale): Task[] {
	const { n8n, credential, userIds } = target;
	const user = (index: number) => userIds[index % userIds.length];
	const webhook = (index: number): Task => {
		const workflowId = index % 2 === 0 ? WEBHOOK_PLAIN : WEBHOOK_FULL_RECORD;
		const id = user(index);
		// A user-created event as the service sends it (api-v2.md 6).
		const payload = { id: String(id), organization_id: '1', first_name: 'Soak', last_name: `User ${id}`, external_id: `soak-${id}` };
		return { events: 1, kind: 'webhookCalls', run: () => post(`${n8n.url}/webhook/${webhookIdOf(workflowId)}/webhook`, payload) };
	};
	const action = (index: number): Task => ({
		events: 1,
		kind: 'actionRuns',
		run: () => post(`${n8n.url}/webhook/${ACTION}`, { id: user(index) }),
	});
	const cycle = (index: number): Task => ({
		events: 2,
		kind: 'cycles',
		run: async () => {
			const { id } = await n8n.publicApi<{ id: string }>('POST', '/workflows', cycledWorkflow(index, credential));
			await n8n.publicApi('POST', `/workflows/${id}/activate`);
			await n8n.publicApi('POST', `/workflows/${id}/deactivate`);
			await deleteWorkflow(n8n, id);
		},
	});
	// Spread evenly: after each webhook call, an action run or a cycle whenever its share is due.
	const tasks: Task[] = [];
	let actions = 0;
	let cycles = 0;
	for (let index = 0; index < scale.webhookCalls; index++) {
		tasks.push(webhook(index));
		const done = (index + 1) / scale.webhookCalls;
		while (actions < Math.round(done * scale.actionRuns)) tasks.push(action(actions++));
		while (cycles < Math.round(done * scale.cycles)) tasks.push(cycle(cycles++));
	}
	return tasks;
}

/** Runs the tasks a few at a time; at the deadline it starts no more. False when it stopped there. */
async function runAtOnce(tasks: Task[], counts: Counts, deadline: number): Promise<boolean> {
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < tasks.length && Date.now() < deadline) {
			const task = tasks[next++];
			await task.run();
			counts.events += task.events;
			counts[task.kind] += 1;
		}
	};
	await Promise.all(Array.from({ length: AT_ONCE }, worker));
	return next >= tasks.length;
}

/**
 * Runs every event, calling `sample` after each SAMPLE_EVERY of them (and after the last); at the deadline it samples
 * what was done and stops (`finished` false).
 */
export async function runLoad(
	target: LoadTarget,
	scale: SoakScale,
	deadline: number,
	sample: (counts: Counts) => Promise<void>,
): Promise<Counts & { finished: boolean }> {
	const counts: Counts = { events: 0, webhookCalls: 0, actionRuns: 0, cycles: 0 };
	const tasks = plan(target, scale);
	let chunk: Task[] = [];
	let chunkEvents = 0;
	for (const task of tasks) {
		chunk.push(task);
		chunkEvents += task.events;
		if (chunkEvents >= SAMPLE_EVERY || task === tasks[tasks.length - 1]) {
			const finished = await runAtOnce(chunk, counts, deadline);
			await sample(counts);
			if (!finished) return { ...counts, finished };
			chunk = [];
			chunkEvents = 0;
		}
	}
	return { ...counts, finished: true };
}
