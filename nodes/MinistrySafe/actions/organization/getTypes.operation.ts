import type { IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { Operation } from '../types';

/** The types an Organization may be created with. Documented as POST, shown as a GET: GET first (decisions.md 5). */
export async function fetchOrganizationTypes(this: IExecuteFunctions | ILoadOptionsFunctions): Promise<string[]> {
	return (await apiRequest.call(this, 'GET', '/organizations/types', {
		fallbackMethod: 'POST',
		expect: 'a list',
	})) as string[];
}

export const getTypes: Operation = {
	option: {
		name: 'Get Types',
		action: 'Get organization types',
		description: 'Get the types an organization may be created with; returns one item per type, e.g. { "type": "Church" }',
	},
	properties: [],
	async execute(this: IExecuteFunctions) {
		const types = await fetchOrganizationTypes.call(this);
		return types.map((type) => ({ type }));
	},
};
