import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { itemInput } from '../common/inputs';

export const backgroundCheckIdField: INodeProperties = {
	displayName: 'Background Check ID',
	name: 'backgroundCheckId',
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: 0,
	required: true,
	description: 'The numeric ID of the background check, as in the ID field of its record (e.g. 5012)',
};

/** The item's Background Check: its ID and how a 404 names it. */
export function backgroundCheckOf(context: IExecuteFunctions, itemIndex: number): { id: string; label: string } {
	const id = itemInput(context, itemIndex).recordId('backgroundCheckId', 'Background Check ID', true) as string;
	return { id, label: `Background Check ${id}` };
}
