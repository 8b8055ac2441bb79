import type { IExecuteFunctions } from 'n8n-workflow';

import { dateRangeFilters, dateRangeQuery } from '../common/dateRange';
import { listProperties } from '../common/descriptions';
import { itemInput } from '../../items/inputs';
import { getMany } from '../common/paging';
import type { Operation } from '../types';
import { trainingOutput } from '../common/output';

export const getAll: Operation = {
	option: {
		name: 'Get Many',
		action: 'Get many trainings',
		description:
			"Retrieve a list of the organization's trainings, optionally only those assigned in a date range; returns one item per training with its survey code, score, completion date and certificate link",
	},
	// The service filters Trainings on the day they were assigned (decisions.md 24).
	properties: listProperties(dateRangeFilters('assigned')),
	output: trainingOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await getMany(this, itemIndex, '/trainings', dateRangeQuery(itemInput(this, itemIndex)));
	},
};
