import type { IDataObject, IExecuteFunctions, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { requestSettings } from '../transport';
import { resources } from './resources';
import type { ListOperation } from './types';

/** Attaches the failing item to an error, keeping an error of n8n's own kinds as it is. */
function errorForItem(error: unknown, context: IExecuteFunctions, itemIndex: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

/** Records that come from the same items share one pairedItem list (a whole list's deactivations share all items). */
const pairedItems = new WeakMap<number[], IPairedItemData[]>();
function pairedItemOf(items: number[]): IPairedItemData | IPairedItemData[] {
	if (items.length === 1) return { item: items[0] };
	let paired = pairedItems.get(items);
	if (!paired) pairedItems.set(items, (paired = items.map((item) => ({ item }))));
	return paired;
}

/**
 * Runs one piece of work for the input items `items`: its records come out paired with them; a failure stops the
 * node, or with Continue On Fail becomes one `{ error }` item paired with them.
 */
async function collect(
	this: IExecuteFunctions,
	output: INodeExecutionData[],
	items: number[],
	work: () => Promise<IDataObject | IDataObject[]>,
): Promise<void> {
	const pairedItem = pairedItemOf(items);
	try {
		const records = await work();
		for (const json of Array.isArray(records) ? records : [records]) output.push({ json, pairedItem });
	} catch (error) {
		const itemError = errorForItem(error, this, items[0] ?? 0);
		if (!this.continueOnFail()) throw itemError;
		output.push({ json: { error: itemError.message }, pairedItem });
	}
}

/** A whole-list operation: its plan (reads) is one piece of work for every item, then each step is one. */
async function runList(this: IExecuteFunctions, operation: ListOperation, itemCount: number) {
	const output: INodeExecutionData[] = [];
	const allItems = Array.from({ length: itemCount }, (_, index) => index);
	let steps: Awaited<ReturnType<ListOperation['plan']>> = [];
	await collect.call(this, output, allItems, async () => {
		steps = await operation.plan.call(this, itemCount);
		return [];
	});
	for (const step of steps) await collect.call(this, output, step.items, async () => await step.run());
	return output;
}

/** Runs the chosen operation once per input item, or once for all of them: the only loop over items in the node. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resourceName = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = resources[resourceName]?.operations[operationName];
	if (!operation) {
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" of "${resourceName}" is not known`);
	}

	// Request Options hold for the whole run: a bad value stops it before any item, whatever Continue On Fail says.
	requestSettings(this);

	const items = this.getInputData();
	if (operation.kind === 'list') return [await runList.call(this, operation, items.length)];

	return [await runItems.call(this, items.length, (itemIndex) => operation.execute.call(this, itemIndex))];
}

/**
 * Runs the items at once, as many in progress as Request Options > Concurrency allows (the transport's scheduler
 * bounds their requests together). The output is as if they ran one after another: in item order, each paired with
 * its item, Continue On Fail's error items in place. Without Continue On Fail, the first failed item (in item order)
 * stops the run: no item starts after it. Each item starts once the one before it has had its checks (they run
 * before its first request), so an item refused for bad input stops the run before any later item sends anything.
 */
async function runItems(
	this: IExecuteFunctions,
	itemCount: number,
	execute: (itemIndex: number) => Promise<IDataObject | IDataObject[]>,
): Promise<INodeExecutionData[]> {
	type Failure = { itemIndex: number; error: unknown };
	const outputs: INodeExecutionData[][] = [];
	const run: { failed?: Failure } = {};
	const runItem = async (itemIndex: number) => {
		const output: INodeExecutionData[] = [];
		try {
			await collect.call(this, output, [itemIndex], async () => await execute(itemIndex));
			outputs[itemIndex] = output;
		} catch (error) {
			// The run reports the first failed item in item order, as one after another would.
			const earlier = run.failed as Failure | undefined;
			if (!earlier || itemIndex < earlier.itemIndex) run.failed = { itemIndex, error };
		}
	};

	const inProgress = new Set<Promise<void>>();
	const width = requestSettings(this).concurrency;
	for (let itemIndex = 0; itemIndex < itemCount && !run.failed; itemIndex++) {
		const item = runItem(itemIndex).finally(() => inProgress.delete(item));
		inProgress.add(item);
		// Lets the item's own checks run (and fail) before the next item starts.
		await sleep(0);
		while (inProgress.size >= width) await Promise.race(inProgress);
	}
	await Promise.all(inProgress);
	if (run.failed) throw run.failed.error;
	return outputs.flat();
}
