// Changes made in the sandbox the way they happen at the service: through its API (create a User, assign a Training,
// order a Background Check) and its control endpoints (the service's own events: a completion, a check ready).
import type { Sandbox } from '../../sandbox';
import type { Json } from '../sandbox/helpers';
import { clientsFor, createUser, list, ok } from '../sandbox/helpers';

export const DAY_MS = 24 * 60 * 60 * 1000;

export function changes(sandbox: Sandbox) {
	const { api, control } = clientsFor(sandbox.url, sandbox.apiKey);
	let created = 0;
	return {
		api,
		control,
		async user(): Promise<number> {
			created++;
			const user = await createUser(api, { external_id: `POLL-${Date.now()}-${created}` });
			return Number(user.id);
		},
		/** Assigns a Training to the User and returns its id (the User's newest Training). */
		async assignTraining(userId: number, surveyCode = 'standard'): Promise<number> {
			ok(await api.post(`/users/${userId}/assign_training`, { form: { survey_code: surveyCode } }));
			const trainings = list(await api.get(`/users/${userId}/trainings`));
			return Math.max(...trainings.map((training) => Number(training.id)));
		},
		async completeTraining(trainingId: number, score = 95): Promise<Json> {
			return ok(await control.post(`/trainings/${trainingId}/complete`, { json: { score } }));
		},
		async backdateTraining(trainingId: number, days: number): Promise<Json> {
			return ok(await control.post(`/trainings/${trainingId}/backdate`, { json: { days } }));
		},
		/** Orders a Background Check with QuickApp (the applicant fills in the form); it starts processing. */
		async orderCheck(userId: number): Promise<number> {
			const check = ok(
				await api.post('/background_checks', {
					json: {
						background_check: {
							user_id: userId,
							level: 1,
							quickapp: true,
							child_serving: true,
							employee_type: 'prospective',
						},
					},
				}),
			);
			return Number(check.id);
		},
		/** The vendor moves the check on: to `status` (default complete), as the live service shows it. */
		async checkReady(checkId: number, status?: string): Promise<Json> {
			return ok(await control.post(`/background_checks/${checkId}/ready`, status ? { json: { status } } : undefined));
		},
		async archiveCheck(checkId: number): Promise<Json> {
			return ok(await api.put(`/background_checks/${checkId}/archive`));
		},
		async deactivateUser(userId: number): Promise<void> {
			const answer = await api.delete(`/users/${userId}`);
			if (answer.status !== 204) throw new Error(`Deactivating answered ${answer.status}`);
		},
	};
}
