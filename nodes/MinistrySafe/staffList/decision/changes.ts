// What would change of a User the service has: Sync and Create or Update compare so.
import type { IDataObject } from 'n8n-workflow';

import type { GivenUser } from '../../users/newUser';
import type { Changes } from './types';

/** What Sync reads of a User the service has: whom it is, what it compares, and its type (never changed). */
export const COMPARED_FIELDS = ['id', 'external_id', 'employee_id', 'first_name', 'last_name', 'email', 'user_type', 'tags'] as const;

export const lower = (value: unknown) => String(value ?? '').trim().toLowerCase();
export const sortedTags = (tags: string[]) => [...tags].sort((a, b) => a.localeCompare(b));
export const userTags = (user: IDataObject) => (Array.isArray(user.tags) ? user.tags.map(String) : []);

/**
 * The fields of `wanted` that differ from `existing`; emails compare without case, Tags as sets. Create or Update
 * compares so too.
 */
export function changesOf(existing: IDataObject, wanted: GivenUser): Changes {
	const changes: Changes = {};
	// A field the row leaves blank (node version 1.3, a User the service has) is left as the service has it.
	for (const field of ['first_name', 'last_name'] as const) {
		const to = wanted[field];
		if (to !== undefined && String(existing[field] ?? '') !== to) changes[field] = { from: existing[field] ?? null, to };
	}
	if (wanted.email !== undefined && lower(existing.email) !== lower(wanted.email)) changes.email = { from: existing.email ?? null, to: wanted.email };
	if (wanted.tag_list !== undefined) {
		const from = sortedTags(userTags(existing));
		const to = sortedTags(wanted.tag_list.split(','));
		if (from.join('\n') !== to.join('\n')) changes.tags = { from, to };
	}
	return changes;
}

