// Training > Assign's "Skip If Already Assigned" (contract.md "Node version 1.2 as released"), run by n8n's engine
// against the sandbox over real HTTP: a User who already has an open Training of the survey code is not assigned it
// again (nor emailed again); versions 1 and 1.1 assign again unless the option is added.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RunActionOptions } from '../helpers/n8n';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';

const sandbox = useSandbox();
const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });
const methods = () => sentRequests(sandbox()).map(({ method, path }) => `${method} ${path}`);

const assign = (parameters: INodeParameters, extra: Partial<RunActionOptions> = {}) =>
	runActionNode({
		parameters: { resource: 'training', operation: 'assign', surveyCode: 'standard', ...parameters },
		credential: sandbox(),
		typeVersion: 1.2,
		...extra,
	});

async function trainingsOf(userId: number): Promise<IDataObject[]> {
	const trainings = ok(await sandboxClients(sandbox()).api.get(`/users/${userId}/trainings`)) as IDataObject[];
	sandbox().clearRequests();
	return trainings;
}

/** A seeded User with no Training of `code`, so the first assignment is the User's first. */
async function userWithout(code: string): Promise<number> {
	for (let id = 1001; id < 1050; id++) {
		if (!(await trainingsOf(id)).some((training) => training.survey_code === code)) return id;
	}
	throw new Error(`The seed has no User without a ${code} Training`);
}

describe('Assign, Skip If Already Assigned (node version 1.2)', () => {
	it('assigns once: a second sign-up sends nothing and gives the open Training with already_assigned', async () => {
		const userId = await userWithout('standard');
		const first = await assign({ user: byId(userId), options: { sendEmail: true } });
		expect(first.error).toBeUndefined();
		expect(methods()).toEqual([`GET /api/v2/users/${userId}/trainings`, `POST /api/v2/users/${userId}/assign_training`]);
		const [open] = (await trainingsOf(userId)).filter((training) => training.survey_code === 'standard');

		const second = await assign({ user: byId(userId), options: { sendEmail: true }, simplify: false });
		expect(methods()).toEqual([`GET /api/v2/users/${userId}/trainings`]);
		expect(jsonOf(second)).toEqual([{ ...open, already_assigned: true }]);
		expect((await trainingsOf(userId)).filter((training) => training.survey_code === 'standard')).toHaveLength(1);

		// Simplified, the item is still that Training.
		const simplified = jsonOf(await assign({ user: byId(userId) }));
		expect(simplified).toEqual([expect.objectContaining({ id: open.id, survey_code: 'standard', already_assigned: true })]);
	});

	it('assigns again when switched off', async () => {
		const userId = await userWithout('standard');
		await assign({ user: byId(userId) });
		sandbox().clearRequests();
		const again = await assign({ user: byId(userId), options: { skipIfAssigned: false } });
		expect(again.error).toBeUndefined();
		expect(methods()).toEqual([`POST /api/v2/users/${userId}/assign_training`]);
		expect((await trainingsOf(userId)).filter((training) => training.survey_code === 'standard')).toHaveLength(2);
	});

	it('assigns again when the Training of that code was completed', async () => {
		const completed = ok(await sandboxClients(sandbox()).api.get('/trainings')) as Array<IDataObject & { participant: { id: number } }>;
		sandbox().clearRequests();
		const done = completed.find((training) => training.complete_date);
		expect(done).toBeDefined();
		const userId = done!.participant.id;
		const code = String(done!.survey_code);
		const open = (await trainingsOf(userId)).some((training) => training.survey_code === code && !training.complete_date);
		expect(open).toBe(false);
		const result = await assign({ user: byId(userId), surveyCode: code });
		expect(result.error).toBeUndefined();
		expect(methods()).toEqual([`GET /api/v2/users/${userId}/trainings`, `POST /api/v2/users/${userId}/assign_training`]);
	});

	it.each([1, 1.1])('version %s assigns again, as it always did, unless the option is added', async (typeVersion) => {
		const userId = await userWithout('standard');
		await assign({ user: byId(userId) }, { typeVersion });
		await assign({ user: byId(userId) }, { typeVersion });
		expect(methods().filter((line) => line.startsWith('POST'))).toHaveLength(2);
		expect(methods().some((line) => line.startsWith('GET'))).toBe(false);
		sandbox().clearRequests();
		const skipped = await assign({ user: byId(userId), options: { skipIfAssigned: true } }, { typeVersion });
		expect(methods()).toEqual([`GET /api/v2/users/${userId}/trainings`]);
		expect(jsonOf(skipped)[0]).toMatchObject({ survey_code: 'standard', already_assigned: true });
	});
});
