// The example workflows, the credentials they refer to, and where the sandbox sends its webhook events.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import type { CredentialFile, WorkflowFile } from './cli';
import { NODE_TYPES, REPO_DIR } from './project';

export const EXAMPLES_DIR = join(REPO_DIR, 'examples');

/**
 * The ids the example workflows refer to their credentials by. `npm run dev` and the end-to-end tests create the
 * credentials under these ids, so the examples run as they are; a user who imports them elsewhere picks their own.
 */
export const EXAMPLE_CREDENTIAL_IDS = {
	api: 'msExampleApiCred',
	webhookAuth: 'msExampleHookCred',
} as const;

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

/** The webhookIds of a workflow's MinistrySafe Trigger nodes: their production URLs are n8n.webhookUrl(id). */
export function triggerWebhookIds(workflow: WorkflowFile): string[] {
	return workflow.nodes
		.filter((node) => node.type === NODE_TYPES.trigger && typeof node.webhookId === 'string')
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
