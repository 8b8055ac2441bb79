// What each Organization's API traffic looks like (GET /sandbox/stats): requests received, requests in flight now
// and at most, and answers 429 sent; and the optional rate limit (--rate-limit N) that sends some of those 429s.
import type { RequestHandler } from 'express';

import { sendMessage } from './http';
import type { Organization } from './types';

export interface TrafficStats {
	requests: number;
	inFlight: number;
	peakInFlight: number;
	rateLimited: number;
}

export class Traffic {
	private readonly byOrganization = new Map<number, TrafficStats>();

	of(organizationId: number): TrafficStats {
		let stats = this.byOrganization.get(organizationId);
		if (!stats) {
			stats = { requests: 0, inFlight: 0, peakInFlight: 0, rateLimited: 0 };
			this.byOrganization.set(organizationId, stats);
		}
		return stats;
	}

	/**
	 * Counters back to zero (of one Organization, or all). Requests still in flight stay counted as in flight, so that
	 * their end does not take the count below zero, and the peak starts from them.
	 */
	reset(organizationId?: number): void {
		const reset = (stats: TrafficStats): void => {
			stats.requests = 0;
			stats.rateLimited = 0;
			stats.peakInFlight = stats.inFlight;
		};
		if (organizationId === undefined) this.byOrganization.forEach(reset);
		else reset(this.of(organizationId));
	}
}

/** Counts an API request from its arrival until its answer is sent or its connection closes. */
export function countTraffic(traffic: Traffic): RequestHandler {
	return (_req, res, next) => {
		const organization = res.locals.organization as Organization | undefined;
		if (organization) {
			const stats = traffic.of(organization.id);
			stats.requests += 1;
			stats.inFlight += 1;
			stats.peakInFlight = Math.max(stats.peakInFlight, stats.inFlight);
			res.once('close', () => {
				stats.inFlight -= 1;
				if (res.statusCode === 429) stats.rateLimited += 1;
			});
		}
		next();
	};
}

const WINDOW_MS = 1000;

/**
 * At most `perSecond` requests of one Organization in any second (a sliding window over the requests it let through);
 * the ones beyond get 429 with Retry-After: the whole seconds until the oldest of those leaves the window.
 */
export class RateLimiter {
	private readonly admitted = new Map<number, number[]>();

	constructor(
		readonly perSecond: number,
		private readonly now: () => number = Date.now,
	) {}

	/** Undefined when the request may go on (and it is counted); else the seconds to wait. */
	take(organizationId: number): number | undefined {
		const now = this.now();
		let times = this.admitted.get(organizationId);
		if (!times) {
			times = [];
			this.admitted.set(organizationId, times);
		}
		let expired = 0;
		while (expired < times.length && times[expired] <= now - WINDOW_MS) expired++;
		if (expired > 0) times.splice(0, expired);
		if (times.length < this.perSecond) {
			times.push(now);
			return undefined;
		}
		return Math.max(1, Math.ceil((times[0] + WINDOW_MS - now) / 1000));
	}

	clear(organizationId?: number): void {
		if (organizationId === undefined) this.admitted.clear();
		else this.admitted.delete(organizationId);
	}
}

export function limitRate(limiter: RateLimiter | undefined): RequestHandler {
	return (_req, res, next) => {
		const retryAfter = limiter?.take((res.locals.organization as Organization).id);
		if (retryAfter === undefined) {
			next();
			return;
		}
		res.set('Retry-After', String(retryAfter));
		sendMessage(
			res,
			429,
			`Too many requests: this Organization may send ${limiter?.perSecond} a second; retry after ${retryAfter} s`,
		);
	};
}
