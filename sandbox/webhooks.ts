// Webhook delivery (api-v2.md 6, decisions.md 13 and 14): a JSON POST to each configured URL, with HTTP Basic
// authentication when configured, retried up to 3 times on a non-2xx answer or a network error. Sending never
// blocks the API answer that caused it, and stop() ends every pending retry and open request.
import http from 'node:http';
import https from 'node:https';

import type { Organization, WebhookDelivery, WebhookEvent } from './types';

export const DEFAULT_RETRY_DELAYS_MS = [1000, 3000, 9000];
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 5000;

interface DeliveryState {
	organizationId: number;
	delivery: WebhookDelivery;
	authorization: string | undefined;
	timer?: NodeJS.Timeout;
	request?: http.ClientRequest;
}

interface Waiter {
	count: number;
	resolve: (deliveries: WebhookDelivery[]) => void;
	reject: (error: Error) => void;
	timer: NodeJS.Timeout;
}

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
	private waiters: Waiter[] = [];

	constructor(private readonly options: WebhookDispatcherOptions) {}

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
			this.attempt(state);
		}
	}

	/** Copies, oldest first; of one Organization when given. */
	list(organizationId?: number): WebhookDelivery[] {
		return this.states
			.filter((state) => organizationId === undefined || state.organizationId === organizationId)
			.map((state) => ({ ...state.delivery, body: { ...state.delivery.body } }));
	}

	/** Forgets deliveries (of one Organization when given) and cancels their pending attempts. */
	clear(organizationId?: number): void {
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

	stop(): void {
		this.clear();
		for (const waiter of this.waiters) {
			clearTimeout(waiter.timer);
			waiter.reject(new Error('The sandbox stopped before the webhook deliveries settled'));
		}
		this.waiters = [];
	}

	private cancel(state: DeliveryState): void {
		if (state.timer) clearTimeout(state.timer);
		state.request?.destroy();
		state.delivery.pending = false;
	}

	private attempt(state: DeliveryState): void {
		const { delivery } = state;
		delivery.attempts += 1;
		const body = JSON.stringify(delivery.body);
		const headers: http.OutgoingHttpHeaders = {
			'Content-Type': 'application/json',
			'Content-Length': Buffer.byteLength(body),
			'User-Agent': 'MinistrySafe-Sandbox-Webhooks',
		};
		if (state.authorization) headers.Authorization = state.authorization;
		const transport = delivery.url.startsWith('https:') ? https : http;
		const request = transport.request(delivery.url, { method: 'POST', headers, agent: false });
		state.request = request;
		request.setTimeout(this.options.attemptTimeoutMs, () => {
			request.destroy(new Error(`no answer within ${this.options.attemptTimeoutMs} ms`));
		});
		// Only the first outcome of the current attempt counts: not a late error after an answer, nor a cancelled one.
		const isCurrent = (): boolean => delivery.pending && state.request === request;
		request.on('response', (response) => {
			response.resume();
			if (!isCurrent()) return;
			state.request = undefined;
			const status = response.statusCode ?? 0;
			delivery.status = status;
			if (status >= 200 && status < 300) this.finish(state, undefined);
			else this.retryOrGiveUp(state, `answered ${status}`);
		});
		request.on('error', (error) => {
			if (!isCurrent()) return;
			state.request = undefined;
			delivery.status = null;
			this.retryOrGiveUp(state, error.message);
		});
		request.end(body);
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
			this.attempt(state);
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
