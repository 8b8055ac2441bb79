import type { IExecuteFunctions } from 'n8n-workflow';

import { userListProperties } from '../common/descriptions';
import { getUserRecords } from '../common/user';
import type { Operation } from '../types';
import { trainingOutput } from '../common/output';

export const getAllForUser: Operation = {
	option: {
		name: 'Get Many for User',
		action: 'Get many trainings of a user',
		description:
			'Get the trainings of one user, by numeric User ID or External ID; returns one item per training with its survey code, score and completion date',
	},
	properties: userListProperties,
	output: trainingOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await getUserRecords(this, itemIndex, '/trainings');
	},
};
