import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/** The service's hosts; the API lives under /api/v2 on the same host as the developer console. */
export const ENVIRONMENT_BASE_URLS = {
	production: 'https://safetysystem.ministrysafe.com',
	productionAps: 'https://safetysystem.abusepreventionsystems.com',
	staging: 'https://staging.ministrysafe.com',
	stagingAps: 'https://staging.abusepreventionsystems.com',
} as const;

/** The host a credential points at, without a trailing slash or /api/v2 (a pasted custom URL may carry either). */
export function baseUrlOf(credentials: ICredentialDataDecryptedObject): string {
	const environment = credentials.environment as string;
	const url =
		environment === 'custom'
			? String(credentials.baseUrl ?? '')
			: ENVIRONMENT_BASE_URLS[environment as keyof typeof ENVIRONMENT_BASE_URLS] ?? '';
	return url.trim().replace(/\/+$/, '').replace(/\/api\/v2$/, '');
}

// The credential test runs as an expression, so the same table is spelled into it rather than written twice.
const testBaseUrlExpression = `={{ ($credentials.environment === 'custom' ? $credentials.baseUrl : (${JSON.stringify(
	ENVIRONMENT_BASE_URLS,
)})[$credentials.environment]).trim().replace(/\\/+$/, '').replace(/\\/api\\/v2$/, '') }}`;

export class MinistrySafeApi implements ICredentialType {
	name = 'ministrySafeApi';

	displayName = 'MinistrySafe API';

	icon = { light: 'file:../icons/ministrySafe.svg', dark: 'file:../icons/ministrySafe.dark.svg' } as const;

	documentationUrl = 'https://github.com/n8n-nodes-ministrysafe/n8n-nodes-ministrysafe#ministrysafe-api';

	properties: INodeProperties[] = [
		{
			displayName: 'Environment',
			name: 'environment',
			type: 'options',
			options: [
				{
					name: 'Abuse Prevention Systems (Production)',
					value: 'productionAps',
					description: `The live Abuse Prevention Systems service, at ${ENVIRONMENT_BASE_URLS.productionAps}`,
				},
				{
					name: 'Abuse Prevention Systems (Staging)',
					value: 'stagingAps',
					description: `The Abuse Prevention Systems test environment, at ${ENVIRONMENT_BASE_URLS.stagingAps}`,
				},
				{
					name: 'Custom Base URL',
					value: 'custom',
					description: 'Another address, for example a test server on your own computer',
				},
				{
					name: 'MinistrySafe (Production)',
					value: 'production',
					description: `The live MinistrySafe service, at ${ENVIRONMENT_BASE_URLS.production}`,
				},
				{
					name: 'MinistrySafe (Staging)',
					value: 'staging',
					description: `The MinistrySafe test environment, at ${ENVIRONMENT_BASE_URLS.staging}`,
				},
			],
			default: 'production',
			description: 'Where the API key belongs: a key works only in the environment that issued it',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. http://localhost:4010',
			description: "The server's address, without /api/v2 at the end",
			displayOptions: { show: { environment: ['custom'] } },
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The key from the developer console (/developers) of the chosen environment',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Token token={{$credentials.apiKey}}',
			},
		},
	};

	// A cheap authenticated read: one page of Tags. A redirect fails the test rather than taking the key elsewhere
	// (decisions.md 26).
	test: ICredentialTestRequest = {
		request: {
			baseURL: testBaseUrlExpression,
			url: '/api/v2/tags',
			method: 'GET',
			headers: { Accept: 'application/json' },
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		},
		// n8n's credential tester shows these instead of the bare status line.
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						"The API key was rejected. Check the key, and that 'Environment' is the one that issued it: a staging key does not work in production, nor a MinistrySafe key on Abuse Prevention Systems.",
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						"No MinistrySafe API answers at this address (404). Check 'Environment' and, for a custom base URL, that it is the host without /api/v2.",
				},
			},
		],
	};
}
