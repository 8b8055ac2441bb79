import type { IExecuteFunctions } from 'n8n-workflow';

import { userLocator } from '../common/descriptions';
import { getUserRecords } from '../common/user';
import type { Operation } from '../types';

export const getAllForUser: Operation = {
	option: {
		name: 'Get Many for User',
		action: 'Get many trainings of a user',
		description: 'Get the Trainings of one User, by ID or External ID',
	},
	properties: [userLocator],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await getUserRecords(this, itemIndex, '/trainings');
	},
};
