import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { baseUrlOf } from '../../../credentials/MinistrySafeApi.credentials';
import { apiError, networkError, sensitiveValues, type RequestDescription } from './errors';

export { toFormBody, type FormFields } from './form';

export type RequestContext = IExecuteFunctions | ILoadOptionsFunctions | IWebhookFunctions;

export const CREDENTIAL_TYPE = 'ministrySafeApi';

/** The service returns at most 100 records a page (api-v2.md 8; decisions.md 9 for Trainings). */
export const PAGE_SIZE = 100;

/** One first try and this many retries, for 429 and for retryable failures. */
const MAX_RETRIES = 3;
const BACKOFF_BASE_MS = 500;
const MAX_WAIT_MS = 60_000;

export interface ApiRequestOptions {
	qs?: IDataObject;
	/** URLSearchParams for the service's form encoding; a plain object is sent as JSON. */
	body?: URLSearchParams | IDataObject;
	/** What a 404 names, for example "User 42". */
	record?: string;
	/** Sent once with this method when the service answers 404 or 405 (decisions.md 5). */
	fallbackMethod?: IHttpRequestMethods;
}

interface FullResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

/** Only reads, replaces and deletes are repeated after a 5xx or a network error: a POST may have created the record. */
const isIdempotent = (method: IHttpRequestMethods) => method === 'GET' || method === 'PUT' || method === 'DELETE';

/** Retry-After in seconds or as an HTTP date (decisions.md 10); absent or unreadable: exponential backoff. */
function retryAfterMs(header: string | string[] | undefined, attempt: number): number {
	const value = Array.isArray(header) ? header[0] : header;
	if (value !== undefined && value.trim() !== '') {
		const seconds = Number(value);
		const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
		if (Number.isFinite(ms)) return Math.min(Math.max(ms, 0), MAX_WAIT_MS);
	}
	return backoffMs(attempt);
}

/** Exponential backoff with jitter, so that many items retrying at once do not hit the service in step. */
const backoffMs = (attempt: number) => BACKOFF_BASE_MS * 2 ** attempt + Math.floor(Math.random() * BACKOFF_BASE_MS);

/** A 2xx body: parsed JSON, or undefined when the service answered with no content. */
function successBody(body: unknown): unknown {
	if (typeof body !== 'string') return body;
	if (body.trim() === '') return undefined;
	try {
		return JSON.parse(body);
	} catch {
		return body;
	}
}

/**
 * The one place that talks HTTP to the service: base URL from the credential, authentication through n8n's helper,
 * retries (decisions.md 10) and error mapping. `endpoint` is relative to /api/v2.
 */
export async function apiRequest<T = unknown>(
	this: RequestContext,
	method: IHttpRequestMethods,
	endpoint: string,
	options: ApiRequestOptions = {},
): Promise<T> {
	const baseUrl = baseUrlOf(await this.getCredentials(CREDENTIAL_TYPE));
	const request: RequestDescription = {
		method,
		endpoint,
		record: options.record,
		secrets: sensitiveValues(options.body),
	};

	for (let attempt = 0; ; attempt++) {
		const attempts = attempt + 1;
		const requestOptions: IHttpRequestOptions = {
			method,
			url: `${baseUrl}/api/v2${endpoint}`,
			headers: { Accept: 'application/json' },
			qs: options.qs,
			body: options.body,
			json: !(options.body instanceof URLSearchParams),
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		};

		let response: FullResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				requestOptions,
			)) as FullResponse;
		} catch (error) {
			if (isIdempotent(method) && attempt < MAX_RETRIES) {
				await sleep(backoffMs(attempt));
				continue;
			}
			throw networkError(this.getNode(), baseUrl, error, attempts);
		}

		const { statusCode } = response;
		if (statusCode >= 200 && statusCode < 300) return successBody(response.body) as T;

		if (options.fallbackMethod && (statusCode === 404 || statusCode === 405)) {
			return (await apiRequest.call(this, options.fallbackMethod, endpoint, {
				...options,
				fallbackMethod: undefined,
			})) as T;
		}
		if (attempt < MAX_RETRIES) {
			if (statusCode === 429) {
				await sleep(retryAfterMs(response.headers['retry-after'], attempt));
				continue;
			}
			if (statusCode >= 500 && isIdempotent(method)) {
				await sleep(backoffMs(attempt));
				continue;
			}
		}
		throw apiError(this.getNode(), statusCode, successBody(response.body), request, attempts);
	}
}

/**
 * Reads a paged list page by page until `limit` records (all when undefined). Stops at a short or empty page, and
 * never loops forever: a page that repeats the one before it is an error (decisions.md 8).
 */
export async function apiRequestAllItems<T = IDataObject>(
	this: RequestContext,
	endpoint: string,
	qs: IDataObject = {},
	limit?: number,
): Promise<T[]> {
	const records: T[] = [];
	let previousPage: string | undefined;
	for (let page = 1; ; page++) {
		const items = await apiRequest.call(this, 'GET', endpoint, { qs: { ...qs, page } });
		if (!Array.isArray(items)) {
			throw new NodeApiError(this.getNode(), { body: JSON.stringify(items ?? null) }, {
				message: `The service answered ${endpoint} (page ${page}) with something other than a list`,
				description: "Check the credential's environment or custom base URL: it may point at another server.",
			});
		}
		const thisPage = JSON.stringify(items);
		if (items.length > 0 && thisPage === previousPage) {
			throw new NodeApiError(this.getNode(), { page }, {
				message: `The service returned the same records for page ${page} as for page ${page - 1} of ${endpoint}`,
				description: 'Stopped reading to avoid an endless loop. Set a Limit, or try again later.',
			});
		}
		previousPage = thisPage;
		records.push(...(items as T[]));
		if (limit !== undefined && records.length >= limit) return records.slice(0, limit);
		if (items.length < PAGE_SIZE) return records;
	}
}
