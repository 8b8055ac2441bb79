// The records the trigger's tests need, made through the sandbox's API with the sandbox tests' client.
import type { Answer, Client, Json } from '../sandbox/helpers';

export type { Json };

/** The answer's body; anything but a 2xx fails the test with the answer in the message. */
export function bodyOf(answer: Answer): Json {
	if (answer.status < 200 || answer.status >= 300) throw new Error(`The sandbox answered ${answer.status}: ${answer.text}`);
	return answer.body;
}

export async function createUser(api: Client, externalId: string): Promise<Json> {
	const user = { first_name: 'Ada', last_name: 'Lovelace', email: `${externalId.toLowerCase()}@example.org`, external_id: externalId };
	return bodyOf(await api.post('/users', { form: { user } }));
}

/** A processing Background Check for the User, ordered with quickapp (the applicant fills in the rest). */
export async function orderBackgroundCheck(api: Client, userId: Json): Promise<Json> {
	const backgroundCheck = { user_id: userId, level: 1, quickapp: true, child_serving: true, employee_type: 'current' };
	return bodyOf(await api.post('/background_checks', { form: { background_check: backgroundCheck } }));
}
