// The Training operations, run by n8n's engine against the sandbox over real HTTP: what the sandbox received, and
// what the node put out compared with the records the sandbox holds.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { RunActionOptions } from '../helpers/n8n';
import { runDay } from '../helpers/clock';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { ok, sandboxClients, sentRequests } from '../helpers/sandbox';

type Training = IDataObject & { id: number; survey_code: string; participant: { id: number; employee_id: string } };
type User = IDataObject & { id: number; external_id: string; tags: string[] };

let sandbox: Sandbox;

// Enough Users for the Organization's Trainings to fill more than one page of 100.
beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, users: 150 });
});
afterAll(async () => {
	await sandbox.stop();
});
beforeEach(() => sandbox.reset());

const runTraining = (parameters: INodeParameters, options: Partial<RunActionOptions> = {}) =>
	runActionNode({ parameters: { resource: 'training', ...parameters }, credential: sandbox, ...options });

/** Reads from the sandbox's API, then forgets that request, so that only the node's requests are left. */
async function read<T>(path: string, query?: Record<string, unknown>): Promise<T> {
	const body = ok(await sandboxClients(sandbox).api.get(path, { query })) as T;
	sandbox.clearRequests();
	return body;
}

/** Every Training of the Organization in the service's order, page by page. */
async function allTrainings(query: Record<string, unknown> = {}): Promise<Training[]> {
	const trainings: Training[] = [];
	for (let page = 1; ; page++) {
		const records = await read<Training[]>('/trainings', { ...query, page });
		trainings.push(...records);
		if (records.length < 100) return trainings;
	}
}

/** A seeded User with at least two Trainings, so that a list of one proves nothing by accident. */
async function userWithTrainings(): Promise<User> {
	const counts = new Map<number, number>();
	for (const training of await allTrainings()) {
		counts.set(training.participant.id, (counts.get(training.participant.id) ?? 0) + 1);
	}
	const id = [...counts].find(([, count]) => count >= 2)?.[0];
	if (id === undefined) throw new Error('The seed has no User with two Trainings');
	return await read<User>(`/users/${id}`);
}

const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });
const byEmployeeId = (employeeId: string) => ({ __rl: true, mode: 'employeeId', value: employeeId });
/** Resend answers with the User's fields but no Tags (api-v2.md). */
function userWithoutTags(user: User): IDataObject {
	const fields: IDataObject = { ...user };
	delete fields.tags;
	return fields;
}

describe('Get Many', () => {
	it('reads one page up to the Limit and outputs the records as the service gives them', async () => {
		const expected = (await read<Training[]>('/trainings', { page: 1 })).slice(0, 7);

		const result = await runTraining({ operation: 'getAll', limit: 7 });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			{ method: 'GET', path: '/api/v2/trainings', query: { page: '1' }, body: undefined },
		]);
		expect(jsonOf(result)).toEqual(expected);
		expect(result.items.map((item) => item.pairedItem)).toEqual(expected.map(() => ({ item: 0 })));
	});

	it('reads every page with Return All, and stops after the short page', async () => {
		const expected = await allTrainings();
		expect(expected.length).toBeGreaterThan(100);
		expect(expected.length).toBeLessThan(200);

		const result = await runTraining({ operation: 'getAll', returnAll: true });

		expect(result.error).toBeUndefined();
		// Page 1 alone; once it is full, pages 2 to 5 are read ahead at once, and 3 to 5 are wasted (past the end).
		expect(sentRequests(sandbox).map(({ query }) => Number(query.page)).sort()).toEqual([1, 2, 3, 4, 5]);
		expect(sentRequests(sandbox)[0]).toEqual({ method: 'GET', path: '/api/v2/trainings', query: { page: '1' }, body: undefined });
		expect(jsonOf(result)).toEqual(expected);
	});

	it('sends the date filters as zero-padded mm/dd/yyyy, from text and from a date value', async () => {
		// A window of the seed (the three years before the run's day): from a day in it, written m/d/yyyy, to about 4
		// months later, written as an ISO date-time without an offset.
		const from = runDay(-600);
		const to = runDay(-480);
		const mm = (date: Date) => String(date.getUTCMonth() + 1);
		const dd = (date: Date) => String(date.getUTCDate());
		const yyyy = (date: Date) => String(date.getUTCFullYear());
		const pad = (text: string) => text.padStart(2, '0');
		const startDate = `${mm(from)}/${dd(from)}/${yyyy(from)}`;
		const endDate = `${to.toISOString().slice(0, 10)}T00:00:00`;
		const query = { start_date: `${pad(mm(from))}/${pad(dd(from))}/${yyyy(from)}`, end_date: `${pad(mm(to))}/${pad(dd(to))}/${yyyy(to)}` };
		const expected = await allTrainings(query);
		expect(expected.length).toBeGreaterThan(0);

		const result = await runTraining({ operation: 'getAll', returnAll: true, filters: { startDate, endDate } });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			{ method: 'GET', path: '/api/v2/trainings', query: { page: '1', ...query }, body: undefined },
		]);
		expect(jsonOf(result)).toEqual(expected);
	});

	it.each([
		// 03:00 UTC on the 7th is still the 6th in Chicago, and already the 7th in Tokyo.
		['America/Chicago', '2025-03-07T03:00:00Z', '03/06/2025'],
		['Asia/Tokyo', '2025-03-07T03:00:00Z', '03/07/2025'],
		// 20:00 on the 6th in New York is the 7th in Tokyo.
		['Asia/Tokyo', '2025-03-06T20:00:00-05:00', '03/07/2025'],
		['America/New_York', '2025-03-06T20:00:00-05:00', '03/06/2025'],
	])('reads a date-time with an offset in the workflow time zone %s (%s -> %s)', async (timezone, value, sent) => {
		const result = await runTraining(
			{ operation: 'getAll', limit: 1, filters: { startDate: '={{ $json.from }}' } },
			{ items: [{ from: value }], timezone },
		);

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			{ method: 'GET', path: '/api/v2/trainings', query: { page: '1', start_date: sent }, body: undefined },
		]);
	});

	it.each([
		['Start Date', { from: 'yesterday' }, 'must be a date (MM/DD/YYYY or an ISO date such as 2025-03-07)'],
		['Start Date', { from: '13/01/2025' }, 'must be a date (MM/DD/YYYY or an ISO date such as 2025-03-07)'],
		['End Date', { to: '2025-02-30' }, 'must be a date (MM/DD/YYYY or an ISO date such as 2025-03-07)'],
		['End Date', { from: '03/08/2025', to: '03/07/2025' }, "must not be before 'Start Date'"],
	])('refuses a bad "%s" (%j) and sends nothing', async (label, item, problem) => {
		const result = await runTraining(
			{ operation: 'getAll', limit: 5, filters: { startDate: '={{ $json.from }}', endDate: '={{ $json.to }}' } },
			{ items: [item] },
		);

		expect(result.error?.message).toBe(`'${label}' ${problem} [item 0]`);
		expect(result.error?.description).toContain('Nothing was sent to the service');
		expect(sentRequests(sandbox)).toEqual([]);
	});
});

describe('Get Many for User', () => {
	it('reads /users/:id/trainings and outputs one item per Training', async () => {
		const user = await userWithTrainings();
		const expected = await read<Training[]>(`/users/${user.id}/trainings`);
		expect(expected.length).toBeGreaterThanOrEqual(2);

		const result = await runTraining({ operation: 'getAllForUser', user: byId(user.id) });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			{ method: 'GET', path: `/api/v2/users/${user.id}/trainings`, query: {}, body: undefined },
		]);
		expect(jsonOf(result)).toEqual(expected);
		expect(jsonOf(result).every((training) => (training as Training).participant.id === user.id)).toBe(true);
	});

	it('reads /users/by_employee_id/:eid/trainings for a User chosen by employee ID', async () => {
		const user = await userWithTrainings();
		const expected = await read<Training[]>(`/users/${user.id}/trainings`);

		const result = await runTraining({ operation: 'getAllForUser', user: byEmployeeId(user.external_id) });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			{
				method: 'GET',
				path: `/api/v2/users/by_employee_id/${user.external_id}/trainings`,
				query: {},
				body: undefined,
			},
		]);
		expect(jsonOf(result)).toEqual(expected);
	});

	it('names the User the service did not find', async () => {
		const result = await runTraining({ operation: 'getAllForUser', user: byEmployeeId('NO-SUCH-ID') });

		expect(result.error?.message).toBe('User with External ID NO-SUCH-ID was not found [item 0]');
		expect(sentRequests(sandbox)).toEqual([
			{ method: 'GET', path: '/api/v2/users/by_employee_id/NO-SUCH-ID/trainings', query: {}, body: undefined },
		]);
	});
});

describe('Assign', () => {
	it('posts the survey code and options as top-level form keys, and the Training exists afterwards', async () => {
		const user = await read<User>('/users/1001');
		const before = await read<Training[]>('/users/1001/trainings');

		const result = await runTraining({
			operation: 'assign',
			user: byId(1001),
			surveyCode: 'parent_training',
			options: { sendEmail: true, upfrontPayment: false, language: 'es' },
		});

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			{
				method: 'POST',
				path: '/api/v2/users/1001/assign_training',
				query: {},
				body: { survey_code: 'parent_training', send_email: 'true', upfront_payment: 'false', language: 'es' },
			},
		]);
		const [output] = jsonOf(result);
		expect(output).toEqual({ ...user, participant: expect.objectContaining({ id: user.id }) });
		const after = await read<Training[]>('/users/1001/trainings');
		expect(after.length).toBe(before.length + 1);
		expect(after.filter((training) => !before.some((old) => old.id === training.id))).toEqual([
			expect.objectContaining({ survey_code: 'parent_training' }),
		]);
	});

	it('sends the default survey code "standard" and no options when none are set', async () => {
		const result = await runTraining({ operation: 'assign', user: byId(1002) });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			{ method: 'POST', path: '/api/v2/users/1002/assign_training', query: {}, body: { survey_code: 'standard' } },
		]);
	});

	it('resolves an employee ID to the User ID with one lookup, then posts to the numeric path', async () => {
		const user = await read<User>('/users/1003');

		const result = await runTraining({
			operation: 'assign',
			user: byEmployeeId(user.external_id),
			surveyCode: 'youth',
		});

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			{ method: 'GET', path: `/api/v2/users/by_employee_id/${user.external_id}`, query: {}, body: undefined },
			{ method: 'POST', path: '/api/v2/users/1003/assign_training', query: {}, body: { survey_code: 'youth' } },
		]);
		expect(jsonOf(result)).toEqual([{ ...user, participant: expect.objectContaining({ id: 1003 }) }]);
	});

	it('names a survey code the service does not know by its label, and lists the ones it knows', async () => {
		const result = await runTraining(
			{ operation: 'assign', user: byId(1001), surveyCode: '={{ $json.code }}' },
			{ items: [{ code: 'underwater_basket_weaving' }] },
		);
		const sent = sentRequests(sandbox);
		const codes = await read<Array<{ code: string; description: string }>>('/survey_codes');

		expect(result.error?.message).toBe(
			"'Survey Code Name or ID' underwater_basket_weaving is not a Training the Organization may use [item 0]",
		);
		expect(result.error?.description).toBe(
			`Choose one of the Organization's codes in 'Survey Code Name or ID': ${codes
				.map(({ code, description }) => `${code} (${description})`)
				.join(', ')}. The service's full answer is in the details below.`,
		);
		expect((result.error as { errorResponse?: unknown }).errorResponse).toEqual({ message: 'Invalid survey code' });
		expect(codes.length).toBeGreaterThan(1);
		expect(sent).toEqual([
			{
				method: 'POST',
				path: '/api/v2/users/1001/assign_training',
				query: {},
				body: { survey_code: 'underwater_basket_weaving' },
			},
			{ method: 'GET', path: '/api/v2/survey_codes', query: {}, body: undefined },
		]);
	});

	it.each([
		['Survey Code Name or ID', { user: '1001', code: '' }, 'is required'],
		['User', { user: 'ada', code: 'standard' }, "must be a numeric User ID (or choose 'By External ID')"],
		['User', { user: ' ', code: 'standard' }, 'is required'],
	])('refuses a bad "%s" (%j) and sends nothing', async (label, item, problem) => {
		const result = await runTraining(
			{ operation: 'assign', user: byId('={{ $json.user }}'), surveyCode: '={{ $json.code }}' },
			{ items: [item] },
		);

		expect(result.error?.message).toBe(`'${label}' ${problem} [item 0]`);
		expect(sentRequests(sandbox)).toEqual([]);
	});

	it('with Continue On Fail, puts out an error for the bad item and assigns the others', async () => {
		const items = [{ user: '1001' }, { user: 'ada' }, { user: '1002' }];

		const result = await runTraining(
			{ operation: 'assign', user: byId('={{ $json.user }}'), surveyCode: 'standard' },
			{ items, continueOnFail: true },
		);

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox).map((request) => request.path)).toEqual([
			'/api/v2/users/1001/assign_training',
			'/api/v2/users/1002/assign_training',
		]);
		const output = jsonOf(result);
		expect(output[0].id).toBe(1001);
		expect(output[1]).toEqual({ error: "'User' must be a numeric User ID (or choose 'By External ID') [item 1]" });
		expect(output[2].id).toBe(1002);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});

describe('Resend', () => {
	it('resolves an employee ID, posts the survey code, and outputs the User without Tags', async () => {
		const user = await userWithTrainings();
		const [training] = await read<Training[]>(`/users/${user.id}/trainings`);

		const result = await runTraining({
			operation: 'resend',
			user: byEmployeeId(user.external_id),
			surveyCode: training.survey_code,
		});

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			{ method: 'GET', path: `/api/v2/users/by_employee_id/${user.external_id}`, query: {}, body: undefined },
			{
				method: 'POST',
				path: `/api/v2/users/${user.id}/resend_training`,
				query: {},
				body: { survey_code: training.survey_code },
			},
		]);
		expect(jsonOf(result)).toEqual([userWithoutTags(user)]);
	});

	it('sends no survey code when none is chosen', async () => {
		const user = await userWithTrainings();

		const result = await runTraining({ operation: 'resend', user: byId(user.id) });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			{ method: 'POST', path: `/api/v2/users/${user.id}/resend_training`, query: {}, body: {} },
		]);
		expect(jsonOf(result)).toEqual([userWithoutTags(user)]);
	});

	it("shows the service's message for a survey code it does not know", async () => {
		const result = await runTraining({ operation: 'resend', user: byId(1001), surveyCode: 'nope' });

		expect(result.error?.message).toBe("'Survey Code Name or ID' nope is not a Training the Organization may use [item 0]");
		expect(result.error?.description).toMatch(/^Choose one of the Organization's codes in 'Survey Code Name or ID': /);
		expect(sentRequests(sandbox)).toEqual([
			{ method: 'POST', path: '/api/v2/users/1001/resend_training', query: {}, body: { survey_code: 'nope' } },
			{ method: 'GET', path: '/api/v2/survey_codes', query: {}, body: undefined },
		]);
	});
});

it.each(['getAllForUser', 'assign', 'resend'])(
	'%s refuses a User ID that is not a number, from an expression, and sends nothing',
	async (operation) => {
		const result = await runTraining(
			{ operation, user: byId('={{ $json.user }}'), surveyCode: 'standard' },
			{ items: [{ user: '10 01' }] },
		);

		expect(result.error?.message).toBe("'User' must be a numeric User ID (or choose 'By External ID') [item 0]");
		expect(sentRequests(sandbox)).toEqual([]);
	},
);

describe('Get Survey Codes', () => {
	it('reads /survey_codes and outputs one item per entry', async () => {
		const expected = await read<IDataObject[]>('/survey_codes');
		expect(expected.length).toBeGreaterThan(1);

		const result = await runTraining({ operation: 'getSurveyCodes' });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			{ method: 'GET', path: '/api/v2/survey_codes', query: {}, body: undefined },
		]);
		expect(jsonOf(result)).toEqual(expected);
	});
});

describe('Get Many for User: Return All and Limit (node version 1.1)', () => {
	it('gives as many as Limit asks, all with Return All, and all on a node saved at version 1', async () => {
		const user = await userWithTrainings();
		const all = jsonOf(await runTraining({ operation: 'getAllForUser', user: byId(user.id) }, { typeVersion: 1 }));
		expect(all.length).toBeGreaterThanOrEqual(2);
		// A seeded User has fewer than the default Limit of 50: Limit 1 shows the cut.
		const limited = await runTraining({ operation: 'getAllForUser', user: byId(user.id), limit: 1, simplify: false }, { typeVersion: 1.1 });
		expect(jsonOf(limited)).toEqual(all.slice(0, 1));
		const everything = await runTraining(
			{ operation: 'getAllForUser', user: byId(user.id), returnAll: true, simplify: false },
			{ typeVersion: 1.1 },
		);
		expect(jsonOf(everything)).toEqual(all);
		const saved = await runTraining({ operation: 'getAllForUser', user: byId(user.id), limit: 1 }, { typeVersion: 1 });
		expect(jsonOf(saved)).toEqual(all);
	});
});
