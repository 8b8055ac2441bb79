import type { IExecuteFunctions } from 'n8n-workflow';

import { fetchSurveyCodes } from '../../../shared/loadOptions';
import type { Operation } from '../types';

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
