import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions, NodeApiError } from 'n8n-workflow';

import { baseUrlOf } from '../../../credentials/MinistrySafeApi.credentials';
import { CREDENTIAL_TYPE, sendOnce } from './attempt';
import type { RequestContext } from './context';
import { apiError, networkError, redirectError, type RequestDescription, seconds, shapeError, type Tries } from './errors';
import { pause } from './pause';
import { redactorFor, redactValue, sensitiveValues } from './redact';
import { schedulerOf } from './scheduler';
import { requestSettings } from './settings';
import { checkShape, type AnswerShape } from './shapes';


/** One first try and this many retries, for 429 and for retryable failures. */
const MAX_RETRIES = 3;
const BACKOFF_BASE_MS = 500;
/** A retry is not started with less time than this left in the request's bound. */
const MIN_ATTEMPT_MS = 50;

export interface ApiRequestOptions {
	qs?: IDataObject;
	/** URLSearchParams for the service's form encoding; a plain object is sent as JSON. */
	body?: URLSearchParams | IDataObject;
	/** What a 404 names, for example "User 42". */
	record?: string;
	/** Sent once with this method when the service answers 404 or 405 (decisions.md 5). */
	fallbackMethod?: IHttpRequestMethods;
	/** What a 2xx answer must be; anything else is a readable error, never an empty or invalid item. */
	expect?: AnswerShape;
	/** For a POST: how to find out whether it was carried out when the answer was lost (decisions.md 28). */
	ifUnsure?: string;
	/** What a 404 means for this request, when not "not found" (an endpoint some accounts do not have). */
	notFound?: { message: string; description: string };
	/** The node's label for each field the service may name in a 422, so that errors use the editor's words. */
	labels?: Readonly<Record<string, string>>;
}

/** Only reads, replaces and deletes are repeated after a 5xx or a network error: a POST may have created the record. */
const isIdempotent = (method: IHttpRequestMethods) => method === 'GET' || method === 'PUT' || method === 'DELETE';

/** Exponential backoff with jitter, so that items retrying at once do not hit the service in step. It starts at half
 * the timeout when that is shorter: a service expected to answer that fast may be asked again that soon. */
function backoffMs(attempt: number, timeoutMs: number): number {
	const base = Math.min(BACKOFF_BASE_MS, timeoutMs / 4);
	return base * 2 ** attempt + Math.floor(Math.random() * base);
}

/** Retry-After in seconds or as an HTTP date (decisions.md 10); absent or unreadable: exponential backoff. */
function retryAfterMs(header: string | string[] | undefined, fallbackMs: number): number {
	const value = Array.isArray(header) ? header[0] : header;
	if (value !== undefined && value.trim() !== '') {
		const secondsValue = Number(value);
		const ms = Number.isFinite(secondsValue) ? secondsValue * 1000 : Date.parse(value) - Date.now();
		if (Number.isFinite(ms)) return Math.max(ms, 0);
	}
	return fallbackMs;
}

/** A 2xx body: parsed JSON, or undefined when the service answered with no content. */
export function successBody(body: unknown): unknown {
	if (typeof body !== 'string') return body;
	if (body.trim() === '') return undefined;
	try {
		return JSON.parse(body);
	} catch {
		return body;
	}
}

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string) => {
	const value = headers[name];
	return Array.isArray(value) ? value[0] : value;
};

/** Where a redirect pointed, as a full address. */
function locationOf(headers: Record<string, string | string[] | undefined>, url: string): string | undefined {
	const location = headerOf(headers, 'location');
	if (!location) return undefined;
	try {
		return new URL(location, url).toString();
	} catch {
		return location;
	}
}

const cancelSignalOf = (context: RequestContext) =>
	'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;

/**
 * The one place that talks HTTP to the service: base URL from the credential, authentication through n8n's helper,
 * timeouts and retries within a bound (decisions.md 10, 27, 28), no redirects (26), redaction (30) and error
 * mapping. `endpoint` is relative to /api/v2.
 */
export async function apiRequest<T = unknown>(
	this: RequestContext,
	method: IHttpRequestMethods,
	endpoint: string,
	options: ApiRequestOptions = {},
): Promise<T> {
	// First, before any wait: the router starts the next item once this one has asked for a request.
	schedulerOf(this).noteAsked();
	const settings = requestSettings(this);
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const baseUrl = baseUrlOf(credentials);
	const applicantData = sensitiveValues(options.body);
	const request: RequestDescription = {
		method,
		endpoint,
		record: options.record,
		ifUnsure: options.ifUnsure,
		notFound: options.notFound,
		labels: options.labels,
		redact: redactorFor([...applicantData, String(credentials.apiKey ?? '')]),
	};
	const url = `${baseUrl}/api/v2${endpoint}`;
	const httpOptions: IHttpRequestOptions = {
		method,
		url,
		headers: { Accept: 'application/json' },
		qs: options.qs,
		body: options.body,
		json: !(options.body instanceof URLSearchParams),
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// decisions.md 26: a redirect is reported, never followed, so neither the key nor the body goes elsewhere.
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
	};

	const node = this.getNode();
	const scheduler = schedulerOf(this);
	/** When the first attempt was sent: the bound counts from there, not from waiting for a place in the run. */
	let started: number | undefined;
	const elapsed = () => Date.now() - (started ?? Date.now());
	/** An earlier attempt may have been carried out (a 5xx, or a connection lost after sending). */
	let mayHaveHappened = false;
	for (let attempt = 0; ; attempt++) {
		let attemptTimeoutMs = settings.timeoutMs;
		const result = await scheduler.run(async () => {
			started ??= Date.now();
			attemptTimeoutMs = Math.min(settings.timeoutMs, settings.boundMs - elapsed());
			return await sendOnce(this, httpOptions, attemptTimeoutMs);
		});
		const tries = (stoppedBecause?: string): Tries => ({ attempts: attempt + 1, elapsedMs: elapsed(), stoppedBecause });

		let failure: (tried: Tries) => NodeApiError;
		/** How long to wait before trying again; undefined: not retried. */
		let waitMs: number | undefined;
		let rateLimited = false;
		if ('failure' in result) {
			const { failure: lost } = result;
			failure = (tried) => networkError(node, baseUrl, lost, request, tried, attemptTimeoutMs);
			if (isIdempotent(method)) waitMs = backoffMs(attempt, settings.timeoutMs);
			if (!lost.notSent) mayHaveHappened = true;
		} else {
			const { statusCode, headers, body } = result.response;
			if (statusCode !== 429) scheduler.succeeded();
			if (statusCode >= 200 && statusCode < 300) {
				const answer = redactValue(successBody(body), redactorFor(applicantData), true);
				if (!checkShape(answer, options.expect)) throw shapeError(node, answer, request, options.expect ?? '');
				return answer as T;
			}
			if (statusCode >= 300 && statusCode < 400) {
				throw redirectError(node, statusCode, locationOf(headers, url), request);
			}
			if (options.fallbackMethod && (statusCode === 404 || statusCode === 405)) {
				return (await apiRequest.call(this, options.fallbackMethod, endpoint, {
					...options,
					fallbackMethod: undefined,
				})) as T;
			}
			// The first DELETE went through although its answer was a failure: the record is gone, as asked.
			if (method === 'DELETE' && statusCode === 404 && mayHaveHappened) return undefined as T;

			failure = (tried) => apiError(node, statusCode, successBody(body), request, tried);
			const backoff = backoffMs(attempt, settings.timeoutMs);
			rateLimited = statusCode === 429;
			if (rateLimited) waitMs = retryAfterMs(headers['retry-after'], backoff);
			else if (statusCode >= 500 && isIdempotent(method)) waitMs = backoff;
			if (statusCode >= 500) mayHaveHappened = true;
		}

		if (waitMs === undefined || attempt >= MAX_RETRIES) throw failure(tries());
		if (elapsed() + waitMs + MIN_ATTEMPT_MS > settings.boundMs) {
			throw failure(
				tries(
					`waiting ${seconds(waitMs)} more would pass the ${seconds(settings.boundMs)} one request may take with its retries`,
				),
			);
		}
		// A 429 pauses every request of the run (the service limits the key, not this request); other waits are this
		// request's own.
		if (rateLimited) scheduler.rateLimited(waitMs);
		else await pause(waitMs, cancelSignalOf(this));
	}
}
