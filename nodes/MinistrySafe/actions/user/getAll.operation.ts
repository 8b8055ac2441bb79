import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { listProperties, userTagFilter } from '../common/descriptions';
import { itemInput } from '../../items/inputs';
import { getMany } from '../common/paging';
import { USERS_LIST } from '../common/user';
import type { Operation } from '../types';
import { userOutput } from '../common/output';

export const getAll: Operation = {
	option: {
		name: 'Get Many',
		action: 'Get many users',
		description:
			"Retrieve a list of the organization's users, optionally only those matching a search, an External ID or a tag; returns one item per user with their numeric ID, name, email, External ID, tags and latest training score",
	},
	properties: listProperties([
		{
			displayName: 'External ID',
			name: 'externalId',
			type: 'string',
			default: '',
			description: "Only the user with this ID from your own system (the user's External ID, shown as 'employee_id'), e.g. HR-1042",
		},
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			description: 'Only users whose first name, last name or email contains this text, e.g. Okafor',
		},
		userTagFilter,
	]),
	output: userOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const input = itemInput(this, itemIndex);
		const qs: IDataObject = {
			external_id: input.text('filters.externalId', 'External ID'),
			search: input.text('filters.search', 'Search'),
			tag: input.text('filters.tag', 'Tag'),
		};
		// Return All reads the first page with the page count, then the rest at once (within Concurrency).
		return await getMany(this, itemIndex, '/users', qs, USERS_LIST);
	},
};
