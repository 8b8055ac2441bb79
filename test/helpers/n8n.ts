/**
 * Our nodes inside n8n's own engine, in-process: a real Workflow run by n8n-core's WorkflowExecute, with the real
 * execution contexts and the real request helpers (httpRequestWithAuthentication sends real HTTP). Only what a
 * running n8n keeps in its database is provided here: the credentials and the node types.
 */
import 'reflect-metadata';

import { Container } from '@n8n/di';
import { ExecutionLifecycleHooks, LoadOptionsContext, WorkflowExecute } from 'n8n-core';
import { ScheduledTaskManager } from 'n8n-core/dist/execution-engine/scheduled-task-manager';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	ICredentials,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRequestOptionsSimplified,
	IRun,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	Workflow as WorkflowType,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';

import { MinistrySafeApi } from '../../credentials/MinistrySafeApi.credentials';
import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node.js';

/**
 * The first execution context starts two of n8n-core's singletons, each with an interval that a running n8n stops at
 * shutdown; stop them when done, or the process never exits. Under jest this runs after each test file.
 */
export function stopN8nCore(): void {
	Container.get(SSHClientsManager).onShutdown();
	Container.get(ScheduledTaskManager).deregisterAllCrons();
}
if (typeof afterAll === 'function') afterAll(stopN8nCore);

export const PACKAGE = 'n8n-nodes-ministrysafe';
export const ACTION_NODE_TYPE = `${PACKAGE}.ministrySafe`;
const INPUT_NODE_TYPE = 'test.input';

/** The credential types the package ships, by name. Others (the trigger's) register theirs with `registerCredentialType`. */
const credentialTypes = new Map<string, ICredentialType>([['ministrySafeApi', new MinistrySafeApi()]]);
export function registerCredentialType(type: ICredentialType): void {
	credentialTypes.set(type.name, type);
}

/** Serves the test's credential data, and applies a credential's generic `authenticate` block as n8n does. */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow: WorkflowType,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const authenticate = credentialTypes.get(typeName)?.authenticate;
		const options = requestOptions as IHttpRequestOptions;
		if (!authenticate) return options;
		if (typeof authenticate === 'function') return await authenticate(credentials, options);
		const resolve = (value: string) =>
			value.startsWith('=')
				? String(workflow.expression.getSimpleParameterValue(node, value, 'internal', { $credentials: credentials }))
				: value;
		for (const [target, entries] of Object.entries(authenticate.properties)) {
			const bag = ((options as unknown as IDataObject)[target] ?? {}) as IDataObject;
			for (const [key, value] of Object.entries(entries as Record<string, string>)) bag[resolve(key)] = resolve(value);
			(options as unknown as IDataObject)[target] = bag;
		}
		return options;
	}

	async preAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(details: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		return { id: details.id, name: details.name, type, getData: () => this.data[type] } as unknown as ICredentials;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_details: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.data[type];
		if (!data) throw new Error(`The test gave no credential of type ${type}`);
		return { ...data };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialTypes.get(type)?.properties ?? [];
	}
}

/** Node types by name, as n8n's loader would register them. */
export function nodeTypesOf(types: Record<string, INodeType | IVersionedNodeType>): INodeTypes {
	return {
		getByName: (name) => types[name],
		getByNameAndVersion: (name, version) => NodeHelpers.getVersionedNodeType(types[name], version),
		getKnownTypes: () => ({}),
	};
}

/** One expression as n8n evaluates it for a node whose input item is `json` (a template's expressions, say). */
export function evaluateExpression(expression: string, json: IDataObject): unknown {
	const stand: INodeType = {
		description: { displayName: 'Stand-in', name: 'test.standIn', group: [], version: 1, description: '', defaults: {}, inputs: [], outputs: [], properties: [] },
	};
	const workflow = new Workflow({
		nodes: [{ id: '1', name: 'Stand-in', type: 'test.standIn', typeVersion: 1, position: [0, 0], parameters: {} }],
		connections: {},
		active: false,
		nodeTypes: nodeTypesOf({ 'test.standIn': stand }),
	});
	return workflow.expression.getParameterValue(expression, null, 0, 0, 'Stand-in', [{ json }], 'manual', {});
}

export function additionalDataFor(credentials: Record<string, ICredentialDataDecryptedObject>): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new TestCredentialsHelper(credentials),
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		currentNodeExecutionIndex: 0,
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
}

/** A node that emits the test's input items, standing in for whatever precedes our node in a user's workflow. */
/** A file an input item holds, as n8n keeps one in memory (binary data mode 'default': the bytes in base64). */
export interface InputFile {
	bytes: Buffer | string;
	fileName?: string;
	mimeType?: string;
	/** The item's binary field; default 'data', as n8n's nodes name it. */
	field?: string;
}

function binaryOf(file: InputFile): INodeExecutionData['binary'] {
	const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'utf8') : file.bytes;
	const fileExtension = file.fileName?.includes('.') ? file.fileName.split('.').pop() : undefined;
	return {
		[file.field ?? 'data']: {
			data: bytes.toString('base64'),
			mimeType: file.mimeType ?? 'application/octet-stream',
			...(file.fileName ? { fileName: file.fileName } : {}),
			...(fileExtension ? { fileExtension } : {}),
		},
	};
}

function inputNode(items: IDataObject[], files: Array<InputFile | undefined> = []): INodeType {
	return {
		description: {
			displayName: 'Test Input',
			name: INPUT_NODE_TYPE,
			group: ['input'],
			version: 1,
			description: 'Emits the test items',
			defaults: { name: 'Input' },
			inputs: [],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			return [items.map((json, index) => ({ json, ...(files[index] ? { binary: binaryOf(files[index]) } : {}) }))];
		},
	} as INodeType;
}

export interface SandboxCredential {
	url: string;
	apiKey: string;
}

export interface RunActionOptions {
	/** The node's parameters: resource, operation and the operation's own (contract.md names). */
	parameters: INodeParameters;
	/** Input items (expressions in parameters may read them as $json); default one empty item. */
	items?: IDataObject[];
	/** A file for each input item that holds one, by index. */
	files?: Array<InputFile | undefined>;
	/** The `ministrySafeApi` credential: a sandbox's URL and key, or the full credential data. */
	credential: SandboxCredential | ICredentialDataDecryptedObject;
	continueOnFail?: boolean;
	/** The workflow's time zone (settings.timezone). */
	timezone?: string;
	/** The node's version as saved in the workflow; default 1, whose records are never simplified. */
	typeVersion?: number;
	/** The node's Settings > Always Output Data: one empty item when it puts out none. */
	alwaysOutputData?: boolean;
}

export interface NodeRunResult {
	/** The node's first output. */
	items: INodeExecutionData[];
	/** The error that stopped the run, if any (as n8n stores it in the execution). */
	error?: Error & { description?: string | null; httpCode?: string | null; context?: IDataObject };
	run: IRun;
}

const toCredentialData = (credential: RunActionOptions['credential']): ICredentialDataDecryptedObject =>
	'url' in credential && 'apiKey' in credential && !('environment' in credential)
		? { environment: 'custom', baseUrl: credential.url, apiKey: credential.apiKey }
		: (credential as ICredentialDataDecryptedObject);

/** Runs the MinistrySafe node once in a two-node workflow (input items -> MinistrySafe), as a manual execution does. */
export async function runActionNode(options: RunActionOptions): Promise<NodeRunResult> {
	const nodeName = 'MinistrySafe';
	const nodes: INode[] = [
		{ id: 'input', name: 'Input', type: INPUT_NODE_TYPE, typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: 'action',
			name: nodeName,
			type: ACTION_NODE_TYPE,
			typeVersion: options.typeVersion ?? 1,
			position: [200, 0],
			parameters: options.parameters,
			credentials: { ministrySafeApi: { id: '1', name: 'MinistrySafe sandbox' } },
			...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
			...(options.alwaysOutputData ? { alwaysOutputData: true } : {}),
		},
	];
	const workflow = new Workflow({
		id: 'test-workflow',
		name: 'test',
		nodes,
		connections: { Input: { main: [[{ node: nodeName, type: 'main', index: 0 }]] } },
		active: false,
		nodeTypes: nodeTypesOf({
			[INPUT_NODE_TYPE]: inputNode(options.items ?? [{}], options.files),
			[ACTION_NODE_TYPE]: new MinistrySafe(),
		}),
		settings: options.timezone ? { timezone: options.timezone } : {},
	});
	const additionalData = additionalDataFor({ ministrySafeApi: toCredentialData(options.credential) });
	additionalData.hooks = new ExecutionLifecycleHooks('manual', 'test-execution', {
		id: 'test-workflow',
		name: 'test',
		active: false,
		nodes,
		connections: workflow.connectionsBySourceNode,
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
		activeVersionId: null,
	} as never);

	const run = await new WorkflowExecute(additionalData, 'manual').run({ workflow, startNode: nodes[0] });
	const output = run.data.resultData.runData[nodeName]?.[0]?.data?.main?.[0] ?? [];
	return { items: output, error: run.data.resultData.error as NodeRunResult['error'], run };
}

/** The JSON of each output item. */
export const jsonOf = (result: NodeRunResult): IDataObject[] => result.items.map((item) => item.json);

export interface LoadOptionsOptions {
	/** The `ministrySafeApi` credential: a sandbox's URL and key, or the full credential data. */
	credential: RunActionOptions['credential'];
	/** The node's parameters as the editor holds them when it asks for a dropdown's entries. */
	parameters?: INodeParameters;
	/** A node just added, before any credential is chosen. */
	withoutCredential?: boolean;
}

/**
 * The context n8n gives the node's `methods` (loadOptions, listSearch) when the editor fills a dropdown: n8n-core's
 * LoadOptionsContext on the MinistrySafe node, with the real request helpers. Call a method on it, for example
 * `loadOptions.getLevels.call(loadOptionsContext({ credential: sandbox }))`.
 */
export function loadOptionsContext(options: LoadOptionsOptions): ILoadOptionsFunctions {
	const node: INode = {
		id: 'action',
		name: 'MinistrySafe',
		type: ACTION_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters ?? {},
		...(options.withoutCredential ? {} : { credentials: { ministrySafeApi: { id: '1', name: 'MinistrySafe sandbox' } } }),
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypesOf({ [ACTION_NODE_TYPE]: new MinistrySafe() }),
	});
	const additionalData = additionalDataFor({ ministrySafeApi: toCredentialData(options.credential) });
	additionalData.currentNodeParameters = node.parameters;
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters');
}
