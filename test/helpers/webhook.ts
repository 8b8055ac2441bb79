/**
 * The MinistrySafe Trigger behind a real HTTP server on 127.0.0.1, called the way n8n's webhook service calls it: the
 * body parsed as n8n parses it, n8n-core's own WebhookContext built for the node in a Workflow, the node's webhook()
 * run, and the answer n8n would give. The workflowData the node returns (an execution n8n would start) is recorded.
 */
import 'reflect-metadata';

import express from 'express';
import type { Request, Response } from 'express';
import type { AddressInfo } from 'node:net';
import { parse as parseQueryString } from 'node:querystring';
import { WebhookContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeParameters,
	IWebhookData,
	IWebhookResponseData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { MinistrySafeWebhookApi } from '../../credentials/MinistrySafeWebhookApi.credentials';
import { MinistrySafeTrigger } from '../../nodes/MinistrySafeTrigger/MinistrySafeTrigger.node.js';
import { PACKAGE, additionalDataFor, nodeTypesOf, registerCredentialType } from './n8n';

export const TRIGGER_NODE_TYPE = `${PACKAGE}.ministrySafeTrigger`;
const WEBHOOK_ID = 'ministrysafe-trigger-test';

registerCredentialType(new MinistrySafeWebhookApi());

export interface TriggerHarnessOptions {
	/** The trigger's parameters (contract.md names): events, authentication, includeFullRecord. */
	parameters: INodeParameters;
	/** Credential data by type: `ministrySafeWebhookApi`, `ministrySafeApi`. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** The node's version; a node added now has the default version. */
	typeVersion?: number;
}

export interface TriggerHarness {
	/** The Production URL, as n8n forms it: <base>/webhook/<webhookId>/<path>. */
	url: string;
	/** The items of each execution the trigger started, oldest first. */
	executions: IDataObject[][];
	/** Resolves once `count` executions were started; rejects after `timeoutMs`. */
	waitForExecutions(count: number, timeoutMs?: number): Promise<IDataObject[][]>;
	/** Resolves once every call received so far has been handled to the end. */
	settled(): Promise<void>;
	stop(): Promise<void>;
}

class UnparsableBodyError extends Error {}

/** n8n's body parser: JSON, form and plain text are read; any other content type, or no body, gives {}. */
function parseBodyAsN8nDoes(request: Request): unknown {
	const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
	if (raw.length === 0) return {};
	const mediaType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	const text = raw.toString('utf8');
	try {
		if (mediaType === 'application/json') return JSON.parse(text);
	} catch {
		throw new UnparsableBodyError('Failed to parse request body');
	}
	if (mediaType === 'application/x-www-form-urlencoded') return parseQueryString(text);
	if (mediaType === 'text/plain') return text;
	return {};
}

export async function startTriggerHarness(options: TriggerHarnessOptions): Promise<TriggerHarness> {
	const credentials = options.credentials ?? {};
	const trigger = new MinistrySafeTrigger();
	const node: INode = {
		id: 'trigger',
		name: 'MinistrySafe Trigger',
		type: TRIGGER_NODE_TYPE,
		typeVersion: options.typeVersion ?? (trigger.description.defaultVersion as number),
		position: [0, 0],
		webhookId: WEBHOOK_ID,
		parameters: options.parameters,
		credentials: Object.fromEntries(
			Object.keys(credentials).map((type, index) => [type, { id: String(index + 1), name: `test ${type}` }]),
		),
	};
	// The Workflow fills in the parameters' defaults, as for a saved workflow.
	const workflow = new Workflow({
		id: 'trigger-workflow',
		name: 'trigger test',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: nodeTypesOf({ [TRIGGER_NODE_TYPE]: trigger }),
	});
	const workflowNode = workflow.getNode(node.name) as INode;
	const baseAdditionalData = additionalDataFor(credentials);
	const webhookDescription = trigger.description.webhooks![0];

	const executions: IDataObject[][] = [];
	const inFlight = new Set<Promise<void>>();

	async function handle(request: Request, response: Response): Promise<void> {
		try {
			request.body = parseBodyAsN8nDoes(request);
		} catch (error) {
			response.status(422).json({ code: 422, message: (error as Error).message });
			return;
		}
		const additionalData = { ...baseAdditionalData, httpRequest: request, httpResponse: response };
		const webhookData: IWebhookData = {
			httpMethod: 'POST',
			node: workflowNode.name,
			path: webhookDescription.path,
			webhookDescription,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
		};
		const context = new WebhookContext(workflow, workflowNode, additionalData, 'webhook', webhookData, [], null);

		let result: IWebhookResponseData;
		try {
			result = await trigger.webhook.call(context);
		} catch (error) {
			if (!response.headersSent) response.status(500).json({ code: 0, message: (error as Error).message });
			return;
		}
		if (result.workflowData !== undefined) executions.push(result.workflowData[0].map((item) => item.json));
		// The node took over the answer (401, 400, or an early 200).
		if (result.noWebhookResponse === true) return;
		if (result.workflowData === undefined) {
			response.status(200).json(result.webhookResponse ?? { message: 'Webhook call received' });
			return;
		}
		// responseMode onReceived: the answer once the execution is started.
		response.status(200).json({ message: 'Workflow was started' });
	}

	const app = express();
	app.post(`/webhook/${WEBHOOK_ID}/${webhookDescription.path}`, express.raw({ type: () => true }), (request, response) => {
		const handled = handle(request, response).finally(() => inFlight.delete(handled));
		inFlight.add(handled);
	});
	const server = app.listen(0, '127.0.0.1');
	await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
	const { port } = server.address() as AddressInfo;

	const settled = async () => {
		while (inFlight.size > 0) await Promise.all(inFlight);
	};

	return {
		url: `http://127.0.0.1:${port}/webhook/${WEBHOOK_ID}/${webhookDescription.path}`,
		executions,
		async waitForExecutions(count, timeoutMs = 30_000) {
			const deadline = Date.now() + timeoutMs;
			while (executions.length < count) {
				if (Date.now() > deadline) {
					throw new Error(`Expected ${count} executions within ${timeoutMs} ms, got ${executions.length}`);
				}
				await new Promise((resolve) => setTimeout(resolve, 10));
			}
			return executions.slice(0, count);
		},
		settled,
		async stop() {
			await settled();
			await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
		},
	};
}
