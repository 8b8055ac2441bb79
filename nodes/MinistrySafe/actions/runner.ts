// Runs pieces of work for input items, several at once, with an output as if one after another: the router's runner.
import type { IDataObject, IExecuteFunctions, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { requestSettings, schedulerOf } from '../../shared/transport';
import { forItem } from '../../shared/wording';
import { errorItemOf } from '../items/errorItem';

/**
 * Attaches the failing item to an error, keeping an error of n8n's own kinds as it is. A failure of one item ends with
 * its index ("... [item 3]"), in the output of Continue On Fail too; a failure of a whole list names no item.
 */
function errorForItems(error: unknown, context: IExecuteFunctions, items: number[]) {
	// Several items (a whole list, or a step paired with all of them): no item index, or the editor adds "[item 0]".
	const itemIndex = items.length === 1 ? items[0] : undefined;
	const itemError =
		error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(context.getNode(), error as Error, itemIndex === undefined ? {} : { itemIndex });
	if (itemIndex !== undefined) {
		itemError.context.itemIndex = itemIndex;
		itemError.message = forItem(itemError.message, itemIndex);
	}
	return itemError;
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
export async function collect(
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
		const itemError = errorForItems(error, this, items);
		if (!this.continueOnFail()) throw itemError;
		output.push(errorItemOf(itemError, this.getNode(), pairedItem));
	}
}

/** A piece of work and the input items its records pair with: one item, or a step of a whole-list operation. */
export interface Unit {
	items: number[];
	work: () => Promise<IDataObject | IDataObject[]>;
}

/**
 * Runs the units at once, as many in progress as Request Options > Concurrency allows (the transport's scheduler
 * bounds their requests together). The output is as if they ran one after another: in order, each paired with its
 * items, Continue On Fail's error items in place. Without Continue On Fail, the first failed unit (in order) stops the
 * run: no unit starts after it. Each unit starts once the one before it has had its checks (they run before its first
 * request), so an item refused for bad input stops the run before any later item sends anything. The only waits are
 * for requests and places: a unit whose checks pass asks for its request at once, in the same turn it was started;
 * one that asks for none (refused, or nothing to send) has settled by the next microtasks.
 */
export async function runConcurrently(this: IExecuteFunctions, units: Unit[]): Promise<INodeExecutionData[]> {
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
	const scheduler = schedulerOf(this);
	for (let index = 0; index < units.length && !run.failed; index++) {
		const askedBefore = scheduler.asked;
		const unit = runUnit(index).finally(() => inProgress.delete(unit));
		inProgress.add(unit);
		// Its checks are done once it asks for a request, which every operation does in the same turn (no await comes
		// before its first request). Otherwise the next unit waits for it to settle, or for the run's next request.
		if (scheduler.asked === askedBefore) await Promise.race([unit, scheduler.nextAsked()]);
		while (inProgress.size >= width) await Promise.race(inProgress);
	}
	await Promise.all(inProgress);
	if (run.failed) throw run.failed.error;
	return outputs.flat();
}
