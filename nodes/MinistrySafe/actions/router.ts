import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requestSettings } from '../../shared/transport';
import { readOutput } from './common/output';
import { resources } from './resources';
import { collect, runConcurrently } from './runner';
import type { ListOperation } from './types';

/** A whole-list operation: its plan (reads) is one piece of work for every item, then each step is one. */
async function runList(this: IExecuteFunctions, operation: ListOperation, itemCount: number) {
	const output: INodeExecutionData[] = [];
	const allItems = Array.from({ length: itemCount }, (_, index) => index);
	let steps: Awaited<ReturnType<ListOperation['plan']>> = [];
	await collect.call(this, output, allItems, async () => {
		steps = await operation.plan.call(this, itemCount);
		return [];
	});
	const stepOutput = await runConcurrently.call(
		this,
		steps.map((step) => ({ items: step.items, work: async () => await step.run() })),
	);
	return [...output, ...stepOutput];
}

/** Runs the chosen operation once per input item, or once for all of them: the only loop over items in the node. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resourceName = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = resources[resourceName]?.operations[operationName];
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation '${operationName}' of the resource '${resourceName}' is not known to this version of the package`,
			{ description: "Choose a 'Resource' and an 'Operation' from the lists: the workflow may come from a newer version of the package." },
		);
	}

	// Request Options hold for the whole run: a bad value stops it before any item, whatever Continue On Fail says.
	requestSettings(this);

	const items = this.getInputData();
	if (operation.kind === 'list') return [await runList.call(this, operation, items.length)];

	const perItem = Array.from({ length: items.length }, (_, itemIndex) => ({
		items: [itemIndex],
		work: async () => {
			// Read before the request, so that a wrong value sends nothing.
			const shape = operation.output && readOutput(this, itemIndex, operation.output);
			const records = await operation.execute.call(this, itemIndex);
			return shape ? shape(records) : records;
		},
	}));
	return [await runConcurrently.call(this, perItem)];
}
