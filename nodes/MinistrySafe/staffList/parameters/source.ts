// Where Sync's staff list comes from (node version 1.3, 'Staff List'): the input items, or a file each input item
// holds (file/list.ts reads it).
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { VERSION_1_3 } from '../../actions/common/versions';
import { AUTO_MAP_NAMES_URL } from './columns';

export const STAFF_LIST_FROM_FILE = 'file';

/** Sync's parameters that say where its list is (node version 1.3; before it, the input items). */
export const staffListFields: INodeProperties[] = [
	{
		displayName: 'Staff List',
		name: 'staffList',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'File (CSV or JSON)',
				value: STAFF_LIST_FROM_FILE,
				description:
					'An export in the input, downloaded or uploaded: one row per person of the list, its columns mapped automatically. Best for large organizations: n8n keeps the file with each run, not a copy of the whole list.',
			},
			{
				name: 'Input Items',
				value: 'items',
				description: 'One input item per person of the list (from a spreadsheet, a database or your HR system)',
			},
		],
		default: 'items',
		description: 'Where the list of people comes from',
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		displayOptions: { show: { staffList: [STAFF_LIST_FROM_FILE] } },
		hint: 'The name of the input binary field containing the file to be read',
	},
];

/** In place of the mapper for a file: how its columns are read. */
export const fileColumnsNotice: INodeProperties = {
	displayName: `Each row's columns are mapped automatically, by the names HR and church exports give them, such as 'Employee ID' for 'External ID': <a href="${AUTO_MAP_NAMES_URL}" target="_blank">see every name</a>`,
	name: 'fileColumnsNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { staffList: [STAFF_LIST_FROM_FILE] } },
};

/** Whether this Sync reads its list from files (node version 1.3, 'Staff List' set so). */
export function readsFile(context: IExecuteFunctions): boolean {
	return context.getNode().typeVersion >= VERSION_1_3 && context.getNodeParameter('staffList', 0, 'items') === STAFF_LIST_FROM_FILE;
}

