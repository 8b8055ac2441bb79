// What a failure puts out with Continue On Fail: `{ error }`, the message, and, when the error carries them, fields a
// workflow can act on (a staff list file without an ID column gives its columns, so that a form can ask which one it
// is). n8n's 'Continue (using error output)' sends to the error output only an item that holds `error` alone, so there
// the item is `{ error }` whatever the error carries.
import type { IDataObject, INode, INodeExecutionData, NodeApiError, NodeOperationError } from 'n8n-workflow';

const FIELDS = 'errorItemFields';

/** The error, carrying fields for its Continue On Fail item. */
export function withItemFields<E extends NodeOperationError>(error: E, fields: IDataObject): E {
	error.context[FIELDS] = fields;
	return error;
}

/** The Continue On Fail item of an error, paired as given. */
export function errorItemOf(error: NodeApiError | NodeOperationError, node: INode, pairedItem: INodeExecutionData['pairedItem']): INodeExecutionData {
	const fields = node.onError === 'continueErrorOutput' ? undefined : (error.context[FIELDS] as IDataObject | undefined);
	return { json: { error: error.message, ...fields }, pairedItem };
}
