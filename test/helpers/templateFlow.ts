// A template's flow followed node by node along its connections, as n8n runs it, for the template's own logic: its
// expressions and Code nodes evaluated as n8n evaluates them (`$json`, `$input`, `$('Node').first()`, `.isExecuted`,
// a Code node's body as an async function run once for all items; every item through JSON, as n8n hands items to its
// task runner), its MinistrySafe nodes run by n8n's engine against the sandbox over real HTTP. n8n's own nodes stand
// in as little as the templates need: an IF's conditions (boolean true, a regular expression), a Switch's output
// expression, a form page's questions (answered by the test, or left until its wait limit passes), the ending page's
// texts, and Extract From File's rows (given by the test, as n8n's SheetJS gives them: test/e2e runs the real node).
// Anything else fails here rather than being guessed. The end-to-end tests run the same templates in a real n8n.
import { runInNewContext } from 'node:vm';

import type { IBinaryData, IDataObject, INodeParameters } from 'n8n-workflow';

import type { WorkflowFile } from '../../scripts/n8n-runtime';
import type { Sandbox } from '../../sandbox';
import { type InputFile, runActionNode } from './n8n';

export interface FlowItem {
	json: IDataObject;
	binary?: Record<string, IBinaryData>;
}

interface FlowNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: INodeParameters;
	onError?: string;
	alwaysOutputData?: boolean;
}

/** A page of the form after its first, as the template defines it. */
export interface FlowPage {
	node: string;
	title: string;
	description: string;
	fields: IDataObject[];
}

export interface FlowRun {
	/** The form's later pages shown, in order. */
	pages: FlowPage[];
	/** The ending page, when the run reached it. */
	ending?: { title: string; message: string };
	/** Each node's last output, by name. */
	outputs: Map<string, FlowItem[]>;
}

export interface FlowInput {
	/** The trigger's item. */
	trigger: FlowItem;
	/** The sandbox the MinistrySafe nodes call. */
	sandbox: Sandbox;
	/** Extract From File's rows, by node name (an array of cells each, as SheetJS reads a sheet with 'Header Row' off). */
	extracted?: Record<string, unknown[][]>;
	/**
	 * The answers to a later page of the form, by field name; undefined: the run stops at that page; UNANSWERED: nobody
	 * answers before the page's Limit Wait Time passes.
	 */
	answer?: (page: FlowPage) => IDataObject | typeof UNANSWERED | undefined;
}

/** A page left unanswered until its wait limit passed. */
export const UNANSWERED = Symbol('unanswered until the wait limit');

const json = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** `$('Node')` as n8n's expressions and Code nodes have it: a node not run yet throws on reading its items. */
function nodeAccess(outputs: Map<string, FlowItem[]>) {
	return (name: string) => {
		const items = () => {
			const found = outputs.get(name);
			if (!found) throw new Error(`Referenced node is unexecuted: ${name}`);
			return found;
		};
		return {
			get isExecuted() {
				return outputs.has(name);
			},
			first: () => items()[0],
			last: () => items().at(-1),
			all: () => items(),
		};
	};
}

/** An n8n expression (`={{ ... }}`, with text around it or not) for one item. */
export function evaluate(value: unknown, outputs: Map<string, FlowItem[]>, item?: FlowItem): unknown {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	const context = { $: nodeAccess(outputs), $json: item?.json ?? {} };
	const run = (code: string) => runInNewContext(`(${code})`, context, { timeout: 5_000 }) as unknown;
	const text = value.slice(1);
	const whole = /^\{\{([\s\S]*)\}\}$/.exec(text.trim());
	if (whole && !whole[1].includes('}}')) return json(run(whole[1]));
	return text.replace(/\{\{([\s\S]*?)\}\}/g, (_match, code: string) => String(run(code)));
}

/** Every expression of a node's parameters, for one item. */
function resolved(parameters: unknown, outputs: Map<string, FlowItem[]>, item?: FlowItem): unknown {
	if (Array.isArray(parameters)) return parameters.map((value) => resolved(value, outputs, item));
	if (parameters && typeof parameters === 'object') {
		return Object.fromEntries(Object.entries(parameters).map(([key, value]) => [key, resolved(value, outputs, item)]));
	}
	return evaluate(parameters, outputs, item);
}

/** A Code node's JavaScript, run once for all items as n8n's task runner runs it. */
export async function runCode(code: string, input: FlowItem[], outputs: Map<string, FlowItem[]>): Promise<FlowItem[]> {
	const items = json(input);
	const $input = { all: () => items, first: () => items[0], last: () => items.at(-1) };
	const result = await (runInNewContext(`(async () => {\n${code}\n})()`, { $input, $: nodeAccess(outputs), Buffer }, { timeout: 5_000 }) as Promise<FlowItem[]>);
	return json(result);
}

interface Condition {
	leftValue: string;
	rightValue: string;
	operator: { type: string; operation: string };
}

/** Whether an IF node's conditions hold for an item (only the operators the templates use). */
function holds(node: FlowNode, item: FlowItem, outputs: Map<string, FlowItem[]>): boolean {
	const { conditions } = node.parameters as unknown as { conditions: { combinator: string; options: { caseSensitive: boolean }; conditions: Condition[] } };
	if (conditions.combinator !== 'and') throw new Error(`${node.name}: combinator ${conditions.combinator} is not followed here`);
	return conditions.conditions.every((condition) => {
		const left = evaluate(condition.leftValue, outputs, item);
		const { type, operation } = condition.operator;
		if (type === 'boolean' && operation === 'true') return left === true;
		if (type === 'string' && operation === 'regex') return new RegExp(condition.rightValue, conditions.options.caseSensitive ? '' : 'i').test(String(left));
		throw new Error(`${node.name}: the operator ${type} ${operation} is not followed here`);
	});
}

/** The file an item holds, for the MinistrySafe node run by n8n's engine. */
function fileOf(item: FlowItem, field: string): InputFile | undefined {
	const binary = item.binary?.[field];
	if (!binary) return undefined;
	return { bytes: Buffer.from(binary.data, 'base64'), fileName: binary.fileName, mimeType: binary.mimeType, field };
}

/** Runs one node on its input items; returns its outputs (one list of items per output). */
async function runNode(node: FlowNode, input: FlowItem[], run: FlowRun, flow: FlowInput): Promise<FlowItem[][] | 'stop'> {
	const { outputs } = run;
	switch (node.type) {
		case 'n8n-nodes-base.if': {
			const passed = input.filter((item) => holds(node, item, outputs));
			return [passed, input.filter((item) => !passed.includes(item))];
		}
		case 'n8n-nodes-base.switch': {
			if (node.parameters.mode !== 'expression') throw new Error(`${node.name}: only a Switch by expression is followed here`);
			const routed: FlowItem[][] = Array.from({ length: Number(node.parameters.numberOutputs) }, () => []);
			for (const item of input) routed[Number(evaluate(node.parameters.output, outputs, item))].push(item);
			return routed;
		}
		case 'n8n-nodes-base.extractFromFile': {
			const rows = flow.extracted?.[node.name];
			if (!rows) throw new Error(`${node.name}: the test gives no rows for it`);
			const items = rows.map((row) => ({ json: { row } }));
			return [items.length === 0 && node.alwaysOutputData ? [{ json: {} }] : items];
		}
		case 'n8n-nodes-base.code':
			return [await runCode(String(node.parameters.jsCode), input, outputs)];
		case 'n8n-nodes-ministrysafe.ministrySafe': {
			const parameters = resolved(node.parameters, outputs, input[0]) as INodeParameters;
			const field = String(parameters.binaryPropertyName ?? 'data');
			const result = await runActionNode({
				parameters,
				items: input.map((item) => item.json),
				files: input.map((item) => fileOf(item, field)),
				credential: flow.sandbox,
				continueOnFail: node.onError === 'continueRegularOutput',
				typeVersion: node.typeVersion,
			});
			if (result.error) throw result.error;
			return [result.items.map(({ json: itemJson, binary }) => ({ json: json(itemJson), ...(binary ? { binary: binary as Record<string, IBinaryData> } : {}) }))];
		}
		case 'n8n-nodes-base.form': {
			const parameters = resolved(node.parameters, outputs, input[0]) as IDataObject;
			if (parameters.operation === 'completion') {
				run.ending = { title: String(parameters.completionTitle), message: String(parameters.completionMessage) };
				return [input];
			}
			if (parameters.operation !== 'page' || parameters.defineForm !== 'json') throw new Error(`${node.name}: only a page defined in JSON is followed here`);
			const options = parameters.options as IDataObject;
			const page = { node: node.name, title: String(options.formTitle), description: String(options.formDescription ?? ''), fields: parameters.jsonOutput as IDataObject[] };
			run.pages.push(page);
			const answers = flow.answer?.(page);
			if (answers === UNANSWERED) {
				// When the wait limit passes, n8n resumes the run with the page's output as its execute() left it: the page's
				// own input items (Form.node.js). A page without a limit would wait for ever.
				if (node.parameters.limitWaitTime !== true) throw new Error(`${node.name}: waits for ever (no Limit Wait Time)`);
				return [input];
			}
			return answers ? [[{ json: answers }]] : 'stop';
		}
		default:
			throw new Error(`${node.name}: the node type ${node.type} is not followed here`);
	}
}

/** The template run from its trigger's item, node by node, until nothing is left to run (or a page waits). */
export async function runFlow(workflow: WorkflowFile, flow: FlowInput): Promise<FlowRun> {
	const nodes = new Map((workflow.nodes as unknown as FlowNode[]).map((node) => [node.name, node]));
	const connections = workflow.connections as Record<string, { main: Array<Array<{ node: string }>> }>;
	const trigger = [...nodes.values()].find((node) => node.type === 'n8n-nodes-base.formTrigger');
	if (!trigger) throw new Error(`${workflow.id} has no Form Trigger`);
	const run: FlowRun = { pages: [], outputs: new Map([[trigger.name, [flow.trigger]]]) };
	const waiting: Array<{ name: string; items: FlowItem[] }> = [];
	const follow = (from: string, outputs: FlowItem[][]) => {
		for (const [index, items] of outputs.entries()) {
			// n8n runs no node on no items, unless the node before it always puts some out.
			if (items.length === 0) continue;
			for (const { node } of connections[from]?.main[index] ?? []) waiting.push({ name: node, items });
		}
	};
	follow(trigger.name, [[flow.trigger]]);
	for (let steps = 0; waiting.length > 0; steps++) {
		if (steps > 50) throw new Error(`${workflow.id}: more than 50 steps`);
		const { name, items } = waiting.shift() as { name: string; items: FlowItem[] };
		const node = nodes.get(name);
		if (!node) throw new Error(`${workflow.id} has no node ${name}`);
		const outputs = await runNode(node, items, run, flow);
		if (outputs === 'stop') break;
		run.outputs.set(name, outputs.flat());
		follow(name, outputs);
	}
	return run;
}
