// Output (contract.md "Output (node version 1.2)"), run by n8n's engine against the sandbox over real HTTP: Simplified
// by default, Raw, or Selected Fields with the record's ID always kept, on records and on Compliance's items.
import type { IDataObject, INodeParameters, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { RECORD_OPERATIONS } from '../helpers/recordOperations';
import { ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';

const sandbox = useSandbox({ users: 30 });
beforeEach(() => sandbox().reset());

const run = (parameters: INodeParameters, typeVersion = 1.2, items?: IDataObject[]) =>
	runActionNode({ parameters, credential: sandbox(), typeVersion, items });

async function output(parameters: INodeParameters, typeVersion = 1.2, items?: IDataObject[]): Promise<IDataObject[]> {
	const result = await run(parameters, typeVersion, items);
	expect(result.error).toBeUndefined();
	return jsonOf(result);
}

/** The named fields of a record, in the record's order. */
const only = (record: IDataObject, fields: string[]) =>
	Object.fromEntries(Object.keys(record).filter((field) => fields.includes(field)).map((field) => [field, record[field]]));

async function someUser(): Promise<{ id: number }> {
	const users = ok(await sandboxClients(sandbox()).api.get('/users')) as Array<{ id: number }>;
	sandbox().clearRequests();
	return users[0];
}
const byId = (id: number) => ({ __rl: true, mode: 'id', value: String(id) });

describe('on records: User > Get Many', () => {
	const getMany = { resource: 'user', operation: 'getAll', returnAll: true };

	it('is Simplified by default, what Simplify on gives at version 1.1; Raw is the record as version 1 gives it', async () => {
		const asReturned = await output(getMany, 1);
		expect(Object.keys(asReturned[0]).length).toBeGreaterThan(10);
		expect(await output(getMany)).toEqual(await output(getMany, 1.1));
		expect(await output({ ...getMany, output: 'simplified' })).toEqual(await output(getMany, 1.1));
		expect(await output({ ...getMany, output: 'raw' })).toEqual(asReturned);
		// Simplify is version 1.1's: at 1.2 it decides nothing.
		expect(await output({ ...getMany, simplify: false })).toEqual(await output(getMany, 1.1));
	});

	it("gives only the Selected Fields, in the record's order, with the ID always", async () => {
		const asReturned = await output(getMany, 1);
		const selected = await output({ ...getMany, output: 'selected', fields: ['tags', 'email'] });
		expect(selected).toEqual(asReturned.map((user) => only(user, ['id', 'email', 'tags'])));
		expect(Object.keys(selected[0])).toEqual(['id', 'email', 'tags']);
		// A field left out by Simplified can be chosen.
		const scores = await output({ ...getMany, output: 'selected', fields: ['score', 'id'] });
		expect(scores).toEqual(asReturned.map((user) => only(user, ['id', 'score'])));
	});

	it("takes the fields from an expression as text separated by commas, or from an agent's $fromAI", async () => {
		const asReturned = await output(getMany, 1);
		const expected = asReturned.map((user) => only(user, ['id', 'first_name', 'last_name']));
		const fromItem = await output({ ...getMany, output: 'selected', fields: '={{ $json.wanted }}' }, 1.2, [
			{ wanted: 'last_name, first_name' },
		]);
		expect(fromItem).toEqual(expected);
		const fromAI = await output(
			{ ...getMany, output: 'selected', fields: "={{ $fromAI('Fields', 'The user fields to return', 'string') }}" },
			1.2,
			[{ Fields: 'first_name,last_name' }],
		);
		expect(fromAI).toEqual(expected);
	});

	it('refuses a field the record does not have, naming it and the item, and sends nothing', async () => {
		const result = await run({ ...getMany, output: 'selected', fields: '={{ $json.wanted }}' }, 1.2, [
			{ wanted: 'email' },
			{ wanted: 'email, ssn' },
		]);
		expect(result.error?.message).toMatch(/^'Fields' names the field 'ssn', which a user does not have; it has 'id', 'first_name', .* \[item 1\]$/);
		sandbox().clearRequests();
		const two = await run({ ...getMany, output: 'selected', fields: 'email,dob,ssn' });
		expect(two.error?.message).toMatch(/^'Fields' names the fields 'dob' and 'ssn', which a user does not have; .* \[item 0\]$/);
		expect(sentRequests(sandbox())).toEqual([]);
	});

	it('refuses Selected Fields with none chosen, and an Output that is not one of the three, sending nothing', async () => {
		const none = await run({ ...getMany, output: 'selected', fields: [] });
		expect(none.error?.message).toBe("'Fields' is required when 'Output' is 'Selected Fields' [item 0]");
		const empty = await run({ ...getMany, output: 'selected', fields: '={{ "" }}' });
		expect(empty.error?.message).toBe("'Fields' is required when 'Output' is 'Selected Fields' [item 0]");
		const unknown = await run({ ...getMany, output: '={{ "everything" }}' });
		expect(unknown.error?.message).toBe("'Output' must be one of 'Simplified', 'Raw' or 'Selected Fields' (in an expression: simplified, raw, selected) [item 0]");
		expect(sentRequests(sandbox())).toEqual([]);
	});
});

describe('on other records', () => {
	it('selects from a detailed User, whose Trainings and Background Checks come as returned', async () => {
		const user = await someUser();
		const parameters = { resource: 'user', operation: 'get', user: byId(user.id), options: { detailed: true } };
		const [asReturned] = await output(parameters, 1);
		const [selected] = await output({ ...parameters, output: 'selected', fields: ['trainings', 'email'] });
		expect(selected).toEqual(only(asReturned, ['id', 'email', 'trainings']));
	});

	it('keeps the action of Create or Update and why, with the ID, in Selected Fields', async () => {
		const parameters = {
			resource: 'user',
			operation: 'upsert',
			columns: {
				mappingMode: 'defineBelow',
				value: { external_id: 'OUT-1', first_name: 'Ada', last_name: 'Okafor', email: 'ada.okafor@example.org', user_type: 'volunteer' },
				matchingColumns: ['external_id'],
			},
			output: 'selected',
			fields: ['email'],
		};
		const [created] = await output(parameters);
		expect(created).toEqual({ id: expect.any(Number), email: 'ada.okafor@example.org', action: 'created', reason: null });
		expect(Object.keys(created)).toEqual(['id', 'action', 'reason', 'email']);
	});

	it.each([
		['training', 'getAll'],
		['backgroundCheck', 'getAll'],
	])('%s %s: Simplified, Raw and Selected Fields', async (resource, operation) => {
		const parameters = { resource, operation, returnAll: true };
		const asReturned = await output(parameters, 1);
		expect(asReturned.length).toBeGreaterThan(0);
		expect(await output(parameters)).toEqual(await output(parameters, 1.1));
		expect(await output({ ...parameters, output: 'raw' })).toEqual(asReturned);
		const selected = await output({ ...parameters, output: 'selected', fields: ['complete_date'] });
		expect(selected).toEqual(asReturned.map((record) => only(record, ['id', 'complete_date'])));
	});
});

describe('on Compliance', () => {
	const SIMPLIFIED = ['status', 'summary', 'user_id', 'external_id', 'first_name', 'last_name', 'email'];

	it('Get Many: Simplified keeps who, the status and the summary; Raw is the whole item; Selected keeps the User ID', async () => {
		const parameters = { resource: 'compliance', operation: 'getAll', returnAll: true };
		const whole = await output(parameters, 1);
		expect(whole.length).toBeGreaterThan(1);
		expect(Object.keys(whole[0])).toEqual(expect.arrayContaining(['training', 'background_check', 'compliant']));
		// Compliance had no Simplify: version 1.1 gives the whole item too.
		expect(await output(parameters, 1.1)).toEqual(whole);

		const simplified = await output(parameters);
		expect(simplified).toEqual(whole.map((item) => Object.fromEntries(SIMPLIFIED.map((field) => [field, item[field]]))));
		expect(Object.keys(simplified[0])).toEqual(SIMPLIFIED);
		expect(await output({ ...parameters, output: 'raw' })).toEqual(whole);

		const selected = await output({ ...parameters, output: 'selected', fields: 'training, status' });
		expect(selected).toEqual(whole.map(({ user_id, status, training }) => ({ user_id, status, training })));
		expect(Object.keys(selected[0])).toEqual(['user_id', 'status', 'training']);
	});

	it('Get for User: the same three, and a refused field names the item', async () => {
		const user = await someUser();
		const parameters = { resource: 'compliance', operation: 'getForUser', user: byId(user.id) };
		const [whole] = await output(parameters, 1);
		const [simplified] = await output(parameters);
		expect(Object.keys(simplified)).toEqual(SIMPLIFIED);
		expect(simplified).toEqual(only(whole, SIMPLIFIED));
		expect(await output({ ...parameters, output: 'raw' })).toEqual([whole]);
		expect(await output({ ...parameters, output: 'selected', fields: ['background_check'] })).toEqual([
			{ user_id: user.id, background_check: whole.background_check },
		]);

		sandbox().clearRequests();
		const refused = await run({ ...parameters, output: 'selected', fields: ['id'] });
		expect(refused.error?.message).toMatch(/^'Fields' names the field 'id', which a compliance item does not have; it has 'status', .* \[item 0\]$/);
		expect(sentRequests(sandbox())).toEqual([]);
	});
});

describe('the parameters', () => {
	const description = new MinistrySafe().description;
	const properties = (name: string) => description.properties.filter((property) => property.name === name);
	const shownOne = (name: string, parameters: INodeParameters, typeVersion: number): INodeProperties | undefined =>
		properties(name).find((property) => NodeHelpers.displayParameter(parameters, property, { typeVersion }, description));

	const withOutput: ReadonlyArray<readonly [string, string]> = [...RECORD_OPERATIONS, ['compliance', 'getAll'], ['compliance', 'getForUser']];

	it.each(withOutput)('%s %s: Output from version 1.2, Simplified by default; Fields only for Selected Fields', (resource, operation) => {
		const at = (typeVersion: number, extra: INodeParameters = {}) => ({
			output: shownOne('output', { resource, operation, ...extra }, typeVersion),
			fields: shownOne('fields', { resource, operation, ...extra }, typeVersion),
		});
		expect(at(1)).toEqual({ output: undefined, fields: undefined });
		expect(at(1.1)).toEqual({ output: undefined, fields: undefined });
		const { output: outputParameter, fields } = at(1.2, { output: 'simplified' });
		expect(outputParameter).toMatchObject({ displayName: 'Output', type: 'options', default: 'simplified' });
		expect((outputParameter?.options as INodePropertyOptions[]).map(({ name, value }) => [name, value])).toEqual([
			['Raw', 'raw'],
			['Selected Fields', 'selected'],
			['Simplified', 'simplified'],
		]);
		expect(fields).toBeUndefined();
		expect(at(1.2, { output: 'selected' }).fields).toMatchObject({ displayName: 'Fields', type: 'multiOptions', default: [] });
	});

	it('offers, in Fields, every field the records have', async () => {
		const fieldsOf = (resource: string, operation: string, extra: INodeParameters = {}) =>
			(shownOne('fields', { resource, operation, output: 'selected', ...extra }, 1.2)?.options as INodePropertyOptions[]).map(
				({ value }) => value,
			);
		const user = await someUser();
		const cases: Array<[string, string, INodeParameters]> = [
			['user', 'getAll', { returnAll: true }],
			['user', 'get', { user: byId(user.id), options: { detailed: true } }],
			['training', 'getAll', { returnAll: true }],
			['backgroundCheck', 'getAll', { returnAll: true }],
			['compliance', 'getAll', { returnAll: true }],
		];
		for (const [resource, operation, parameters] of cases) {
			const records = await output({ resource, operation, ...parameters }, 1);
			// One 'External ID' stands for both of the service's names for it (selectedFields.test.ts).
			const keys = [...new Set(records.flatMap((record) => Object.keys(record)))].filter((key) => key !== 'employee_id');
			expect([resource, operation, keys.filter((key) => !fieldsOf(resource, operation, parameters).includes(key))]).toEqual([resource, operation, []]);
		}
	});

	it.each(withOutput)("%s %s: Fields' texts read as sentences, and its labels are the node's own words", (resource, operation) => {
		const selected = shownOne('output', { resource, operation }, 1.3)?.options as INodePropertyOptions[];
		expect(selected.find(({ value }) => value === 'selected')?.description).toMatch(/^Only the fields chosen in 'Fields'; the [\w' ,]+ always included/);
		const fields = shownOne('fields', { resource, operation, output: 'selected' }, 1.3);
		expect(fields?.description).toMatch(/^The fields of each [a-z ]+ to return\. The [\w' ,]+ always included[^.]*\.$/);
		const labels = (fields?.options as INodePropertyOptions[]).map(({ name }) => name);
		// Written as the rest of the node writes them (API keys title-cased gave 'Direct Login URL', 'Complete Date',
		// 'Applicant Self Disclosed'): never a URL, never the service's word where the node has its own.
		expect(labels.filter((label) => /URL|Complete Date|Self Disclosed|Employee ID|Winner/.test(label))).toEqual([]);
	});

	it("labels a field as the node's own parameter for it is labelled", () => {
		const label = (field: string, resource: string, operation: string) =>
			(shownOne('fields', { resource, operation, output: 'selected' }, 1.3)?.options as INodePropertyOptions[]).find(
				({ value }) => value === field,
			)?.name;
		const parameterLabel = (name: string) => {
			for (const property of description.properties) {
				if (property.name === name) return property.displayName;
				const child = (property.options as INodeProperties[] | undefined)?.find((option) => 'displayName' in option && option.name === name);
				if (child) return child.displayName;
			}
			return undefined;
		};
		expect(label('applicant_self_disclosed', 'backgroundCheck', 'get')).toBe(parameterLabel('applicantSelfDisclosed'));
		expect(label('applicant_self_disclosed_note', 'backgroundCheck', 'get')).toBe(parameterLabel('applicantSelfDisclosedNotes'));
		expect(label('external_id', 'user', 'getAll')).toBe(parameterLabel('externalId'));
		expect(label('first_name', 'user', 'getAll')).toBe(parameterLabel('firstName'));
		expect(label('user_type', 'user', 'getAll')).toBe(parameterLabel('newUserType')?.replace(/ for New Users$/, ''));
		// The operation that gives the link is 'Get Sign-In Link'.
		const getSignInLink = (description.properties.find(({ name, displayOptions }) => name === 'operation' && displayOptions?.show?.resource?.includes('user'))
			?.options as INodePropertyOptions[]).find(({ value }) => value === 'getSignInLink');
		expect(`Get ${label('direct_login_url', 'user', 'getAll')}`).toBe(getSignInLink?.name);
	});
});
