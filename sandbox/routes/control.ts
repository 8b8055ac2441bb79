// The control endpoints of contract.md (the developer console's part and the service's own events), plus our
// request log and health check. They act for the key's Organization and are never delayed or faulted.
import { Router } from 'express';

import { awaitsResult, becomesReady } from '../../nodes/shared/checkStatuses';
import { PASSING_SCORE } from '../catalog';
import type { Faults } from '../faults';
import type { SandboxContext } from '../http';
import { bodyOf, organizationOf, parseId, sendErrors, sendMessage, sendNotFound } from '../http';
import { backdateTraining, completeTraining, ownerOf } from '../organizationData';
import type { RequestLog } from '../requestLog';
import type { Traffic } from '../traffic';
import type { Organization } from '../types';
import { Validator } from '../validation';
import { formatTimestamp } from '../views';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ControlContext extends SandboxContext {
	faults: Faults;
	requestLog: RequestLog;
	traffic: Traffic;
	resetOrganization: (organization: Organization) => void;
}

function isHttpUrl(value: unknown): boolean {
	if (typeof value !== 'string') return false;
	try {
		const { protocol } = new URL(value);
		return protocol === 'http:' || protocol === 'https:';
	} catch {
		return false;
	}
}

function webhookSettingsView(organization: Organization): Record<string, unknown> {
	const { urls, username, password } = organization.webhooks;
	return { urls: [...urls], username: username ?? null, passwordSet: password !== undefined };
}

export function controlRouter(context: ControlContext): Router {
	const { views, webhooks, faults, requestLog, traffic, now } = context;
	const router = Router();

	router.get('/webhooks', (_req, res) => {
		res.json(webhookSettingsView(organizationOf(res)));
	});

	router.put('/webhooks', (req, res) => {
		const organization = organizationOf(res);
		const body = bodyOf(req);
		const fields = new Validator(body);
		const urls: unknown[] = Array.isArray(body.urls) ? body.urls : body.urls === undefined ? [] : [body.urls];
		if (!urls.every(isHttpUrl)) fields.add('urls', 'must be a list of http or https addresses');
		const username = fields.optional('username');
		const password = fields.optional('password');
		if ((username === undefined) !== (password === undefined)) {
			fields.add(username === undefined ? 'username' : 'password', 'give both username and password, or neither');
		}
		if (!fields.isValid) {
			sendErrors(res, fields.errors);
			return;
		}
		organization.webhooks = { urls: urls as string[], username, password };
		res.json(webhookSettingsView(organization));
	});

	// Webhook faults (decisions.md 38): deliveries dropped as a receiver that cannot answer in time loses them.
	const webhookFaultView = (organization: Organization) => {
		const { drop, every, until, seen, dropped } = webhooks.faultOf(organization.id);
		return { drop, every, until: until === undefined ? null : new Date(until).toISOString(), seen, dropped };
	};

	router.get('/webhook-faults', (_req, res) => {
		res.json(webhookFaultView(organizationOf(res)));
	});

	router.put('/webhook-faults', (req, res) => {
		const body = bodyOf(req);
		const fields = new Validator(body);
		const drop = fields.optional('drop');
		if (drop !== 'none' && drop !== 'some' && drop !== 'all') fields.add('drop', 'must be none, some or all');
		const every = fields.integer('every', { min: 2, max: 1000 });
		const seconds = fields.integer('seconds', { min: 1, max: 86_400 });
		if (!fields.isValid) {
			sendErrors(res, fields.errors);
			return;
		}
		const organization = organizationOf(res);
		webhooks.setFault(organization.id, drop as 'none' | 'some' | 'all', { every, seconds });
		res.json(webhookFaultView(organization));
	});

	router.get('/deliveries', (_req, res) => {
		res.json(webhooks.list(organizationOf(res).id));
	});

	router.post('/trainings/:id/complete', (req, res) => {
		const organization = organizationOf(res);
		const { data } = organization;
		const training = data.trainingsById.get(parseId(req.params.id) ?? -1);
		if (!training) {
			sendNotFound(res, 'Training');
			return;
		}
		const fields = new Validator(bodyOf(req));
		const score = fields.integer('score', { min: 0, max: 100 }) ?? 100;
		if (!fields.isValid) {
			sendErrors(res, fields.errors);
			return;
		}
		if (training.complete_date !== null) {
			sendMessage(res, 422, 'Training already completed');
			return;
		}
		completeTraining(data, training, score, PASSING_SCORE, now());
		res.json(views.training(data, training));
		// Only a passed quiz is a successful completion (api-v2.md 6).
		if (training.winner && training.complete_date !== null) {
			webhooks.send(organization, 'quizCompleted', {
				user_id: String(training.user_id),
				external_id: ownerOf(data, training)?.external_id ?? '',
				score,
				complete_date: formatTimestamp(training.complete_date),
				survey_code: training.survey_code,
				certificate_url: views.certificateUrl(training),
			});
		}
	});

	// For the polling trigger's renewal events: a Training that happened earlier (assigned and completed `days` before).
	router.post('/trainings/:id/backdate', (req, res) => {
		const { data } = organizationOf(res);
		const training = data.trainingsById.get(parseId(req.params.id) ?? -1);
		if (!training) {
			sendNotFound(res, 'Training');
			return;
		}
		const fields = new Validator(bodyOf(req));
		const days = fields.integer('days', { required: true, min: 1, max: 36500 });
		if (!fields.isValid || days === undefined) {
			sendErrors(res, fields.errors);
			return;
		}
		backdateTraining(data, training, days * DAY_MS);
		res.json(views.training(data, training));
	});

	router.post('/background_checks/:id/ready', (req, res) => {
		const organization = organizationOf(res);
		const { data } = organization;
		const check = data.backgroundChecksById.get(parseId(req.params.id) ?? -1);
		if (!check) {
			sendNotFound(res, 'Background Check');
			return;
		}
		if (!awaitsResult(check.status)) {
			sendMessage(res, 422, `Only a Background Check still without a result can move on; this one is ${check.status}`);
			return;
		}
		// The status the vendor gives it (default complete), in the vendor's words, written as it writes them (any case,
		// spaces, hyphens): one at work or paused moves it on, one that ends it ends it, a ready one (complete, clear,
		// consider, ready, ...) gives it its result (nodes/shared/checkStatuses.ts).
		const fields = new Validator(bodyOf(req));
		const status = fields.optional('status') ?? 'complete';
		if (!/^[A-Za-z][A-Za-z _-]{0,39}$/.test(status) || status.toLowerCase() === 'archived') {
			fields.add('status', 'must be a status word (letters, spaces, underscores and hyphens), not archived');
		}
		if (!fields.isValid) {
			sendErrors(res, fields.errors);
			return;
		}
		// Ready for review when it reaches a ready status from any other: the moment the polling trigger sees too.
		const ready = becomesReady(check.status, status);
		check.status = status;
		if (!ready) {
			res.json(views.extendedBackgroundCheck(check));
			return;
		}
		check.complete_date = now();
		res.json(views.extendedBackgroundCheck(check));
		webhooks.send(organization, 'backgroundCheckReady', {
			id: String(check.id),
			user_id: String(check.user_id),
			email: check.email,
			external_id: ownerOf(data, check)?.external_id ?? '',
			results_url: views.resultsUrl(check),
			complete_date: formatTimestamp(check.complete_date),
		});
	});

	router.put('/faults', (req, res) => {
		const fields = new Validator(bodyOf(req));
		const status = fields.integer('status', { required: true, min: 400, max: 599 });
		const count = fields.integer('count', { min: 0, max: 1000 }) ?? 1;
		const retryAfter = fields.integer('retryAfter', { min: 0, max: 3600 });
		if (!fields.isValid || status === undefined) {
			sendErrors(res, fields.errors);
			return;
		}
		faults.set(organizationOf(res).id, { status, remaining: count, retryAfter });
		res.json({ status, count, retryAfter: retryAfter ?? null });
	});

	router.delete('/faults', (_req, res) => {
		faults.clear(organizationOf(res).id);
		res.status(204).end();
	});

	router.post('/reset', (_req, res) => {
		context.resetOrganization(organizationOf(res));
		res.json({ ok: true });
	});

	router.get('/stats', (_req, res) => {
		res.json({ ...traffic.of(organizationOf(res).id) });
	});

	router.post('/stats/reset', (_req, res) => {
		const { id } = organizationOf(res);
		traffic.reset(id);
		res.json({ ...traffic.of(id) });
	});

	router.get('/requests', (_req, res) => {
		res.json(requestLog.list(organizationOf(res).id));
	});

	router.delete('/requests', (_req, res) => {
		requestLog.clear(organizationOf(res).id);
		res.status(204).end();
	});

	return router;
}
