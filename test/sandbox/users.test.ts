import { list, useSandbox } from './helpers';

const USER_FIELDS = [
	'complete_date',
	'direct_login_url',
	'email',
	'employee_id',
	'external_id',
	'first_name',
	'id',
	'last_name',
	'score',
	'tags',
	'user_type',
];
const OFFSET_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

const suite = useSandbox();

const newUser = {
	user: {
		first_name: 'Ada',
		last_name: 'Okafor',
		email: 'ada.okafor@example.org',
		external_id: 'E-900',
		user_type: 'volunteer',
	},
	tag_list: 'Nursery, Greeters',
};

describe('listing Users', () => {
	it('answers the demo Organization\'s Users with the documented fields, employee_id equal to external_id', async () => {
		const answer = await suite.api.get('/users');
		expect(answer.status).toBe(200);
		const users = list(answer);
		expect(users).toHaveLength(25);
		for (const user of users) {
			expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
			expect(user.employee_id).toBe(user.external_id);
			expect(Array.isArray(user.tags)).toBe(true);
			expect(String(user.direct_login_url).startsWith(`${suite.sandbox.url}/`)).toBe(true);
		}
		expect(users.some((user) => typeof user.complete_date === 'string')).toBe(true);
		for (const user of users.filter((entry) => entry.complete_date !== null)) {
			expect(String(user.complete_date)).toMatch(OFFSET_TIMESTAMP);
		}
	});

	it('filters by external_id, by search (name or e-mail, any case) and by tag', async () => {
		const all = list(await suite.api.get('/users'));
		const target = all[4];

		const byExternalId = list(await suite.api.get('/users', { query: { external_id: target.external_id } }));
		expect(byExternalId.map((user) => user.id)).toEqual([target.id]);

		const byLastName = list(await suite.api.get('/users', { query: { search: String(target.last_name).toUpperCase() } }));
		expect(byLastName.map((user) => user.id)).toContain(target.id);
		for (const user of byLastName) {
			expect(`${user.first_name} ${user.last_name} ${user.email}`.toLowerCase()).toContain(
				String(target.last_name).toLowerCase(),
			);
		}

		const byEmail = list(await suite.api.get('/users', { query: { search: target.email } }));
		expect(byEmail.map((user) => user.id)).toEqual([target.id]);

		const byFullName = list(
			await suite.api.get('/users', { query: { search: `${target.first_name} ${target.last_name}`.toLowerCase() } }),
		);
		expect(byFullName.map((user) => user.id)).toContain(target.id);

		const tagged = all.filter((user) => (user.tags as unknown as string[]).includes('Staff'));
		expect(tagged.length).toBeGreaterThan(0);
		const byTag = list(await suite.api.get('/users', { query: { tag: 'staff' } }));
		expect(byTag.map((user) => user.id)).toEqual(tagged.map((user) => user.id));

		expect(list(await suite.api.get('/users', { query: { search: 'no such person anywhere' } }))).toEqual([]);
		expect(list(await suite.api.get('/users', { query: { external_id: 'missing' } }))).toEqual([]);
	});

	it('refuses a page that is not a positive whole number', async () => {
		for (const page of ['abc', '0', '-1']) {
			const answer = await suite.api.get('/users', { query: { page } });
			expect(answer.status).toBe(422);
			expect(Object.keys(answer.body.errors)).toEqual(['page']);
		}
	});
});

describe('one User', () => {
	it('is found by id and by employee id, plain and detailed', async () => {
		const [first] = list(await suite.api.get('/users'));
		const byId = await suite.api.get(`/users/${first.id}`);
		expect(byId.status).toBe(200);
		expect(byId.body).toEqual(first);
		const byEmployeeId = await suite.api.get(`/users/by_employee_id/${first.external_id}`);
		expect(byEmployeeId.body).toEqual(first);

		const detailed = await suite.api.get(`/users/${first.id}/detailed`);
		expect(detailed.status).toBe(200);
		expect(detailed.body).toMatchObject(first);
		expect(Array.isArray(detailed.body.trainings)).toBe(true);
		expect(Array.isArray(detailed.body.background_checks)).toBe(true);
		const detailedByEmployeeId = await suite.api.get(`/users/by_employee_id/${first.external_id}/detailed`);
		expect(detailedByEmployeeId.body).toEqual(detailed.body);
	});

	it('detailed Users carry full Trainings and extended Background Checks', async () => {
		const users = list(await suite.api.get('/users'));
		let trainings = 0;
		let checks = 0;
		for (const user of users) {
			const detailed = (await suite.api.get(`/users/${user.id}/detailed`)).body;
			for (const training of detailed.trainings as unknown as Record<string, unknown>[]) {
				trainings++;
				expect(training.participant).toEqual({
					id: user.id,
					employee_id: user.external_id,
					external_id: user.external_id,
					first_name: user.first_name,
					last_name: user.last_name,
				});
				expect(String(training.created_at)).toMatch(OFFSET_TIMESTAMP);
			}
			for (const check of detailed.background_checks as unknown as Record<string, unknown>[]) {
				checks++;
				expect(check.user_id).toBe(user.id);
				expect(Object.keys(check)).toEqual(
					expect.arrayContaining(['applicant_self_disclosed', 'applicant_self_disclosed_note', 'vendor_flagged']),
				);
			}
		}
		expect(trainings).toBeGreaterThan(0);
		expect(checks).toBeGreaterThan(0);
	});

	it('answers 404 "User not found" for an unknown, non-numeric or unknown employee id', async () => {
		const paths = [
			'/users/999999',
			'/users/abc',
			'/users/abc/detailed',
			'/users/by_employee_id/nobody',
			'/users/by_employee_id/nobody/detailed',
		];
		for (const path of paths) {
			const answer = await suite.api.get(path);
			expect({ path, status: answer.status, body: answer.body }).toEqual({
				path,
				status: 404,
				body: { message: 'User not found' },
			});
		}
	});
});

describe('creating a User', () => {
	it('accepts a form body with bracketed keys and tag_list, answering 201 with the User', async () => {
		const answer = await suite.api.post('/users', { form: newUser });
		expect(answer.status).toBe(201);
		expect(answer.body).toMatchObject({
			first_name: 'Ada',
			last_name: 'Okafor',
			email: 'ada.okafor@example.org',
			external_id: 'E-900',
			employee_id: 'E-900',
			user_type: 'volunteer',
			score: null,
			complete_date: null,
			tags: ['Nursery', 'Greeters'],
		});
		expect(suite.sandbox.requests.at(-1)?.body).toEqual(newUser);
		const found = await suite.api.get(`/users/by_employee_id/E-900`);
		expect(found.body).toEqual(answer.body);
		expect(list(await suite.api.get('/users', { query: { external_id: 'E-900' } }))).toEqual([answer.body]);
		expect(list(await suite.api.get('/tags')).map((tag) => tag.name)).toContain('Greeters');
	});

	it('accepts the same request as JSON, with the same answer', async () => {
		const answer = await suite.api.post('/users', { json: { ...newUser, tag_list: ['Nursery', 'Greeters'] } });
		expect(answer.status).toBe(201);
		expect(answer.body).toMatchObject({ first_name: 'Ada', external_id: 'E-900', tags: ['Nursery', 'Greeters'] });
	});

	it('accepts the shapes live clients send: flat JSON, tags for tag_list, unbracketed form keys; 201 each time', async () => {
		// Flat JSON (docs/spec notes: a client sends first_name ... at the top level).
		const flat = await suite.api.post('/users', { json: { ...newUser.user, external_id: 'E-901', email: 'flat@example.org' } });
		expect(flat.status).toBe(201);
		expect(flat.body).toMatchObject({ first_name: 'Ada', external_id: 'E-901', user_type: 'volunteer', tags: [] });
		// Nested JSON with `tags` as comma-separated text.
		const tagged = await suite.api.post('/users', {
			json: { user: { ...newUser.user, external_id: 'E-902', email: 'tagged@example.org' }, tags: 'Nursery,Greeters' },
		});
		expect(tagged.status).toBe(201);
		expect(tagged.body.tags).toEqual(['Nursery', 'Greeters']);
		// A form without brackets.
		const unbracketed = await suite.api.post('/users', {
			form: { ...newUser.user, external_id: 'E-903', email: 'plain@example.org', tag_list: 'Staff' },
		});
		expect(unbracketed.status).toBe(201);
		expect(unbracketed.body).toMatchObject({ external_id: 'E-903', tags: ['Staff'] });
		// Flat or not, the same checks: every missing field named.
		const empty = await suite.api.post('/users', { json: { user_type: 'employee' } });
		expect(empty.status).toBe(422);
		expect(Object.keys(empty.body.errors).sort()).toEqual(['email', 'external_id', 'first_name', 'last_name']);
	});

	it('names every missing field at once and creates nothing', async () => {
		const before = list(await suite.api.get('/users')).length;
		const answer = await suite.api.post('/users', { form: { user: { user_type: 'visitor' } } });
		expect(answer.status).toBe(422);
		expect(answer.body).toEqual({
			errors: {
				first_name: ["can't be blank"],
				last_name: ["can't be blank"],
				email: ["can't be blank"],
				external_id: ["can't be blank"],
				user_type: ['is not included in the list (employee, volunteer)'],
			},
		});
		expect(list(await suite.api.get('/users'))).toHaveLength(before);
	});

	it('refuses a malformed e-mail and an external_id already taken', async () => {
		const [existing] = list(await suite.api.get('/users'));
		const answer = await suite.api.post('/users', {
			form: { user: { ...newUser.user, email: 'not-an-address', external_id: existing.external_id } },
		});
		expect(answer.status).toBe(422);
		expect(answer.body.errors).toEqual({
			email: ['is not a valid e-mail address'],
			external_id: ['has already been taken'],
		});
	});

	it('answers 400 for a JSON body that cannot be parsed, without quoting it', async () => {
		const answer = await suite.api.post('/users', {
			raw: '{"user": {"first_name": "Ada", "ssn": "123-45-6789"',
			headers: { 'Content-Type': 'application/json' },
		});
		expect(answer.status).toBe(400);
		expect(answer.text).not.toContain('123-45-6789');
		expect(answer.body.message).toMatch(/could not be read/);
	});

	it('answers 413 for a body over 1 MB', async () => {
		const answer = await suite.api.post('/users', { json: { user: { first_name: 'x'.repeat(1100000) } } });
		expect(answer).toMatchObject({ status: 413, body: { message: 'The request body is too large' } });
	});
});

describe('updating a User', () => {
	it('answers 204 without a body and changes only what was sent', async () => {
		const [user] = list(await suite.api.get('/users'));
		const answer = await suite.api.put(`/users/${user.id}`, {
			form: { user: { first_name: 'Renamed', email: 'renamed@example.org' }, tag_list: 'Drivers' },
		});
		expect(answer.status).toBe(204);
		expect(answer.text).toBe('');
		const after = (await suite.api.get(`/users/${user.id}`)).body;
		expect(after).toEqual({ ...user, first_name: 'Renamed', email: 'renamed@example.org', tags: ['Drivers'] });
	});

	it('clears the tags with an empty tag_list, and keeps them when tag_list is absent', async () => {
		const [user] = list(await suite.api.get('/users'));
		await suite.api.put(`/users/${user.id}`, { json: { user: { last_name: 'Kept' } } });
		expect((await suite.api.get(`/users/${user.id}`)).body.tags).toEqual(user.tags);
		await suite.api.put(`/users/${user.id}`, { form: { tag_list: '' } });
		expect((await suite.api.get(`/users/${user.id}`)).body.tags).toEqual([]);
	});

	it('refuses blank names and a malformed e-mail, changing nothing', async () => {
		const [user] = list(await suite.api.get('/users'));
		const answer = await suite.api.put(`/users/${user.id}`, {
			form: { user: { first_name: ' ', last_name: '', email: 'nope' } },
		});
		expect(answer.status).toBe(422);
		expect(answer.body).toEqual({
			errors: {
				first_name: ["can't be blank"],
				last_name: ["can't be blank"],
				email: ['is not a valid e-mail address'],
			},
		});
		expect((await suite.api.get(`/users/${user.id}`)).body).toEqual(user);
	});

	it('answers 404 for an unknown User', async () => {
		const answer = await suite.api.put('/users/999999', { form: { user: { first_name: 'X' } } });
		expect(answer).toMatchObject({ status: 404, body: { message: 'User not found' } });
	});
});

describe('deactivating a User', () => {
	it('answers 204 and removes the User from every list and lookup', async () => {
		const users = list(await suite.api.get('/users'));
		const user = users[2];
		const answer = await suite.api.delete(`/users/${user.id}`);
		expect(answer.status).toBe(204);
		expect(answer.text).toBe('');
		expect((await suite.api.get(`/users/${user.id}`)).status).toBe(404);
		expect((await suite.api.get(`/users/by_employee_id/${user.external_id}`)).status).toBe(404);
		expect((await suite.api.get(`/users/${user.id}/trainings`)).status).toBe(404);
		expect(list(await suite.api.get('/users')).map((entry) => entry.id)).not.toContain(user.id);
		expect((await suite.api.delete(`/users/${user.id}`)).status).toBe(404);
	});

	it('keeps the User\'s Trainings in the Organization\'s list, with the User as participant', async () => {
		const training = list(await suite.api.get('/trainings'))[0];
		const owner = training.participant;
		expect((await suite.api.delete(`/users/${owner.id}`)).status).toBe(204);
		const after = list(await suite.api.get('/trainings')).find((entry) => entry.id === training.id);
		expect(after).toEqual(training);
	});
});

describe('sign-in links', () => {
	it('gives a one-time link that expires five minutes later, by id and by employee id', async () => {
		const [user] = list(await suite.api.get('/users'));
		const before = Date.now();
		const answer = await suite.api.get(`/users/${user.id}/sign_in_link`);
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body).sort()).toEqual(['expires_at', 'sign_in_link']);
		const expiresAt = Date.parse(String(answer.body.expires_at));
		expect(expiresAt).toBeGreaterThanOrEqual(before + 5 * 60 * 1000 - 1000);
		expect(expiresAt).toBeLessThanOrEqual(Date.now() + 5 * 60 * 1000 + 1000);

		const link = String(answer.body.sign_in_link);
		expect(link.startsWith(`${suite.sandbox.url}/`)).toBe(true);
		expect((await fetch(link)).status).toBe(200);
		expect((await fetch(link)).status).toBe(410);

		const byEmployeeId = await suite.api.get(`/users/by_employee_id/${user.external_id}/sign_in_link`);
		expect(byEmployeeId.status).toBe(200);
		expect(byEmployeeId.body.sign_in_link).not.toBe(link);
		expect((await suite.api.get('/users/999999/sign_in_link')).status).toBe(404);
	});
});
