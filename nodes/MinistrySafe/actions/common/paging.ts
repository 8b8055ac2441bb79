import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequestAllItems } from '../../transport';

/** A paged list, read as far as the item's Return All / Limit asks. */
export async function getMany(
	context: IExecuteFunctions,
	itemIndex: number,
	endpoint: string,
	qs: IDataObject = {},
): Promise<IDataObject[]> {
	const returnAll = context.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? undefined : (context.getNodeParameter('limit', itemIndex, 50) as number);
	return (await apiRequestAllItems.call(context, endpoint, qs, limit)) as IDataObject[];
}
