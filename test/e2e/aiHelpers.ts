// What the AI end-to-end tests share: their workflows, the model credentials, the tool schema as the model saw it,
// and the ways in to a chat and an MCP endpoint of a running n8n.
import { join } from 'node:path';

import type { Operation } from '../../nodes/MinistrySafe/actions/types';
import { type CredentialFile, type Owner, type WorkflowFile, readWorkflows, withWebhookIds } from '../../scripts/n8n-runtime';
import type { ChatRequest, OpenAiServer } from './openaiServer';

export const AGENT_WORKFLOW = 'e2eAiAgentTool';
export const AGENT_WEBHOOK_PATH = 'e2e-ai-agent';
export const MCP_WORKFLOW = 'e2eAiMcpServer';
/** The MCP Server Trigger's path: its production URL is <n8n>/mcp/<path>. */
export const MCP_PATH = 'e2e-ministrysafe';
export const COMPLIANCE_EXAMPLE = 'msExampleComplianceAgent';

/** The credential ids the workflows refer to: the test workflow's model, and the example's placeholder. */
const SCRIPTED_MODEL_CREDENTIAL = 'e2eScriptedOpenAi';
const EXAMPLE_MODEL_CREDENTIAL = 'msExampleOpenAiCred';

/** The workflows made for these tests, from test/e2e/workflows/ai. */
export function aiWorkflows(): WorkflowFile[] {
	return readWorkflows(join(__dirname, 'workflows', 'ai'));
}

/**
 * OpenAI credentials whose Base URL is the scripted server: the test workflow's with the right key, and one under the
 * example's id with a placeholder key, which the server refuses as OpenAI refuses a key it does not know.
 */
export function modelCredentials(model: OpenAiServer): CredentialFile[] {
	return [
		{ id: SCRIPTED_MODEL_CREDENTIAL, name: 'Scripted OpenAI', type: 'openAiApi', data: { apiKey: model.apiKey, url: model.baseUrl } },
		{
			id: EXAMPLE_MODEL_CREDENTIAL,
			name: 'OpenAI account',
			type: 'openAiApi',
			data: { apiKey: 'sk-placeholder-replace-with-your-key', url: model.baseUrl },
		},
	];
}

/** What n8n makes of an operation's action for the tool's description when it is set automatically. */
export function toolDescription(operation: Operation): string {
	return `${operation.option.action} in MinistrySafe`;
}

export interface ToolSummary {
	name: string;
	description: string | undefined;
	parameters: Record<string, { type?: string; description?: string }>;
	required: string[];
}

/** The tools a chat completions request offered, reduced to what a model reads. */
export function toolSummaries(body: ChatRequest): ToolSummary[] {
	return (body.tools ?? []).map(({ function: tool }) => ({
		name: tool.name,
		description: tool.description,
		parameters: Object.fromEntries(
			Object.entries(tool.parameters?.properties ?? {}).map(([key, schema]) => [
				key,
				{ type: schema.type, description: schema.description },
			]),
		),
		required: tool.parameters?.required ?? [],
	}));
}

/** The production URL of a workflow's Chat Trigger (published, public), imported by the harness. */
export function chatUrl(n8nUrl: string, workflow: WorkflowFile): string {
	const trigger = withWebhookIds(workflow).nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.chatTrigger');
	if (typeof trigger?.webhookId !== 'string') throw new Error(`${workflow.id} has no Chat Trigger`);
	return `${n8nUrl}/webhook/${trigger.webhookId}/chat`;
}

/** Signs in to n8n's REST API and returns the session cookie (`n8n-auth=...`) the browser would send. */
export async function signInCookie(n8nUrl: string, owner: Owner): Promise<string> {
	const response = await fetch(`${n8nUrl}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
		signal: AbortSignal.timeout(10_000),
	});
	const cookie = response.headers.get('set-cookie')?.split(';')[0];
	if (!response.ok || !cookie) throw new Error(`Signing in to n8n failed: ${response.status} ${await response.text()}`);
	return cookie;
}
