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
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" of "${resourceName}" is not known`);
	}

	// Request Options hold for the whole run: a bad value stops it before any item, whatever Continue On Fail says.
	requestSettings(this);

	const items = this.getInputData();
	if (operation.kind === 'list') return [await runList.call(this, operation, items.length)];

	const perItem = Array.from({ length: items.length }, (_, itemIndex) => ({
		items: [itemIndex],
		work: async () => await operation.execute.call(this, itemIndex),
	}));
	return [await runConcurrently.call(this, perItem)];
}

/** A piece of work and the input items its records pair with: one item, or a step of a whole-list operation. */
interface Unit {
	items: number[];
	work: () => Promise<IDataObject | IDataObject[]>;
}

/**
 * Runs the units at once, as many in progress as Request Options > Concurrency allows (the transport's scheduler
 * bounds their requests together). The output is as if they ran one after another: in order, each paired with its
 * items, Continue On Fail's error items in place. Without Continue On Fail, the first failed unit (in order) stops the
 * run: no unit starts after it. Each unit starts once the one before it has had its checks (they run before its first
 * request), so an item refused for bad input stops the run before any later item sends anything.
 */
async function runConcurrently(this: IExecuteFunctions, units: Unit[]): Promise<INodeExecutionData[]> {
	type Failure = { index: number; error: unknown };
	const outputs: INodeExecutionData[][] = [];
	const run: { failed?: Failure } = {};
	const runUnit = async (index: number) => {
		const output: INodeExecutionData[] = [];
		try {
			await collect.call(this, output, units[index].items, units[index].work);
			outputs[index] = output;
		} catch (error) {
			// The run reports the first failed unit in order, as one after another would.
			const earlier = run.failed as Failure | undefined;
			if (!earlier || index < earlier.index) run.failed = { index, error };
		}
	};

	const inProgress = new Set<Promise<void>>();
	const width = requestSettings(this).concurrency;
	for (let index = 0; index < units.length && !run.failed; index++) {
		const unit = runUnit(index).finally(() => inProgress.delete(unit));
		inProgress.add(unit);
		// Lets the unit's own checks run (and fail) before the next one starts.
		await sleep(0);
		while (inProgress.size >= width) await Promise.race(inProgress);
	}
	await Promise.all(inProgress);
	if (run.failed) throw run.failed.error;
	return outputs.flat();
}
