// What messages say about a staff list's files as a whole: a column its options name that no file has, and the one
// error of a list in which no row gives an External ID, naming each file's columns and the line read as its header.
// That error's Continue On Fail item carries the columns (`file_columns`, and `mapped_columns`: the column that fills
// each of a User's fields), so that a workflow (the upload template's form) can ask which column holds the ID.
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { quoted } from '../../../shared/wording';
import { withItemFields } from '../../items/errorItem';
import { columnsOf } from '../parameters/columns';
import type { ColumnsSettings } from '../parameters/settings';
import { autoMapped } from '../row/autoMap';
import { fieldList } from '../row/messages';
import type { ListFile } from './list';

const OPTION_LABELS = { external_id: 'External ID Column', user_type: 'User Type Column' } as const;

/** A column the options name ('External ID Column', 'User Type Column') that a file does not have: refused. */
export function checkChosenColumns(context: IExecuteFunctions, settings: ColumnsSettings, files: ListFile[]): void {
	for (const [field, column] of Object.entries(settings.chosenColumns ?? {}) as Array<[keyof typeof OPTION_LABELS, string]>) {
		const without = files.find((file) => !file.columns.includes(column));
		if (!without) continue;
		throw new NodeOperationError(
			context.getNode(),
			`${quoted(OPTION_LABELS[field])} is ${quoted(column)}, which is not a column of ${without.name}: ${fieldList(without.columns, without.columns.length ? 'its' : 'it has', 'columns')}`,
			{ description: `Set ${quoted(OPTION_LABELS[field])} (Options) to one of the file's columns, as it is written there. Nothing was sent to the service.` },
		);
	}
}

/** A file's columns as a message names them, with the line read as its header ("(its header, line 3 of 'staff.csv')"). */
const columnsOfFile = (file: ListFile, whose: string) =>
	`${fieldList(file.columns, file.columns.length ? whose : `${file.name} has`, 'columns')}${file.header ? ` (its header, ${file.header})` : ''}`;

/** The one error of a file list in which no row gives an External ID: no column holds it, or its column is empty. */
export function fileWithoutExternalId(context: IExecuteFunctions, settings: ColumnsSettings, files: ListFile[]): NodeOperationError {
	const columns = [...new Set(files.flatMap((file) => file.columns))];
	const mapped = {
		...autoMapped(
			columns,
			columnsOf(true).map(({ id }) => id),
			settings.at1_3,
		),
		...settings.chosenColumns,
	};
	const todo = "Set 'External ID Column' (Options) to the column that holds each person's ID in your own system";
	if (mapped.external_id !== undefined) {
		const option = settings.chosenColumns?.external_id === undefined ? '' : " ('External ID Column')";
		return new NodeOperationError(context.getNode(), `No row of the file gives an 'External ID': its column ${quoted(mapped.external_id)}${option} is empty in every row`, {
			description: `${todo}. Nothing was sent to the service.`,
		});
	}
	const theirs = files.length === 1 ? columnsOfFile(files[0], "the file's") : files.map((file) => columnsOfFile(file, `${file.name}'s`)).join('; ');
	const error = new NodeOperationError(context.getNode(), `No row of the file gives an 'External ID': no column holds each person's ID, and ${theirs}`, {
		description: `${todo}, or rename it to 'Employee ID' (or 'External ID') where the file is exported. Nothing was sent to the service.`,
	});
	return withItemFields(error, { file_columns: columns, mapped_columns: mapped });
}
