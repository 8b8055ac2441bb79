import type { IExecuteFunctions } from 'n8n-workflow';

import { listProperties } from '../common/descriptions';
import { getMany } from '../common/paging';
import type { Operation } from '../types';

export const getAll: Operation = {
	option: {
		name: 'Get Many',
		action: 'Get many tags',
		description: "Retrieve a list of the organization's tags; returns one item per tag with its name",
	},
	properties: listProperties(),
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await getMany(this, itemIndex, '/tags');
	},
};
