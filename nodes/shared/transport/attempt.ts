import type { IHttpRequestOptions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { RequestContext } from './context';
import type { NetworkFailure } from './errors';
import { pause } from './pause';

export const CREDENTIAL_TYPE = 'ministrySafeApi';

export interface FullResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

export type AttemptResult = { response: FullResponse } | { failure: NetworkFailure };

/** Codes that mean the request never left: nothing reached the service. */
const NOT_SENT_CODES = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'EADDRNOTAVAIL',
	'ERR_INVALID_URL',
]);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);
/** The execution was stopped by its user: never retried, never reworded. */
export const CANCELLED_CODE = 'ERR_CANCELED';

const isCode = (value: unknown): value is string => typeof value === 'string' && /^[A-Z][A-Z0-9_]{2,}$/.test(value);

/**
 * The failure's code. n8n's helper wraps the HTTP client's error in a NodeApiError that keeps the code as its
 * httpCode (the client's error itself is not kept as `cause`), so every place it may be is read.
 */
function codeOf(error: unknown): string {
	const candidate = error as {
		code?: unknown;
		httpCode?: unknown;
		cause?: { code?: unknown };
		errorResponse?: { code?: unknown };
	};
	const code = [candidate?.cause?.code, candidate?.code, candidate?.errorResponse?.code, candidate?.httpCode].find(isCode);
	return code ?? 'no error code';
}

function classify(error: unknown): NetworkFailure {
	const code = codeOf(error);
	const tlsProblem = /CERT|^ERR_TLS|^ERR_SSL|^DEPTH_ZERO|^SELF_SIGNED/.test(code);
	return { code, timedOut: TIMEOUT_CODES.has(code), notSent: NOT_SENT_CODES.has(code) || tlsProblem };
}

class DeadlinePassed extends Error {
	readonly code = 'ETIMEDOUT';
}

/**
 * Sends one request through n8n's helper (it adds the credential's authentication) and waits at most `timeoutMs`.
 * The HTTP client's own timeout closes a connection that goes quiet; the deadline also ends one that trickles.
 */
export async function sendOnce(
	context: RequestContext,
	options: IHttpRequestOptions,
	timeoutMs: number,
): Promise<AttemptResult> {
	const deadline = new AbortController();
	const sending = context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL_TYPE, {
		...options,
		timeout: timeoutMs,
	}) as Promise<FullResponse>;
	const expired = pause(timeoutMs + 50, deadline.signal).then(
		() => Promise.reject(new DeadlinePassed(`No answer within ${timeoutMs} ms`)),
		// The deadline was cancelled because the request settled first: nothing to report.
		() => new Promise<never>(() => {}),
	);
	try {
		return { response: await Promise.race([sending, expired]) };
	} catch (error) {
		const failure = classify(error);
		// n8n's helper already made it a NodeApiError, which this keeps as it is.
		if (failure.code === CANCELLED_CODE) throw new NodeApiError(context.getNode(), error as JsonObject);
		return { failure };
	} finally {
		deadline.abort();
		// A request left behind by the deadline fails later on its own; that failure is not this node's anymore.
		sending.catch(() => undefined);
	}
}
