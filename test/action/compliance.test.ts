// Compliance, run by n8n's engine against the sandbox over real HTTP. Records are made through the sandbox's API
// (dated now); the node's clock is then set to days around their expiry: only `Date` is faked, in this test process,
// so the requests, the sandbox and n8n's timers run as they always do.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { ALL_BUT_DATE } from '../helpers/clock';
import { startLocalServer } from '../helpers/localServer';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';
import { type Json, orderBackgroundCheck } from '../trigger/sandboxClient';

type Entry = IDataObject & { training: IDataObject; background_check: IDataObject };
type UserRecord = { id: number; external_id: string; tags: string[] };

const sandbox = useSandbox();
const clients = () => sandboxClients(sandbox());

const DAY_MS = 24 * 60 * 60 * 1000;

/** Runs `work` with the clock of this process (the node's) at noon UTC of `day` (YYYY-MM-DD). */
async function onDay<T>(day: string, work: () => Promise<T>): Promise<T> {
	jest.useFakeTimers({ doNotFake: [...ALL_BUT_DATE], now: new Date(`${day}T12:00:00Z`) });
	try {
		return await work();
	} finally {
		// Back to the run's clock (helpers/clock.ts), which jest's fake Date stood in for.
		jest.useRealTimers();
	}
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The calendar day `days` after `day`. */
const plusDays = (day: string, days: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
/** `years` years after `day`; February 29th becomes the 28th. */
const plusYears = (day: string, years: number) => {
	const [year, month, date] = day.split('-');
	const shifted = `${Number(year) + years}-${month}-${date}`;
	return month === '02' && date === '29' && Number.isNaN(Date.parse(`${shifted}T00:00:00Z`)) ? `${Number(year) + years}-02-28` : shifted;
};
/** The day of a timestamp in a time zone, YYYY-MM-DD. */
const dayIn = (timestamp: unknown, timeZone: string) =>
	new Date(Date.parse(String(timestamp))).toLocaleDateString('en-CA', { timeZone });

let userCount = 0;
async function newUser(tags = ''): Promise<UserRecord> {
	userCount++;
	const user = { first_name: 'Comp', last_name: `Liance${userCount}`, email: `comp.${userCount}@example.org`, external_id: `CMP-${userCount}` };
	return ok(await clients().api.post('/users', { form: { user, tag_list: tags } })) as UserRecord;
}

/** Assigns a Training and, with a score, completes it (80 or more passes). Returns the Training as the API shows it. */
async function training(user: UserRecord, surveyCode = 'standard', score?: number): Promise<IDataObject> {
	await clients().api.post(`/users/${user.id}/assign_training`, { form: { survey_code: surveyCode } });
	const trainings = ok(await clients().api.get(`/users/${user.id}/trainings`)) as IDataObject[];
	const assigned = trainings.at(-1) as IDataObject;
	if (score === undefined) return assigned;
	return ok(await clients().control.post(`/trainings/${String(assigned.id)}/complete`, { json: { score } })) as IDataObject;
}

/** Orders a Background Check and, unless `processing`, moves it to `status` (by default complete), as its vendor would. */
async function backgroundCheck(user: UserRecord, processing = false, status = 'complete'): Promise<IDataObject> {
	const ordered = await orderBackgroundCheck(clients().api, user.id as unknown as Json);
	if (processing) return ordered;
	return ok(await clients().control.post(`/background_checks/${String(ordered.id)}/ready`, { json: { status } })) as IDataObject;
}

const byId = (id: number) => ({ __rl: true, mode: 'id', value: String(id) });

async function complianceOf(user: UserRecord, settings: IDataObject = {}, timezone = 'UTC'): Promise<Entry> {
	const result = await runActionNode({
		parameters: { resource: 'compliance', operation: 'getForUser', user: byId(user.id), settings } as INodeParameters,
		credential: sandbox(),
		timezone,
	});
	expect(result.error).toBeUndefined();
	return jsonOf(result)[0] as Entry;
}

describe('Compliance for one User', () => {
	it.each([
		[-31, 'valid', 'compliant'],
		[-30, 'expiring', 'expiring'],
		[-1, 'expiring', 'expiring'],
		[0, 'expired', 'noncompliant'],
		[1, 'expired', 'noncompliant'],
	])('a Training %i days from its expiry is %s (%s)', async (offset, trainingStatus, status) => {
		const user = await newUser();
		const passed = await training(user, 'standard', 90);
		const expiresAt = plusYears(dayIn(passed.complete_date, 'UTC'), 2);
		const entry = await onDay(plusDays(expiresAt, offset), async () =>
			complianceOf(user, { trainingValidityMonths: 24, backgroundCheckValidityMonths: 0, expiringWithinDays: 30 }),
		);
		expect(entry).toMatchObject({
			user_id: user.id,
			external_id: user.external_id,
			status,
			compliant: status !== 'noncompliant',
			training: { status: trainingStatus, survey_code: 'standard', complete_date: passed.complete_date, expires_at: expiresAt },
		});
	});

	it.each([
		[-8, 'valid', 'compliant'],
		[-7, 'expiring', 'expiring'],
		[-1, 'expiring', 'expiring'],
		[0, 'expired', 'noncompliant'],
		[1, 'expired', 'noncompliant'],
	])('a Background Check %i days from its expiry is %s (%s), its own status passed through', async (offset, checkStatus, status) => {
		const user = await newUser();
		await training(user, 'standard', 100);
		const check = await backgroundCheck(user);
		// It counts from the day it was completed (docs/spec/decisions.md 32).
		const expiresAt = plusYears(dayIn(check.complete_date, 'UTC'), 5);
		const settings = { trainingValidityMonths: 120, backgroundCheckValidityMonths: 60, expiringWithinDays: 7 };
		const entry = await onDay(plusDays(expiresAt, offset), async () => complianceOf(user, settings));
		expect(entry.status).toBe(status);
		expect(entry.training.status).toBe('valid');
		expect(entry.background_check).toEqual({
			status: checkStatus,
			id: check.id,
			level: 1,
			order_date: check.order_date,
			complete_date: check.complete_date,
			expires_at: expiresAt,
			service_status: 'complete',
		});
	});

	it('puts the answer first: status, compliant and a one-sentence summary, then who, then each record with its status and expiry first', async () => {
		const user = await newUser();
		const passed = await training(user, 'standard', 90);
		await backgroundCheck(user, true);
		const entry = await complianceOf(user);
		const expiresAt = plusYears(dayIn(passed.complete_date, 'UTC'), 2);
		expect(Object.keys(entry).slice(0, 6)).toEqual(['status', 'compliant', 'summary', 'runs_out', 'runs_out_on', 'user_id']);
		expect(Object.keys(entry.training).slice(0, 2)).toEqual(['status', 'expires_at']);
		expect(Object.keys(entry.background_check).slice(0, 2)).toEqual(['status', 'expires_at']);
		expect(entry.summary).toBe(`Training valid until ${expiresAt}; background check pending`);
		// A check that is not required and not there is left out of the sentence.
		const alone = await newUser();
		await training(alone, 'standard', 90);
		expect((await complianceOf(alone, { backgroundCheckValidityMonths: 0 })).summary).toMatch(/^Training valid until \d{4}-\d{2}-\d{2}$/);
		expect((await complianceOf(await newUser())).summary).toBe('Training missing; background check missing');
	});

	it.each([
		['the training, before the check', { trainingValidityMonths: 24 }, 'training', 2],
		['the check, before the training', { trainingValidityMonths: 120 }, 'background check', 5],
		['both, on the same day', { trainingValidityMonths: 60 }, 'training and background check', 5],
		['the training, a check not being required', { trainingValidityMonths: 120, backgroundCheckValidityMonths: 0 }, 'training', 10],
	])('says what runs out first, and the day it no longer counts, of someone who may serve: %s', async (_case, settings, what, years) => {
		const user = await newUser();
		const passed = await training(user, 'standard', 90);
		await backgroundCheck(user);
		expect(await complianceOf(user, settings)).toMatchObject({
			status: 'compliant',
			runs_out: what,
			runs_out_on: plusYears(dayIn(passed.complete_date, 'UTC'), years),
		});
	});

	it('says what runs out while it is expiring, and nothing once the person may not serve', async () => {
		const user = await newUser();
		const passed = await training(user, 'standard', 90);
		await backgroundCheck(user);
		const expiresAt = plusYears(dayIn(passed.complete_date, 'UTC'), 2);
		const on = (offset: number) => onDay(plusDays(expiresAt, offset), async () => complianceOf(user));
		expect(await on(-10)).toMatchObject({ status: 'expiring', compliant: true, runs_out: 'training', runs_out_on: expiresAt });
		expect(await on(0)).toMatchObject({ status: 'noncompliant', compliant: false, runs_out: null, runs_out_on: null });

		// A valid training, but no background check: nothing runs out, something is missing.
		const unchecked = await newUser();
		await training(unchecked, 'standard', 90);
		expect(await complianceOf(unchecked)).toMatchObject({
			status: 'noncompliant',
			training: { status: 'valid', expires_at: expect.any(String) },
			runs_out: null,
			runs_out_on: null,
		});
	});

	it('counts a check from its completion, not its order: ordered 61 months ago, completed 59 months ago, still valid', async () => {
		// The dates as the live service gives them, from a server of the test's own (the sandbox completes checks today).
		const server = await startLocalServer(() => ({
			status: 200,
			body: {
				id: 7,
				external_id: 'HR-7',
				trainings: [],
				background_checks: [
					{ id: 70, level: 1, status: 'clear', order_date: '2021-01-10T10:00:00.000-06:00', complete_date: '2021-03-10T10:00:00.000-06:00' },
				],
			},
		}));
		try {
			const run = (day: string, settings: IDataObject) =>
				onDay(day, async () =>
					jsonOf(
						await runActionNode({
							parameters: { resource: 'compliance', operation: 'getForUser', user: byId(7), settings } as INodeParameters,
							credential: { url: server.url, apiKey: 'test-api-key-0001' },
							timezone: 'America/Chicago',
						}),
					)[0] as Entry,
				);
			const settings = { backgroundCheckValidityMonths: 60, expiringWithinDays: 7, trainingValidityMonths: 24 };
			expect((await run('2026-02-10', settings)).background_check).toMatchObject({
				status: 'valid',
				id: 70,
				order_date: '2021-01-10T10:00:00.000-06:00',
				complete_date: '2021-03-10T10:00:00.000-06:00',
				expires_at: '2026-03-10',
				service_status: 'clear',
			});
			expect((await run('2026-03-10', settings)).background_check).toMatchObject({ status: 'expired', expires_at: '2026-03-10' });
		} finally {
			await server.stop();
		}
	});

	it.each([
		['clear', {}, 'valid'],
		['CLEAR', {}, 'valid'],
		['consider', {}, 'pending'],
		['ready', {}, 'pending'],
		['ready', { clearedStatuses: 'complete, clear, ready' }, 'valid'],
		['cancelled', {}, 'missing'],
		['archived', {}, 'missing'],
		['cancelled', { setAsideStatuses: 'archived' }, 'pending'],
	])("a check whose status is %j, with settings %j, is %s", async (status, settings, expected) => {
		const user = await newUser();
		await training(user, 'standard', 100);
		// The status in the vendor's words (any case), or archived by the service.
		const check = (
			status === 'archived'
				? ok(await clients().api.put(`/background_checks/${String((await backgroundCheck(user)).id)}/archive`))
				: await backgroundCheck(user, false, status)
		) as IDataObject;
		const entry = await complianceOf(user, settings);
		expect(entry.background_check).toMatchObject({ status: expected, id: check.id, service_status: status });
		expect(entry.status).toBe(expected === 'valid' ? 'compliant' : 'noncompliant');
	});

	it('keeps a valid cleared check while a later order is open in any status, and ignores a later cancelled one', async () => {
		const user = await newUser();
		await training(user, 'standard', 100);
		const cleared = await backgroundCheck(user, false, 'clear');
		await backgroundCheck(user, false, 'cancelled');
		const open = await backgroundCheck(user, true);
		await clients().control.post(`/background_checks/${String(open.id)}/ready`, { json: { status: 'awaiting_applicant' } });
		expect((await complianceOf(user)).background_check).toMatchObject({ status: 'valid', id: cleared.id, service_status: 'clear' });
	});

	it('refuses a status named both cleared and set aside, before sending anything', async () => {
		const user = await newUser();
		sandbox().clearRequests();
		const result = await runActionNode({
			parameters: {
				resource: 'compliance',
				operation: 'getForUser',
				user: byId(user.id),
				settings: { clearedStatuses: 'complete, Clear', setAsideStatuses: 'clear' },
			},
			credential: sandbox(),
		});
		expect(result.error?.message).toMatch(/'Cleared Statuses' and 'Set-Aside Statuses' both name "clear"/);
		expect(sentRequests(sandbox())).toEqual([]);
	});

	it('reports no Training as missing, an open or failed one as pending, and a processing check as pending', async () => {
		const never = await newUser();
		expect(await complianceOf(never)).toMatchObject({
			status: 'noncompliant',
			compliant: false,
			training: { status: 'missing', survey_code: null, complete_date: null, expires_at: null },
			background_check: { status: 'missing', id: null, service_status: null },
		});

		const open = await newUser();
		await training(open);
		const failed = await newUser();
		await training(failed, 'standard', 50);
		const checked = await newUser();
		await training(checked, 'standard', 95);
		const processing = await backgroundCheck(checked, true);
		expect((await complianceOf(open)).training).toMatchObject({ status: 'pending', survey_code: 'standard', complete_date: null });
		expect((await complianceOf(failed)).training.status).toBe('pending');
		expect(await complianceOf(checked)).toMatchObject({
			status: 'noncompliant',
			training: { status: 'valid' },
			background_check: { status: 'pending', id: processing.id, expires_at: null, service_status: 'processing' },
		});
		// Not required: the pending check is still reported, and the User is compliant on the Training alone.
		expect(await complianceOf(checked, { backgroundCheckValidityMonths: 0 })).toMatchObject({
			status: 'compliant',
			compliant: true,
			background_check: { status: 'pending', service_status: 'processing' },
		});
	});

	it('keeps a valid check while its renewal is processing, and treats an archived check as set aside', async () => {
		const user = await newUser();
		await training(user, 'standard', 95);
		const complete = await backgroundCheck(user);
		await backgroundCheck(user, true);
		expect((await complianceOf(user)).background_check).toMatchObject({ status: 'valid', id: complete.id, service_status: 'complete' });

		const archivedOnly = await newUser();
		const archived = await backgroundCheck(archivedOnly);
		await clients().api.put(`/background_checks/${String(archived.id)}/archive`);
		expect((await complianceOf(archivedOnly)).background_check).toMatchObject({
			status: 'missing',
			id: archived.id,
			expires_at: null,
			service_status: 'archived',
		});
	});

	it('counts only the Trainings of the chosen Survey Codes, from a list or comma-separated text', async () => {
		const user = await newUser();
		await training(user, 'youth', 90);
		expect((await complianceOf(user, { surveyCodes: ['standard'] })).training.status).toBe('missing');
		expect((await complianceOf(user, { surveyCodes: 'standard, youth' })).training).toMatchObject({ status: 'valid', survey_code: 'youth' });
		expect((await complianceOf(user)).training.status).toBe('valid');
	});

	it("dates the expiry in the workflow's time zone", async () => {
		const user = await newUser();
		const passed = await training(user, 'standard', 90);
		// 25 hours apart: the same moment is never the same day in both.
		const east = await complianceOf(user, {}, 'Pacific/Kiritimati');
		const west = await complianceOf(user, {}, 'Pacific/Pago_Pago');
		expect(east.training.expires_at).toBe(plusYears(dayIn(passed.complete_date, 'Pacific/Kiritimati'), 2));
		expect(west.training.expires_at).toBe(plusYears(dayIn(passed.complete_date, 'Pacific/Pago_Pago'), 2));
		expect(east.training.expires_at).not.toBe(west.training.expires_at);
	});

	it('refuses a bad setting, naming the item and the field, and sends nothing', async () => {
		const user = await newUser();
		sandbox().clearRequests();
		const result = await runActionNode({
			parameters: { resource: 'compliance', operation: 'getForUser', user: byId(user.id), settings: { trainingValidityMonths: 0 } },
			credential: sandbox(),
		});
		expect(result.error?.message).toBe("'Training Validity (Months)' must be a whole number of at least 1 [item 0]");
		expect(sentRequests(sandbox())).toEqual([]);
	});
});

const runReport = (parameters: INodeParameters, target: Sandbox = sandbox()) =>
	runActionNode({ parameters: { resource: 'compliance', operation: 'getAll', ...parameters }, credential: target, timezone: 'UTC' });

describe('Compliance report', () => {
	it('shows every status for the demo Organization, and agrees with Get for User', async () => {
		const result = await runReport({ returnAll: true });
		const report = jsonOf(result) as Entry[];
		const users = ok(await clients().api.get('/users')) as UserRecord[];
		expect(report.map((entry) => entry.user_id)).toEqual(users.map((user) => user.id));
		const statuses = (pick: (entry: Entry) => unknown) => new Set(report.map(pick));
		expect(statuses((entry) => entry.status)).toEqual(new Set(['compliant', 'expiring', 'noncompliant']));
		const recordStatuses = new Set(['valid', 'expiring', 'expired', 'pending', 'missing']);
		expect(statuses((entry) => entry.training.status)).toEqual(recordStatuses);
		expect(statuses((entry) => entry.background_check.status)).toEqual(recordStatuses);
		expect(statuses((entry) => entry.background_check.service_status)).toEqual(
			new Set(['complete', 'clear', 'consider', 'processing', 'awaiting_applicant', 'cancelled', 'archived', null]),
		);

		for (const entry of report.slice(0, 8)) {
			expect(await complianceOf({ id: Number(entry.user_id) } as UserRecord)).toEqual(entry);
		}
	});

	it('filters on status and Tag, and stops at the Limit', async () => {
		const all = jsonOf(await runReport({ returnAll: true })) as Entry[];
		const expiringOrNot = jsonOf(await runReport({ returnAll: true, filters: { status: ['expiring', 'noncompliant'] } }));
		expect(expiringOrNot).toEqual(all.filter((entry) => entry.status !== 'compliant'));

		const users = ok(await clients().api.get('/users')) as UserRecord[];
		const tag = users.flatMap((user) => user.tags)[0];
		const tagged = new Set(users.filter((user) => user.tags.includes(tag)).map((user) => user.id));
		sandbox().clearRequests();
		const byTag = jsonOf(await runReport({ returnAll: true, filters: { tag } }));
		expect(byTag.map((entry) => entry.user_id)).toEqual(all.filter((entry) => tagged.has(Number(entry.user_id))).map((entry) => entry.user_id));
		expect(sentRequests(sandbox()).find((request) => request.path === '/api/v2/users/with_page')?.query).toEqual({ page: '1', tag });

		expect(jsonOf(await runReport({ returnAll: false, limit: 3 }))).toEqual(all.slice(0, 3));
	});

	it('takes Status, Return All and Limit from expressions as text, as an AI agent fills them', async () => {
		const all = jsonOf(await runReport({ returnAll: true })) as Entry[];
		const fromText = jsonOf(
			await runReport({ returnAll: '={{ "true" }}', filters: { status: '={{ " expiring,noncompliant " }}' } }),
		);
		expect(fromText).toEqual(all.filter((entry) => entry.status !== 'compliant'));
		expect(jsonOf(await runReport({ returnAll: '={{ "false" }}', limit: '={{ "2" }}' }))).toEqual(all.slice(0, 2));
	});

	it.each([
		['an unknown status', { returnAll: true, filters: { status: 'late' } }, "'Status' must be among 'Compliant', 'Expiring' or 'Noncompliant' (in an expression: compliant, expiring, noncompliant)"],
		['a Limit of 0', { returnAll: false, limit: 0 }, "'Limit' must be a whole number of at least 1"],
		['a Limit as words', { returnAll: false, limit: '={{ "ten" }}' }, "'Limit' must be a whole number"],
	])('refuses %s, naming the field, and sends nothing', async (_what, parameters, message) => {
		sandbox().clearRequests();
		const result = await runReport(parameters as INodeParameters);
		expect(result.error?.message).toBe(`${message} [item 0]`);
		expect(sandbox().requests).toEqual([]);
	});

	it('reads 10,000 Users with the three lists only: its requests are their pages, none per User', async () => {
		const large = await startSandbox({ users: 10000 });
		try {
			const result = await runReport({ returnAll: true }, large);
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(10000);

			const pagesByPath = new Map<string, number[]>();
			for (const request of sentRequests(large)) {
				expect(request.method).toBe('GET');
				// The Users' first page comes from /users/with_page, which gives the page count.
				const path = request.path.replace(/\/with_page$/, '');
				pagesByPath.set(path, [...(pagesByPath.get(path) ?? []), Number(request.query.page)]);
			}
			// Each list is read once: 100 records a page, every page to the one that ends it, and at most 3 pages read
			// ahead past that one (the transport reads a few pages at a time).
			const { api } = sandboxClients(large);
			for (const path of ['/users', '/trainings', '/background_checks']) {
				let records = 0;
				for (let page = 1; ; page++) {
					const batch = ok(await api.get(path, { query: { page } })) as unknown[];
					records += batch.length;
					if (batch.length < 100) break;
				}
				// The Users' count comes with their first page, so they are read to their last page exactly; the other lists
				// to the first page that is not full.
				const pages = path === '/users' ? Math.ceil(records / 100) : Math.floor(records / 100) + 1;
				const read = [...(pagesByPath.get(`/api/v2${path}`) ?? [])].sort((x, y) => x - y);
				expect(new Set(read).size).toBe(read.length);
				expect(read.slice(0, pages)).toEqual(Array.from({ length: pages }, (_, index) => index + 1));
				expect(read.length - pages).toBeLessThanOrEqual(path === '/users' ? 0 : 3);
			}
			expect(pagesByPath.size).toBe(3);
		} finally {
			await large.stop();
		}
	});
});
