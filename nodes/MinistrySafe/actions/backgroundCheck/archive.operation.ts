import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { Operation } from '../types';
import { backgroundCheckIdFields, backgroundCheckOf } from './backgroundCheckId';
import { orderedBackgroundCheckOutput } from '../common/output';

export const archive: Operation = {
	option: {
		name: 'Archive',
		action: 'Archive a background check',
		description: 'Archive a background check by its numeric ID; returns the check, now with status archived',
	},
	properties: backgroundCheckIdFields,
	output: orderedBackgroundCheckOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const check = backgroundCheckOf(this, itemIndex);
		return (await apiRequest.call(this, 'PUT', `/background_checks/${check.id}/archive`, {
			record: check.label,
			expect: 'a record',
		})) as IDataObject;
	},
};
