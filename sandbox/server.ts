// Assembles the sandbox: the store, the request pipeline and the routers, under /api/v2 and /sandbox.
import express from 'express';
import type { Express } from 'express';

import { Faults } from './faults';
import type { SandboxContext } from './http';
import {
	addLatency,
	attachBody,
	handleErrors,
	identifyOrganization,
	injectFaults,
	logRequests,
	notFound,
	recordRequest,
	requireOrganization,
} from './middleware';
import { RequestLog } from './requestLog';
import { backgroundChecksRouter } from './routes/backgroundChecks';
import { controlRouter } from './routes/control';
import { organizationsRouter } from './routes/organizations';
import { pagesRouter } from './routes/pages';
import { tagsRouter } from './routes/tags';
import { trainingsRouter } from './routes/trainings';
import { usersRouter } from './routes/users';
import { sandboxClock } from './seed';
import { Store } from './store';
import { RateLimiter, Traffic, countTraffic, limitRate } from './traffic';
import type { Organization } from './types';
import { Views } from './views';
import { WebhookDispatcher } from './webhooks';

export interface SandboxConfig {
	/** The sandbox's own address, for the URLs its answers carry. */
	url: string;
	apiKey: string;
	users: number;
	seed: number;
	latencyMs: number;
	/** Requests a second each Organization may send; undefined: no limit. */
	rateLimit: number | undefined;
	/** YYYY-MM-DD, or undefined for today in UTC. */
	today: string | undefined;
	webhookRetryDelaysMs: readonly number[];
	webhookAttemptTimeoutMs: number;
	log: (line: string) => void;
	userExternalIdKeys: 'both' | 'employee_id';
}

export interface SandboxApp {
	app: Express;
	requestLog: RequestLog;
	webhooks: WebhookDispatcher;
	/** Everything back to the seed: records, Organizations, requests, deliveries, webhook settings, faults, stats. */
	reset(): void;
}

export function createSandboxApp(config: SandboxConfig): SandboxApp {
	const clock = sandboxClock(config.today);
	const store = new Store({ apiKey: config.apiKey, users: config.users, seed: config.seed, seedDay: clock.seedDay });
	const requestLog = new RequestLog();
	const faults = new Faults();
	const traffic = new Traffic();
	const rateLimiter = config.rateLimit ? new RateLimiter(config.rateLimit) : undefined;
	const webhooks = new WebhookDispatcher({
		retryDelaysMs: config.webhookRetryDelaysMs,
		attemptTimeoutMs: config.webhookAttemptTimeoutMs,
		log: config.log,
	});
	const context: SandboxContext = { store, views: new Views(config.url, config.userExternalIdKeys), webhooks, now: clock.now };

	const resetOrganization = (organization: Organization): void => {
		store.resetOrganization(organization);
		faults.clear(organization.id);
		webhooks.clear(organization.id);
		requestLog.clear(organization.id);
		traffic.reset(organization.id);
		rateLimiter?.clear(organization.id);
	};
	const reset = (): void => {
		store.reset();
		faults.clear();
		webhooks.clear();
		requestLog.clear();
		traffic.reset();
		rateLimiter?.clear();
	};

	const app = express();
	app.disable('x-powered-by');
	app.set('query parser', 'extended');
	app.set('json spaces', 0);
	// Form bodies with bracketed keys, parsed by qs as Rails would; JSON bodies too.
	const bodyParsers = [express.urlencoded({ extended: true, limit: '1mb' }), express.json({ limit: '1mb' })];

	const identify = identifyOrganization(store);
	app.use(
		'/api/v2',
		identify,
		countTraffic(traffic),
		recordRequest(requestLog),
		logRequests(config.log),
		...bodyParsers,
		attachBody,
		addLatency(config.latencyMs),
		requireOrganization,
		limitRate(rateLimiter),
		injectFaults(faults),
		usersRouter(context),
		trainingsRouter(context),
		backgroundChecksRouter(context),
		tagsRouter(),
		organizationsRouter(context),
		notFound,
	);

	app.get('/sandbox/health', (_req, res) => {
		res.json({ ok: true });
	});
	app.use(
		'/sandbox',
		identify,
		requireOrganization,
		...bodyParsers,
		controlRouter({ ...context, faults, requestLog, traffic, resetOrganization }),
		notFound,
	);
	app.use(pagesRouter(context));
	app.use(notFound);
	app.use(handleErrors(config.log));

	return { app, requestLog, webhooks, reset };
}
