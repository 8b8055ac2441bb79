// Where Sync's staff list comes from (node version 1.3, 'Staff List'): the input items, or a file each input item
// holds (file/list.ts reads it), and the options that say how a file is read.
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { itemInput } from '../../items/inputs';
import { VERSION_1_3 } from '../../items/versions';
import { FILE_ENCODINGS, type FileEncoding } from '../file/encoding';
import type { FileSource } from '../file/list';
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
		placeholder: 'e.g. data',
		displayOptions: { show: { staffList: [STAFF_LIST_FROM_FILE] } },
		hint: 'The name of the input binary field containing the file to be read',
	},
];

const forFile = { show: { '/staffList': [STAFF_LIST_FROM_FILE] } };

/** Sync's options for a file (in its Options collection: shown with 'Staff List' set to a file). */
export const fileOptions: INodeProperties[] = [
	{
		displayName: 'External ID Column',
		name: 'externalIdColumn',
		type: 'string',
		default: '',
		placeholder: 'e.g. HRMS_KEY',
		displayOptions: forFile,
		description:
			"The file's column that holds each person's ID in your own system, when its name is not one the columns are mapped by. Leave empty to map it automatically.",
	},
	{
		displayName: 'File Encoding',
		name: 'fileEncoding',
		type: 'options',
		options: FILE_ENCODINGS,
		default: 'auto',
		displayOptions: forFile,
		description:
			"The encoding the file is saved in. 'Automatic' reads the marker Excel puts at the start of 'CSV UTF-8' and 'Unicode Text' files; a file without it is read as 'UTF-8', or as 'Windows-1252' (Excel's plain CSV on Windows) when it cannot be read so. Defaults to 'Automatic'.",
	},
	{
		displayName: 'User Type Column',
		name: 'userTypeColumn',
		type: 'string',
		default: '',
		placeholder: 'e.g. Staff Category',
		displayOptions: forFile,
		description:
			"The file's column that says whether each person of the list is an employee or a volunteer, when its name is not one the columns are mapped by. Leave empty to map it automatically.",
	},
];

/** The columns a file's options name for External ID and User Type (empty: mapped automatically). */
export function chosenFileColumns(context: IExecuteFunctions): { external_id?: string; user_type?: string } {
	const input = itemInput(context, 0);
	const columns = input.all(() => ({
		external_id: input.text('options.externalIdColumn', 'External ID Column'),
		user_type: input.text('options.userTypeColumn', 'User Type Column'),
	}));
	return Object.fromEntries(Object.entries(columns).filter(([, column]) => column !== undefined));
}

/** 'File Encoding' (Automatic unless set). */
export const fileEncodingOf = (context: IExecuteFunctions): FileEncoding =>
	itemInput(context, 0).choice('options.fileEncoding', 'File Encoding', FILE_ENCODINGS) ?? 'auto';

/** In place of the mapper for a file: how its columns are read. */
export const fileColumnsNotice: INodeProperties = {
	displayName: `Each row's columns are mapped automatically, by the names HR and church exports give them, such as 'Employee ID' for 'External ID' (<a href="${AUTO_MAP_NAMES_URL}" target="_blank">see every name</a>). A column named otherwise: set it under 'External ID Column' or 'User Type Column' in 'Options'.`,
	name: 'fileColumnsNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { staffList: [STAFF_LIST_FROM_FILE] } },
};

/** Whether this Sync reads its list from files (node version 1.3, 'Staff List' set so). */
export function readsFile(context: IExecuteFunctions): boolean {
	return context.getNode().typeVersion >= VERSION_1_3 && context.getNodeParameter('staffList', 0, 'items') === STAFF_LIST_FROM_FILE;
}

/** Where this Sync's files are ('Input Binary Field', 'File Encoding'), or undefined when it reads input items. */
export function fileSourceOf(context: IExecuteFunctions): FileSource | undefined {
	if (!readsFile(context)) return undefined;
	return { field: itemInput(context, 0).text('binaryPropertyName', 'Input Binary Field', true) as string, encoding: fileEncodingOf(context) };
}

