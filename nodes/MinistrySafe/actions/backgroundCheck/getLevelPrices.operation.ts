import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { Operation } from '../types';

export const getLevelPrices: Operation = {
	option: {
		name: 'Get Level Prices',
		action: 'Get background check level prices',
		description: 'Get what each background check level costs the organization; returns one item per level with its price',
	},
	properties: [],
	async execute(this: IExecuteFunctions) {
		return (await apiRequest.call(this, 'GET', '/background_checks/available_level_prices', {
			expect: 'a list of records',
		})) as IDataObject[];
	},
};
