// What messages about a staff list say of its fields: the fields an item or a row has, and the one error of a list
// of input items in which no row gives an External ID.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type FileRow, listed, quoted } from '../../../shared/wording';
import type { ColumnsSettings } from '../parameters/settings';

/** Fields, as a message lists them (the first dozen of a wide row). */
export function fieldList(fields: string[], whose: string, noun = 'fields'): string {
	if (fields.length === 0) return `${whose} no ${noun}`;
	if (fields.length <= 12) return `${whose} ${noun} are ${listed(fields)}`;
	return `${whose} ${noun} are ${fields.slice(0, 12).map(quoted).join(', ')} and ${fields.length - 12} more`;
}
export const fieldsOf = (json: IDataObject, row?: FileRow) =>
	row
		? fieldList(Object.keys(json), Object.keys(json).length ? "the row's" : 'the row has', 'columns')
		: fieldList(Object.keys(json), Object.keys(json).length ? "the item's" : 'the item has');

/**
 * The one error of a list of input items in which no row gives an External ID (node version 1.2): its key column was
 * found in none, so every row would be skipped for the same reason. Names the input's fields and how to map External
 * ID. A file's is file/messages.ts's.
 */
export function listWithoutExternalId(context: IExecuteFunctions, settings: ColumnsSettings): NodeOperationError {
	const fields = [...new Set(context.getInputData().flatMap(({ json }) => Object.keys(json)))];
	const theirs = fieldList(fields, fields.length ? "the input's" : 'the input has');
	const message = settings.automatic
		? `No item gives an 'External ID': 'Map Automatically' found no column with each person's ID, and ${theirs}`
		: `No item gives an 'External ID': it is empty in every item, and ${theirs}`;
	return new NodeOperationError(context.getNode(), message, {
		description: settings.automatic
			? "Rename the column that holds each person's ID in your own system to 'Employee ID' (or 'External ID'), or choose it for 'External ID' under 'Map Each Column Manually'. Nothing was sent to the service."
			: "Set 'External ID' under 'Columns' to the input field that holds each person's ID in your own system (drag it from the input). Nothing was sent to the service.",
	});
}

