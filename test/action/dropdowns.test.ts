// The dropdowns of Training and Background Check fields, filled as the editor fills them: the node's loadOptions
// methods called through n8n-core's LoadOptionsContext, over real HTTP to the sandbox.
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node.js';
import { loadOptionsContext } from '../helpers/n8n';
import { organizationJson } from '../helpers/organization';
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
		const codes = await read<Array<{ code: string; description: string; language: string[] }>>('/survey_codes');

		const options = await loadOptions.getSurveyCodes.call(loadOptionsContext({ credential: sandbox }));

		expect(sentRequests(sandbox)).toEqual([
			{ method: 'GET', path: '/api/v2/survey_codes', query: {}, body: undefined },
		]);
		expect(options).toEqual(
			codes.map(({ code, description, language }) => ({
				name: description,
				value: code,
				description: `Code: ${code}. Languages: ${language.join(', ')}`,
			})),
		);
		expect(options.map((option) => option.value)).toContain('standard');
		expect(options.map((option) => option.name)).not.toContain('standard');
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
