// What messages say about a staff list's columns as a whole: the fields an item or a row has, a column its options
// name that a file does not have, and the errors of a list whose key cannot be found: no column holds each person's
// ID, its column is empty in every row, or several columns could be it and the service's IDs do not say which. Such
// an error's Continue On Fail item carries the columns (`file_columns`, `mapped_columns`: the column that fills each
// of a User's fields; `key_candidates`: the columns that could be the key, each counted), so that a workflow (the
// upload template's form) can ask which column holds the ID. Nothing is sent to the service before any of them.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type FileRow, listed, quoted } from '../../../shared/wording';
import { withItemFields } from '../../items/errorItem';
import type { ListFile } from '../file/list';
import type { AutoColumn } from './autoMap';
import type { KeyCandidate } from './key';
import type { ListColumns } from './listColumns';
import type { ColumnsSettings } from './settings';

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

const OPTION_LABELS = { external_id: 'External ID Column', user_type: 'User Type Column' } as const;

/** A column the options name ('External ID Column', 'User Type Column') that a file does not have: refused. */
export function checkChosenColumns(context: IExecuteFunctions, settings: ColumnsSettings, files: ListFile[]): void {
	for (const [field, column] of Object.entries(settings.chosenColumns ?? {}) as Array<[keyof typeof OPTION_LABELS, string]>) {
		const without = files.find((file) => !file.columns.includes(column));
		if (!without) continue;
		throw new NodeOperationError(
			context.getNode(),
			`${quoted(OPTION_LABELS[field])} is ${quoted(column)}, which is not a column of ${without.name}: ${fieldList(without.columns, without.columns.length ? 'its' : 'it has', 'columns')}`,
			{ description: `Set ${quoted(OPTION_LABELS[field])} (under 'Options') to one of the file's columns, as it is written there. Nothing was sent to the service.` },
		);
	}
}

/** A file's columns as a message names them, with the line read as its header ("(its header, line 3 of 'staff.csv')"). */
const columnsOfFile = (file: ListFile, whose: string) =>
	`${fieldList(file.columns, file.columns.length ? whose : `${file.name} has`, 'columns')}${file.header ? ` (its header, ${file.header})` : ''}`;

/** The columns that fill each of a User's fields, as an error item gives them (`mapped_columns`). */
const mappedColumns = (columns: ListColumns, settings: ColumnsSettings, key?: string): Partial<Record<AutoColumn, string>> => ({
	...Object.fromEntries(
		Object.entries(columns.fields)
			.filter(([field]) => field !== 'external_id')
			.map(([field, candidates]) => [field, candidates[0]]),
	),
	...(key === undefined ? {} : { external_id: key }),
	...settings.chosenColumns,
});

/** Where a list's columns are named: a file's (with its header's line), or the input's fields. */
function whoseColumns(context: IExecuteFunctions, files: ListFile[] | undefined): { names: string[]; theirs: string } {
	if (files) {
		const names = [...new Set(files.flatMap((file) => file.columns))];
		const theirs = files.length === 1 ? columnsOfFile(files[0], "the file's") : files.map((file) => columnsOfFile(file, `${file.name}'s`)).join('; ');
		return { names, theirs };
	}
	const names = [...new Set(context.getInputData().flatMap(({ json }) => Object.keys(json)))];
	return { names, theirs: fieldList(names, names.length ? "the input's" : 'the input has') };
}

/** What to do when the key is not found: a file's option, or the mapper. */
const HOW_TO_CHOOSE = {
	file: "Set 'External ID Column' (under 'Options') to the column that holds each person's ID in your own system",
	items: "Choose the input field that holds each person's ID in your own system for 'External ID' under 'Map Each Column Manually'",
};

/**
 * The one error of a list in which no row gives an External ID (its key column found in none, or empty in every
 * row), naming the list's columns.
 */
export function listWithoutExternalId(
	context: IExecuteFunctions,
	settings: ColumnsSettings,
	files: ListFile[] | undefined,
	columns?: ListColumns,
	empty?: string,
): NodeOperationError {
	const nothingSent = 'Nothing was sent to the service.';
	const todo = files ? HOW_TO_CHOOSE.file : HOW_TO_CHOOSE.items;
	const noun = files ? 'row of the file' : 'item';
	if (empty !== undefined) {
		const option = settings.chosenColumns?.external_id === undefined ? '' : " ('External ID Column')";
		return new NodeOperationError(context.getNode(), `No ${noun} gives an 'External ID': its column ${quoted(empty)}${option} is empty in every ${files ? 'row' : 'item'}`, {
			description: `${todo}. ${nothingSent}`,
		});
	}
	const { names, theirs } = whoseColumns(context, files);
	if (!settings.automatic) {
		return new NodeOperationError(context.getNode(), `No item gives an 'External ID': it is empty in every item, and ${theirs}`, {
			description: `Set 'External ID' under 'Columns' to the input field that holds each person's ID in your own system (drag it from the input). ${nothingSent}`,
		});
	}
	const error = new NodeOperationError(
		context.getNode(),
		`No ${noun} gives an 'External ID': ${files ? "no column holds each person's ID" : "'Map Automatically' found no column with each person's ID"}, and ${theirs}`,
		{
			description: files
				? `${todo}, or rename it to 'Employee ID' (or 'External ID') where the file is exported. ${nothingSent}`
				: `Rename the column that holds each person's ID in your own system to 'Employee ID' (or 'External ID'), or choose it for 'External ID' under 'Map Each Column Manually'. ${nothingSent}`,
		},
	);
	return files && columns ? withItemFields(error, { file_columns: names, mapped_columns: mappedColumns(columns, settings) }) : error;
}

/** One candidate as the message counts it: "'staffNumber' (5 of 8 IDs in MinistrySafe)". */
const countedCandidate = ({ column, ids, known }: KeyCandidate) => `${quoted(column)} (${known} of ${ids} ${ids === 1 ? 'ID' : 'IDs'} in MinistrySafe)`;

/**
 * More than one column could be the key, and the service's IDs do not say which: nothing is sent, every candidate is
 * named with how many of its IDs the service has for the same people.
 */
export function keyUndecided(
	context: IExecuteFunctions,
	settings: ColumnsSettings,
	files: ListFile[] | undefined,
	columns: ListColumns,
	candidates: KeyCandidate[],
): NodeOperationError {
	const { names } = whoseColumns(context, files);
	const why = candidates.every(({ known }) => known === 0) ? 'MinistrySafe has the IDs of none of them' : 'MinistrySafe has IDs from more than one of them';
	const error = new NodeOperationError(
		context.getNode(),
		`More than one column could hold each person's ID, and ${why}: ${candidates.map(countedCandidate).join(', ')}`,
		{
			description: `${files ? HOW_TO_CHOOSE.file : HOW_TO_CHOOSE.items}: the one your organization uses as each person's ID in MinistrySafe. A person matched on the wrong one would be created again. Nothing was sent to the service.`,
		},
	);
	return withItemFields(error, {
		...(files ? { file_columns: names } : {}),
		mapped_columns: mappedColumns(columns, settings),
		key_candidates: candidates.map((candidate) => ({ ...candidate })),
	});
}
