// The answers every route shares: error bodies (decisions.md 2, 3), paging (100 a page, [] past the end), and the
// per-request context the middleware leaves in res.locals.
import type { Request, Response } from 'express';

import { PAGE_SIZE } from './catalog';
import type { Store } from './store';
import type { Organization, UserRecord } from './types';
import type { FieldErrors } from './validation';
import { Validator, asRecord } from './validation';
import type { Views } from './views';
import type { WebhookDispatcher } from './webhooks';

/** What every route needs: the data, the JSON views and the webhook sender. */
export interface SandboxContext {
	store: Store;
	views: Views;
	webhooks: WebhookDispatcher;
	now: () => number;
}

export function sendMessage(res: Response, status: number, message: string): void {
	res.status(status).json({ message });
}

export function sendErrors(res: Response, errors: FieldErrors): void {
	res.status(422).json({ errors });
}

export function sendNotFound(res: Response, what: 'User' | 'Training' | 'Background Check'): void {
	sendMessage(res, 404, `${what} not found`);
}

/** The Organization the request's key resolved to (set by the authentication middleware). */
export function organizationOf(res: Response): Organization {
	return res.locals.organization as Organization;
}

/** A path id: digits only, else it names no record. */
export function parseId(text: string | string[] | undefined): number | undefined {
	return typeof text === 'string' && /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

export function queryValidator(req: Request): Validator {
	return new Validator(asRecord(req.query));
}

export function bodyOf(req: Request): Record<string, unknown> {
	return asRecord(req.body);
}

export interface Page<T> {
	items: T[];
	page: number;
	pages: number;
}

/** Reads `page` (default 1) into the validator's errors when it is not a positive whole number. */
export function pageNumber(validator: Validator): number {
	return validator.integer('page') ?? 1;
}

export function paginate<T>(items: readonly T[], page: number): Page<T> {
	const start = (page - 1) * PAGE_SIZE;
	return {
		items: items.slice(start, start + PAGE_SIZE),
		page,
		pages: Math.ceil(items.length / PAGE_SIZE),
	};
}

/** Rails merges query and body parameters; POST operations documented with query parameters send them either way. */
export function paramsOf(req: Request): Record<string, unknown> {
	return { ...asRecord(req.query), ...bodyOf(req) };
}

/** Both ways of naming a User in a path: /users/:id and /users/by_employee_id/:employeeId. */
export function userPaths(suffix = ''): string[] {
	return [`/users/by_employee_id/:employeeId${suffix}`, `/users/:id${suffix}`];
}

/** The User a path names, in the key's Organization; answers 404 and gives undefined when there is none. */
export function findUser(req: Request, res: Response): UserRecord | undefined {
	const { data } = organizationOf(res);
	const { employeeId, id } = req.params as { employeeId?: string; id?: string };
	const numericId = parseId(id);
	const user =
		employeeId !== undefined
			? data.usersByExternalId.get(employeeId)
			: numericId !== undefined
				? data.usersById.get(numericId)
				: undefined;
	if (!user) sendNotFound(res, 'User');
	return user;
}

export interface DateRange {
	from: number;
	to: number;
}

/** start_date and end_date (mm/dd/yyyy, both days included, compared in UTC: decisions.md 24, 25). */
export function readDateRange(validator: Validator): DateRange {
	const start = validator.date('start_date');
	const end = validator.date('end_date');
	return {
		from: start ? Date.UTC(start.year, start.month - 1, start.day) : -Infinity,
		to: end ? Date.UTC(end.year, end.month - 1, end.day + 1) - 1 : Infinity,
	};
}

export function isInRange(epochMs: number, range: DateRange): boolean {
	return epochMs >= range.from && epochMs <= range.to;
}

/**
 * A create's attributes: nested under `key` (`user[...]`, `background_check[...]`) as documented, in a form or JSON; or,
 * as some live clients send them, at the top level of the body (flat JSON, or a form's unbracketed keys).
 */
export function attributesOf(body: Record<string, unknown>, key: string): Record<string, unknown> {
	return key in body ? asRecord(body[key]) : body;
}

/** tag_list: comma-separated names (a form) or a list of names (JSON); blanks and repeats dropped. */
export function parseTagList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
	const names = parts.filter((part): part is string => typeof part === 'string').map((part) => part.trim());
	return [...new Set(names.filter((name) => name !== ''))];
}
