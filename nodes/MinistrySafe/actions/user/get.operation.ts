import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { userLocator } from '../common/descriptions';
import { itemInput } from '../../items/inputs';
import { userPath, userReference } from '../common/user';
import type { Operation } from '../types';
import { detailedUserOutput } from '../common/output';

export const get: Operation = {
	option: {
		name: 'Get',
		action: 'Get a user',
		description:
			"Retrieve a user by their numeric User ID or their External ID; returns their record, with their trainings and background checks when 'Detailed' is on",
	},
	properties: [
		userLocator,
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Detailed',
					name: 'detailed',
					type: 'boolean',
					default: false,
					description: "Whether to include the user's trainings and background checks",
				},
			],
		},
	],
	output: detailedUserOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const user = userReference(this, itemIndex);
		const detailed = itemInput(this, itemIndex).flag('options.detailed', 'Detailed');
		return (await apiRequest.call(this, 'GET', userPath(user, detailed ? '/detailed' : ''), {
			record: user.label,
			expect: 'a record',
		})) as IDataObject;
	},
};
