// Runs operations of the action node through n8n's engine against a scripted local server, and checks what must
// hold whatever the service does: no POST carried out twice, no stray path, an error a person can act on. How long a
// run takes is never bounded from above here (a busy machine slows every run): the attempts and the node's own words
// show that it stopped waiting.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { LocalServer, ReceivedRequest, ServerAnswer } from '../helpers/localServer';
import { startLocalServer } from '../helpers/localServer';
import type { NodeRunResult } from '../helpers/n8n';
import { jsonOf, runActionNode } from '../helpers/n8n';
import type { OperationCase } from './operations';

/**
 * Request Options > Timeout, in seconds: small where an answer never comes, so those cases cost little, yet long
 * enough for a request, and the healthy retry after it, to reach its server on a busy machine.
 */
export const HANG_TIMEOUT_SECONDS = 1;
const TIMEOUT_SECONDS = 5;

export interface CaseRun {
	result: NodeRunResult;
	received: ReceivedRequest[];
	elapsedMs: number;
	output: IDataObject[];
}

export type Script = (request: ReceivedRequest, index: number) => ServerAnswer;

export interface RunOptions {
	items?: IDataObject[];
	continueOnFail?: boolean;
	apiKey?: string;
	/** Another server the script may redirect to: it is started and stopped with the run. */
	onServer?: (server: LocalServer) => void;
	parameters?: INodeParameters;
	/** Request Options > Timeout; default 5 s. */
	timeoutSeconds?: number;
}

/** Runs one operation against its own server that answers with `script`; the server is stopped whatever happens. */
export async function runCase(operation: OperationCase, script: Script, options: RunOptions = {}): Promise<CaseRun> {
	const server = await startLocalServer(script);
	try {
		options.onServer?.(server);
		const started = Date.now();
		const result = await runActionNode({
			parameters: {
				...operation.parameters,
				...options.parameters,
				requestOptions: { timeout: options.timeoutSeconds ?? TIMEOUT_SECONDS, ...(options.parameters?.requestOptions as IDataObject) },
			},
			credential: { url: server.url, apiKey: options.apiKey ?? 'test-api-key-0001' },
			items: options.items,
			continueOnFail: options.continueOnFail,
		});
		return { result, received: [...server.received], elapsedMs: Date.now() - started, output: jsonOf(result) };
	} finally {
		await server.stop();
	}
}

/** Messages that mean the node lost track of what happened rather than saying it. */
const UNREADABLE = /UNKNOWN|is not a function|NaN|undefined|\[object Object\]|Cannot read|is not valid JSON/;

/** What must hold for every run, whatever the service did; each problem is a sentence. */
export function invariantProblems(run: CaseRun): string[] {
	const problems: string[] = [];
	const carriedOutPosts = run.received.filter((request) => request.method === 'POST' && request.outcome !== 429);
	if (carriedOutPosts.length > 1) problems.push(`sent ${carriedOutPosts.length} POSTs the service may have carried out`);
	const strayPath = run.received.find((request) => /NaN|undefined|null|\/\/|\/\.\.?(\/|\?|$)/.test(request.url));
	if (strayPath) problems.push(`requested the stray path ${strayPath.url}`);
	const { error } = run.result;
	if (error) {
		if (!error.message || UNREADABLE.test(error.message)) problems.push(`unreadable error message: ${error.message}`);
		if (!error.description || UNREADABLE.test(error.description)) {
			problems.push(`error without a readable description: ${String(error.description)}`);
		}
	} else {
		const empty = run.output.find((json) => typeof json !== 'object' || json === null || Object.keys(json).length === 0);
		if (empty !== undefined || run.output.length === 0) problems.push(`put out an empty or invalid item: ${JSON.stringify(run.output)}`);
	}
	return problems;
}

/** Problems per operation, as one readable report; empty when all held. */
export type Report = Record<string, string[]>;

export function addProblems(report: Report, name: string, problems: string[]): void {
	if (problems.length > 0) report[name] = [...(report[name] ?? []), ...problems];
}

/**
 * Runs at most this many cases at once: enough to keep the suites fast, few enough that a healthy answer is never
 * slowed past its timeout. Cases that only ever fail (nothing to slow down) may run all at once.
 */
const PARALLEL_CASES = 6;

export async function inParallel<T>(
	cases: T[],
	run: (testCase: T) => Promise<void>,
	width = PARALLEL_CASES,
): Promise<void> {
	const queue = [...cases];
	const worker = async () => {
		for (let next = queue.shift(); next !== undefined; next = queue.shift()) await run(next);
	};
	await Promise.all(Array.from({ length: Math.min(width, cases.length) }, worker));
}
