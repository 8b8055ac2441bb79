// Sync's staff list as a file (node version 1.3): the CSV or JSON export an HR, payroll or church-management system
// writes, downloaded (HTTP Request, an SFTP or Drive node) or uploaded (a form), read by Sync itself. n8n keeps a file
// in its binary data store, not in the execution: a nightly Sync of 100,000 people read as a file saves the file's
// reference and what changed, where read as items it saves every person with every run (docs/scale.md, "Large
// organisations"). Each row is read as an input item is read with Map Automatically: its column names are the fields.
import type { IBinaryData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CsvSyntaxError, parseCsv } from '../../../shared/csv';
import { type FileRow, quoted } from '../../../shared/wording';
import { itemInput } from '../common/inputs';
import { VERSION_1_3 } from '../common/versions';
import { AUTO_MAP_NAMES_URL } from './columnParameters';

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
	displayName: `Each row's columns are mapped automatically, by the names HR and church exports give them, such as 'Employee ID' for 'External ID': <a href="${AUTO_MAP_NAMES_URL}" target="_blank">see every name</a>.`,
	name: 'fileColumnsNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { staffList: [STAFF_LIST_FROM_FILE] } },
};

/** One person of the list: the input item it comes from and, for a file, its row (fields and place). */
export interface ListEntry {
	item: number;
	file?: { json: IDataObject; row: FileRow };
}

export interface StaffListSource {
	entries: ListEntry[];
	/** A file's column names (for the message of a list without External IDs); undefined for input items. */
	fileColumns?: string[];
}

/** Whether this Sync reads its list from files (node version 1.3, 'Staff List' set so). */
export function readsFile(context: IExecuteFunctions): boolean {
	return context.getNode().typeVersion >= VERSION_1_3 && context.getNodeParameter('staffList', 0, 'items') === STAFF_LIST_FROM_FILE;
}

/** The people of the list: each input item, or each row of the file each input item holds. */
export async function staffListOf(context: IExecuteFunctions, itemCount: number): Promise<StaffListSource> {
	if (!readsFile(context)) return { entries: Array.from({ length: itemCount }, (_, item) => ({ item })) };
	const field = itemInput(context, 0).text('binaryPropertyName', 'Input Binary Field', true) as string;
	const entries: ListEntry[] = [];
	const columns = new Set<string>();
	for (let item = 0; item < itemCount; item++) {
		// n8n's own error when the item holds no such file, naming the item and the field.
		const binary = context.helpers.assertBinaryData(item, field);
		const name = binary.fileName ? quoted(binary.fileName) : `the file in item ${item}`;
		const buffer = await context.helpers.getBinaryDataBuffer(item, field);
		const file = rowsOf(context, buffer, binary, name, item);
		for (const column of file.columns) columns.add(column);
		for (const { json, row } of file.rows) entries.push({ item, file: { json, row } });
	}
	if (entries.length === 0) {
		// An empty export must not read as "everyone left": nothing is compared, created or deactivated.
		throw new NodeOperationError(context.getNode(), 'The staff list file has no rows: nothing to sync', {
			description: `The file in ${quoted('Input Binary Field')} (${field}) holds column names at most. Check the export, or its download. Nothing was sent to the service.`,
		});
	}
	return { entries, fileColumns: [...columns] };
}

const SPREADSHEET_EXTENSIONS = ['xlsx', 'xls', 'xlsm', 'ods', 'numbers'];

/** A file's rows as objects of its column names, each with its place in the file. */
function rowsOf(
	context: IExecuteFunctions,
	buffer: Buffer,
	binary: IBinaryData,
	name: string,
	item: number,
): { columns: string[]; rows: Array<{ json: IDataObject; row: FileRow }> } {
	const extension = (binary.fileExtension ?? binary.fileName?.split('.').pop() ?? '').toLowerCase();
	const mimeType = (binary.mimeType ?? '').toLowerCase();
	const fail = (problem: string, todo: string) =>
		new NodeOperationError(context.getNode(), `${name} ${problem} [item ${item}]`, { itemIndex: item, description: `${todo} Nothing was sent to the service.` });
	// A ZIP container (Excel, OpenDocument) or a spreadsheet's name: not text this node reads.
	const zipped = buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50;
	if (zipped || SPREADSHEET_EXTENSIONS.includes(extension) || mimeType.includes('spreadsheet') || mimeType.includes('ms-excel')) {
		throw fail(
			'is a spreadsheet file, not CSV or JSON',
			"Save it as CSV (UTF-8) where it is exported, or read it with the Extract From File node before this one and set 'Staff List' to 'Input Items'.",
		);
	}
	const text = buffer.toString('utf8');
	// A CSV's name or type says so even when its first column's name starts with a bracket.
	const csv = ['csv', 'tsv', 'txt'].includes(extension) || mimeType.includes('csv');
	const json = !csv && (extension === 'json' || mimeType.includes('json') || /^\uFEFF?\s*[[{]/.test(text));
	if (json) {
		let value: unknown;
		try {
			value = JSON.parse(text.replace(/^\uFEFF/, ''));
		} catch {
			throw fail('is not valid JSON', 'Check the export, or choose a CSV export.');
		}
		const people = listIn(value);
		if (!people) {
			throw fail(
				'holds no list of people',
				'Sync reads a JSON array of objects, one a person, or an object with one such array (such as {"employees": [...]}).',
			);
		}
		const columns = [...new Set(people.flatMap((person) => Object.keys(person)))];
		return { columns, rows: people.map((person, index) => ({ json: person, row: { line: index + 1, label: `entry ${index + 1} of ${name}` } })) };
	}
	try {
		const table = parseCsv(text);
		const rows = table.rows.map(({ line, cells }) => {
			const person: IDataObject = {};
			// A column without a name holds nothing Sync could map; cells beyond the header are left out.
			table.header.forEach((column, index) => {
				if (column !== '' && index < cells.length) person[column] = cells[index];
			});
			return { json: person, row: { line, label: `row ${line} of ${name}` } };
		});
		return { columns: table.header.filter((column) => column !== ''), rows };
	} catch (error) {
		throw error instanceof CsvSyntaxError
			? fail(`is not CSV as exported: ${error.message}`, 'Check the export around that line.')
			: new NodeOperationError(context.getNode(), error as Error, { itemIndex: item });
	}
}

const isPerson = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON array of objects, or the one such array of an object ({"employees": [...]}); undefined otherwise. */
function listIn(value: unknown): IDataObject[] | undefined {
	if (Array.isArray(value)) return value.every(isPerson) ? value : undefined;
	if (!isPerson(value)) return undefined;
	const lists = Object.values(value).filter((entry) => Array.isArray(entry) && entry.length > 0 && entry.every(isPerson));
	return lists.length === 1 ? (lists[0] as IDataObject[]) : undefined;
}
