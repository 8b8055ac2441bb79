// The example workflows, the credentials they refer to, and where the sandbox sends its webhook events.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import type { CredentialFile, WorkflowFile } from './files';
import { NODE_TYPES, REPO_DIR } from './project';

export const EXAMPLES_DIR = join(REPO_DIR, 'examples');

/**
 * The ids the example workflows refer to their credentials by. `npm run dev` and the end-to-end tests create the
 * credentials under these ids, so the examples run as they are; a user who imports them elsewhere picks their own.
 */
export const EXAMPLE_CREDENTIAL_IDS = {
	api: 'msExampleApiCred',
	webhookAuth: 'msExampleHookCred',
	/** n8n's Basic Auth credential, the login the upload template's form asks for. */
	uploadFormLogin: 'msExampleFormLogin',
} as const;

/** The login of the upload template's form where `npm run dev` and the end-to-end tests run it. */
export const UPLOAD_FORM_LOGIN = { user: 'staff-list-uploader', password: 'upload-form-sandbox-1' } as const;

export function exampleCredentials(
	sandboxUrl: string,
	apiKey: string,
	webhookAuth: { user: string; password: string },
): CredentialFile[] {
	return [
		{
			id: EXAMPLE_CREDENTIAL_IDS.api,
			name: 'MinistrySafe sandbox',
			type: 'ministrySafeApi',
			data: { environment: 'custom', baseUrl: sandboxUrl, apiKey },
		},
		{
			id: EXAMPLE_CREDENTIAL_IDS.webhookAuth,
			name: 'MinistrySafe webhook (sandbox)',
			type: 'ministrySafeWebhookApi',
			data: { ...webhookAuth },
		},
		{
			id: EXAMPLE_CREDENTIAL_IDS.uploadFormLogin,
			name: 'Upload form login',
			type: 'httpBasicAuth',
			data: { ...UPLOAD_FORM_LOGIN },
		},
	];
}

/** Every workflow file (*.json) in a folder, in name order. */
export function readWorkflows(folder: string): WorkflowFile[] {
	return readdirSync(folder)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as WorkflowFile);
}

export function exampleWorkflows(): WorkflowFile[] {
	return readWorkflows(EXAMPLES_DIR);
}

/** The node types of our workflows that n8n serves webhooks for, and so gives a webhookId. */
export const WEBHOOK_NODE_TYPES: readonly string[] = [
	NODE_TYPES.trigger,
	'n8n-nodes-base.webhook',
	'n8n-nodes-base.formTrigger',
	'n8n-nodes-base.form',
	'n8n-nodes-base.wait',
	'@n8n/n8n-nodes-langchain.chatTrigger',
	'@n8n/n8n-nodes-langchain.mcpTrigger',
];

interface WebhookNode {
	name: string;
	type: string;
	webhookId?: unknown;
}

/** A UUID made from a text: the same text, the same id. */
function uuidFrom(text: string): string {
	const hex = createHash('sha256').update(text).digest('hex');
	const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The workflow as the editor saves an imported one: each webhook node without a webhookId gets one (n8n-workflow's
 * resolveNodeWebhookId; the templates carry none, so that two imports never share a URL). The editor draws a new
 * UUID; for a workflow imported under its own id (n8n's CLI keeps it, and the tests refer to it), the id here is made
 * from the workflow's id and the node's name, so that every reader of the same file finds the same URL. `fresh`
 * draws new ones, as the editor does for each import.
 */
export function withWebhookIds<T extends { id?: string; nodes: ReadonlyArray<Record<string, unknown>> }>(workflow: T, fresh = false): T {
	const nodes = workflow.nodes.map((node) => {
		const { name, type, webhookId } = node as unknown as WebhookNode;
		if (!WEBHOOK_NODE_TYPES.includes(type) || (typeof webhookId === 'string' && webhookId !== '')) return node;
		return { ...node, webhookId: fresh ? uuidFrom(`${Math.random()}/${Date.now()}/${name}`) : uuidFrom(`${workflow.id}/${name}`) };
	});
	return { ...workflow, nodes };
}

/**
 * The webhookIds of a workflow's MinistrySafe Trigger nodes, read from the workflow n8n saved (or from the file the
 * harness imported, which gives the same): their Production URLs are n8n.webhookUrl(id).
 */
export function triggerWebhookIds(workflow: { id: string; nodes: ReadonlyArray<Record<string, unknown>> | ReadonlyArray<WebhookNode> }): string[] {
	return (withWebhookIds({ id: workflow.id, nodes: workflow.nodes as ReadonlyArray<Record<string, unknown>> }).nodes as unknown as WebhookNode[])
		.filter((node) => node.type === NODE_TYPES.trigger)
		.map((node) => node.webhookId as string);
}

/** What an administrator sets in the developer console: where the sandbox sends its events, and with which login. */
export async function setSandboxWebhooks(
	sandbox: { url: string; apiKey: string },
	urls: string[],
	auth?: { user: string; password: string },
): Promise<void> {
	const response = await fetch(`${sandbox.url}/sandbox/webhooks`, {
		method: 'PUT',
		headers: { authorization: `Token token=${sandbox.apiKey}`, 'content-type': 'application/json' },
		body: JSON.stringify({ urls, ...(auth ? { username: auth.user, password: auth.password } : {}) }),
		signal: AbortSignal.timeout(10_000),
	});
	if (!response.ok) throw new Error(`The sandbox refused the webhook settings: ${response.status} ${await response.text()}`);
}
