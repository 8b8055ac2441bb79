import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { requestSettings } from '../transport';
import { resources } from './resources';

/** Attaches the failing item to an error, keeping an error of n8n's own kinds as it is. */
function errorForItem(error: unknown, context: IExecuteFunctions, itemIndex: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

/** Runs the chosen operation once per input item: the only loop over items in the node. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resourceName = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = resources[resourceName]?.operations[operationName];
	if (!operation) {
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" of "${resourceName}" is not known`);
	}

	// Request Options hold for the whole run: a bad value stops it before any item, whatever Continue On Fail says.
	requestSettings(this);

	const output: INodeExecutionData[] = [];
	const items = this.getInputData();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const records = await operation.execute.call(this, itemIndex);
			for (const json of Array.isArray(records) ? records : [records]) {
				output.push({ json, pairedItem: { item: itemIndex } });
			}
		} catch (error) {
			const itemError = errorForItem(error, this, itemIndex);
			if (!this.continueOnFail()) throw itemError;
			output.push({ json: { error: itemError.message }, pairedItem: { item: itemIndex } });
		}
	}
	return [output];
}
