// POST /sandbox/trainings/:id/backdate: a Training assigned and completed earlier, as the polling trigger's renewal
// tests need it; the lists' date filters and the User's latest result follow.
import { createUser, list, ok, useSandbox } from './helpers';

const suite = useSandbox();
const DAY_MS = 24 * 60 * 60 * 1000;

async function completedTraining(externalId: string) {
	const user = await createUser(suite.api, { external_id: externalId });
	ok(await suite.api.post(`/users/${user.id}/assign_training`, { form: { survey_code: 'standard' } }));
	const [training] = list(await suite.api.get(`/users/${user.id}/trainings`));
	ok(await suite.control.post(`/trainings/${training.id}/complete`, { json: { score: 95 } }));
	return { userId: Number(user.id), trainingId: Number(training.id) };
}

it('moves the assignment and completion dates back, and the Trainings list filters on the new assignment date', async () => {
	const { userId, trainingId } = await completedTraining('BD-1');
	const before = list(await suite.api.get(`/users/${userId}/trainings`))[0];

	const moved = ok(await suite.control.post(`/trainings/${trainingId}/backdate`, { json: { days: 700 } }));
	expect(Date.parse(String(before.created_at)) - Date.parse(String(moved.created_at))).toBe(700 * DAY_MS);
	expect(Date.parse(String(before.complete_date)) - Date.parse(String(moved.complete_date))).toBe(700 * DAY_MS);

	const day = new Date(Date.parse(String(moved.created_at)));
	const date = `${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()}`;
	const listed = list(await suite.api.get('/trainings', { query: { start_date: date, end_date: date } }));
	expect(listed.map((training) => training.id)).toContain(trainingId);
	const user = ok(await suite.api.get(`/users/${userId}`));
	expect(user.complete_date).toBe(moved.complete_date);
});

it('moves an incomplete Training too, and refuses a missing or bad day count and an unknown Training', async () => {
	const user = await createUser(suite.api, { external_id: 'BD-2' });
	ok(await suite.api.post(`/users/${user.id}/assign_training`, { form: {} }));
	const [training] = list(await suite.api.get(`/users/${user.id}/trainings`));
	const moved = ok(await suite.control.post(`/trainings/${training.id}/backdate`, { json: { days: 3 } }));
	expect(moved.complete_date).toBeNull();
	expect(Date.parse(String(training.created_at)) - Date.parse(String(moved.created_at))).toBe(3 * DAY_MS);

	const missing = await suite.control.post(`/trainings/${training.id}/backdate`, { json: {} });
	expect(missing.status).toBe(422);
	expect(Object.keys(missing.body.errors)).toEqual(['days']);
	expect((await suite.control.post(`/trainings/${training.id}/backdate`, { json: { days: 0 } })).status).toBe(422);
	expect((await suite.control.post('/trainings/999999999/backdate', { json: { days: 1 } })).status).toBe(404);
});
