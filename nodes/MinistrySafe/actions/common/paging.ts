import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequestAllItems, type CountedList } from '../../../shared/transport';
import { itemInput } from '../../items/inputs';

/** A paged list (with `counted`, one whose first page gives the page count), read as far as the item's Return All / Limit asks; both may come from expressions, so both are checked. */
export async function getMany(
	context: IExecuteFunctions,
	itemIndex: number,
	endpoint: string,
	qs: IDataObject = {},
	counted?: CountedList,
): Promise<IDataObject[]> {
	const limit = itemInput(context, itemIndex).listLimit();
	return (await apiRequestAllItems.call(context, endpoint, qs, limit, counted)) as IDataObject[];
}
