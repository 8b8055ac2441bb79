// A running n8n seen through Node's inspector (n8n's node started with --inspect=127.0.0.1:<port>): a full garbage
// collection, the heap left after it, and read-only expressions in n8n's process. It is how the benchmark measures
// what n8n really holds, not what it has not collected yet. The inspector only listens on 127.0.0.1.
import { WebSocket } from 'undici';

const CALL_TIMEOUT_MS = 60_000;
/** Between two samples of the live heap: a full collection stops n8n, which needs time to run between them. */
const LIVE_SAMPLE_GAP_MS = 250;

interface Pending {
	resolve: (result: Record<string, unknown>) => void;
	reject: (error: Error) => void;
	timer: NodeJS.Timeout;
}

export interface RemoteObject {
	type: string;
	value?: unknown;
	objectId?: string;
	description?: string;
}

export class Inspector {
	private nextId = 1;
	private readonly pending = new Map<number, Pending>();

	private constructor(private readonly socket: WebSocket) {
		socket.addEventListener('message', (event) => {
			const message = JSON.parse(String(event.data)) as {
				id?: number;
				result?: Record<string, unknown>;
				error?: { message: string };
			};
			const call = message.id === undefined ? undefined : this.pending.get(message.id);
			if (!call || message.id === undefined) return;
			this.pending.delete(message.id);
			clearTimeout(call.timer);
			if (message.error) call.reject(new Error(`Inspector: ${message.error.message}`));
			else call.resolve(message.result ?? {});
		});
		socket.addEventListener('close', () => {
			for (const [id, call] of this.pending) {
				this.pending.delete(id);
				clearTimeout(call.timer);
				call.reject(new Error('The inspector connection closed'));
			}
		});
	}

	/** Connects to the first target the inspector on 127.0.0.1:`port` lists (n8n's main process). */
	static async connect(port: number): Promise<Inspector> {
		const response = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(10_000) });
		const [target] = (await response.json()) as Array<{ webSocketDebuggerUrl: string }>;
		if (!target) throw new Error(`The inspector on port ${port} lists no target`);
		const socket = new WebSocket(target.webSocketDebuggerUrl);
		await new Promise<void>((resolve, reject) => {
			socket.addEventListener('open', () => resolve(), { once: true });
			socket.addEventListener('error', () => reject(new Error(`Could not connect to the inspector on port ${port}`)), {
				once: true,
			});
		});
		return new Inspector(socket);
	}

	call(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
		const id = this.nextId++;
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => {
				this.pending.delete(id);
				reject(new Error(`Inspector: ${method} did not answer in ${CALL_TIMEOUT_MS / 1000} s`));
			}, CALL_TIMEOUT_MS);
			this.pending.set(id, { resolve, reject, timer });
			this.socket.send(JSON.stringify({ id, method, params }));
		});
	}

	/** The heap used after a full collection: what the process holds alive. */
	async liveHeap(): Promise<number> {
		await this.call('HeapProfiler.collectGarbage');
		return (await this.call('Runtime.getHeapUsage')).usedSize as number;
	}

	/** The heap used as it is (garbage not yet collected included). */
	async heapUsed(): Promise<number> {
		return (await this.call('Runtime.getHeapUsage')).usedSize as number;
	}

	/** Evaluates `expression` in n8n's process (with the console's `require`); its value as JSON. */
	async evaluate<T>(expression: string): Promise<T> {
		const answer = await this.call('Runtime.evaluate', {
			expression,
			includeCommandLineAPI: true,
			returnByValue: true,
			awaitPromise: true,
		});
		const exception = answer.exceptionDetails as { exception?: { description?: string }; text?: string } | undefined;
		if (exception) throw new Error(`In n8n's process: ${exception.exception?.description ?? exception.text ?? 'an exception'}`);
		return (answer.result as RemoteObject).value as T;
	}

	/** Evaluates `expression` and keeps the result in n8n's process: a handle for `callOn` and `liveInstances`. */
	async handle(expression: string, objectGroup = 'bench'): Promise<string> {
		const answer = await this.call('Runtime.evaluate', { expression, includeCommandLineAPI: true, objectGroup });
		const result = answer.result as RemoteObject;
		if (answer.exceptionDetails || !result.objectId) throw new Error(`In n8n's process, ${expression} gave no object`);
		return result.objectId;
	}

	/** How many objects alive in n8n's heap have `prototypeHandle` as their prototype (V8 collects garbage first). */
	async liveInstances(prototypeHandle: string): Promise<number> {
		const answer = await this.call('Runtime.queryObjects', { prototypeObjectId: prototypeHandle, objectGroup: 'bench' });
		const array = (answer.objects as RemoteObject).objectId as string;
		const length = await this.call('Runtime.callFunctionOn', {
			objectId: array,
			functionDeclaration: 'function () { return this.length; }',
			returnByValue: true,
		});
		await this.call('Runtime.releaseObject', { objectId: array });
		return (length.result as RemoteObject).value as number;
	}

	async close(): Promise<void> {
		this.socket.close();
	}
}

/**
 * The peak of the live heap (a full collection before each sample, LIVE_SAMPLE_GAP_MS apart) while `work` runs, above
 * the level before it. Back to back, the collections starved n8n on a busy machine until the run timed out.
 */
export async function livePeakDuring<T>(inspector: Inspector, work: () => Promise<T>): Promise<{ result: T; peakBytes: number }> {
	const before = await inspector.liveHeap();
	let peak = before;
	let sampling = true;
	const sampler = (async () => {
		while (sampling) {
			peak = Math.max(peak, await inspector.liveHeap());
			await new Promise((resolveWait) => setTimeout(resolveWait, LIVE_SAMPLE_GAP_MS));
		}
	})();
	let result: T;
	try {
		result = await work();
	} finally {
		sampling = false;
		await sampler;
	}
	return { result, peakBytes: Math.max(0, peak - before) };
}
