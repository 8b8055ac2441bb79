// The MinistrySafe API credential: its "test" request run the way n8n's credential tester runs it (a temporary node
// whose one property routes the test request, executed by n8n-core's RoutingNode with the decrypted credential), over
// real HTTP to the sandbox; and the base URL per environment, in the node (baseUrlOf) and in the test's expression.
import type { ICredentialDataDecryptedObject, INode, INodeType } from 'n8n-workflow';
import { createRunExecutionData, Workflow } from 'n8n-workflow';
import { ExecuteContext, RoutingNode } from 'n8n-core';

import { baseUrlOf, ENVIRONMENT_BASE_URLS, MinistrySafeApi } from '../../credentials/MinistrySafeApi.credentials';
import type { LocalServer } from '../helpers/localServer';
import { startLocalServer } from '../helpers/localServer';
import { additionalDataFor, nodeTypesOf } from '../helpers/n8n';
import { sentRequests, useSandbox } from '../helpers/sandbox';

const sandbox = useSandbox();
const credentialType = new MinistrySafeApi();
const TEST_NODE_TYPE = 'test.credentialTest';

/** A node that does nothing but send the credential's test request, as n8n builds one to test a credential. */
const credentialTestNodeType: INodeType = {
	description: {
		displayName: 'Credential Test',
		name: TEST_NODE_TYPE,
		group: ['transform'],
		version: 1,
		description: "Sends the credential's test request",
		defaults: { name: 'Credential Test' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: credentialType.name, required: true }],
		properties: [
			{ displayName: 'Test', name: 'test', type: 'string', default: '', routing: { request: credentialType.test.request } },
		],
	},
};

const testNode: INode = {
	id: 'credential-test',
	name: 'Credential Test',
	type: TEST_NODE_TYPE,
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
	credentials: { [credentialType.name]: { id: '1', name: 'MinistrySafe' } },
};

function workflowWithTestNode(): Workflow {
	return new Workflow({
		nodes: [testNode],
		connections: {},
		active: false,
		nodeTypes: nodeTypesOf({ [TEST_NODE_TYPE]: credentialTestNodeType }),
	});
}

type CredentialTestResult = { status: 'OK' } | { status: 'Error'; statusCode?: number; message: string };

/** Runs the credential's test request; like n8n, any failure (a non-2xx answer included) makes the test fail. */
async function testCredential(data: ICredentialDataDecryptedObject): Promise<CredentialTestResult> {
	const context = new ExecuteContext(
		workflowWithTestNode(),
		testNode,
		additionalDataFor({ [credentialType.name]: data }),
		'internal',
		createRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node: testNode, data: {}, source: null },
		[],
	);
	const decrypted = { id: '1', name: 'MinistrySafe', type: credentialType.name, data };
	try {
		await new RoutingNode(context, credentialTestNodeType, decrypted).runNode();
		return { status: 'OK' };
	} catch (error) {
		const { httpCode, message } = error as { httpCode?: string; message: string };
		return { status: 'Error', statusCode: httpCode ? Number(httpCode) : undefined, message };
	}
}

const sandboxCredential = (apiKey: string, baseUrl = sandbox().url) => ({ environment: 'custom', baseUrl, apiKey });

describe('the test request', () => {
	it('succeeds with the right key: one authenticated GET of the Tags', async () => {
		const result = await testCredential(sandboxCredential(sandbox().apiKey));

		expect(result).toEqual({ status: 'OK' });
		expect(sentRequests(sandbox())).toEqual([{ method: 'GET', path: '/api/v2/tags', query: {}, body: undefined }]);
		expect(sandbox().requests[0].authorization).toBe(`Token token=${sandbox().apiKey}`);
	});

	it('fails with a wrong key, on the 401 the service answers', async () => {
		const result = await testCredential(sandboxCredential('not-the-key'));

		expect(result).toMatchObject({ status: 'Error', statusCode: 401 });
		// n8n-core's httpRequestWithAuthentication repeats a request once after a 401 (to refresh pre-authentication
		// data), so the tester sends it twice; both carry the wrong key.
		expect(sandbox().requests.map(({ path, authorization }) => [path, authorization])).toEqual([
			['/api/v2/tags', 'Token token=not-the-key'],
			['/api/v2/tags', 'Token token=not-the-key'],
		]);
	});

	it('reaches the same host as the node when the pasted URL ends in a slash or in /api/v2', async () => {
		for (const pasted of [`${sandbox().url}/`, `${sandbox().url}/api/v2`, ` ${sandbox().url}/api/v2/ `]) {
			expect(await testCredential(sandboxCredential(sandbox().apiKey, pasted))).toEqual({ status: 'OK' });
		}
		expect(sentRequests(sandbox()).map(({ path }) => path)).toEqual(['/api/v2/tags', '/api/v2/tags', '/api/v2/tags']);
	});
});

describe('a redirect', () => {
	let elsewhere: LocalServer;
	let redirecting: LocalServer;
	beforeAll(async () => {
		elsewhere = await startLocalServer(() => ({ status: 200, body: [] }));
		redirecting = await startLocalServer(() => ({ status: 301, headers: { Location: `${elsewhere.url}/api/v2/tags` } }));
	});
	afterAll(async () => {
		await Promise.all([elsewhere.stop(), redirecting.stop()]);
	});

	it('fails the test and is not followed: the key never reaches the other address (decisions.md 26)', async () => {
		const result = await testCredential({ environment: 'custom', baseUrl: redirecting.url, apiKey: 'the-real-key' });

		expect(result).toMatchObject({ status: 'Error' });
		expect(redirecting.received.map(({ url }) => url)).toEqual(['/api/v2/tags']);
		expect(elsewhere.received).toEqual([]);
	});
});

describe('base URL per environment', () => {
	const environments = Object.entries(ENVIRONMENT_BASE_URLS);

	it.each(environments)('%s is %s', (environment, url) => {
		expect(baseUrlOf({ environment, apiKey: 'k' })).toBe(url);
		// A custom URL left over from before the environment was switched does not count.
		expect(baseUrlOf({ environment, baseUrl: 'http://127.0.0.1:1', apiKey: 'k' })).toBe(url);
	});

	it.each([
		['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
		['http://127.0.0.1:4010/', 'http://127.0.0.1:4010'],
		['http://127.0.0.1:4010/api/v2', 'http://127.0.0.1:4010'],
		['  https://ms.example.org/api/v2/  ', 'https://ms.example.org'],
	])('custom %j is %j', (baseUrl, expected) => {
		expect(baseUrlOf({ environment: 'custom', baseUrl, apiKey: 'k' })).toBe(expected);
	});

	it.each([
		...environments.map(([environment]) => ({ environment, apiKey: 'k' })),
		{ environment: 'custom', baseUrl: 'http://127.0.0.1:4010/api/v2/', apiKey: 'k' },
	])("the test request's base URL expression agrees with baseUrlOf for %j", (credential) => {
		const resolved = workflowWithTestNode().expression.getSimpleParameterValue(
			testNode,
			credentialType.test.request.baseURL as string,
			'internal',
			{ $credentials: credential },
		);
		expect(resolved).toBe(baseUrlOf(credential));
	});
});
