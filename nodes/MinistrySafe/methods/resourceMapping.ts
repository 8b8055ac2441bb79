import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { userColumnFields } from '../actions/user/columns';

/**
 * The User's fields that Sync and Create or Update map an item's columns to (node version 1.2): the same for every
 * Organization, so nothing is asked of the service.
 */
export async function getUserColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	return { fields: userColumnFields() };
}
