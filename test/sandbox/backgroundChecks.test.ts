import type { Json } from './helpers';
import { createOrganization, createUser, list, useSandbox } from './helpers';

const BASE_FIELDS = ['applicant_interface_url', 'id', 'level', 'order_date', 'results_url', 'status', 'user_id'];
const EXTENDED_FIELDS = [
	...BASE_FIELDS,
	'applicant_self_disclosed',
	'applicant_self_disclosed_note',
	// Not in api-v2.md; the live service's clients read it (docs/spec/decisions.md 32).
	'complete_date',
	'vendor_flagged',
].sort();
const SSN = '078-05-1120';
const DOB = '04/23/1986';

const logLines: string[] = [];
const suite = useSandbox({ log: (line) => logLines.push(line) });

async function firstUser(): Promise<Json> {
	return list(await suite.api.get('/users'))[0];
}

function quickOrder(userId: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		background_check: {
			user_id: userId,
			level: 1,
			quickapp: 'true',
			child_serving: 'true',
			employee_type: 'prospective',
			...extra,
		},
	};
}

function fullOrder(userId: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		background_check: {
			user_id: userId,
			level: 3,
			quickapp: 'false',
			child_serving: 'false',
			employee_type: 'current',
			first_name: 'Samuel',
			last_name: "O'Brien",
			address: '12 Elm St',
			city: 'Dallas',
			county: 'Dallas',
			state: 'TX',
			zip: '75201',
			ssn: SSN,
			dob: DOB,
			email: 'samuel@example.org',
			user_type: 'employee',
			salary_range: '25k_75k',
			age_over_13: 'true',
			...extra,
		},
	};
}

describe('listing Background Checks', () => {
	it('lists the Organization\'s checks in the extended form', async () => {
		const checks = list(await suite.api.get('/background_checks'));
		expect(checks.length).toBeGreaterThan(0);
		for (const check of checks) expect(Object.keys(check).sort()).toEqual(EXTENDED_FIELDS);
		const disclosed = checks.find((check) => (check.applicant_self_disclosed as unknown) === true);
		expect(disclosed).toBeDefined();
		expect(Object.keys(disclosed?.applicant_self_disclosed_note ?? {}).sort()).toEqual([
				'disclosure_status',
				'id',
				'internal_notes',
				'self_disclosed_notes',
			'status',
		]);
		expect(new Set(checks.map((check) => check.status))).toEqual(
			new Set(['complete', 'clear', 'consider', 'processing', 'pending', 'awaiting_applicant', 'cancelled', 'archived']),
		);
		// Results once the vendor finished: complete, clear or consider; none while open, cancelled or archived.
		for (const check of checks) {
			expect([check.status, check.results_url === null]).toEqual([
				check.status,
				!['complete', 'clear', 'consider'].includes(String(check.status)),
			]);
		}
	});

	it('filters by user_id, employee_id and order date', async () => {
		const all = list(await suite.api.get('/background_checks'));
		const target = all[0];
		const owner = (await suite.api.get(`/users/${target.user_id}`)).body;
		const byUser = list(await suite.api.get('/background_checks', { query: { user_id: target.user_id } }));
		expect(byUser.map((check) => check.id)).toEqual(
			all.filter((check) => check.user_id === target.user_id).map((check) => check.id),
		);
		const byEmployee = list(await suite.api.get('/background_checks', { query: { employee_id: owner.external_id } }));
		expect(byEmployee).toEqual(byUser);
		expect(list(await suite.api.get('/background_checks', { query: { employee_id: '424242424' } }))).toEqual([]);

		const orderDay = new Date(String(target.order_date));
		const day = `${orderDay.getUTCMonth() + 1}/${orderDay.getUTCDate()}/${orderDay.getUTCFullYear()}`;
		const sameDay = list(await suite.api.get('/background_checks', { query: { start_date: day, end_date: day } }));
		expect(sameDay.map((check) => check.id)).toContain(target.id);
		for (const check of sameDay) {
			expect(new Date(String(check.order_date)).toISOString().slice(0, 10)).toBe(orderDay.toISOString().slice(0, 10));
		}
	});

	it('refuses a malformed user_id and dates, naming each', async () => {
		const answer = await suite.api.get('/background_checks', {
			query: { user_id: 'abc', start_date: '2025-01-01', end_date: '1/32/2025' },
		});
		expect(answer.status).toBe(422);
		expect(Object.keys(answer.body.errors).sort()).toEqual(['end_date', 'start_date', 'user_id']);
	});

	it('lists a User\'s checks by id and by employee id', async () => {
		const [check] = list(await suite.api.get('/background_checks'));
		const owner = (await suite.api.get(`/users/${check.user_id}`)).body;
		const byId = await suite.api.get(`/users/${owner.id}/background_checks`);
		expect(byId.status).toBe(200);
		expect(list(byId).map((entry) => entry.id)).toContain(check.id);
		expect((await suite.api.get(`/users/by_employee_id/${owner.external_id}/background_checks`)).body).toEqual(byId.body);
		expect((await suite.api.get('/users/999999/background_checks')).body).toEqual({ message: 'User not found' });
	});
});

describe('one Background Check', () => {
	it('is found by id in the extended form; unknown and non-numeric ids are 404', async () => {
		const [check] = list(await suite.api.get('/background_checks'));
		const answer = await suite.api.get(`/background_checks/${check.id}`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual(check);
		for (const id of ['1', 'abc']) {
			expect(await suite.api.get(`/background_checks/${id}`)).toMatchObject({
				status: 404,
				body: { message: 'Background Check not found' },
			});
		}
	});
});

describe('levels', () => {
	it('lists levels 1-7 and their prices at the documented path only', async () => {
		expect((await suite.api.get('/background_checks/available_levels')).body).toEqual([1, 2, 3, 4, 5, 6, 7]);
		const prices = list(await suite.api.get('/background_checks/available_level_prices'));
		expect(prices.map((entry) => entry.level)).toEqual([1, 2, 3, 4, 5, 6, 7]);
		for (const entry of prices) expect(typeof entry.price).toBe('number');
		expect(await suite.api.get('/available_levels')).toMatchObject({ status: 404, body: { message: 'Not found' } });
	});
});

describe('ordering a Background Check', () => {
	it('with quickapp: only the user, a level, child_serving and employee_type; 201 with the base fields', async () => {
		const user = await firstUser();
		const answer = await suite.api.post('/background_checks', { form: quickOrder(user.id) });
		expect(answer.status).toBe(201);
		expect(Object.keys(answer.body).sort()).toEqual(BASE_FIELDS);
		expect(answer.body).toMatchObject({ status: 'processing', results_url: null, user_id: user.id, level: 1 });
		const stored = await suite.api.get(`/background_checks/${answer.body.id}`);
		expect(stored.body).toMatchObject({ ...answer.body, applicant_self_disclosed: false, vendor_flagged: false });
	});

	it('accepts a quick order as nested JSON, flat JSON or a form without brackets, each answered 201 with the check', async () => {
		const user = await firstUser();
		const order = quickOrder(user.id).background_check as Record<string, unknown>;
		const answers = [
			await suite.api.post('/background_checks', { json: { background_check: { ...order, quickapp: true, child_serving: true } } }),
			await suite.api.post('/background_checks', { json: { ...order, user_id: Number(user.id), level: 2 } }),
			await suite.api.post('/background_checks', { form: { ...order, custom_background_check_package_code: 'CUSTOM_BASIC', level: undefined } }),
		];
		expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
		expect(answers.map((answer) => [answer.body.user_id, answer.body.level, answer.body.status])).toEqual([
			[user.id, 1, 'processing'],
			[user.id, 2, 'processing'],
			[user.id, 1, 'processing'],
		]);
		const refused = await suite.api.post('/background_checks', { json: { level: 1 } });
		expect(refused.status).toBe(422);
		expect(Object.keys(refused.body.errors).sort()).toEqual(['child_serving', 'employee_type', 'quickapp', 'user_id']);
	});

	it('without quickapp: the applicant\'s data, accepted as JSON too; the SSN is never echoed or logged', async () => {
		const user = await firstUser();
		logLines.length = 0;
		const form = await suite.api.post('/background_checks', { form: fullOrder(user.id) });
		expect(form.status).toBe(201);
		const json = await suite.api.post('/background_checks', {
			json: fullOrder(user.id, {
				quickapp: false,
				child_serving: false,
				level: 3,
				user_id: Number(user.id),
				driver_license: 'D1234-5678',
				driver_license_state: 'TX',
			}),
		});
		expect(json.status).toBe(201);
		expect(json.body.level).toBe(3);
		for (const answer of [form, json]) expect(answer.text).not.toContain(SSN.slice(-4));
		const recorded = suite.sandbox.requests.filter((request) => request.path === '/api/v2/background_checks');
		expect(recorded).toHaveLength(2);
		for (const request of recorded) {
			expect((request.body as { background_check: { ssn: string } }).background_check.ssn).toBe('[redacted]');
		}
		// What anyone reading the request log over HTTP gets: no SSN, date of birth or driver's licence number.
		const log = await fetch(`${suite.sandbox.url}/sandbox/requests`, {
			headers: { Authorization: `Token token=${suite.sandbox.apiKey}` },
		});
		const logText = await log.text();
		expect(log.status).toBe(200);
		expect(logText).toContain('/api/v2/background_checks');
		for (const secret of [SSN, SSN.slice(-4), DOB, '1986', 'D1234-5678']) expect(logText).not.toContain(secret);
		const logged = (JSON.parse(logText) as Array<{ path: string; body: { background_check: Record<string, unknown> } }>).filter(
			(request) => request.path === '/api/v2/background_checks',
		);
		expect(logged.map((request) => request.body.background_check)).toEqual([
			expect.objectContaining({ ssn: '[redacted]', dob: '[redacted]' }),
			expect.objectContaining({ ssn: '[redacted]', dob: '[redacted]', driver_license: '[redacted]', driver_license_state: 'TX' }),
		]);
		expect(logLines.length).toBeGreaterThan(0);
		expect(logLines.join('\n')).not.toMatch(/1120|ssn/i);
	});

	it('names every missing applicant field at once when quickapp is false', async () => {
		const user = await firstUser();
		const answer = await suite.api.post('/background_checks', {
			form: quickOrder(user.id, { level: 4, quickapp: 'false' }),
		});
		expect(answer.status).toBe(422);
		expect(Object.keys(answer.body.errors).sort()).toEqual(
			[
				'first_name',
				'last_name',
				'address',
				'city',
				'county',
				'ssn',
				'state',
				'zip',
				'dob',
				'email',
				'driver_license',
				'driver_license_state',
			].sort(),
		);
	});

	it('names every required field of an empty order', async () => {
		const answer = await suite.api.post('/background_checks', { form: { background_check: { quickapp: '' } } });
		expect(answer.status).toBe(422);
		expect(answer.body).toEqual({
			errors: {
				user_id: ["can't be blank"],
				level: ['one of level or custom package code is required'],
				quickapp: ["can't be blank"],
				child_serving: ["can't be blank"],
				employee_type: ["can't be blank"],
			},
		});
	});

	it('checks formats and enumerations without repeating the values', async () => {
		const user = await firstUser();
		const answer = await suite.api.post('/background_checks', {
			form: fullOrder(user.id, {
				state: 'Texas',
				zip: '7520',
				dob: '1986-04-23',
				email: 'samuel-at-example',
				user_type: 'visitor',
				salary_range: 'plenty',
				employee_type: 'former',
				child_serving: 'sometimes',
				age_over_13: 'yes',
			}),
		});
		expect(answer.status).toBe(422);
		expect(answer.body.errors).toEqual({
			child_serving: ['must be true or false'],
			employee_type: ['is not included in the list (current, prospective)'],
			user_type: ['is not included in the list (employee, volunteer)'],
			salary_range: ['is not included in the list (under_20k, 20k_25k, 25k_75k, 75k_plus)'],
			age_over_13: ['must be true or false'],
			state: ['must be a two-letter state code'],
			zip: ['must be 5 digits'],
			dob: ['must be a date in mm/dd/yyyy format'],
			email: ['is not a valid e-mail address'],
		});
		expect(answer.text).not.toContain('1986');
	});

	it('needs a driver\'s licence for levels 2, 4-7 and package CUSTOM_DL, not for 1, 3 or CUSTOM_BASIC', async () => {
		const user = await firstUser();
		for (const level of [2, 4, 5, 6, 7]) {
			const answer = await suite.api.post('/background_checks', { form: fullOrder(user.id, { level }) });
			expect({ level, errors: answer.body.errors }).toEqual({
				level,
				errors: { driver_license: ["can't be blank"], driver_license_state: ["can't be blank"] },
			});
		}
		for (const level of [1, 3]) {
			expect((await suite.api.post('/background_checks', { form: fullOrder(user.id, { level }) })).status).toBe(201);
		}
		const withLicence = await suite.api.post('/background_checks', {
			form: fullOrder(user.id, { level: 5, driver_license: 'D1234567', driver_license_state: 'TX' }),
		});
		expect(withLicence.status).toBe(201);
		expect(withLicence.text).not.toContain('D1234567');

		const custom = (code: string, extra: Record<string, unknown> = {}) =>
			fullOrder(user.id, { level: '', custom_background_check_package_code: code, ...extra });
		expect((await suite.api.post('/background_checks', { form: custom('CUSTOM_DL') })).body.errors).toEqual({
			driver_license: ["can't be blank"],
			driver_license_state: ["can't be blank"],
		});
		const basic = await suite.api.post('/background_checks', { form: custom('CUSTOM_BASIC') });
		expect(basic.status).toBe(201);
		expect(basic.body.level).toBe(1);
		const licensed = await suite.api.post('/background_checks', {
			form: custom('CUSTOM_DL', { driver_license: 'D1', driver_license_state: 'ok' }),
		});
		expect(licensed.status).toBe(201);
	});

	it('refuses an unknown level or package, and both at once', async () => {
		const user = await firstUser();
		const errorsOf = async (extra: Record<string, unknown>) =>
			(await suite.api.post('/background_checks', { form: quickOrder(user.id, extra) })).body.errors;
		expect(await errorsOf({ level: 9 })).toEqual({ level: ['is not an available level for this Organization'] });
		expect(await errorsOf({ level: '', custom_background_check_package_code: 'NOPE' })).toEqual({
			custom_background_check_package_code: ['is not a package of this Organization'],
		});
		expect(await errorsOf({ custom_background_check_package_code: 'CUSTOM_BASIC' })).toEqual({
			level: ['give one of level or custom package code, not both'],
		});
	});

	it('refuses a user_id outside the Organization', async () => {
		const created = await createOrganization(suite.api);
		const user = await firstUser();
		const answer = await created.api.post('/background_checks', { form: quickOrder(user.id) });
		expect(answer.status).toBe(422);
		expect(answer.body.errors).toEqual({ user_id: ['is not a User of this Organization'] });
		expect((await suite.api.post('/background_checks', { form: quickOrder('12abc') })).body.errors).toEqual({
			user_id: ['must be a whole number of at least 1'],
		});
	});

	it('allows upfront_payment only with quickapp and the self-pay feature', async () => {
		const user = await firstUser();
		const selfPaid = await suite.api.post('/background_checks', { form: quickOrder(user.id, { upfront_payment: 'true' }) });
		expect(selfPaid.status).toBe(201);
		expect(
			(await suite.api.post('/background_checks', { form: fullOrder(user.id, { upfront_payment: 'true' }) })).body.errors,
		).toEqual({ upfront_payment: ['needs quickapp to be true'] });

		const created = await createOrganization(suite.api);
		const member = await createUser(created.api, { external_id: '7' });
		const refused = await created.api.post('/background_checks', { form: quickOrder(member.id, { upfront_payment: 'true' }) });
		expect(refused.body.errors).toEqual({
			upfront_payment: ['needs self-pay, which is not enabled for this Organization'],
		});
	});

	it('keeps a self-disclosure note', async () => {
		const user = await firstUser();
		const answer = await suite.api.post('/background_checks', {
			form: quickOrder(user.id, { applicant_self_disclosed: 'true', applicant_self_disclosed_notes: 'Parking fine.' }),
		});
		const stored = (await suite.api.get(`/background_checks/${answer.body.id}`)).body;
		expect(stored.applicant_self_disclosed).toBe(true);
		expect(stored.applicant_self_disclosed_note).toMatchObject({
			self_disclosed_notes: 'Parking fine.',
			internal_notes: null,
		});
	});
});

describe('archiving a Background Check', () => {
	it('answers 200 with the base fields, status archived and no results_url', async () => {
		const complete = list(await suite.api.get('/background_checks')).find((check) => String(check.status) === 'complete');
		const answer = await suite.api.put(`/background_checks/${complete?.id}/archive`);
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body).sort()).toEqual(BASE_FIELDS);
		expect(answer.body).toMatchObject({ id: complete?.id, status: 'archived', results_url: null });
		expect((await suite.api.get(`/background_checks/${complete?.id}`)).body.status).toBe('archived');
	});

	it('answers 404 with a message for an unknown check', async () => {
		expect(await suite.api.put('/background_checks/1/archive')).toMatchObject({
			status: 404,
			body: { message: 'Background Check not found' },
		});
	});
});

describe('what the live service shows beyond api-v2.md', () => {
	it('lists the custom packages as its clients read them: id, name, code and price', async () => {
		const answer = await suite.api.get('/custom_background_check_packages');
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual([
			{ id: 31, name: 'Staff with driving record', code: 'CUSTOM_DL', price: 42 },
			{ id: 32, name: 'Volunteer basic', code: 'CUSTOM_BASIC', price: 18 },
		]);
	});

	it('moves a check pending -> awaiting_applicant -> clear, with a completion date and results only at the end', async () => {
		const user = await firstUser();
		const ordered = await suite.api.post('/background_checks', { form: quickOrder(user.id) });
		const id = String(ordered.body.id);
		const moved = async (status: string) => (await suite.control.post(`/background_checks/${id}/ready`, { json: { status } })).body;
		expect(await moved('pending')).toMatchObject({ status: 'pending', complete_date: null, results_url: null });
		expect(await moved('awaiting_applicant')).toMatchObject({ status: 'awaiting_applicant', complete_date: null, results_url: null });
		const cleared = await moved('clear');
		expect(cleared).toMatchObject({ status: 'clear', results_url: expect.stringContaining(`/background_checks/${id}/results`) });
		expect(String(cleared.complete_date)).toMatch(/^\d{4}-\d{2}-\d{2}T.*[+-]\d{2}:\d{2}$/);
		expect((await suite.api.get(`/background_checks/${id}`)).body).toMatchObject({ status: 'clear', complete_date: cleared.complete_date });
		// Finished: it moves no further.
		expect((await suite.control.post(`/background_checks/${id}/ready`, { json: { status: 'consider' } })).status).toBe(422);
	});

	it('finishes in the vendor\'s own word (consider), and refuses what is no status word, or archived', async () => {
		const user = await firstUser();
		const ordered = await suite.api.post('/background_checks', { form: quickOrder(user.id) });
		const id = String(ordered.body.id);
		for (const status of ['archived', 'not a status!', 'x'.repeat(41)]) {
			expect((await suite.control.post(`/background_checks/${id}/ready`, { json: { status } })).status).toBe(422);
		}
		expect((await suite.control.post(`/background_checks/${id}/ready`, { json: { status: 'consider' } })).body).toMatchObject({
			status: 'consider',
		});
	});
});

