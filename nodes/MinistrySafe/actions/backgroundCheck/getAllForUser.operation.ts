import type { IExecuteFunctions } from 'n8n-workflow';

import { userListProperties } from '../common/descriptions';
import { getUserRecords } from '../common/user';
import type { Operation } from '../types';
import { backgroundCheckOutput } from '../common/output';

export const getAllForUser: Operation = {
	option: {
		name: 'Get Many for User',
		action: 'Get many background checks of a user',
		description:
			'Get the background checks of one user, by numeric User ID or External ID; returns one item per check with its status, level and order date',
	},
	properties: userListProperties,
	output: backgroundCheckOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await getUserRecords(this, itemIndex, '/background_checks');
	},
};
