import type { Json } from './helpers';
import { createOrganization, createUser, list, useSandbox } from './helpers';

const TRAINING_FIELDS = [
	'certificate_url',
	'complete_date',
	'created_at',
	'id',
	'participant',
	'score',
	'survey_code',
	'survey_name',
	'winner',
];

const suite = useSandbox();

async function firstUser(): Promise<Json> {
	return list(await suite.api.get('/users'))[0];
}

/** The UTC calendar day of an ISO timestamp, as m/d/yyyy without zero padding. */
function unpaddedUtcDay(timestamp: string): string {
	const date = new Date(timestamp);
	return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
}

describe('the Organization\'s Trainings', () => {
	it('lists every Training with the documented fields', async () => {
		const trainings = list(await suite.api.get('/trainings'));
		expect(trainings.length).toBeGreaterThan(0);
		let perUserTotal = 0;
		for (const user of list(await suite.api.get('/users'))) {
			perUserTotal += list(await suite.api.get(`/users/${user.id}/trainings`)).length;
		}
		expect(trainings).toHaveLength(perUserTotal);
		for (const training of trainings) expect(Object.keys(training).sort()).toEqual(TRAINING_FIELDS);
		const completed = trainings.find((training) => (training.winner as unknown) === true);
		expect(String(completed?.certificate_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/certificates\/\d+\.pdf$/);
	});

	it('filters on the assignment date, both ends included, with m/d/yyyy or mm/dd/yyyy', async () => {
		const all = list(await suite.api.get('/trainings'));
		const target = all[Math.floor(all.length / 2)];
		const day = unpaddedUtcDay(String(target.created_at));
		const sameDay = list(await suite.api.get('/trainings', { query: { start_date: day, end_date: day } }));
		expect(sameDay.map((training) => training.id)).toContain(target.id);
		for (const training of sameDay) expect(unpaddedUtcDay(String(training.created_at))).toBe(day);

		const [month, date, year] = day.split('/');
		const padded = `${month.padStart(2, '0')}/${date.padStart(2, '0')}/${year}`;
		expect(list(await suite.api.get('/trainings', { query: { start_date: padded, end_date: padded } }))).toEqual(sameDay);

		const fromTarget = list(await suite.api.get('/trainings', { query: { start_date: day } }));
		const dayStart = Date.UTC(Number(year), Number(month) - 1, Number(date));
		const expected = all.filter((training) => Date.parse(String(training.created_at)) >= dayStart);
		expect(fromTarget.map((training) => training.id)).toEqual(expected.map((training) => training.id));
	});

	it('refuses dates in any other format, naming each bad field', async () => {
		const answer = await suite.api.get('/trainings', { query: { start_date: '2025-03-01', end_date: '13/01/2025' } });
		expect(answer.status).toBe(422);
		expect(answer.body).toEqual({
			errors: {
				start_date: ['must be a date in mm/dd/yyyy format'],
				end_date: ['must be a date in mm/dd/yyyy format'],
			},
		});
		expect((await suite.api.get('/trainings', { query: { start_date: '02/30/2025' } })).status).toBe(422);
	});

	it('lists a User\'s Trainings by id and by employee id, and 404 for an unknown User', async () => {
		const user = await firstUser();
		const byId = await suite.api.get(`/users/${user.id}/trainings`);
		expect(byId.status).toBe(200);
		const byEmployeeId = await suite.api.get(`/users/by_employee_id/${user.external_id}/trainings`);
		expect(byEmployeeId.body).toEqual(byId.body);
		for (const training of list(byId)) expect(training.participant.id).toBe(user.id);
		expect((await suite.api.get('/users/999999/trainings')).body).toEqual({ message: 'User not found' });
		expect((await suite.api.get('/users/by_employee_id/nobody/trainings')).status).toBe(404);
	});
});

describe('assigning a Training', () => {
	it('defaults to the standard Training and answers 201 with the User and the participant', async () => {
		const user = await firstUser();
		const before = list(await suite.api.get(`/users/${user.id}/trainings`)).length;
		const answer = await suite.api.post(`/users/${user.id}/assign_training`, { form: { send_email: 'true' } });
		expect(answer.status).toBe(201);
		expect(answer.body).toEqual({
			...user,
			participant: {
				id: user.id,
				employee_id: user.external_id,
				external_id: user.external_id,
				first_name: user.first_name,
				last_name: user.last_name,
			},
		});
		const trainings = list(await suite.api.get(`/users/${user.id}/trainings`));
		expect(trainings).toHaveLength(before + 1);
		expect(trainings.at(-1)).toMatchObject({ survey_code: 'standard', winner: false, score: null, complete_date: null });
	});

	it('accepts the parameters as a JSON body too', async () => {
		const user = await firstUser();
		const answer = await suite.api.post(`/users/${user.id}/assign_training`, {
			json: { survey_code: 'spanish', send_email: false, upfront_payment: true },
		});
		expect(answer.status).toBe(201);
		expect(list(await suite.api.get(`/users/${user.id}/trainings`)).at(-1)?.survey_code).toBe('spanish');
	});

	it('answers 422 with a message for a survey code the Organization does not have', async () => {
		const user = await firstUser();
		for (const surveyCode of ['no_such_code', 'Standard']) {
			const answer = await suite.api.post(`/users/${user.id}/assign_training`, { form: { survey_code: surveyCode } });
			expect(answer.status).toBe(422);
			expect(answer.body).toEqual({ message: 'Invalid survey code' });
		}
	});

	it('refuses a language the Training does not offer and a malformed boolean, at once', async () => {
		const user = await firstUser();
		const answer = await suite.api.post(`/users/${user.id}/assign_training`, {
			form: { survey_code: 'camp', language: 'es', send_email: 'maybe' },
		});
		expect(answer.status).toBe(422);
		expect(answer.body).toEqual({
			errors: { send_email: ['must be true or false'], language: ['is not offered for this training (en)'] },
		});
	});

	it('needs self-pay for upfront_payment: refused for a created Organization, whose codes are fewer', async () => {
		const created = await createOrganization(suite.api);
		const user = await createUser(created.api, { external_id: '1' });
		const refused = await created.api.post(`/users/${user.id}/assign_training`, {
			form: { upfront_payment: 'true' },
		});
		expect(refused.status).toBe(422);
		expect(Object.keys(refused.body.errors)).toEqual(['upfront_payment']);
		const camp = await created.api.post(`/users/${user.id}/assign_training`, { form: { survey_code: 'camp' } });
		expect(camp.body).toEqual({ message: 'Invalid survey code' });
		expect(list(await created.api.get('/survey_codes')).map((entry) => entry.code)).toEqual([
			'standard',
			'spanish',
			'skillful_screening',
			'parent_training',
		]);
	});

	it('answers 404 for an unknown User', async () => {
		const answer = await suite.api.post('/users/999999/assign_training', { form: {} });
		expect(answer).toMatchObject({ status: 404, body: { message: 'User not found' } });
	});
});

describe('resending a Training', () => {
	it('answers 201 with the User fields without tags', async () => {
		const user = await firstUser();
		await suite.api.post(`/users/${user.id}/assign_training`, { form: { survey_code: 'youth' } });
		const answer = await suite.api.post(`/users/${user.id}/resend_training`, { form: { survey_code: 'youth' } });
		expect(answer.status).toBe(201);
		const withoutTags: Record<string, unknown> = { ...user };
		delete withoutTags.tags;
		expect(answer.body).toEqual(withoutTags);
		expect((await suite.api.post(`/users/${user.id}/resend_training`)).status).toBe(201);
	});

	it('answers 422 with a message for an unknown code or a Training never assigned, 404 for an unknown User', async () => {
		const user = await firstUser();
		expect((await suite.api.post(`/users/${user.id}/resend_training`, { form: { survey_code: 'bogus' } })).body).toEqual({
			message: 'Invalid survey code',
		});
		const notAssigned = await suite.api.post(`/users/${user.id}/resend_training`, { form: { survey_code: 'harassment' } });
		expect(notAssigned.status).toBe(422);
		expect(notAssigned.body.message).toMatch(/assign the Training/);
		expect((await suite.api.post('/users/999999/resend_training')).status).toBe(404);
	});
});

describe('survey codes', () => {
	it('lists the twelve codes of the demo Organization with their languages and descriptions', async () => {
		const answer = await suite.api.get('/survey_codes');
		expect(answer.status).toBe(200);
		const codes = list(answer);
		expect(codes.map((entry) => entry.code)).toEqual([
			'standard',
			'youth',
			'camp',
			'spanish',
			'daycare',
			'education',
			'youth_ministry',
			'skillful_screening',
			'parent_training',
			'california',
			'peer_to_peer_training',
			'harassment',
		]);
		for (const entry of codes) {
			expect(Object.keys(entry).sort()).toEqual(['code', 'description', 'language', 'name']);
			expect(Array.isArray(entry.language)).toBe(true);
		}
		expect(codes.find((entry) => String(entry.code) === 'spanish')?.language).toEqual(['es']);
		expect(codes.find((entry) => String(entry.code) === 'california')?.description).toMatch(/California legal requirements/);
	});
});
