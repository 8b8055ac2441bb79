import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { itemInput } from '../../items/inputs';
import { VERSION_1_1, fromVersion1_1 } from '../../items/versions';

/**
 * The Background Check an operation acts on. From node version 1.1 a resource locator (n8n's UX guidelines: From List
 * first, or By ID); a node saved at version 1 keeps its number field and its value. Same name, so workflows and the
 * contract read one parameter.
 */
export const backgroundCheckIdFields: INodeProperties[] = [
	{
		displayName: 'Background Check ID',
		name: 'backgroundCheckId',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 0,
		required: true,
		description: 'The numeric ID of the background check, e.g. 5012',
		displayOptions: { show: { '@version': [1] } },
	},
	{
		displayName: 'Background Check',
		name: 'backgroundCheckId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The background check to act on: chosen from the list, or by its numeric ID (e.g. 5012)',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a background check...',
				typeOptions: { searchListMethod: 'searchBackgroundChecks' },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 5012',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\s*[0-9]+\\s*$', errorMessage: 'The background check ID is a number' },
					},
				],
			},
		],
		displayOptions: fromVersion1_1,
	},
];

/** The item's Background Check: its ID and how a 404 names it. */
export function backgroundCheckOf(context: IExecuteFunctions, itemIndex: number): { id: string; label: string } {
	const label = context.getNode().typeVersion >= VERSION_1_1 ? 'Background Check' : 'Background Check ID';
	const id = itemInput(context, itemIndex).recordId('backgroundCheckId', label, true) as string;
	return { id, label: `Background Check ${id}` };
}
