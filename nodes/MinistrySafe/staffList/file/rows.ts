// One file's rows: which kind of file it is (CSV or JSON; a spreadsheet refused), and each row as an object of its
// column names with its place in the file.
import type { IBinaryData, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { FileRow } from '../../../shared/wording';
import { CsvSyntaxError, parseCsv } from './csv';

const SPREADSHEET_EXTENSIONS = ['xlsx', 'xls', 'xlsm', 'ods', 'numbers'];

/** A file's rows as objects of its column names, each with its place in the file. */
export function rowsOf(
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
