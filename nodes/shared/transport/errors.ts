import type { IDataObject, IHttpRequestMethods, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { listed, quoted } from '../wording';
import { type Redactor, redactValue } from './redact';

export interface RequestDescription {
	method: IHttpRequestMethods;
	endpoint: string;
	/** What a 404 names, for example "User 42" or "Background Check 7". */
	record?: string;
	/** How to find out whether a POST that may have reached the service was carried out (decisions.md 28). */
	ifUnsure?: string;
	/** What a 404 means for this request, when not "not found" (an endpoint some accounts do not have). */
	notFound?: { message: string; description: string };
	/** The node's label for each field the service may name in its errors: "External ID" for external_id. */
	labels?: Readonly<Record<string, string>>;
	/** Removes the applicant's sensitive values and the API key, in every form, from what an error shows. */
	redact: Redactor;
}

/** How many times a request was sent, and how long it took with its waits. */
export interface Tries {
	attempts: number;
	elapsedMs: number;
	/** Why the node stopped trying before its retries ran out, for example a wait past the bound. */
	stoppedBecause?: string;
}

/** A network failure of one attempt, as far as it can be known. */
export interface NetworkFailure {
	/** The operating system's or HTTP client's code, for example ECONNRESET. */
	code: string;
	/** No answer came within the timeout. */
	timedOut: boolean;
	/** The request certainly never reached the service (refused connection, unknown host, bad certificate). */
	notSent: boolean;
}

export const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** " after 3 attempts in 4.2 s": how long the node kept trying, and why it stopped early when it did. */
const triedFor = ({ attempts, elapsedMs, stoppedBecause }: Tries) => {
	const tried = attempts > 1 || stoppedBecause ? ` after ${attempts} attempt${attempts > 1 ? 's' : ''} in ${seconds(elapsedMs)}` : '';
	return `${tried}${stoppedBecause ? ` (${stoppedBecause})` : ''}`;
};

const asMessages = (value: unknown): string[] =>
	(Array.isArray(value) ? value : [value]).map((message) => String(message));

/** A field as the node's editor names it ("External ID"), or as the service does when the node has no such field. */
const fieldName = (field: string, labels: RequestDescription['labels']) => labels?.[field] ?? field;

/**
 * `{errors: {first_name: ["can't be blank"]}}` -> `'First Name' can't be blank; ...` (Rails' full-message style, with
 * the editor's labels).
 */
function describeFieldErrors(errors: IDataObject, labels: RequestDescription['labels']): string {
	return Object.entries(errors)
		.map(([field, messages]) => asMessages(messages).map((message) => `${quoted(fieldName(field, labels))} ${message}`).join('; '))
		.join('; ');
}

/** "Correct 'First Name' and 'Email'": the fields named in the node, as the description's first words. */
function correctFields(errors: IDataObject, labels: RequestDescription['labels']): string {
	const names = [...new Set(Object.keys(errors).map((field) => fieldName(field, labels)))];
	return `Correct ${names.length > 0 ? listed(names) : 'the fields named above'} and run the node again.`;
}

/** What a 403 means for each kind of endpoint: the first entry whose `endpoint` matches, else the last. */
const FORBIDDEN: ReadonlyArray<{ endpoint: RegExp; message: string; description: string }> = [
	{
		endpoint: /\/sign_in_link$/,
		message: 'This Organization may not create sign-in links (403 Forbidden)',
		description:
			"The organization's 'allow_sign_in_link_creation' setting is off. Ask the service's support to turn it on for the organization, or send the user their 'direct_login_url' instead.",
	},
	{
		endpoint: /^\/organizations/,
		message: 'This API key may not create Organizations (403 Forbidden)',
		description:
			"Only a key with the organization-creation capability (a partner key) may create organizations. Use that key in the credential, or ask the service's support to grant the capability.",
	},
	{
		endpoint: /./,
		message: 'This API key has no access to this resource (403 Forbidden)',
		description: "Check that the key's Organization has the feature, or ask the service's support for access.",
	},
];

const forbiddenMessage = (endpoint: string) =>
	FORBIDDEN.find((entry) => entry.endpoint.test(endpoint)) ?? FORBIDDEN[FORBIDDEN.length - 1];

/** Long bodies (an HTML error page) are cut, so the error stays readable. */
const MAX_BODY_TEXT = 2000;

/** The answer as an error's details: an object as it came, anything else under `body`; redacted either way. */
function errorDetails(responseBody: unknown, redact: Redactor): IDataObject {
	const details =
		responseBody && typeof responseBody === 'object' && !Array.isArray(responseBody)
			? (responseBody as IDataObject)
			: { body: typeof responseBody === 'string' ? responseBody.slice(0, MAX_BODY_TEXT) : (responseBody ?? '') };
	return redactValue(details, redact);
}

/** An error whose texts are redacted as a last guard: whatever went into them, no secret comes out. */
function redactedError(
	node: INode,
	details: IDataObject,
	request: RequestDescription,
	message: string,
	description: string,
	httpCode?: string,
): NodeApiError {
	const error = new NodeApiError(node, redactValue(details, request.redact) as JsonObject, {
		message: request.redact(message),
		description: request.redact(description),
		httpCode,
	});
	// NodeApiError swaps a message that names a network code (ECONNRESET, ...) for a generic one: keep ours.
	error.message = request.redact(message);
	return error;
}

const MAY_HAVE_HAPPENED = (request: RequestDescription) =>
	`It was not repeated, because the service may have carried it out. Before running the node again, check whether it did: ${
		request.ifUnsure ?? 'look for the record in the service'
	}.`;

/** Turns a non-2xx answer of the service into an error that says what happened and what to do. */
export function apiError(
	node: INode,
	statusCode: number,
	responseBody: unknown,
	request: RequestDescription,
	tries: Tries,
): NodeApiError {
	const body = errorDetails(responseBody, request.redact);
	const httpCode = String(statusCode);
	const make = (message: string, description: string) =>
		redactedError(node, body, request, message, description, httpCode);

	if (body.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)) {
		const errors = body.errors as IDataObject;
		return make(
			`The service rejected the request: ${describeFieldErrors(errors, request.labels)}`,
			`${correctFields(errors, request.labels)} The service's full answer is in the details below.`,
		);
	}
	if (statusCode === 401) {
		return make(
			'The API key was rejected (401 Unauthorized)',
			"Check the API key in the MinistrySafe API credential, and that the credential's environment (MinistrySafe or Abuse Prevention Systems, production or staging) is the one that issued the key: a staging key does not work in production.",
		);
	}
	if (statusCode === 403) {
		const { message, description } = forbiddenMessage(request.endpoint);
		return make(message, description);
	}
	const serviceMessage = typeof body.message === 'string' && body.message ? body.message : undefined;
	if (statusCode === 404 && request.notFound) return make(request.notFound.message, request.notFound.description);
	if (statusCode === 404) {
		const what = request.record ? `${request.record} was not found` : `Nothing found at ${request.endpoint}`;
		// The service's own words only when they add something: "User 7 was not found", not "...: User not found".
		const adds = serviceMessage !== undefined && !/not found/i.test(serviceMessage);
		return make(
			request.record ? (adds ? `${what}: ${serviceMessage}` : what) : (serviceMessage ?? what),
			"Check the ID, and that the record belongs to the API key's Organization and environment (production and staging hold different records).",
		);
	}
	if (statusCode === 429) {
		return make(
			`The service is rate limiting requests (429 Too Many Requests), still${triedFor(tries) || ' after 1 attempt'}`,
			"Run the workflow again later, or process fewer items at once ('Concurrency' under 'Request Options').",
		);
	}
	if (statusCode >= 500) {
		return make(
			`The service failed with ${statusCode}${triedFor(tries)}${serviceMessage ? `: ${serviceMessage}` : ''}`,
			request.method === 'POST'
				? MAY_HAVE_HAPPENED(request)
				: 'The service could not complete the request on its side. Try again later.',
		);
	}
	return make(
		serviceMessage ?? `The service answered ${statusCode} to ${request.method} ${request.endpoint}`,
		'Check the values the node sent. The service\'s full answer is in the details below.',
	);
}

/** A 3xx answer (decisions.md 26): never followed, as it means the base URL is wrong. */
export function redirectError(
	node: INode,
	statusCode: number,
	location: string | undefined,
	request: RequestDescription,
): NodeApiError {
	const where = location ? `to ${location}` : 'without saying where';
	return redactedError(
		node,
		{ statusCode, location: location ?? null },
		request,
		`The service answered ${request.method} ${request.endpoint} with a redirect (${statusCode}) ${where}`,
		"The node never follows redirects, so the API key and the applicant's data are not sent to another address. A redirect means the credential points at the wrong address: check the MinistrySafe API credential's environment, or correct its custom base URL (for example https:// instead of http://, or the new host).",
		String(statusCode),
	);
}

/** A request that got no answer at all. Built from scratch so the failed request (and its body) stays out of it. */
export function networkError(
	node: INode,
	baseUrl: string,
	failure: NetworkFailure,
	request: RequestDescription,
	tries: Tries,
	timeoutMs: number,
): NodeApiError {
	const what = failure.timedOut
		? `The service did not answer within ${seconds(timeoutMs)} (${failure.code})`
		: `The connection to the service failed (${failure.code})`;
	if (request.method === 'POST' && !failure.notSent) {
		return redactedError(
			node,
			{ code: failure.code },
			request,
			`${what}: the request may have reached the service`,
			MAY_HAVE_HAPPENED(request),
			failure.code,
		);
	}
	const advice = failure.timedOut
		? "Try again later, or raise 'Timeout (Seconds)' under 'Request Options' if the service is slow."
		: "Check the credential's environment and, for a custom base URL, that the address is right and the server is running.";
	const message = failure.notSent ? `Could not reach the service at ${baseUrl} (${failure.code})` : what;
	return redactedError(node, { code: failure.code }, request, `${message}${triedFor(tries)}`, advice, failure.code);
}

/** A 2xx answer that is not what the operation reads, for example an HTML page or a list where a record belongs. */
export function shapeError(
	node: INode,
	responseBody: unknown,
	request: RequestDescription,
	expected: string,
): NodeApiError {
	const got =
		responseBody === undefined
			? 'an empty answer'
			: typeof responseBody === 'string'
				? 'text that is not JSON'
				: Array.isArray(responseBody)
					? 'a list'
					: responseBody === null
						? 'null'
						: typeof responseBody === 'object'
							? 'a record'
							: `a ${typeof responseBody}`;
	return redactedError(
		node,
		errorDetails(responseBody, request.redact),
		request,
		`The service answered ${request.method} ${request.endpoint} with ${got} where ${expected} was expected`,
		"The address may not be the MinistrySafe API: check the credential's environment or custom base URL. If it is right, the service answered in a way the node does not know; the service's full answer is in the details below.",
	);
}
