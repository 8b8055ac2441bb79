// Simplify (contract.md), run by n8n's engine against the sandbox over real HTTP: a node of version 1.1 keeps the
// fields a workflow acts on, unless Simplify is off; a node saved with version 1 gives the records as before.
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { RECORD_OPERATIONS, SIMPLIFIED_FIELDS } from '../helpers/recordOperations';
import { ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';

const sandbox = useSandbox({ users: 30 });
beforeEach(() => sandbox().reset());

const { user: USER, training: TRAINING, backgroundCheck: CHECK } = SIMPLIFIED_FIELDS;

const run = (parameters: INodeParameters, typeVersion?: number, items?: IDataObject[]) =>
	runActionNode({ parameters, credential: sandbox(), typeVersion, items });

async function outputs(parameters: INodeParameters): Promise<{ raw: IDataObject[]; simplified: IDataObject[] }> {
	const raw = await run(parameters, 1);
	const simplified = await run(parameters, 1.1);
	expect(raw.error).toBeUndefined();
	expect(simplified.error).toBeUndefined();
	return { raw: jsonOf(raw), simplified: jsonOf(simplified) };
}

/** The named fields of a raw record, in that order: what Simplify must give. */
const only = (record: IDataObject, fields: string[]) =>
	Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, record[field]]));

async function aUserId(): Promise<number> {
	const users = ok(await sandboxClients(sandbox()).api.get('/users')) as Array<{ id: number }>;
	sandbox().clearRequests();
	return users[0].id;
}

const byId = (id: number) => ({ __rl: true, mode: 'id', value: String(id) });

it('gives Users with the fields a workflow acts on, in order, and the raw records when off or on version 1', async () => {
	const parameters = { resource: 'user', operation: 'getAll', returnAll: true };
	const { raw, simplified } = await outputs(parameters);
	expect(raw.length).toBeGreaterThan(1);
	// The raw record has more than the guidelines' 10 fields, the simplified one fewer.
	expect(Object.keys(raw[0]).length).toBeGreaterThan(10);
	expect(simplified).toEqual(raw.map((user) => only(user, USER)));
	expect(Object.keys(simplified[0])).toEqual(USER);

	const off = await run({ ...parameters, simplify: false }, 1.1);
	expect(jsonOf(off)).toEqual(raw);
});

it('simplifies a detailed User and their Trainings and Background Checks', async () => {
	const parameters = { resource: 'user', operation: 'get', user: byId(await aUserId()), options: { detailed: true } };
	const { raw, simplified } = await outputs(parameters);
	const [user] = raw as Array<IDataObject & { trainings: IDataObject[]; background_checks: IDataObject[] }>;
	expect(user.trainings.length + user.background_checks.length).toBeGreaterThan(0);
	expect(simplified).toEqual([
		{
			...only(user, USER),
			trainings: user.trainings.map((training) => only(training, TRAINING)),
			background_checks: user.background_checks.map((check) => only(check, CHECK)),
		},
	]);
});

it('simplifies Trainings and Background Checks', async () => {
	for (const [resource, fields] of [
		['training', TRAINING],
		['backgroundCheck', CHECK],
	] as const) {
		const { raw, simplified } = await outputs({ resource, operation: 'getAll', returnAll: true });
		expect(raw.length).toBeGreaterThan(0);
		expect(simplified).toEqual(raw.map((record) => only(record, fields)));
		// Something is left out, or Simplify would not be worth a switch.
		expect(Object.keys(raw[0]).some((field) => !fields.includes(field))).toBe(true);
	}
});

it('keeps the action of Create or Update', async () => {
	const parameters = {
		resource: 'user',
		operation: 'upsert',
		externalId: 'SIMPLE-1',
		firstName: 'Ada',
		lastName: 'Okafor',
		email: 'ada.okafor@example.org',
	};
	const [created] = jsonOf(await run(parameters, 1.1));
	expect(created).toEqual(expect.objectContaining({ external_id: 'SIMPLE-1', first_name: 'Ada', action: 'created' }));
	expect(Object.keys(created)).toEqual([...USER, 'action', 'reason']);
});

it('refuses a Simplify that is not true or false, and sends nothing', async () => {
	const result = await run({ resource: 'user', operation: 'getAll', simplify: '={{ "maybe" }}' }, 1.1);
	expect(result.error?.message).toBe("'Simplify' must be true or false [item 0]");
	expect(sentRequests(sandbox())).toEqual([]);
});

describe('the switch in the description', () => {
	const description = new MinistrySafe().description;
	const shown = (parameters: INodeParameters, typeVersion: number) =>
		description.properties
			.filter((property) => property.name === 'simplify')
			.some((property) => NodeHelpers.displayParameter(parameters, property, { typeVersion }, description));

	it('is offered, on by default, at version 1.1 for Users, Trainings and Background Checks only (Output from 1.2)', () => {
		expect(description.defaultVersion).toBe(1.3);
		for (const [resource, operation] of RECORD_OPERATIONS) {
			expect([resource, operation, shown({ resource, operation }, 1.1)]).toEqual([resource, operation, true]);
			// Output replaces it at 1.2 (output.test.ts).
			expect([resource, operation, shown({ resource, operation }, 1.2)]).toEqual([resource, operation, false]);
			expect([resource, operation, shown({ resource, operation }, 1)]).toEqual([resource, operation, false]);
		}
		for (const [resource, operation] of [
			['user', 'sync'],
			['user', 'deactivate'],
			['compliance', 'getAll'],
			['tag', 'getAll'],
		]) {
			expect([resource, operation, shown({ resource, operation }, 1.1)]).toEqual([resource, operation, false]);
		}
		const simplify = description.properties.find((property) => property.name === 'simplify');
		expect(simplify?.default).toBe(true);
	});
});
