import type { RequestContext } from './context';
import { pause as pauseFor } from './pause';
import { requestSettings } from './settings';

/**
 * The one gate every request of a node run passes (contract.md `requestOptions.concurrency`): at most `limit`
 * requests in flight, across items and pages together. A 429 pauses every request of the run for its Retry-After
 * and halves the limit; each run of successes as long as the limit raises it by one again, up to the configured
 * bound. Waits use n8n's sleep; waiting for a free place is a promise, not a timer.
 */
export class Scheduler {
	private active = 0;
	private limit: number;
	private successes = 0;
	private pausedUntil = 0;
	private readonly waiting: (() => void)[] = [];
	/** How many requests the run has asked for so far, and who waits for the next one (see `nextAsked`). */
	private askedCount = 0;
	private nextAskedWaiter?: { promise: Promise<void>; resolve: () => void };

	constructor(
		readonly bound: number,
		private readonly cancelSignal?: AbortSignal,
	) {
		this.limit = bound;
	}

	/** Requests asked for so far in this run, whether sent yet or waiting for a place. */
	get asked(): number {
		return this.askedCount;
	}

	/** A request is asked for: its item's checks are done (the transport calls this before anything else). */
	noteAsked(): void {
		this.askedCount += 1;
		const waiter = this.nextAskedWaiter;
		this.nextAskedWaiter = undefined;
		waiter?.resolve();
	}

	/** Settles when the next request is asked for: one shared promise, however many wait. */
	nextAsked(): Promise<void> {
		if (!this.nextAskedWaiter) {
			let resolve = () => {};
			const promise = new Promise<void>((done) => (resolve = done));
			this.nextAskedWaiter = { promise, resolve };
		}
		return this.nextAskedWaiter.promise;
	}

	/** Runs `task` once a place is free and no pause is on. */
	async run<T>(task: () => Promise<T>): Promise<T> {
		await this.acquire();
		try {
			return await task();
		} finally {
			this.release();
		}
	}

	/** The service asked to wait (429): nobody sends before then, and fewer requests run at once afterwards. */
	rateLimited(waitMs: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, Date.now() + waitMs);
		this.limit = Math.max(1, Math.floor(this.limit / 2));
		this.successes = 0;
	}

	/** An answer that was not a 429: after as many of them as the limit, one more request may run at once. */
	succeeded(): void {
		if (this.limit >= this.bound) return;
		this.successes += 1;
		if (this.successes < this.limit) return;
		this.limit += 1;
		this.successes = 0;
		this.wakeOne();
	}

	private async acquire(): Promise<void> {
		for (;;) {
			const pause = this.pausedUntil - Date.now();
			if (pause > 0) {
				await pauseFor(pause, this.cancelSignal);
				continue;
			}
			if (this.active < this.limit) {
				this.active += 1;
				return;
			}
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		}
	}

	private release(): void {
		this.active -= 1;
		this.wakeOne();
	}

	private wakeOne(): void {
		this.waiting.shift()?.();
	}
}

const schedulerOfRun = new WeakMap<object, Scheduler>();

/** The run's scheduler: one per execution context, so one per node run. */
export function schedulerOf(context: RequestContext): Scheduler {
	let scheduler = schedulerOfRun.get(context);
	if (!scheduler) {
		const signal = 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;
		scheduler = new Scheduler(requestSettings(context).concurrency, signal);
		schedulerOfRun.set(context, scheduler);
	}
	return scheduler;
}
