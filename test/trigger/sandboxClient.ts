// The records the trigger's tests need, made through the sandbox's API with the sandbox tests' client.
import { type Client, type Json, ok } from '../sandbox/helpers';

export type { Json };
export { ok };

/** A processing Background Check for the User, ordered with quickapp (the applicant fills in the rest). */
export async function orderBackgroundCheck(api: Client, userId: Json): Promise<Json> {
	const backgroundCheck = { user_id: userId, level: 1, quickapp: true, child_serving: true, employee_type: 'current' };
	return ok(await api.post('/background_checks', { form: { background_check: backgroundCheck } }));
}
