// Driving the sandbox as the service's own side would: the API with form bodies, the control endpoints with JSON.
import type { Sandbox } from '../../sandbox';

export type Json = Record<string, unknown>;

async function send(sandbox: Sandbox, method: string, path: string, body?: URLSearchParams | Json): Promise<unknown> {
	const headers: Record<string, string> = {
		authorization: `Token token=${sandbox.apiKey}`,
		accept: 'application/json',
	};
	if (body !== undefined && !(body instanceof URLSearchParams)) headers['content-type'] = 'application/json';
	const response = await fetch(`${sandbox.url}${path}`, {
		method,
		headers,
		body: body === undefined || body instanceof URLSearchParams ? body : JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
	return text ? JSON.parse(text) : undefined;
}

export const api = (sandbox: Sandbox, method: string, path: string, form?: Record<string, string>) =>
	send(sandbox, method, `/api/v2${path}`, form && new URLSearchParams(form)) as Promise<Json & Json[]>;

export const control = (sandbox: Sandbox, method: string, path: string, body?: Json) =>
	send(sandbox, method, `/sandbox${path}`, body) as Promise<Json>;

export async function createUser(sandbox: Sandbox, externalId: string): Promise<Json> {
	return await api(sandbox, 'POST', '/users', {
		'user[first_name]': 'Ada',
		'user[last_name]': 'Lovelace',
		'user[email]': `${externalId.toLowerCase()}@example.org`,
		'user[external_id]': externalId,
	});
}

/** A processing Background Check for the User, ordered with quickapp (the applicant fills in the rest). */
export async function orderBackgroundCheck(sandbox: Sandbox, userId: unknown): Promise<Json> {
	return await api(sandbox, 'POST', '/background_checks', {
		'background_check[user_id]': String(userId),
		'background_check[level]': '1',
		'background_check[quickapp]': 'true',
		'background_check[child_serving]': 'true',
		'background_check[employee_type]': 'current',
	});
}
