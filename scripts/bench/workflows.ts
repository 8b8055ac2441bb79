// The workflows the benchmark runs in n8n, as a user would build them: a Webhook trigger (so a run starts with one
// HTTP call and its input comes in the call's body), then our node or n8n's HTTP Request node doing the same work.
import type { CredentialFile, WorkflowFile } from '../n8n-runtime';
import { NODE_TYPES } from '../n8n-runtime';

import type { SandboxTarget } from './rawClient';

/** The node whose execution time is the figure, in every benchmark workflow. */
export const MEASURED_NODE = 'Measured';

export interface BenchCredentials {
	/** Our credential, per sandbox. */
	ministrySafe: (sandbox: SandboxTarget) => { id: string; name: string };
	/** n8n's Header Auth credential with the same key, per sandbox. */
	headerAuth: (sandbox: SandboxTarget) => { id: string; name: string };
	files: CredentialFile[];
}

/** One pair of credentials per sandbox (each has its own URL; the HTTP Request node takes its URL from the node). */
export function benchCredentials(sandboxes: Record<string, SandboxTarget>): BenchCredentials {
	const files: CredentialFile[] = [];
	const ministrySafe = new Map<SandboxTarget, { id: string; name: string }>();
	const headerAuth = new Map<SandboxTarget, { id: string; name: string }>();
	for (const [name, sandbox] of Object.entries(sandboxes)) {
		const api = { id: `bench${name}Api`, name: `MinistrySafe sandbox (${name})` };
		const header = { id: `bench${name}Hdr`, name: `Header auth (${name})` };
		files.push(
			{ ...api, type: 'ministrySafeApi', data: { environment: 'custom', baseUrl: sandbox.url, apiKey: sandbox.apiKey } },
			{ ...header, type: 'httpHeaderAuth', data: { name: 'Authorization', value: `Token token=${sandbox.apiKey}` } },
		);
		ministrySafe.set(sandbox, api);
		headerAuth.set(sandbox, header);
	}
	const pick = (map: Map<SandboxTarget, { id: string; name: string }>) => (sandbox: SandboxTarget) => {
		const credential = map.get(sandbox);
		if (!credential) throw new Error(`No credential for the sandbox at ${sandbox.url}`);
		return credential;
	};
	return { ministrySafe: pick(ministrySafe), headerAuth: pick(headerAuth), files };
}

type Node = Record<string, unknown>;

/** Webhook (POST /webhook/<path>, answers once the last node is done) -> [Split Out body.users] -> the measured node. */
export function workflow(id: string, name: string, measured: Node, options: { splitUsers: boolean }): WorkflowFile {
	const nodes: Node[] = [
		{
			id: `${id}-trigger`,
			name: 'Start',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: `${id}-hook`,
			parameters: { httpMethod: 'POST', path: id, responseMode: 'lastNode', responseData: 'noData', options: {} },
		},
	];
	if (options.splitUsers) {
		nodes.push({
			id: `${id}-split`,
			name: 'Users',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [220, 0],
			parameters: { fieldToSplitOut: 'body.users', options: {} },
		});
	}
	nodes.push({ id: `${id}-measured`, name: MEASURED_NODE, position: [440, 0], ...measured });
	const connections: Record<string, unknown> = {};
	for (let index = 1; index < nodes.length; index++) {
		connections[nodes[index - 1].name as string] = {
			main: [[{ node: nodes[index].name, type: 'main', index: 0 }]],
		};
	}
	return { id, name, active: false, settings: { executionOrder: 'v1' }, nodes, connections };
}

export function ourGetAllWorkflow(id: string, sandbox: SandboxTarget, credentials: BenchCredentials): WorkflowFile {
	return workflow(
		id,
		'Bench: MinistrySafe, Get Many Users, Return All',
		{
			type: NODE_TYPES.action,
			typeVersion: 1,
			parameters: { resource: 'user', operation: 'getAll', returnAll: true, filters: {} },
			credentials: { ministrySafeApi: credentials.ministrySafe(sandbox) },
		},
		{ splitUsers: false },
	);
}

const HTTP_REQUEST_VERSION = 4.2;

function httpRequestAuth(sandbox: SandboxTarget, credentials: BenchCredentials): Node {
	return {
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: HTTP_REQUEST_VERSION,
		credentials: { httpHeaderAuth: credentials.headerAuth(sandbox) },
	};
}

/** GET /users with n8n's own pagination: page = $pageCount + 1 until an empty page, as its docs show. */
export function httpGetAllWorkflow(id: string, sandbox: SandboxTarget, credentials: BenchCredentials): WorkflowFile {
	return workflow(
		id,
		'Bench: HTTP Request, GET /users, paginated',
		{
			...httpRequestAuth(sandbox, credentials),
			parameters: {
				url: `${sandbox.url}/api/v2/users`,
				authentication: 'genericCredentialType',
				genericAuthType: 'httpHeaderAuth',
				options: {
					pagination: {
						pagination: {
							paginationMode: 'updateAParameterInEachRequest',
							parameters: { parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }] },
							paginationCompleteWhen: 'responseIsEmpty',
						},
					},
				},
			},
		},
		{ splitUsers: false },
	);
}

/**
 * Create a User per input item. `concurrency` goes to requestOptions (n8n ignores it until the node has it);
 * undefined leaves the node's default.
 */
export function ourCreateWorkflow(
	id: string,
	sandbox: SandboxTarget,
	credentials: BenchCredentials,
	concurrency: number | undefined,
): WorkflowFile {
	return workflow(
		id,
		`Bench: MinistrySafe, Create User, concurrency ${concurrency ?? 'default'}`,
		{
			type: NODE_TYPES.action,
			typeVersion: 1,
			parameters: {
				resource: 'user',
				operation: 'create',
				firstName: '={{ $json.first_name }}',
				lastName: '={{ $json.last_name }}',
				email: '={{ $json.email }}',
				externalId: '={{ $json.external_id }}',
				additionalFields: {},
				...(concurrency === undefined ? {} : { requestOptions: { concurrency } }),
			},
			credentials: { ministrySafeApi: credentials.ministrySafe(sandbox) },
		},
		{ splitUsers: true },
	);
}

/** POST /users per input item, form-encoded as the service documents it; optionally with n8n's Retry On Fail. */
export function httpCreateWorkflow(
	id: string,
	sandbox: SandboxTarget,
	credentials: BenchCredentials,
	options: { retryOnFail: boolean },
): WorkflowFile {
	const field = (name: string) => ({ name: `user[${name}]`, value: `={{ $json.${name} }}` });
	return workflow(
		id,
		`Bench: HTTP Request, POST /users${options.retryOnFail ? ', Retry On Fail' : ''}`,
		{
			...httpRequestAuth(sandbox, credentials),
			// n8n's defaults once Retry On Fail is switched on: 3 tries, 1 s apart.
			...(options.retryOnFail ? { retryOnFail: true, maxTries: 3, waitBetweenTries: 1000 } : {}),
			parameters: {
				method: 'POST',
				url: `${sandbox.url}/api/v2/users`,
				authentication: 'genericCredentialType',
				genericAuthType: 'httpHeaderAuth',
				sendBody: true,
				contentType: 'form-urlencoded',
				bodyParameters: { parameters: ['first_name', 'last_name', 'email', 'external_id'].map(field) },
				options: {},
			},
		},
		{ splitUsers: true },
	);
}
