// The action node as an AI agent's tool and over MCP, in a real n8n: an AI Agent whose OpenAI Chat Model is a
// scripted stand-in calls the MinistrySafe tool with arguments it fills through $fromAI(); an MCP client written
// with the official MCP SDK lists and calls the tools an MCP Server Trigger exposes; and the compliance agent
// example runs as shipped up to its model call, where its placeholder credential is refused.
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { get as getUser } from '../../nodes/MinistrySafe/actions/user/get.operation';
import { getAll as getManyUsers } from '../../nodes/MinistrySafe/actions/user/getAll.operation';
import { upsert as upsertUser } from '../../nodes/MinistrySafe/actions/user/upsert.operation';
import {
	NODE_TYPES,
	type PublicExecution,
	type WorkflowFile,
	exampleWorkflows,
	waitFor,
} from '../../scripts/n8n-runtime';
import { ok, sandboxClients, sentRequests } from '../helpers/sandbox';
import {
	AGENT_WEBHOOK_PATH,
	AGENT_WORKFLOW,
	COMPLIANCE_EXAMPLE,
	MCP_PATH,
	MCP_WORKFLOW,
	type ToolSummary,
	aiWorkflows,
	chatUrl,
	modelCredentials,
	signInCookie,
	toolDescription,
	toolSummaries,
} from './aiHelpers';
import { type E2eEnvironment, OWNER, startE2eEnvironment } from './helpers';
import { type OpenAiServer, startOpenAiServer } from './openaiServer';

interface ApiUser {
	id: number;
	first_name: string;
	last_name: string;
	email: string;
	external_id: string;
}

let env: E2eEnvironment;
let model: OpenAiServer;
const example = exampleWorkflows().find((workflow) => workflow.id === COMPLIANCE_EXAMPLE) as WorkflowFile;

const api = {
	get: async <T>(path: string): Promise<T> => ok(await sandboxClients(env.sandbox).api.get(path)) as T,
};

const isMinistrySafeTool = (node: WorkflowFile['nodes'][number]): boolean => node.type === `${NODE_TYPES.action}Tool`;

/** A question to the agent workflow's webhook; it answers with the agent's output once the run ends. */
function askAgent(question: string): Promise<Response> {
	return fetch(`${env.n8n.url}/webhook/${AGENT_WEBHOOK_PATH}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ question }),
		signal: AbortSignal.timeout(60_000),
	});
}

beforeAll(async () => {
	model = await startOpenAiServer({ apiKey: 'sk-e2e-scripted-model' });
	env = await startE2eEnvironment({
		workflows: [...aiWorkflows(), example],
		publish: [AGENT_WORKFLOW, MCP_WORKFLOW, COMPLIANCE_EXAMPLE],
		credentials: modelCredentials(model),
	});
}, 300_000);

afterAll(async () => {
	await env?.stop();
	await model?.stop();
});

beforeEach(() => {
	env.sandbox.clearRequests();
	model.requests.length = 0;
});

describe('an AI Agent with the MinistrySafe tool', () => {
	it('calls the tool with the arguments the model chose and hands its result back to the model', async () => {
		const [someone] = await api.get<ApiUser[]>('/users');
		env.sandbox.clearRequests();
		model.setScript({
			toolName: 'Look_up_a_user',
			arguments: { User_ID: String(someone.id) },
			answer: (toolResult) => `MinistrySafe says: ${toolResult}`,
		});

		const response = await askAgent(`Has user ${someone.id} completed their safety training?`);
		const answer = (await response.json()) as { output?: string };
		expect(response.status).toBe(200);

		// The sandbox got exactly the request the arguments describe: that User, detailed.
		expect(sentRequests(env.sandbox)).toEqual([
			expect.objectContaining({ method: 'GET', path: `/api/v2/users/${someone.id}/detailed` }),
		]);

		// Two model calls: the first offered the tool, the second carried the tool's result.
		expect(model.requests).toHaveLength(2);
		const [first, second] = model.requests;
		expect(first.body.messages.at(-1)).toMatchObject({ role: 'user', content: expect.stringContaining(String(someone.id)) });
		const toolMessage = second.body.messages.find((message) => message.role === 'tool');
		expect(toolMessage?.content).toEqual(expect.stringContaining(someone.email));
		expect(toolMessage?.content).toEqual(expect.stringContaining('"trainings"'));

		// The final message, built from the tool's result, is what the workflow answered.
		expect(answer.output).toEqual(expect.stringContaining('MinistrySafe says:'));
		expect(answer.output).toEqual(expect.stringContaining(someone.email));
	});

	it("offers the model a tool schema built from the operation's action and the $fromAI() descriptions", async () => {
		model.setScript({ toolName: 'Look_up_a_user', arguments: { User_ID: '1001' }, answer: () => 'done' });
		const response = await askAgent('Look up user 1001');
		expect(response.status).toBe(200);

		const tools: ToolSummary[] = toolSummaries(model.requests[0].body);
		expect(tools).toEqual([
			{
				name: 'Look_up_a_user',
				description: toolDescription(getUser),
				parameters: { User_ID: { type: 'string', description: 'The numeric MinistrySafe User ID, e.g. 1042' } },
				required: ['User_ID'],
			},
		]);
	});
});

describe('an MCP Server Trigger exposing the MinistrySafe tool', () => {
	let mcp: McpClient;

	beforeAll(async () => {
		mcp = new McpClient({ name: 'ministrysafe-e2e', version: '1.0.0' });
		await mcp.connect(new StreamableHTTPClientTransport(new URL(`${env.n8n.url}/mcp/${MCP_PATH}`)));
	});

	afterAll(async () => {
		await mcp?.close();
	});

	it('lists both tools with their descriptions and input schemas', async () => {
		const { tools } = await mcp.listTools();
		const byName = new Map(tools.map((tool) => [tool.name, tool]));
		expect([...byName.keys()].sort()).toEqual(['Create_or_update_a_user', 'Find_users']);

		expect(byName.get('Find_users')).toMatchObject({
			description: toolDescription(getManyUsers),
			inputSchema: {
				type: 'object',
				properties: { Search: { type: 'string', description: expect.stringMatching(/name.*email/) } },
				required: ['Search'],
			},
		});
		const upsertTool = byName.get('Create_or_update_a_user');
		expect(upsertTool?.description).toBe(toolDescription(upsertUser));
		expect(Object.keys(upsertTool?.inputSchema.properties ?? {}).sort()).toEqual(['Email', 'External_ID', 'First_Name', 'Last_Name']);
	});

	it('reads: Find users searches the service and answers with the Users found', async () => {
		const users = await api.get<ApiUser[]>('/users');
		const someone = users[1];
		env.sandbox.clearRequests();

		const result = await mcp.callTool({ name: 'Find_users', arguments: { Search: someone.last_name } });

		expect(result.isError).toBeFalsy();
		expect(sentRequests(env.sandbox)).toEqual([
			expect.objectContaining({ method: 'GET', path: '/api/v2/users', query: expect.objectContaining({ search: someone.last_name }) }),
		]);
		const text = (result.content as Array<{ type: string; text: string }>).map((part) => part.text).join('');
		expect(text).toContain(someone.email);
	});

	it('writes: Create or update a user creates the User, then updates the same one', async () => {
		const person = { External_ID: 'E2E-MCP-1', First_Name: 'Mara', Last_Name: 'Protocol', Email: 'mara.protocol@example.org' };

		const created = await mcp.callTool({ name: 'Create_or_update_a_user', arguments: person });
		expect(created.isError).toBeFalsy();
		const createdText = (created.content as Array<{ text: string }>).map((part) => part.text).join('');
		expect(createdText).toContain('"created"');
		expect(sentRequests(env.sandbox).filter((request) => request.method !== 'GET')).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/api/v2/users',
				body: expect.objectContaining({
					user: expect.objectContaining({ first_name: 'Mara', last_name: 'Protocol', external_id: 'E2E-MCP-1' }),
				}),
			}),
		]);
		const [stored] = await api.get<ApiUser[]>('/users?external_id=E2E-MCP-1');
		expect(stored).toMatchObject({ first_name: 'Mara', last_name: 'Protocol', email: 'mara.protocol@example.org' });
		env.sandbox.clearRequests();

		const updated = await mcp.callTool({
			name: 'Create_or_update_a_user',
			arguments: { ...person, Email: 'mara.p@example.org' },
		});
		expect(updated.isError).toBeFalsy();
		expect((updated.content as Array<{ text: string }>).map((part) => part.text).join('')).toContain('"updated"');
		// Found by External ID, then changed in place: no second User.
		const sent = sentRequests(env.sandbox);
		expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/v2/users', query: { external_id: 'E2E-MCP-1' } });
		expect(sent.filter((request) => request.method !== 'GET')).toEqual([
			expect.objectContaining({
				method: 'PUT',
				path: `/api/v2/users/${stored.id}`,
				body: expect.objectContaining({ user: expect.objectContaining({ email: 'mara.p@example.org' }) }),
			}),
		]);
		expect(await api.get<ApiUser>(`/users/${stored.id}`)).toMatchObject({ email: 'mara.p@example.org' });
	});
});

describe('the compliance agent example', () => {
	it('runs as shipped up to the model call, where the placeholder credential is refused', async () => {
		const cookie = await signInCookie(env.n8n.url, OWNER);
		const response = await fetch(chatUrl(env.n8n.url, example), {
			method: 'POST',
			headers: { 'content-type': 'application/json', cookie },
			body: JSON.stringify({ action: 'sendMessage', sessionId: 'e2e-example', chatInput: 'Who has not finished their training?' }),
			signal: AbortSignal.timeout(60_000),
		});
		expect(response.status).toBe(500);

		// The model was called once, with the placeholder key and the example's MinistrySafe tools on offer.
		expect(model.requests).toHaveLength(1);
		expect(model.requests[0].authorization).not.toBe(`Bearer ${model.apiKey}`);
		expect(toolSummaries(model.requests[0].body).map((tool) => tool.name).sort()).toEqual(
			example.nodes
				.filter(isMinistrySafeTool)
				.map((node) => String(node.name).replace(/[^a-zA-Z0-9_-]/g, '_'))
				.sort(),
		);
		expect(sentRequests(env.sandbox)).toEqual([]);

		// n8n recorded the run as failed at the model, with OpenAI's answer to a wrong key, before any tool ran.
		const failed = await waitFor(
			'the failed execution of the example',
			async () => {
				const executions = await env.client.executions(env.apiKey, COMPLIANCE_EXAMPLE);
				return executions.find((execution: PublicExecution) => execution.status === 'error');
			},
			30_000,
		);
		const { error, runData } = failed.data?.resultData ?? { runData: {} };
		expect(error).toMatchObject({ message: expect.stringMatching(/check your credentials/), description: 'Incorrect API key provided.' });
		const untilTheModel = example.nodes
			.filter((node) => node.type !== 'n8n-nodes-base.stickyNote' && !isMinistrySafeTool(node))
			.map((node) => String(node.name));
		expect(Object.keys(runData).sort()).toEqual(untilTheModel.sort());
	});
});
