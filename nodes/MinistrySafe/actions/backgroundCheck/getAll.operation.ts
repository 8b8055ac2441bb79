import type { IExecuteFunctions } from 'n8n-workflow';

import { dateRangeFilters, dateRangeQuery } from '../common/dateRange';
import { listProperties } from '../common/descriptions';
import { itemInput } from '../common/inputs';
import { getMany } from '../common/paging';
import type { Operation } from '../types';
import { simplifiedBackgroundCheck } from '../common/simplify';

export const getAll: Operation = {
	option: {
		name: 'Get Many',
		action: 'Get many background checks',
		description:
			"Retrieve a list of the organization's background checks, optionally only those ordered in a date range or of one user; returns one item per check with its status, level, order date and user",
	},
	properties: listProperties([
		...dateRangeFilters('ordered'),
		{
			displayName: 'External ID',
			name: 'employeeId',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			description:
				"Only the background checks of the user with this External ID (your own system's ID for the user). The service takes a number here; for another External ID use 'Get Many for User'.",
		},
		{
			displayName: 'User ID',
			name: 'userId',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			description: 'Only the background checks of the user with this numeric User ID',
		},
	]),
	simplify: simplifiedBackgroundCheck,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const input = itemInput(this, itemIndex);
		return await getMany(this, itemIndex, '/background_checks', {
			...dateRangeQuery(input),
			user_id: input.recordId('filters.userId', 'User ID'),
			employee_id: input.recordId('filters.employeeId', 'External ID'),
		});
	},
};
