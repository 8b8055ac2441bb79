import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';

import { dateRangeFilters, dateRangeQuery } from '../common/dateRange';
import { listProperties } from '../common/descriptions';
import { itemInput } from '../../items/inputs';
import { getMany } from '../common/paging';
import { checkedUserId, userPath } from '../common/user';
import type { Operation } from '../types';
import { backgroundCheckOutput } from '../common/output';

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
			type: 'string',
			default: '',
			placeholder: 'e.g. HR-1042',
			description: "Only the background checks of the user with this External ID (your own system's ID for the user)",
		},
		{
			displayName: 'User ID',
			name: 'userId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 42',
			description: 'Only the background checks of the user with this numeric User ID',
		},
	]),
	output: backgroundCheckOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const input = itemInput(this, itemIndex);
		const { query, externalId } = input.all(() => ({
			query: { ...dateRangeQuery(input), user_id: input.recordId('filters.userId', 'User ID') },
			externalId: input.text('filters.employeeId', 'External ID'),
		}));
		const byExternalId = await externalIdFilter(this, externalId);
		// A User ID and an External ID of two different users: no check is of both.
		if (byExternalId.user_id !== undefined && query.user_id !== undefined && byExternalId.user_id !== query.user_id) return [];
		return await getMany(this, itemIndex, '/background_checks', { ...query, ...byExternalId });
	},
};

/**
 * The service filters on an External ID made of digits only (api-v2.md: employee_id, integer). Any other External ID
 * is looked up once and filtered by its user's ID, so that an External ID such as HR-1042 narrows the list as it does
 * everywhere else, rather than being refused or ignored by the service. An empty filter is not sent.
 */
async function externalIdFilter(context: IExecuteFunctions, externalId: string | undefined): Promise<IDataObject> {
	if (externalId === undefined) return {};
	if (/^\d+$/.test(externalId)) return { employee_id: externalId };
	const label = `User with External ID ${externalId}`;
	const record = (await apiRequest.call(context, 'GET', userPath({ employeeId: externalId, label }), {
		record: label,
		expect: 'a record',
	})) as IDataObject;
	return { user_id: checkedUserId(context, record, label).id };
}
