import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { userColumnFields } from '../staffList/parameters/columns';

/**
 * The User's fields that Sync and Create or Update map an item's columns to (node version 1.2): the same for every
 * Organization, so nothing is asked of the service. Sync's include a row's Status (leavers); Create or Update has none.
 */
export async function getUserColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	return { fields: userColumnFields(this.getNodeParameter('operation', 'sync') === 'sync') };
}
