import type { IDataObject, IHttpRequestMethods, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/** Form keys whose values are the applicant's sensitive data: never shown in an error. */
const SENSITIVE_KEY = /(^|\[)(ssn|dob|driver_license)\]?$/;

export interface RequestDescription {
	method: IHttpRequestMethods;
	endpoint: string;
	/** What a 404 names, for example "User 42" or "Background Check 7". */
	record?: string;
	/** Values sent in the request that must not appear in an error (SSN, date of birth, driver's licence). */
	secrets: string[];
}

export function sensitiveValues(body: unknown): string[] {
	if (!(body instanceof URLSearchParams)) return [];
	return [...body.entries()].filter(([key, value]) => SENSITIVE_KEY.test(key) && value !== '').map(([, value]) => value);
}

/** Replaces every sensitive value sent with the request wherever the service may have echoed it. */
function redact<T>(value: T, secrets: string[]): T {
	if (secrets.length === 0) return value;
	let text = JSON.stringify(value);
	for (const secret of secrets) text = text.split(JSON.stringify(secret).slice(1, -1)).join('[redacted]');
	return JSON.parse(text) as T;
}

const asMessages = (value: unknown): string[] =>
	(Array.isArray(value) ? value : [value]).map((message) => String(message));

/** `{errors: {first_name: ["can't be blank"]}}` -> `first_name can't be blank; ...` (Rails' full-message style). */
function describeFieldErrors(errors: IDataObject): string {
	return Object.entries(errors)
		.map(([field, messages]) => asMessages(messages).map((message) => `${field} ${message}`).join('; '))
		.join('; ');
}

function forbiddenMessage(endpoint: string): { message: string; description: string } {
	if (endpoint.endsWith('/sign_in_link')) {
		return {
			message: 'This Organization may not create sign-in links (403 Forbidden)',
			description:
				"The Organization's allow_sign_in_link_creation setting is off. Ask the service's support to turn it on for the Organization, or send the User their direct_login_url instead.",
		};
	}
	if (endpoint.startsWith('/organizations')) {
		return {
			message: 'This API key may not create Organizations (403 Forbidden)',
			description:
				"Only a key with the Organization-creation capability (a partner key) may create Organizations. Use that key in the credential, or ask the service's support to grant the capability.",
		};
	}
	return {
		message: 'This API key has no access to this resource (403 Forbidden)',
		description: "Check that the key's Organization has the feature, or ask the service's support for access.",
	};
}

/** Turns a non-2xx answer of the service into an error that says what happened and what to do. */
export function apiError(
	node: INode,
	statusCode: number,
	responseBody: unknown,
	request: RequestDescription,
	attempts: number,
): NodeApiError {
	const body = redact(
		(responseBody && typeof responseBody === 'object' ? responseBody : { body: responseBody ?? '' }) as IDataObject,
		request.secrets,
	);
	const httpCode = String(statusCode);
	const make = (message: string, description: string) =>
		new NodeApiError(node, body as JsonObject, { message, description, httpCode });

	if (body.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)) {
		return make(
			`The service rejected the request: ${describeFieldErrors(body.errors as IDataObject)}`,
			'Correct the fields named above and run the node again. The raw answer is under the error details.',
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
	if (statusCode === 404) {
		const what = request.record ? `${request.record} was not found` : `Nothing found at ${request.endpoint}`;
		return make(
			serviceMessage && request.record ? `${what}: ${serviceMessage}` : serviceMessage ?? what,
			"Check the ID, and that the record belongs to the API key's Organization and environment (production and staging hold different records).",
		);
	}
	if (statusCode === 429) {
		return make(
			`The service is rate limiting requests (429 Too Many Requests), still after ${attempts} attempts`,
			'Run the workflow again later, or process fewer items at once.',
		);
	}
	if (statusCode >= 500) {
		const retried = attempts > 1 ? ` after ${attempts} attempts` : '';
		return make(
			`The service failed with ${statusCode}${retried}${serviceMessage ? `: ${serviceMessage}` : ''}`,
			request.method === 'POST'
				? 'The request was not repeated, because the service may have carried it out before failing. Check whether the record exists before running the node again.'
				: 'The service had an internal problem. Try again later.',
		);
	}
	return make(
		serviceMessage ?? `The service answered ${statusCode} to ${request.method} ${request.endpoint}`,
		'Check the values the node sent. The raw answer is under the error details.',
	);
}

/** A request that got no answer at all. Built from scratch so the failed request (and its body) stays out of it. */
export function networkError(node: INode, baseUrl: string, error: unknown, attempts: number): NodeApiError {
	const code = (error as { code?: string; cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
	return new NodeApiError(
		node,
		{ code: code ?? 'UNKNOWN' },
		{
			message: `Could not reach the service at ${baseUrl}${code ? ` (${code})` : ''}${attempts > 1 ? ` after ${attempts} attempts` : ''}`,
			description:
				"Check the credential's environment and, for a custom base URL, that the address is right and the server is running.",
		},
	);
}
