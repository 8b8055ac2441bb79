/**
 * A template's Code node (JavaScript, Run Once for All Items) run as n8n's JavaScript task runner runs it: its code
 * wrapped in an async function in a fresh `vm` context that holds n8n's own data proxy (n8n-workflow's
 * WorkflowDataProxy: `$('Node')`, `$input`, `$today`, `DateTime`, ...) over the outputs the earlier nodes are given.
 * What the runner adds around it (its sandbox hardening, its process) is left out: the code's answers are n8n's.
 */
import { createContext, runInContext } from 'node:vm';

import type { IDataObject, INode, INodeExecutionData, INodeType, IRunExecutionData, ITaskData } from 'n8n-workflow';
import { NodeHelpers, Workflow, WorkflowDataProxy } from 'n8n-workflow';

import type { WorkflowFile } from '../../scripts/n8n-runtime';

/** Every node type of a template stands in as a node without parameters: only the Code node's code is run. */
const standIn: INodeType = {
	description: { displayName: 'Stand-in', name: 'standIn', group: [], version: 1, description: '', defaults: {}, inputs: [], outputs: [], properties: [] },
};
const nodeTypes = {
	getByName: () => standIn,
	getByNameAndVersion: () => NodeHelpers.getVersionedNodeType(standIn, 1),
	getKnownTypes: () => ({}),
};

const taskData = (items: IDataObject[], executionIndex: number): ITaskData => ({
	startTime: 0,
	executionTime: 0,
	executionIndex,
	source: [],
	data: { main: [items.map((json) => ({ json }))] },
});

/**
 * Runs `codeNode` of `template` with `outputs` as the outputs of the nodes it reads (by name); its input is the output
 * of the node connected to it. Returns the items it puts out, as JSON.
 */
export async function runCodeNode(
	template: WorkflowFile,
	codeNode: string,
	outputs: Record<string, IDataObject[]>,
	timezone = 'America/New_York',
): Promise<IDataObject[]> {
	const nodes = template.nodes as unknown as INode[];
	const node = nodes.find((candidate) => candidate.name === codeNode);
	const code = node?.parameters.jsCode;
	if (!node || typeof code !== 'string') throw new Error(`${template.id} has no Code node ${codeNode}`);
	const workflow = new Workflow({
		id: template.id,
		name: template.name,
		nodes,
		connections: template.connections as Workflow['connectionsBySourceNode'],
		active: false,
		nodeTypes,
		settings: { timezone },
	});
	const parent = workflow.getParentNodes(codeNode, 'main', 1)[0];
	const runData = Object.fromEntries(Object.entries(outputs).map(([name, items], index) => [name, [taskData(items, index)]]));
	const runExecutionData = { resultData: { runData } } as unknown as IRunExecutionData;
	const input: INodeExecutionData[] = (outputs[parent] ?? []).map((json) => ({ json }));
	const executeData = { node, data: { main: [input] }, source: { main: [{ previousNode: parent }] } };
	const proxy = new WorkflowDataProxy(workflow, runExecutionData, 0, 0, codeNode, input, {}, 'manual', {}, executeData).getDataProxy();
	const context = createContext({ ...proxy, items: input, console });
	const result = (await runInContext(`var module = { exports: {} }; module.exports = async function VmCodeWrapper() {${code}\n}()`, context)) as unknown;
	if (!Array.isArray(result)) throw new Error(`${codeNode} returned ${JSON.stringify(result)}, not a list of items`);
	return JSON.parse(JSON.stringify(result.map((item: { json: IDataObject }) => item.json))) as IDataObject[];
}
