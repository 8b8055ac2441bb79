import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { Operation } from '../types';
import { backgroundCheckIdFields, backgroundCheckOf } from './backgroundCheckId';
import { backgroundCheckOutput } from '../common/output';

export const get: Operation = {
	option: {
		name: 'Get',
		action: 'Get a background check',
		description: 'Retrieve a background check by its numeric ID; returns its status, level, order date and results link',
	},
	properties: backgroundCheckIdFields,
	output: backgroundCheckOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const check = backgroundCheckOf(this, itemIndex);
		return (await apiRequest.call(this, 'GET', `/background_checks/${check.id}`, {
			record: check.label,
			expect: 'a record',
		})) as IDataObject;
	},
};
