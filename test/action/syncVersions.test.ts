// Sync and Create or Update at each node version (contract.md "Node version 1.2"): a node saved at version 1 or 1.1
// keeps its parameters and its outputs exactly; version 1.2 shows the resource mapper instead, its fields given by the
// node's resourceMapping method. Runs go through n8n's engine against the sandbox over real HTTP.
import type { IDataObject, ILoadOptionsFunctions, INodeParameters, INodeProperties, ResourceMapperFields } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node';
import { jsonOf, loadOptionsContext, runActionNode } from '../helpers/n8n';
import { useSandbox } from '../helpers/sandbox';
import { allUsers, hrExportRowOf, type Row, rowOf } from '../helpers/staffList';

const node = new MinistrySafe();
const { description } = node;

/** The top-level parameters the editor shows for the operation at the version, as n8n's own display rules decide. */
function shown(operation: string, typeVersion: number): Array<Pick<INodeProperties, 'name' | 'type' | 'default' | 'required'>> {
	const nodeValues = { typeVersion };
	const values =
		NodeHelpers.getNodeParameters(description.properties, { resource: 'user', operation }, true, false, nodeValues, description) ?? {};
	return description.properties
		.filter((property) => !['resource', 'operation'].includes(property.name))
		.filter((property) => NodeHelpers.displayParameter(values, property, nodeValues, description, values))
		.map(({ name, type, default: value, required }) => ({ name, type, default: value, required }));
}

/** The parameters of versions 1 and 1.1, as they were before 1.2 (name, type, default, required). */
const field = (name: string, value: unknown, type = 'string', required?: true) => ({ name, type, default: value, required });
const userFields = (prefilled: boolean) => [
	field('externalId', prefilled ? '={{ $json.external_id }}' : '', 'string', true),
	field('firstName', prefilled ? '={{ $json.first_name }}' : '', 'string', true),
	field('lastName', prefilled ? '={{ $json.last_name }}' : '', 'string', true),
	field('email', prefilled ? '={{ $json.email }}' : '', 'string', true),
];
const additionalFields = field('additionalFields', {}, 'collection');
const requestOptions = field('requestOptions', {}, 'collection');

describe('the parameters at each version', () => {
	it.each([1, 1.1])('Sync at version %s: Dry Run, the four pre-filled fields, Additional Fields and Options, as before', (version) => {
		expect(shown('sync', version)).toEqual([
			field('dryRun', true, 'boolean'),
			...userFields(true),
			additionalFields,
			field('options', {}, 'collection'),
			requestOptions,
		]);
	});

	it.each([
		[1, []],
		[1.1, [field('simplify', true, 'boolean')]],
	])('Create or Update at version %s: the four fields, Additional Fields, as before', (version, simplify) => {
		expect(shown('upsert', version)).toEqual([...userFields(false), ...simplify, additionalFields, requestOptions]);
	});

	it('version 1.2 (1.3, a node\'s version when added, builds on it): the columns, matched on External ID, and the type of new Users', () => {
		expect(description.defaultVersion).toBe(1.3);
		const columns = (mappingMode: string) => field('columns', { mappingMode, value: null, matchingColumns: ['external_id'] }, 'resourceMapper', true);
		const newUserType = field('newUserType', 'fromColumns', 'options');
		// Sync starts from Map Automatically behind its Dry Run, with the rule said under the mapper; Create or Update,
		// which writes at once, from Map Each Column Manually, as n8n's own nodes do.
		expect(shown('sync', 1.2)).toEqual([
			field('dryRun', true, 'boolean'),
			columns('autoMapInputData'),
			field('autoMapNotice', '', 'notice'),
			newUserType,
			field('options', {}, 'collection'),
			requestOptions,
		]);
		expect(shown('upsert', 1.2)).toEqual([columns('defineBelow'), newUserType, field('output', 'simplified', 'options'), requestOptions]);
		// Only Sync and Create or Update changed at 1.2, and Output took Simplify's place: every other operation shows
		// at 1.2 what it shows at 1.1.
		const simplifyToOutput = (fields: ReturnType<typeof shown>) =>
			fields.map((shownField) => (shownField.name === 'simplify' ? field('output', 'simplified', 'options') : shownField));
		for (const operation of ['create', 'update', 'get', 'getAll', 'deactivate', 'getSignInLink']) {
			expect([operation, shown(operation, 1.2)]).toEqual([operation, simplifyToOutput(shown(operation, 1.1))]);
		}
	});

	it("gives the resource mapper the User's fields from the node's resourceMapping method, External ID the one to match on", async () => {
		const columns = description.properties.find((property) => property.name === 'columns');
		const method = columns?.typeOptions?.resourceMapper?.resourceMapperMethod as string;
		const resourceMapping = node.methods.resourceMapping as Record<string, (this: ILoadOptionsFunctions) => Promise<ResourceMapperFields>>;
		// n8n asks for the fields as soon as the panel opens, with or without a credential.
		const fieldsOf = async (operation: string) =>
			(await resourceMapping[method].call(loadOptionsContext({ credential: { apiKey: 'unused' }, withoutCredential: true, parameters: { resource: 'user', operation } }))).fields;
		const fields = await fieldsOf('upsert');
		// Sync's have a row's Status too (leavers), never sent; Create or Update has none.
		expect((await fieldsOf('sync')).map(({ id }) => id)).toEqual(['external_id', 'first_name', 'last_name', 'email', 'user_type', 'tags', 'status']);
		expect(fields.map(({ id, displayName, required, defaultMatch, canBeUsedToMatch, type }) => ({ id, displayName, required, defaultMatch, canBeUsedToMatch, type }))).toEqual([
			{ id: 'external_id', displayName: 'External ID', required: true, defaultMatch: true, canBeUsedToMatch: true, type: 'string' },
			{ id: 'first_name', displayName: 'First Name', required: true, defaultMatch: false, canBeUsedToMatch: false, type: 'string' },
			{ id: 'last_name', displayName: 'Last Name', required: true, defaultMatch: false, canBeUsedToMatch: false, type: 'string' },
			{ id: 'email', displayName: 'Email', required: true, defaultMatch: false, canBeUsedToMatch: false, type: 'string' },
			{ id: 'user_type', displayName: 'User Type', required: false, defaultMatch: false, canBeUsedToMatch: false, type: 'options' },
			{ id: 'tags', displayName: 'Tags (Comma-Separated)', required: false, defaultMatch: false, canBeUsedToMatch: false, type: 'string' },
		]);
		expect(fields[4].options).toEqual([
			{ name: 'Employee', value: 'employee' },
			{ name: 'Volunteer', value: 'volunteer' },
		]);
	});
});

describe('the outputs of versions 1 and 1.1', () => {
	const sandbox = useSandbox();

	/** Sync as saved at the version: the pre-filled expressions, Dry Run as the node starts. */
	const syncAt = (typeVersion: number, rows: IDataObject[], parameters: INodeParameters = {}) =>
		runActionNode({ parameters: { resource: 'user', operation: 'sync', ...parameters }, items: rows, credential: sandbox(), typeVersion });

	it.each([1, 1.1])('version %s: the same decisions and reasons as before; no note on a User created without a type', async (typeVersion) => {
		const users = await allUsers(sandbox());
		const rows: Row[] = [
			rowOf(users[0]),
			{ ...rowOf(users[1]), last_name: 'Moved' },
			{ external_id: 'HR-OLD-1', first_name: 'Ada', last_name: 'Okafor', email: 'ada.old@example.org' },
			{ first_name: 'No', last_name: 'Id', email: 'no.id@example.org' },
		];
		const result = await syncAt(typeVersion, rows as IDataObject[]);
		expect(jsonOf(result).map(({ action, external_id, reason, dry_run }) => ({ action, external_id, reason, dry_run }))).toEqual([
			{ action: 'unchanged', external_id: users[0].external_id, reason: null, dry_run: true },
			{ action: 'updated', external_id: users[1].external_id, reason: null, dry_run: true },
			{ action: 'created', external_id: 'HR-OLD-1', reason: null, dry_run: true },
			{ action: 'skipped', external_id: null, reason: "'External ID' is required [item 3]", dry_run: true },
		]);
	});

	it.each([1, 1.1])(
		"version %s over an HR export's columns: each row says the pre-filled expressions read other fields than it has",
		async (typeVersion) => {
			const users = await allUsers(sandbox());
			const rows = users.slice(0, 2).map((user) => hrExportRowOf(rowOf(user)));
			const result = await syncAt(typeVersion, rows);
			expect(jsonOf(result).map(({ action, reason }) => ({ action, reason }))).toEqual(
				rows.map((_, item) => ({
					action: 'skipped',
					reason: `'External ID', 'First Name', 'Last Name' and 'Email' are all empty: their expressions read the input fields 'external_id', 'first_name', 'last_name' and 'email', and the item's fields are 'First Name', 'Last Name', 'Email' and 'Employee ID' [item ${item}]`,
				})),
			);
		},
	);

	it('version 1.1, Create or Update with expressions that read nothing: its error says what they read and what the item has', async () => {
		const result = await runActionNode({
			parameters: {
				resource: 'user',
				operation: 'upsert',
				externalId: '={{ $json["Staff Number"] }}',
				firstName: '={{ $json.first }}',
				lastName: 'Okafor',
				email: '={{ $json.mail }}',
			},
			items: [{ 'First Name': 'Ada' }],
			credential: sandbox(),
			typeVersion: 1.1,
		});
		// Last Name is typed in, so the item gives something: the problems are the fields', as Create says them.
		expect(result.error?.message).toBe("3 fields need correcting: 'First Name' is required; 'Email' is required; 'External ID' is required [item 0]");

		const nothing = await runActionNode({
			parameters: {
				resource: 'user',
				operation: 'upsert',
				externalId: '={{ $json["Staff Number"] }}',
				firstName: '={{ $json.first }}',
				lastName: '={{ $json.last }}',
				email: '={{ $json.mail }}',
			},
			items: [{ 'First Name': 'Ada' }],
			credential: sandbox(),
			typeVersion: 1.1,
		});
		expect(nothing.error?.message).toBe(
			"'External ID', 'First Name', 'Last Name' and 'Email' are all empty: their expressions read the input fields 'Staff Number', 'first', 'last' and 'mail', and the item's fields are 'First Name' [item 0]",
		);
		expect(nothing.error?.description).toContain('Change the expressions');
		expect(sandbox().requests).toEqual([]);
	});
});
