import type { IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { Operation } from '../types';

/** The background check levels the Organization may order (decisions.md 6: the path under /background_checks). */
export async function fetchLevels(this: IExecuteFunctions | ILoadOptionsFunctions): Promise<number[]> {
	return (await apiRequest.call(this, 'GET', '/background_checks/available_levels', { expect: 'a list' })) as number[];
}

export const getLevels: Operation = {
	option: {
		name: 'Get Levels',
		action: 'Get available background check levels',
		description: 'List the background check levels the organization may order; returns one item per level, e.g. { "level": 3 }',
	},
	properties: [],
	async execute(this: IExecuteFunctions) {
		const levels = await fetchLevels.call(this);
		return levels.map((level) => ({ level }));
	},
};
