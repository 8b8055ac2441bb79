import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest, PAGE_SIZE } from '../transport';

/** The User locator's searchable list: one page of GET /users?search= per call, the page number as the token. */
export async function searchUsers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1);
	const users = (await apiRequest.call(this, 'GET', '/users', {
		qs: { page, search: filter?.trim() || undefined },
	})) as IDataObject[];
	return {
		results: users.map((user) => ({
			name: `${user.first_name ?? ''} ${user.last_name ?? ''} (${user.email ?? user.id})`.trim(),
			value: String(user.id),
		})),
		paginationToken: users.length === PAGE_SIZE ? String(page + 1) : undefined,
	};
}
