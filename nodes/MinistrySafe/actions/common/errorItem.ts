// What a failure puts out with Continue On Fail: `{ error }`, the message, and, when the error carries them, fields a
// workflow can act on (a staff list file without an ID column gives its columns, so that a form can ask which one it
// is). n8n sends such an item to the node's error output by its `error` (an item with only `error` it finds by itself).
import type { IDataObject, INodeExecutionData, NodeApiError, NodeOperationError } from 'n8n-workflow';

const FIELDS = 'errorItemFields';

/** The error, carrying fields for its Continue On Fail item. */
export function withItemFields<E extends NodeOperationError>(error: E, fields: IDataObject): E {
	error.context[FIELDS] = fields;
	return error;
}

/** The Continue On Fail item of an error, paired as given. */
export function errorItemOf(error: NodeApiError | NodeOperationError, pairedItem: INodeExecutionData['pairedItem']): INodeExecutionData {
	const fields = error.context[FIELDS] as IDataObject | undefined;
	if (!fields) return { json: { error: error.message }, pairedItem };
	return { json: { error: error.message, ...fields }, error, pairedItem };
}
