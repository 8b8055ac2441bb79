import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { Operation } from '../types';

/** The training codes the Organization may assign, with their languages and descriptions. */
export async function fetchSurveyCodes(this: IExecuteFunctions | ILoadOptionsFunctions): Promise<IDataObject[]> {
	return (await apiRequest.call(this, 'GET', '/survey_codes', { expect: 'a list of records' })) as IDataObject[];
}

export const getSurveyCodes: Operation = {
	option: {
		name: 'Get Survey Codes',
		action: 'Get available survey codes',
		description: 'Get the training survey codes the organization may assign; returns one item per code with its description and languages',
	},
	properties: [],
	async execute(this: IExecuteFunctions) {
		return await fetchSurveyCodes.call(this);
	},
};
