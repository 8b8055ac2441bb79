// The Background Check operations, run by n8n's engine against the sandbox over real HTTP: what the sandbox received,
// and what the node put out compared with the records the sandbox holds. Ordering a check carries the applicant's
// SSN, date of birth and driver's licence: none of them may appear in an error or an output.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { RunActionOptions } from '../helpers/n8n';
import { runDay } from '../helpers/clock';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { applicantItem, orderFromItem } from '../helpers/backgroundCheck';
import { ok, sandboxClients, sentRequests } from '../helpers/sandbox';

type BackgroundCheck = IDataObject & { id: number; user_id: number; level: number; status: string };
type User = IDataObject & { id: number; external_id: string };

let sandbox: Sandbox;

// Enough Users for the Organization's Background Checks to fill more than one page of 100.
beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, users: 250 });
});
afterAll(async () => {
	await sandbox.stop();
});
beforeEach(() => sandbox.reset());

const runBackgroundCheck = (parameters: INodeParameters, options: Partial<RunActionOptions> = {}) =>
	runActionNode({ parameters: { resource: 'backgroundCheck', ...parameters }, credential: sandbox, ...options });

/** Reads from the sandbox's API, then forgets that request, so that only the node's requests are left. */
async function read<T>(path: string, query?: Record<string, unknown>): Promise<T> {
	const body = ok(await sandboxClients(sandbox).api.get(path, { query })) as T;
	sandbox.clearRequests();
	return body;
}

async function allBackgroundChecks(query: Record<string, unknown> = {}): Promise<BackgroundCheck[]> {
	const checks: BackgroundCheck[] = [];
	for (let page = 1; ; page++) {
		const records = await read<BackgroundCheck[]>('/background_checks', { ...query, page });
		checks.push(...records);
		if (records.length < 100) return checks;
	}
}

/** A seeded User with two Background Checks, so that a list of one proves nothing by accident. */
async function userWithChecks(): Promise<User> {
	const counts = new Map<number, number>();
	for (const check of await allBackgroundChecks()) counts.set(check.user_id, (counts.get(check.user_id) ?? 0) + 1);
	const id = [...counts].find(([, count]) => count >= 2)?.[0];
	if (id === undefined) throw new Error('The seed has no User with two Background Checks');
	return await read<User>(`/users/${id}`);
}

/** A new User whose External ID is not a number, with one Background Check. */
async function userWithExternalId(externalId: string): Promise<User> {
	const { api } = sandboxClients(sandbox);
	const user = ok(
		await api.post('/users', {
			json: { user: { first_name: 'Ada', last_name: 'Text', email: 'ada.text@example.org', external_id: externalId } },
		}),
	) as User;
	ok(
		await api.post('/background_checks', {
			json: { background_check: { user_id: user.id, level: 1, quickapp: true, child_serving: false, employee_type: 'prospective' } },
		}),
	);
	sandbox.clearRequests();
	return user;
}

const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });
const byEmployeeId = (employeeId: string) => ({ __rl: true, mode: 'employeeId', value: employeeId });
const getRequest = (path: string, query: IDataObject = {}) => ({ method: 'GET', path, query, body: undefined });

describe('Get Many', () => {
	it('reads one page up to the Limit', async () => {
		const expected = (await read<BackgroundCheck[]>('/background_checks', { page: 1 })).slice(0, 5);

		const result = await runBackgroundCheck({ operation: 'getAll', limit: 5 });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([getRequest('/api/v2/background_checks', { page: '1' })]);
		expect(jsonOf(result)).toEqual(expected);
	});

	it('reads every page with Return All', async () => {
		const expected = await allBackgroundChecks();
		expect(expected.length).toBeGreaterThan(200);
		expect(expected.length).toBeLessThan(300);

		const result = await runBackgroundCheck({ operation: 'getAll', returnAll: true });

		expect(result.error).toBeUndefined();
		// Page 1 alone; once it is full, pages 2 to 5 are read ahead at once, and page 2 full adds page 6: three pages
		// are read past the end (4 to 6), as many as the read-ahead may waste.
		expect(sentRequests(sandbox).map(({ query }) => Number(query.page)).sort()).toEqual([1, 2, 3, 4, 5, 6]);
		expect(sentRequests(sandbox)[0]).toEqual(getRequest('/api/v2/background_checks', { page: '1' }));
		expect(jsonOf(result)).toEqual(expected);
	});

	it('sends the date filters as mm/dd/yyyy in the workflow time zone', async () => {
		// A window of the seed, relative to the run's day: from about 3 years back to about a year later.
		const from = runDay(-1100);
		const end = runDay(-700);
		const usDate = (date: Date) =>
			`${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${date.getUTCFullYear()}`;
		const query = { start_date: usDate(from), end_date: usDate(end) };
		const expected = await allBackgroundChecks(query);
		expect(expected.length).toBeGreaterThan(0);

		// 05:30 UTC on the day after the end is still the end day in Los Angeles.
		const endInstant = new Date(end.getTime() + 29.5 * 60 * 60 * 1000).toISOString();
		const result = await runBackgroundCheck(
			{ operation: 'getAll', returnAll: true, filters: { startDate: usDate(from).replace(/^0/, ''), endDate: endInstant } },
			{ timezone: 'America/Los_Angeles' },
		);

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([getRequest('/api/v2/background_checks', { page: '1', ...query })]);
		expect(jsonOf(result)).toEqual(expected);
	});

	it('filters on a User ID and on an External ID of digits, as the service takes them', async () => {
		const user = await userWithChecks();
		const expected = await allBackgroundChecks({ user_id: user.id });
		expect(expected.length).toBeGreaterThanOrEqual(2);

		const result = await runBackgroundCheck(
			{
				operation: 'getAll',
				limit: 10,
				filters: { userId: '={{ $json.userId }}', employeeId: '={{ $json.employeeId }}' },
			},
			{ items: [{ userId: user.id }, { employeeId: user.external_id }] },
		);

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			getRequest('/api/v2/background_checks', { page: '1', user_id: String(user.id) }),
			getRequest('/api/v2/background_checks', { page: '1', employee_id: user.external_id }),
		]);
		expect(jsonOf(result)).toEqual([...expected, ...expected]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			...expected.map(() => ({ item: 0 })),
			...expected.map(() => ({ item: 1 })),
		]);
	});

	it.each([
		['User ID', { userId: 'abc' }, 'must be a whole number'],
		['User ID', { userId: 1.5 }, 'must be a whole number'],
		['User ID', { userId: 0 }, 'must be a whole number of at least 1'],
		['Start Date', { from: '2025/03/07' }, 'must be a date (MM/DD/YYYY or an ISO date such as 2025-03-07)'],
		['End Date', { from: '03/08/2025', to: '3/7/2025' }, "must not be before 'Start Date'"],
	])('refuses a bad "%s" (%j) and sends nothing', async (label, item, problem) => {
		const result = await runBackgroundCheck(
			{
				operation: 'getAll',
				limit: 5,
				filters: {
					userId: '={{ $json.userId }}',
					employeeId: '={{ $json.employeeId }}',
					startDate: '={{ $json.from }}',
					endDate: '={{ $json.to }}',
				},
			},
			{ items: [item] },
		);

		expect(result.error?.message).toBe(`'${label}' ${problem} [item 0]`);
		expect(sentRequests(sandbox)).toEqual([]);
	});

	// Issue 29: External ID is text here as everywhere else; the service filters on digits only, so another External ID
	// is looked up and filtered by its user's ID.
	it('filters on an External ID that is not a number through its user', async () => {
		const user = await userWithExternalId('HR-1042');
		const expected = await allBackgroundChecks({ user_id: user.id });
		expect(expected).toHaveLength(1);

		const result = await runBackgroundCheck({ operation: 'getAll', returnAll: true, filters: { employeeId: ' HR-1042 ' } });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			getRequest('/api/v2/users/by_employee_id/HR-1042'),
			getRequest('/api/v2/background_checks', { page: '1', user_id: String(user.id) }),
		]);
		expect(jsonOf(result)).toEqual(expected);
	});

	it('gives nothing for a User ID and an External ID of two different users', async () => {
		const user = await userWithExternalId('HR-1042');

		const result = await runBackgroundCheck({
			operation: 'getAll',
			returnAll: true,
			filters: { employeeId: 'HR-1042', userId: String(user.id + 1) },
		});

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([]);
		expect(sentRequests(sandbox)).toEqual([getRequest('/api/v2/users/by_employee_id/HR-1042')]);
	});

	it('sends no filter that was added and left empty', async () => {
		const result = await runBackgroundCheck({
			operation: 'getAll',
			limit: 5,
			filters: { employeeId: '', userId: '', startDate: '', endDate: '' },
		});

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([getRequest('/api/v2/background_checks', { page: '1' })]);
		expect(jsonOf(result)).toHaveLength(5);
	});
});

describe('Get Many for User', () => {
	it('reads /users/:id/background_checks', async () => {
		const user = await userWithChecks();
		const expected = await read<BackgroundCheck[]>(`/users/${user.id}/background_checks`);
		expect(expected.length).toBeGreaterThanOrEqual(2);

		const result = await runBackgroundCheck({ operation: 'getAllForUser', user: byId(user.id) });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([getRequest(`/api/v2/users/${user.id}/background_checks`)]);
		expect(jsonOf(result)).toEqual(expected);
		expect(expected.every((check) => check.user_id === user.id)).toBe(true);
	});

	it('reads /users/by_employee_id/:eid/background_checks for a User chosen by employee ID', async () => {
		const user = await userWithChecks();
		const expected = await read<BackgroundCheck[]>(`/users/${user.id}/background_checks`);

		const result = await runBackgroundCheck({ operation: 'getAllForUser', user: byEmployeeId(user.external_id) });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			getRequest(`/api/v2/users/by_employee_id/${user.external_id}/background_checks`),
		]);
		expect(jsonOf(result)).toEqual(expected);
	});
	it('refuses a User ID that is not a number, from an expression, and sends nothing', async () => {
		const result = await runBackgroundCheck(
			{ operation: 'getAllForUser', user: byId('={{ $json.user }}') },
			{ items: [{ user: 'HR-1' }] },
		);

		expect(result.error?.message).toBe("'User' must be a numeric User ID (or choose 'By External ID') [item 0]");
		expect(sentRequests(sandbox)).toEqual([]);
	});
});

describe('Get and Archive', () => {
	it('gets one Background Check by ID', async () => {
		const [, second] = await read<BackgroundCheck[]>('/background_checks', { page: 1 });

		const result = await runBackgroundCheck({ operation: 'get', backgroundCheckId: second.id });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([getRequest(`/api/v2/background_checks/${second.id}`)]);
		expect(jsonOf(result)).toEqual([second]);
	});

	it('archives a Background Check with PUT, and the record is archived afterwards', async () => {
		const checks = await read<BackgroundCheck[]>('/background_checks', { page: 1 });
		const check = checks.find((candidate) => candidate.status !== 'archived') as BackgroundCheck;

		const result = await runBackgroundCheck(
			{ operation: 'archive', backgroundCheckId: '={{ $json.id }}' },
			{ items: [{ id: check.id }] },
		);

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			{ method: 'PUT', path: `/api/v2/background_checks/${check.id}/archive`, query: {}, body: undefined },
		]);
		const stored = await read<BackgroundCheck>(`/background_checks/${check.id}`);
		expect(stored.status).toBe('archived');
		const [output] = jsonOf(result);
		expect(output.status).toBe('archived');
		expect(stored).toMatchObject(output);
	});

	it.each(['get', 'archive'])('%s names the Background Check the service did not find', async (operation) => {
		const result = await runBackgroundCheck({ operation, backgroundCheckId: 999 });

		expect(result.error?.message).toBe('Background Check 999 was not found [item 0]');
		expect(sentRequests(sandbox)).toHaveLength(1);
	});

	it.each([
		['get', 'abc', 'must be a whole number'],
		['get', 2.5, 'must be a whole number'],
		['archive', -3, 'must be a whole number of at least 1'],
		['archive', '', 'is required'],
	])('%s refuses the Background Check ID %j and sends nothing', async (operation, id, problem) => {
		const result = await runBackgroundCheck(
			{ operation, backgroundCheckId: '={{ $json.id }}' },
			{ items: [{ id }] },
		);

		expect(result.error?.message).toBe(`'Background Check ID' ${problem} [item 0]`);
		expect(sentRequests(sandbox)).toEqual([]);
	});
});

describe('Levels', () => {
	it('Get Levels puts out one item per level', async () => {
		const levels = await read<number[]>('/background_checks/available_levels');
		expect(levels.length).toBeGreaterThan(1);

		const result = await runBackgroundCheck({ operation: 'getLevels' });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([getRequest('/api/v2/background_checks/available_levels')]);
		expect(jsonOf(result)).toEqual(levels.map((level) => ({ level })));
	});

	it('Get Level Prices puts out one item per level and price', async () => {
		const prices = await read<IDataObject[]>('/background_checks/available_level_prices');
		expect(prices.length).toBeGreaterThan(1);

		const result = await runBackgroundCheck({ operation: 'getLevelPrices' });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([getRequest('/api/v2/background_checks/available_level_prices')]);
		expect(jsonOf(result)).toEqual(prices);
	});
});

const applicant = applicantItem as typeof applicantItem & { ssn: string; dob: string; dl: string };

/** An order without QuickApp, every applicant field from the item. */
const fullOrder = (extra: INodeParameters = {}): INodeParameters => ({ ...orderFromItem, ...extra });

/** Nothing sensitive of the applicant's anywhere in what n8n keeps of an error or an output. */
function expectNoApplicantSecrets(value: unknown) {
	const text = JSON.stringify(value);
	for (const secret of [applicant.ssn, '123456789', applicant.dl, '03/07/1990', applicant.dob, '1990-03-07']) {
		expect(text).not.toContain(secret);
	}
}

describe('Create', () => {
	it('orders a QuickApp check with bracketed keys, and outputs the record the sandbox stored', async () => {
		const result = await runBackgroundCheck({
			operation: 'create',
			user: byId(1002),
			package: 'level',
			level: 3,
			quickapp: true,
			childServing: true,
			employeeType: 'current',
			additionalFields: {
				userType: 'volunteer',
				salaryRange: '25k_75k',
				ageOver13: true,
				applicantSelfDisclosed: true,
				applicantSelfDisclosedNotes: 'Speeding ticket in 2019.',
				upfrontPayment: true,
			},
		});

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			{
				method: 'POST',
				path: '/api/v2/background_checks',
				query: {},
				body: {
					background_check: {
						user_id: '1002',
						level: '3',
						quickapp: 'true',
						child_serving: 'true',
						employee_type: 'current',
						user_type: 'volunteer',
						salary_range: '25k_75k',
						age_over_13: 'true',
						applicant_self_disclosed: 'true',
						applicant_self_disclosed_notes: 'Speeding ticket in 2019.',
						upfront_payment: 'true',
					},
				},
			},
		]);
		const [output] = jsonOf(result);
		const stored = await read<BackgroundCheck>(`/background_checks/${output.id}`);
		expect(stored).toMatchObject(output);
		expect(stored).toMatchObject({ user_id: 1002, level: 3, status: 'processing', applicant_self_disclosed: true });
	});

	it("orders without QuickApp with the applicant's details, dob as MM/DD/YYYY, and no secret in the output", async () => {
		const result = await runBackgroundCheck(fullOrder(), { items: [{ ...applicant, level: 2 }] });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			{
				method: 'POST',
				path: '/api/v2/background_checks',
				query: {},
				body: {
					background_check: {
						user_id: '1001',
						level: '2',
						quickapp: 'false',
						child_serving: 'true',
						employee_type: 'prospective',
						first_name: 'Ada',
						last_name: 'Okafor',
						email: 'ada.okafor@example.org',
						address: '12 Elm Street',
						city: 'Plano',
						county: 'Collin',
						state: 'TX',
						zip: '75001',
						// The sandbox's request log redacts them (the sandbox checked their format: 201); inputs.test.ts
						// reads the date of birth as sent from a server of its own.
						ssn: '[redacted]',
						dob: '[redacted]',
						driver_license: '[redacted]',
						driver_license_state: 'TX',
					},
				},
			},
		]);
		const [output] = jsonOf(result);
		expect(await read<BackgroundCheck>(`/background_checks/${output.id}`)).toMatchObject(output);
		expectNoApplicantSecrets(jsonOf(result));
	});

	it('orders a custom package by its code, with the driver licence left out when not given', async () => {
		const result = await runBackgroundCheck(
			fullOrder({ package: 'custom', customPackageCode: 'CUSTOM_BASIC' }),
			{ items: [{ ...applicant, dl: '', dlState: '' }] },
		);

		expect(result.error).toBeUndefined();
		const [request] = sentRequests(sandbox);
		const sent = (request.body as { background_check: IDataObject }).background_check;
		expect(sent.custom_background_check_package_code).toBe('CUSTOM_BASIC');
		expect(sent).not.toHaveProperty('level');
		expect(sent).not.toHaveProperty('driver_license');
		expect(sent).not.toHaveProperty('driver_license_state');
		const [output] = jsonOf(result);
		expect(await read<BackgroundCheck>(`/background_checks/${output.id}`)).toMatchObject(output);
	});

	it('resolves an employee ID to the User ID with one lookup, then orders for the numeric ID', async () => {
		const user = await read<User>('/users/1004');

		const result = await runBackgroundCheck({
			operation: 'create',
			user: byEmployeeId(user.external_id),
			level: 1,
			quickapp: true,
			childServing: false,
			employeeType: 'prospective',
		});

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox)).toEqual([
			getRequest(`/api/v2/users/by_employee_id/${user.external_id}`),
			{
				method: 'POST',
				path: '/api/v2/background_checks',
				query: {},
				body: {
					background_check: {
						user_id: '1004',
						level: '1',
						quickapp: 'true',
						child_serving: 'false',
						employee_type: 'prospective',
					},
				},
			},
		]);
		const [output] = jsonOf(result);
		expect(await read<BackgroundCheck>(`/background_checks/${output.id}`)).toMatchObject({ ...output, user_id: 1004 });
	});

	const dateProblem = 'must be a date (MM/DD/YYYY or an ISO date such as 2025-03-07)';
	it.each([
		['Package', { pkg: 'gold' }, "must be one of 'Custom Package' or 'Level' (in an expression: custom, level)"],
		['Level', { level: 'three' }, 'must be a whole number'],
		['Level', { level: 0 }, 'must be a whole number of at least 1'],
		['Level', { level: '' }, 'is required'],
		['QuickApp', { quick: 'maybe' }, 'must be true or false'],
		['Child Serving', { child: 'yes' }, 'must be true or false'],
		['Employee Type', { type: 'former' }, "must be one of 'Current' or 'Prospective' (in an expression: current, prospective)"],
		['First Name', { first: ' ' }, 'is required'],
		['Last Name', { last: '' }, 'is required'],
		['Email', { mail: 'ada.example.org' }, 'must be an email address'],
		['Street Address', { street: '' }, 'is required'],
		['City', { city: '' }, 'is required'],
		['County', { county: '' }, 'is required'],
		['State', { state: 'Texas' }, 'must be a two-letter state code, for example TX'],
		['ZIP Code', { zip: '7500' }, 'must be five digits'],
		['ZIP Code', { zip: '75001-1234' }, 'must be five digits'],
		['Social Security Number', { ssn: '' }, 'is required'],
		['Date of Birth', { dob: '' }, 'is required'],
		['Date of Birth', { dob: '02/30/1990' }, dateProblem],
		['Date of Birth', { dob: 'March 7th 1990' }, dateProblem],
		// Levels 2, 4, 5, 6 and 7 need the driver's licence; a licence needs its state.
		['Driver License Number', { level: 4, dl: '' }, 'is required for Level 4'],
		['Driver License State', { level: 3, dlState: '' }, 'is required'],
		['Driver License State', { dlState: 'T' }, 'must be a two-letter state code, for example TX'],
		['Upfront Payment', { upfront: true }, "needs 'QuickApp' to be on"],
		['Salary Range', { salary: '100k' }, "must be one of 'Under $20k', '$20k to $25k', '$25k to $75k' or '$75k or More' (in an expression: under_20k, 20k_25k, 25k_75k, 75k_plus)"],
		['User Type', { userType: 'staff' }, "must be one of 'Employee' or 'Volunteer' (in an expression: employee, volunteer)"],
		['User', { user: 'ada' }, "must be a numeric User ID (or choose 'By External ID')"],
	])('refuses a bad "%s" (%j), sends nothing and repeats no secret', async (label, override, problem) => {
		const item = {
			...applicant,
			pkg: 'level',
			code: 'CUSTOM_BASIC',
			quick: false,
			child: true,
			upfront: false,
			salary: 'under_20k',
			userType: 'employee',
			...override,
		};

		const result = await runBackgroundCheck(
			fullOrder({
				// With these two as expressions n8n shows, and demands, the fields of every choice.
				package: '={{ $json.pkg }}',
				customPackageCode: '={{ $json.code }}',
				quickapp: '={{ $json.quick }}',
				childServing: '={{ $json.child }}',
				additionalFields: {
					upfrontPayment: '={{ $json.upfront }}',
					salaryRange: '={{ $json.salary }}',
					userType: '={{ $json.userType }}',
				},
			}),
			{ items: [item] },
		);

		expect(result.error?.message).toBe(`'${label}' ${problem} [item 0]`);
		expect(result.error?.description).toContain('Nothing was sent to the service');
		expect(sentRequests(sandbox)).toEqual([]);
		expectNoApplicantSecrets(result.error);
		expectNoApplicantSecrets({ message: result.error?.message, description: result.error?.description });
	});

	it('reports every problem of the item in one error, each by its label, and sends nothing', async () => {
		const item = { ...applicantItem, level: 2, dl: '', state: 'Texas', zip: '7500' };
		const result = await runBackgroundCheck(fullOrder(), { items: [item] });

		expect(result.error?.message).toBe(
			"3 fields need correcting: 'State' must be a two-letter state code, for example TX; " +
				"'ZIP Code' must be five digits; 'Driver License Number' is required for Level 2 [item 0]",
		);
		expect(result.error?.description).toBe(
			"Correct 'State', 'ZIP Code' and 'Driver License Number' in the node's parameters or in the input item 0. " +
				'Nothing was sent to the service.',
		);
		expect(sentRequests(sandbox)).toEqual([]);
		expectNoApplicantSecrets(result.error);
	});

	it('never repeats a bad date of birth in the error', async () => {
		const result = await runBackgroundCheck(fullOrder(), { items: [{ ...applicant, level: 3, dob: '13/45/1990' }] });

		expect(result.error?.message).toBe(`'Date of Birth' ${dateProblem} [item 0]`);
		expect(JSON.stringify(result.error)).not.toContain('13/45/1990');
		expect(result.error?.description).not.toContain('13/45/1990');
		expect(sentRequests(sandbox)).toEqual([]);
	});

	it("shows the service's field errors for a level the Organization may not order", async () => {
		const result = await runBackgroundCheck(fullOrder(), { items: [{ ...applicant, level: 9 }] });

		expect(result.error?.message).toBe(
			"The service rejected the request: 'Level' is not an available level for this Organization [item 0]",
		);
		expect(sentRequests(sandbox)).toHaveLength(1);
		expectNoApplicantSecrets(result.error);
	});
});

describe("A service answer that echoes the applicant's secrets", () => {
	/** A stand-in for a service that repeats what it was sent in its error answer, as some validators do. */
	let echo: http.Server;
	let echoUrl: string;
	let received: string[];

	beforeAll(async () => {
		received = [];
		echo = http.createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				const body = Buffer.concat(chunks).toString('utf8');
				received.push(`${req.method} ${req.url} ${body}`);
				const form = new URLSearchParams(body);
				const ssn = form.get('background_check[ssn]');
				const dob = form.get('background_check[dob]');
				const licence = form.get('background_check[driver_license]');
				res.writeHead(422, { 'Content-Type': 'application/json' }).end(
					JSON.stringify({
						errors: { ssn: [`${ssn} is not a valid SSN`], dob: [`${dob} is too young`] },
						message: `Rejected applicant ${ssn} born ${dob} licence ${licence}`,
					}),
				);
			});
		});
		await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
		echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
	});
	afterAll(async () => {
		await new Promise<void>((resolve) => echo.close(() => resolve()));
	});

	it('is redacted in the error message, its description and the raw answer kept on the error', async () => {
		const result = await runActionNode({
			parameters: fullOrder(),
			items: [{ ...applicant, level: 2 }],
			credential: { url: echoUrl, apiKey: 'echo-key' },
		});

		// The request did carry the secrets, and the answer repeated them.
		expect(received).toHaveLength(1);
		expect(received[0]).toContain('POST /api/v2/background_checks');
		expect(decodeURIComponent(received[0])).toContain(applicant.ssn);
		expect(result.error?.message).toBe(
			"The service rejected the request: 'Social Security Number' [redacted] is not a valid SSN; 'Date of Birth' [redacted] is too young [item 0]",
		);
		expectNoApplicantSecrets(result.error);
		expectNoApplicantSecrets(result.run.data.resultData.runData.MinistrySafe);
	});
});

describe('Background Check as a resource locator (node version 1.1)', () => {
	it('gets and archives the check chosen By ID or From List, and a version 1 node keeps its number field', async () => {
		const [check] = ok(await sandboxClients(sandbox).api.get('/background_checks')) as IDataObject[];
		sandbox.clearRequests();
		for (const mode of ['id', 'list']) {
			const locator = { __rl: true, mode, value: String(check.id) };
			const got = await runBackgroundCheck({ operation: 'get', backgroundCheckId: locator, simplify: false }, { typeVersion: 1.1 });
			expect(got.error).toBeUndefined();
			expect(jsonOf(got)).toEqual([expect.objectContaining({ id: check.id })]);
		}
		const saved = await runBackgroundCheck({ operation: 'get', backgroundCheckId: Number(check.id) }, { typeVersion: 1 });
		expect(jsonOf(saved)).toEqual([expect.objectContaining({ id: check.id })]);
		expect(sentRequests(sandbox).map(({ method, path }) => `${method} ${path}`)).toEqual(
			Array.from({ length: 3 }, () => `GET /api/v2/background_checks/${String(check.id)}`),
		);
	});

	it('refuses a locator that is not a whole number, by its label, and sends nothing', async () => {
		const result = await runBackgroundCheck(
			{ operation: 'archive', backgroundCheckId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			{ typeVersion: 1.1, items: [{ id: '12abc' }] },
		);
		expect(result.error?.message).toBe("'Background Check' must be a whole number [item 0]");
		expect(sentRequests(sandbox)).toEqual([]);
	});
});
