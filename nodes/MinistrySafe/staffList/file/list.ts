// Sync's staff list as a file (node version 1.3): the CSV or JSON export an HR, payroll or church-management system
// writes, downloaded (HTTP Request, an SFTP or Drive node) or uploaded (a form), read by Sync itself. n8n keeps a file
// in its binary data store, not in the execution: a nightly Sync of 100,000 people read as a file saves the file's
// reference and what changed, where read as items it saves every person with every run (docs/scale.md, "Large
// organisations"). Each row is read as an input item is read with Map Automatically: its column names are the fields.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type FileRow, quoted } from '../../../shared/wording';
import type { FileEncoding } from './encoding';
import { rowsOf } from './rows';

/** One person of the list: the input item it comes from and, for a file, its row (fields and place). */
export interface ListEntry {
	item: number;
	file?: { json: IDataObject; row: FileRow };
}

/** A file of the list as messages name it: its columns, and for CSV the line read as its header. */
export interface ListFile {
	name: string;
	columns: string[];
	header?: string;
}

export interface StaffListSource {
	entries: ListEntry[];
	/** The files read (for the message of a list without External IDs); undefined for input items. */
	files?: ListFile[];
}

/** Where a list read from files is: the binary field each input item holds its file in, and the file's encoding. */
export interface FileSource {
	field: string;
	encoding: FileEncoding;
}

/** The people of the list: each input item, or each row of the file each input item holds (`files`). */
export async function staffListOf(context: IExecuteFunctions, itemCount: number, files?: FileSource): Promise<StaffListSource> {
	if (!files) return { entries: Array.from({ length: itemCount }, (_, item) => ({ item })) };
	const { field, encoding } = files;
	const entries: ListEntry[] = [];
	const read: ListFile[] = [];
	for (let item = 0; item < itemCount; item++) {
		// n8n's own error when the item holds no such file, naming the item and the field.
		const binary = context.helpers.assertBinaryData(item, field);
		const name = binary.fileName ? quoted(binary.fileName) : `the file in item ${item}`;
		const buffer = await context.helpers.getBinaryDataBuffer(item, field);
		const file = rowsOf(context, { buffer, binary, name, item, encoding });
		read.push({ name, columns: file.columns, header: file.header });
		for (const { json, row } of file.rows) entries.push({ item, file: { json, row } });
	}
	if (entries.length === 0) {
		// An empty export must not read as "everyone left": nothing is compared, created or deactivated.
		throw new NodeOperationError(context.getNode(), 'The staff list file has no rows: nothing to sync', {
			description: `The file in ${quoted('Input Binary Field')} (${field}) holds column names at most. Check the export, or its download. Nothing was sent to the service.`,
		});
	}
	return { entries, files: read };
}

