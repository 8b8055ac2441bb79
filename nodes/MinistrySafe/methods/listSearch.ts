import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { fetchOrganizationTypes } from '../actions/organization/getTypes.operation';
import { apiRequest, PAGE_SIZE } from '../../shared/transport';

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

/**
 * The Background Check locator's list: one page of GET /background_checks per call, in the service's order; the page
 * number as the token. Each entry names what a person recognises: status, level, order day and User.
 */
export async function searchBackgroundChecks(
	this: ILoadOptionsFunctions,
	_filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1);
	const checks = (await apiRequest.call(this, 'GET', '/background_checks', { qs: { page } })) as IDataObject[];
	return {
		results: checks.map((check) => ({
			name: `${String(check.id)}: ${String(check.status ?? 'unknown')}, level ${String(check.level ?? '-')}, ordered ${String(check.order_date ?? '').slice(0, 10)}, user ${String(check.user_id ?? '-')}`,
			value: String(check.id),
		})),
		paginationToken: checks.length === PAGE_SIZE ? String(page + 1) : undefined,
	};
}

/**
 * The Organization Type locator's list (node version 1.2): the types the service offers, in its order, those whose
 * name holds what the user typed (ignoring case). Asked for when the list is opened, so with the credential n8n chose.
 */
export async function searchOrganizationTypes(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const typed = filter?.trim().toLowerCase() ?? '';
	const types = await fetchOrganizationTypes.call(this);
	return {
		results: types
			.filter((type) => type.toLowerCase().includes(typed))
			.map((type) => ({ name: type, value: type })),
	};
}
