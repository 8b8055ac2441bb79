// The dropdowns of Training and Background Check fields, filled as the editor fills them: the node's loadOptions
// methods called through n8n-core's LoadOptionsContext, over real HTTP to the sandbox. And what a run reads from the
// Organization Type locator (node version 1.2), through n8n's engine.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node.js';
import { startLocalServer } from '../helpers/localServer';
import { loadOptionsContext, runActionNode } from '../helpers/n8n';
import { organizationJson, organizationParameters } from '../helpers/organization';
import { ok, sandboxClients, sentRequests } from '../helpers/sandbox';

const { loadOptions } = new MinistrySafe().methods;

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
	await sandbox.stop();
});
beforeEach(() => sandbox.reset());

/** Reads from the sandbox's API, then forgets that request, so that only the node's requests are left. */
async function read<T>(path: string, key?: string): Promise<T> {
	const body = ok(await sandboxClients(sandbox, key).api.get(path)) as T;
	sandbox.clearRequests();
	return body;
}

/** An Organization created through the API: it has a smaller catalogue than the demo one. */
async function otherOrganizationKey(): Promise<string> {
	const answer = ok(await sandboxClients(sandbox).api.post('/organizations', { json: organizationJson })) as {
		organization_api_key: string;
	};
	sandbox.clearRequests();
	return answer.organization_api_key;
}

describe('Survey Code (getSurveyCodes)', () => {
	it("lists the Organization's survey codes by title, with the code and languages beneath", async () => {
		const codes = await read<Array<{ code: string; name: string; description: string; language: string[] }>>('/survey_codes');

		const options = await loadOptions.getSurveyCodes.call(loadOptionsContext({ credential: sandbox }));

		expect(sentRequests(sandbox)).toEqual([
			{ method: 'GET', path: '/api/v2/survey_codes', query: {}, body: undefined },
		]);
		// By the name the live service gives ("Sexual Abuse Awareness Training", not "most recent ...").
		expect(options).toEqual(
			codes.map(({ code, name, language }) => ({
				name,
				value: code,
				description: `Code: ${code}. Languages: ${language.join(', ')}`,
			})),
		);
		expect(options.find((option) => option.value === 'standard')?.name).toBe('Sexual Abuse Awareness Training');
	});

	it('names a code by its description, then by the code itself, where the service gives no name', async () => {
		const server = await startLocalServer(() => ({
			status: 200,
			body: [
				{ code: 'standard', description: 'most recent Sexual Abuse Awareness Training', language: ['en'] },
				{ code: 'camp', name: '  ', description: '', language: ['en'] },
			],
		}));
		try {
			const options = await loadOptions.getSurveyCodes.call(
				loadOptionsContext({ credential: { url: server.url, apiKey: 'test-api-key-0001' } }),
			);
			expect(options.map((option) => option.name)).toEqual(['most recent Sexual Abuse Awareness Training', 'camp']);
		} finally {
			await server.stop();
		}
	});

	it('lists what the credential\'s own Organization may use', async () => {
		const apiKey = await otherOrganizationKey();
		const codes = await read<IDataObject[]>('/survey_codes', apiKey);
		const demoCodes = await read<IDataObject[]>('/survey_codes');
		expect(codes.length).toBeLessThan(demoCodes.length);

		const options = await loadOptions.getSurveyCodes.call(
			loadOptionsContext({ credential: { url: sandbox.url, apiKey } }),
		);

		expect(options.map((option) => option.value)).toEqual(codes.map((entry) => entry.code));
		expect(sandbox.requests.map((request) => request.authorization)).toEqual([`Token token=${apiKey}`]);
	});
});

describe('Level (getLevels)', () => {
	it('lists the levels the Organization may order, the value a number', async () => {
		const levels = await read<number[]>('/background_checks/available_levels');
		expect(levels.length).toBeGreaterThan(1);

		const options = await loadOptions.getLevels.call(loadOptionsContext({ credential: sandbox }));

		expect(sentRequests(sandbox)).toEqual([
			{ method: 'GET', path: '/api/v2/background_checks/available_levels', query: {}, body: undefined },
		]);
		expect(options).toEqual(levels.map((level) => ({ name: `Level ${level}`, value: level })));
	});

	it('explains a rejected API key instead of showing an empty list', async () => {
		const context = loadOptionsContext({ credential: { url: sandbox.url, apiKey: 'not-a-key' } });

		await expect(loadOptions.getLevels.call(context)).rejects.toThrow('The API key was rejected (401 Unauthorized)');
		expect(sentRequests(sandbox)).toEqual([
			{ method: 'GET', path: '/api/v2/background_checks/available_levels', query: {}, body: undefined },
		]);
	});
});

describe('Custom Package (getCustomPackages)', () => {
	it("lists the Organization's custom packages by name, the code as the value, code and price beneath", async () => {
		const packages = await read<Array<{ code: string; name: string; price: number }>>('/custom_background_check_packages');
		expect(packages.length).toBeGreaterThan(1);

		const options = await loadOptions.getCustomPackages.call(loadOptionsContext({ credential: sandbox }));

		expect(sentRequests(sandbox)).toEqual([
			{ method: 'GET', path: '/api/v2/custom_background_check_packages', query: {}, body: undefined },
		]);
		expect(options).toEqual(
			packages.map(({ code, name, price }) => ({ name, value: code, description: `Code: ${code}. Price: ${price}` })),
		);
	});

	it('says to type the code when the service has no list (404), instead of "not found"', async () => {
		const server = await startLocalServer(() => ({ status: 404, body: { message: 'Not Found' } }));
		try {
			const context = loadOptionsContext({ credential: { url: server.url, apiKey: 'test-api-key-0001' } });
			const error = await loadOptions.getCustomPackages.call(context).catch((thrown: Error & { description?: string }) => thrown);
			expect(error).toMatchObject({ message: 'This MinistrySafe account offers no list of custom packages' });
			expect((error as { description?: string }).description).toMatch(/switch 'Custom Package Name or ID' to Expression/);
		} finally {
			await server.stop();
		}
	});

	it('orders the package chosen from the list by its code', async () => {
		const [user] = await read<Array<{ id: number }>>('/users');
		const result = await runActionNode({
			parameters: {
				resource: 'backgroundCheck',
				operation: 'create',
				user: { __rl: true, mode: 'id', value: String(user.id) },
				package: 'custom',
				customPackageCode: 'CUSTOM_BASIC',
				quickapp: true,
				childServing: true,
				employeeType: 'current',
			},
			credential: sandbox,
		});
		expect(result.error).toBeUndefined();
		const [order] = sentRequests(sandbox).filter((request) => request.method === 'POST');
		expect((order.body as { background_check: IDataObject }).background_check).toMatchObject({
			custom_background_check_package_code: 'CUSTOM_BASIC',
		});
	});
});

describe('a dropdown opened before a credential is chosen', () => {
	it.each(['getTags', 'getSurveyCodes', 'getLevels', 'getOrganizationTypes', 'getCustomPackages'] as const)(
		'%s says to choose a credential, and sends nothing',
		async (method) => {
			sandbox.clearRequests();
			const options = await loadOptions[method].call(loadOptionsContext({ credential: sandbox, withoutCredential: true }));
			expect(options).toEqual([
				{
					name: "Choose a MinistrySafe API Credential in 'Credential to Connect With' First",
					value: '',
					// n8n may fill in the credential while this answer is under way, and not ask again.
					description:
						"'Credential to Connect With' is at the top of this panel. With a credential chosen there, fill in the field above this list, or refresh the list, to load it.",
				},
			]);
			expect(sentRequests(sandbox)).toEqual([]);
		},
	);
});


describe('Organization > Create at node version 1.2: the Organization Type locator', () => {
	const create = (organizationType: unknown, items?: IDataObject[]) =>
		runActionNode({
			parameters: { ...organizationParameters, organizationType: organizationType as INodeParameters[string] },
			credential: sandbox,
			typeVersion: 1.2,
			items,
		});
	const sentType = () =>
		sentRequests(sandbox)
			.filter((request) => request.method === 'POST')
			.map((request) => (request.body as { organization: IDataObject }).organization.organization_type);

	it('sends the type chosen from the list', async () => {
		const result = await create({ __rl: true, mode: 'list', value: 'Camp', cachedResultName: 'Camp' });

		expect(result.error).toBeUndefined();
		expect(sentType()).toEqual(['Camp']);
	});

	it('sends the type given by name, from an expression', async () => {
		const result = await create({ __rl: true, mode: 'name', value: '={{ $json.kind }}' }, [{ kind: ' School ' }]);

		expect(result.error).toBeUndefined();
		expect(sentType()).toEqual(['School']);
	});

	// A locator left empty in the editor is n8n's own issue ("parameter required"); an expression may still give nothing.
	it.each([
		['an expression that gives no type', { __rl: true, mode: 'name', value: '={{ $json.kind }}' }, "'Organization Type' is required [item 0]"],
		[
			'Other without a description',
			{ __rl: true, mode: 'list', value: 'Other' },
			"'Other Type Description' is required when 'Organization Type' is Other [item 0]",
		],
	])('refuses %s and sends nothing', async (_case, organizationType, message) => {
		const result = await create(organizationType, [{ kind: ' ' }]);

		expect(result.error?.message).toBe(message);
		expect(sandbox.requests).toEqual([]);
	});

	it('still reads a type saved as text by a node of version 1', async () => {
		const result = await runActionNode({ parameters: organizationParameters, credential: sandbox, typeVersion: 1 });

		expect(result.error).toBeUndefined();
		expect(sentType()).toEqual(['Camp']);
	});
});
