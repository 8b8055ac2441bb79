import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ItemInput } from '../common/inputs';
import { itemInput } from '../common/inputs';

export const backgroundCheckIdField: INodeProperties = {
	displayName: 'Background Check ID',
	name: 'backgroundCheckId',
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: 0,
	required: true,
	description: 'The ID of the Background Check, as in the ID field of its record',
};

/** A record ID the service numbers from 1: a whole number, checked before anything is sent. */
export function positiveInteger(input: ItemInput, name: string, label: string, required = false): number | undefined {
	const value = input.integer(name, label, required);
	if (value !== undefined && value < 1) throw input.invalid(label, 'must be a whole number of at least 1');
	return value;
}

/** The item's Background Check: its ID and how a 404 names it. */
export function backgroundCheckOf(context: IExecuteFunctions, itemIndex: number): { id: number; label: string } {
	const id = positiveInteger(itemInput(context, itemIndex), 'backgroundCheckId', 'Background Check ID', true) as number;
	return { id, label: `Background Check ${id}` };
}
