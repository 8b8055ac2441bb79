// The request pipeline around the routes: who is asking (the key), what was asked (the request log and the log
// line), how slow and how faulty the answer is, and the answers for unknown routes and unreadable bodies.
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import { setTimeout as sleep } from 'node:timers/promises';

import type { Faults } from './faults';
import { faultMessage } from './faults';
import { sendMessage } from './http';
import type { RequestLog } from './requestLog';
import { redactApplicant } from './requestLog';
import type { Store } from './store';
import type { Organization, RecordedRequest } from './types';

/** The path as the client sent it, without the query string. */
function pathOf(req: Request): string {
	return req.originalUrl.split('?')[0];
}

/** `Token token=KEY`, the key optionally in double quotes as Rails' token parser allows. */
const TOKEN_HEADER = /^Token\s+token="?([^",\s]+)"?/i;

/** Resolves the Authorization header to an Organization (res.locals.organization); answers nothing yet. */
export function identifyOrganization(store: Store): RequestHandler {
	return (req, res, next) => {
		const match = TOKEN_HEADER.exec(req.get('authorization') ?? '');
		res.locals.organization = match ? store.organizationByKey(match[1]) : undefined;
		next();
	};
}

export const requireOrganization: RequestHandler = (req, res, next) => {
	if (res.locals.organization) {
		next();
		return;
	}
	const message = req.get('authorization')
		? 'Unauthorized: the API key is wrong. Send the header Authorization: Token token=<API key>.'
		: 'Unauthorized: the Authorization header is missing. Send Authorization: Token token=<API key>.';
	sendMessage(res, 401, message);
};

/** Records the request before its body is read (so unreadable bodies are recorded too); attachBody fills it in. */
export function recordRequest(requestLog: RequestLog): RequestHandler {
	return (req, res, next) => {
		const organization = res.locals.organization as Organization | undefined;
		const entry: RecordedRequest = {
			method: req.method,
			path: pathOf(req),
			query: { ...(req.query as Record<string, unknown>) },
			body: undefined,
			contentType: req.get('content-type'),
			authorization: req.get('authorization'),
			organizationId: organization?.id ?? null,
		};
		requestLog.add(entry);
		res.locals.recordedRequest = entry;
		next();
	};
}

export const attachBody: RequestHandler = (req, res, next) => {
	(res.locals.recordedRequest as RecordedRequest).body = redactApplicant(req.body);
	next();
};

/** One line per request once answered: method, path (no query), status, time, Organization. Never a body. */
export function logRequests(log: (line: string) => void): RequestHandler {
	return (req, res, next) => {
		const started = process.hrtime.bigint();
		const path = pathOf(req);
		res.on('finish', () => {
			const milliseconds = Number(process.hrtime.bigint() - started) / 1e6;
			const organization = res.locals.organization as Organization | undefined;
			log(
				`${req.method} ${path} ${res.statusCode} ${milliseconds.toFixed(1)}ms org=${organization?.id ?? '-'}`,
			);
		});
		next();
	};
}

export function addLatency(latencyMs: number): RequestHandler {
	return async (_req, _res, next) => {
		if (latencyMs > 0) await sleep(latencyMs);
		next();
	};
}

export function injectFaults(faults: Faults): RequestHandler {
	return (_req, res, next) => {
		const fault = faults.take((res.locals.organization as Organization).id);
		if (!fault) {
			next();
			return;
		}
		if (fault.retryAfter !== undefined) res.set('Retry-After', String(fault.retryAfter));
		sendMessage(res, fault.status, faultMessage(fault.status));
	};
}

export const notFound: RequestHandler = (_req, res) => {
	sendMessage(res, 404, 'Not found');
};

/**
 * Unreadable bodies get a 400 in our own words: the parser's message can quote the body, and so an SSN.
 * Anything else is a sandbox bug: a 500, logged without the request's data.
 */
export function handleErrors(log: (line: string) => void): ErrorRequestHandler {
	return (error: { type?: string; status?: number; message?: string }, req: Request, res: Response, next: NextFunction) => {
		if (res.headersSent) {
			next(error);
			return;
		}
		if (error.type === 'entity.too.large') {
			sendMessage(res, 413, 'The request body is too large');
		} else if (error.type === 'entity.parse.failed' || error.status === 400) {
			sendMessage(res, 400, 'Bad Request: the request body could not be read; send form-encoded fields or valid JSON');
		} else if (error.status === 415) {
			sendMessage(res, 415, 'Unsupported body encoding; send form-encoded fields or JSON');
		} else {
			log(`error ${req.method} ${pathOf(req)}: ${error.message ?? 'unknown error'}`);
			sendMessage(res, 500, 'Internal Server Error: try again later');
		}
	};
}
