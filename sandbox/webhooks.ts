// Webhook delivery (api-v2.md 6, decisions.md 13 and 14): a JSON POST to each configured URL, with HTTP Basic
// authentication when configured, retried up to 3 times on a non-2xx answer or a network error. Sending never
// blocks the API answer that caused it, and stop() ends every pending retry and open request. Webhook faults
// (PUT /sandbox/webhook-faults, decisions.md 38) drop deliveries as a receiver that cannot answer in time loses them:
// nothing reaches the URL, and the delivery is listed as dropped.
import { Agent, request } from 'undici';

import type { Organization, WebhookDelivery, WebhookEvent } from './types';

export const DEFAULT_RETRY_DELAYS_MS = [1000, 3000, 9000];
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 5000;

interface DeliveryState {
	organizationId: number;
	delivery: WebhookDelivery;
	authorization: string | undefined;
	timer?: NodeJS.Timeout;
	/** Aborts the attempt under way. */
	attempt?: AbortController;
}

interface Waiter {
	count: number;
	resolve: (deliveries: WebhookDelivery[]) => void;
	reject: (error: Error) => void;
	timer: NodeJS.Timeout;
}

/** Which deliveries a webhook fault drops: none, every one, or one in `every` (the first, then each `every`-th). */
export type DropMode = 'none' | 'some' | 'all';

export interface WebhookFault {
	drop: DropMode;
	/** For 'some': one delivery in this many is dropped, starting with the first. */
	every: number;
	/** When the fault ends by itself (ms since the epoch); none: until changed. */
	until?: number;
	/** Deliveries the fault has seen so far. */
	seen: number;
	/** Deliveries it dropped so far. */
	dropped: number;
}

/** A delivery as listed: `dropped` when a webhook fault kept it from the URL. */
export type ListedDelivery = WebhookDelivery & { dropped?: boolean };

export interface WebhookDispatcherOptions {
	retryDelaysMs: readonly number[];
	attemptTimeoutMs: number;
	log: (line: string) => void;
}

/** The address without its query string, which may carry a shared secret (decisions.md 13): safe to log. */
function loggableUrl(url: string): string {
	const parsed = new URL(url);
	return `${parsed.origin}${parsed.pathname}`;
}

export class WebhookDispatcher {
	private states: DeliveryState[] = [];
	/** Each Organization's webhook fault, while one is set. */
	private readonly faults = new Map<number, WebhookFault>();
	private waiters: Waiter[] = [];
	/** Our own connection pool, so that stop() can close its connections. */
	private readonly agent: Agent;

	constructor(private readonly options: WebhookDispatcherOptions) {
		this.agent = new Agent({ headersTimeout: options.attemptTimeoutMs, bodyTimeout: options.attemptTimeoutMs });
	}

	/** Starts one delivery per configured URL of the Organization and returns at once. */
	send(organization: Organization, event: WebhookEvent, body: Record<string, unknown>): void {
		const { urls, username, password } = organization.webhooks;
		const authorization =
			username !== undefined && password !== undefined
				? `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
				: undefined;
		for (const url of urls) {
			const state: DeliveryState = {
				organizationId: organization.id,
				delivery: { url, event, body: { ...body }, status: null, attempts: 0, delivered: false, pending: true },
				authorization,
			};
			this.states.push(state);
			if (this.drops(organization.id)) {
				(state.delivery as ListedDelivery).dropped = true;
				this.log(state, 'dropped by the webhook fault');
				this.finish(state, "dropped by the sandbox's webhook fault");
			} else void this.attempt(state);
		}
	}

	/** Sets (or, with drop 'none', ends) the Organization's webhook fault; `seconds` ends it by itself. */
	setFault(organizationId: number, drop: DropMode, options: { every?: number; seconds?: number } = {}): WebhookFault {
		const fault: WebhookFault = {
			drop,
			every: options.every ?? 2,
			until: options.seconds === undefined ? undefined : Date.now() + options.seconds * 1000,
			seen: 0,
			dropped: 0,
		};
		if (drop === 'none') this.faults.delete(organizationId);
		else this.faults.set(organizationId, fault);
		return { ...fault };
	}

	/** The Organization's webhook fault now: drop 'none' when there is none or it has ended. */
	faultOf(organizationId: number): WebhookFault {
		const fault = this.faults.get(organizationId);
		if (fault && (fault.until === undefined || Date.now() < fault.until)) return { ...fault };
		this.faults.delete(organizationId);
		return { drop: 'none', every: 2, seen: 0, dropped: 0 };
	}

	/** Whether the next delivery of the Organization is dropped, counting it. */
	private drops(organizationId: number): boolean {
		if (this.faultOf(organizationId).drop === 'none') return false;
		const fault = this.faults.get(organizationId) as WebhookFault;
		const dropped = fault.drop === 'all' || fault.seen % fault.every === 0;
		fault.seen += 1;
		if (dropped) fault.dropped += 1;
		return dropped;
	}

	/** Copies, oldest first; of one Organization when given. */
	list(organizationId?: number): ListedDelivery[] {
		return this.states
			.filter((state) => organizationId === undefined || state.organizationId === organizationId)
			.map((state) => ({ ...state.delivery, body: { ...state.delivery.body } }));
	}

	/** Forgets deliveries and webhook faults (of one Organization when given) and cancels their pending attempts. */
	clear(organizationId?: number): void {
		if (organizationId === undefined) this.faults.clear();
		else this.faults.delete(organizationId);
		const kept: DeliveryState[] = [];
		for (const state of this.states) {
			if (organizationId === undefined || state.organizationId === organizationId) this.cancel(state);
			else kept.push(state);
		}
		this.states = kept;
	}

	waitFor(count: number, timeoutMs: number): Promise<WebhookDelivery[]> {
		return new Promise((resolve, reject) => {
			const waiter: Waiter = {
				count,
				resolve,
				reject,
				timer: setTimeout(() => {
					this.waiters = this.waiters.filter((entry) => entry !== waiter);
					reject(
						new Error(
							`Only ${this.settledCount()} of ${count} webhook deliveries settled within ${timeoutMs} ms`,
						),
					);
				}, timeoutMs),
			};
			this.waiters.push(waiter);
			this.notifyWaiters();
		});
	}

	async stop(): Promise<void> {
		this.clear();
		for (const waiter of this.waiters) {
			clearTimeout(waiter.timer);
			waiter.reject(new Error('The sandbox stopped before the webhook deliveries settled'));
		}
		this.waiters = [];
		await this.agent.destroy();
	}

	private cancel(state: DeliveryState): void {
		if (state.timer) clearTimeout(state.timer);
		state.attempt?.abort();
		state.attempt = undefined;
		state.delivery.pending = false;
	}

	/** One POST; never rejects: its outcome goes to finish() or retryOrGiveUp(). */
	private async attempt(state: DeliveryState): Promise<void> {
		const { delivery } = state;
		delivery.attempts += 1;
		const headers: Record<string, string> = {
			'Content-Type': 'application/json',
			'User-Agent': 'MinistrySafe-Sandbox-Webhooks',
		};
		if (state.authorization) headers.Authorization = state.authorization;
		const attempt = new AbortController();
		state.attempt = attempt;
		// Only the outcome of the current attempt counts: not that of a cancelled one.
		const isCurrent = (): boolean => delivery.pending && state.attempt === attempt;
		let status: number;
		try {
			const answer = await request(delivery.url, {
				method: 'POST',
				headers,
				body: JSON.stringify(delivery.body),
				dispatcher: this.agent,
				signal: attempt.signal,
			});
			status = answer.statusCode;
			await answer.body.dump();
		} catch (error) {
			if (!isCurrent()) return;
			state.attempt = undefined;
			delivery.status = null;
			this.retryOrGiveUp(state, this.describeFailure(error as Error & { code?: string }));
			return;
		}
		if (!isCurrent()) return;
		state.attempt = undefined;
		delivery.status = status;
		if (status >= 200 && status < 300) this.finish(state, undefined);
		else this.retryOrGiveUp(state, `answered ${status}`);
	}

	private describeFailure(error: Error & { code?: string }): string {
		if (error.code === 'UND_ERR_HEADERS_TIMEOUT' || error.code === 'UND_ERR_BODY_TIMEOUT') {
			return `no answer within ${this.options.attemptTimeoutMs} ms`;
		}
		return error.message;
	}

	private retryOrGiveUp(state: DeliveryState, reason: string): void {
		const { delivery } = state;
		this.log(state, reason);
		const delay = this.options.retryDelaysMs[delivery.attempts - 1];
		if (delay === undefined) {
			this.finish(state, reason);
			return;
		}
		state.timer = setTimeout(() => {
			state.timer = undefined;
			void this.attempt(state);
		}, delay);
	}

	private finish(state: DeliveryState, error: string | undefined): void {
		const { delivery } = state;
		delivery.pending = false;
		delivery.delivered = error === undefined;
		if (error === undefined) this.log(state, `answered ${delivery.status}`);
		else delivery.error = error;
		this.notifyWaiters();
	}

	private log(state: DeliveryState, outcome: string): void {
		const { delivery } = state;
		this.options.log(
			`webhook ${delivery.event} -> ${loggableUrl(delivery.url)} ${outcome} (attempt ${delivery.attempts})`,
		);
	}

	private settledCount(): number {
		return this.states.filter((state) => !state.delivery.pending).length;
	}

	private notifyWaiters(): void {
		if (this.waiters.length === 0) return;
		const settled = this.settledCount();
		this.waiters = this.waiters.filter((waiter) => {
			if (settled < waiter.count) return true;
			clearTimeout(waiter.timer);
			waiter.resolve(this.list());
			return false;
		});
	}
}
