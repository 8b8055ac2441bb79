// A scripted stand-in for OpenAI's chat completions API on 127.0.0.1, for n8n's OpenAI Chat Model in the end-to-end
// tests. It is deterministic: while the conversation holds no tool result it asks for one tool call (the script's
// tool and arguments); once a tool result is there it answers with a final message built from that result. It keeps
// every request it got, and refuses a wrong API key with 401 as OpenAI does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The part of a chat completions request the tests read. */
export interface ChatRequest {
	model: string;
	stream?: boolean;
	messages: Array<{ role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }>;
	tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters?: JsonSchema } }>;
}

export interface JsonSchema {
	type?: string;
	description?: string;
	properties?: Record<string, JsonSchema>;
	required?: string[];
}

export interface RecordedChatRequest {
	path: string;
	authorization: string | undefined;
	body: ChatRequest;
}

export interface ChatScript {
	/** The tool to call, by the name n8n gives it (the tool node's name, spaces as underscores). */
	toolName: string;
	arguments: Record<string, unknown>;
	/** The final answer, from the tool result's text as the model received it. */
	answer(toolResult: string): string;
}

export interface OpenAiServer {
	/** The base URL for the credential's "Base URL" field (ends in /v1). */
	baseUrl: string;
	apiKey: string;
	/** Every request so far, in order. */
	requests: RecordedChatRequest[];
	/** The script for the requests from now on. */
	setScript(script: ChatScript): void;
	stop(): Promise<void>;
}

const MAX_BODY_BYTES = 5_000_000;

function readBody(request: http.IncomingMessage): Promise<string> {
	return new Promise((resolveBody, reject) => {
		let size = 0;
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) reject(new Error('Request body too large'));
			else chunks.push(chunk);
		});
		request.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
		request.on('error', reject);
	});
}

function textOf(content: unknown): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) {
		return content.map((part) => (typeof part === 'object' && part && 'text' in part ? String(part.text) : '')).join('');
	}
	return JSON.stringify(content ?? '');
}

type Reply = { kind: 'toolCall'; id: string; name: string; arguments: string } | { kind: 'text'; content: string };

/** The script's next step for this conversation: decided by its messages alone, so a repeated request repeats. */
function nextReply(body: ChatRequest, script: ChatScript | undefined): Reply {
	if (!script) return { kind: 'text', content: 'No script was set for this test.' };
	const toolResult = [...body.messages].reverse().find((message) => message.role === 'tool');
	if (toolResult) return { kind: 'text', content: script.answer(textOf(toolResult.content)) };
	const offered = (body.tools ?? []).map((tool) => tool.function.name);
	if (!offered.includes(script.toolName)) {
		return { kind: 'text', content: `The tool ${script.toolName} was not offered; offered: ${offered.join(', ')}` };
	}
	const turn = body.messages.length;
	return { kind: 'toolCall', id: `call_${turn}`, name: script.toolName, arguments: JSON.stringify(script.arguments) };
}

const usage = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };

function completion(model: string, reply: Reply): Record<string, unknown> {
	const message =
		reply.kind === 'text'
			? { role: 'assistant', content: reply.content }
			: {
					role: 'assistant',
					content: null,
					tool_calls: [{ id: reply.id, type: 'function', function: { name: reply.name, arguments: reply.arguments } }],
				};
	return {
		id: 'chatcmpl-scripted',
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model,
		choices: [{ index: 0, message, finish_reason: reply.kind === 'text' ? 'stop' : 'tool_calls' }],
		usage,
	};
}

/** The same reply as server-sent chunks, for a request with `stream: true`. */
function completionChunks(model: string, reply: Reply): Array<Record<string, unknown>> {
	const chunk = (delta: Record<string, unknown>, finishReason: string | null) => ({
		id: 'chatcmpl-scripted',
		object: 'chat.completion.chunk',
		created: Math.floor(Date.now() / 1000),
		model,
		choices: [{ index: 0, delta, finish_reason: finishReason }],
	});
	const delta =
		reply.kind === 'text'
			? { role: 'assistant', content: reply.content }
			: {
					role: 'assistant',
					content: null,
					tool_calls: [
						{ index: 0, id: reply.id, type: 'function', function: { name: reply.name, arguments: reply.arguments } },
					],
				};
	return [chunk(delta, null), chunk({}, reply.kind === 'text' ? 'stop' : 'tool_calls'), { ...chunk({}, null), choices: [], usage }];
}

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
	response.writeHead(status, { 'content-type': 'application/json' });
	response.end(JSON.stringify(body));
}

export async function startOpenAiServer(options: { apiKey: string }): Promise<OpenAiServer> {
	const requests: RecordedChatRequest[] = [];
	let script: ChatScript | undefined;

	const server = http.createServer((request, response) => {
		void (async () => {
			const path = (request.url ?? '').split('?')[0];
			if (request.method !== 'POST' || !path.endsWith('/chat/completions')) {
				sendJson(response, 404, { error: { message: `Unknown path ${request.method} ${path}`, type: 'invalid_request_error' } });
				return;
			}
			const body = JSON.parse(await readBody(request)) as ChatRequest;
			requests.push({ path, authorization: request.headers.authorization, body });
			if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
				sendJson(response, 401, {
					error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
				});
				return;
			}
			const reply = nextReply(body, script);
			if (!body.stream) {
				sendJson(response, 200, completion(body.model, reply));
				return;
			}
			response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
			for (const chunk of completionChunks(body.model, reply)) response.write(`data: ${JSON.stringify(chunk)}\n\n`);
			response.end('data: [DONE]\n\n');
		})().catch((error: Error) => {
			if (!response.headersSent) sendJson(response, 500, { error: { message: error.message, type: 'server_error' } });
			else response.end();
		});
	});

	await new Promise<void>((resolveListen, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolveListen());
	});
	const { port } = server.address() as AddressInfo;

	let stopped: Promise<void> | undefined;
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		apiKey: options.apiKey,
		requests,
		setScript: (next) => {
			script = next;
		},
		stop: () =>
			(stopped ??= new Promise<void>((resolveStop) => {
				server.close(() => resolveStop());
				server.closeAllConnections();
			})),
	};
}
