// A User as the service names its fields: read from an item's parameters or a row's columns, and checked before
// anything is sent; what a row gives of a User the service has; what cannot change of one.
import type { IDataObject } from 'n8n-workflow';

import { textList } from '../../shared/values';
import type { ItemInput } from '../items/inputs';
import { USER_TYPE_OPTIONS } from './fields';

/**
 * The service's tag_list: comma-separated names. A multi-select gives a list; an expression may give a list or
 * comma-separated text. Undefined when no Tag is named.
 */
export function tagList(value: unknown): string | undefined {
	const names = textList(value);
	return names.length > 0 ? names.join(',') : undefined;
}

/** A new User, as the service names the fields. */
export interface NewUser {
	first_name: string;
	last_name: string;
	email: string;
	external_id: string;
	user_type?: string;
	tag_list?: string;
}

/** Where each of a new User's fields is read: a parameter's name, or (node version 1.2) a column's id. */
export type NewUserSource = Record<'external_id' | 'first_name' | 'last_name' | 'email' | 'user_type' | 'tags', string>;

/** The parameters of Create, and of Create or Update and Sync before node version 1.2. */
export const USER_PARAMETERS: NewUserSource = {
	external_id: 'externalId',
	first_name: 'firstName',
	last_name: 'lastName',
	email: 'email',
	user_type: 'additionalFields.userType',
	tags: 'additionalFields.tags',
};

/**
 * A new User's fields (Create, Create or Update, Sync), checked before anything is sent; all problems at once.
 * `withoutExternalId` says why an empty External ID is empty, when there is more to say than that it is required.
 */
export function readNewUser(input: ItemInput, from = USER_PARAMETERS, withoutExternalId?: () => string): NewUser {
	return input.all(() => ({
		first_name: input.text(from.first_name, 'First Name', true) as string,
		last_name: input.text(from.last_name, 'Last Name', true) as string,
		email: input.email(from.email, 'Email', true) as string,
		external_id: input.text(from.external_id, 'External ID', withoutExternalId ?? true) as string,
		user_type: input.choice(from.user_type, 'User Type', USER_TYPE_OPTIONS),
		tag_list: tagList(input.value(from.tags)),
	}));
}

/** What a row gives of a User the service has (node version 1.3): a blank field is left as the service has it. */
export type GivenUser = Pick<NewUser, 'external_id'> & Partial<Omit<NewUser, 'external_id'>>;

/** A row's fields for a User the service has: only External ID is required, each field given is checked. */
export function readGivenUser(input: ItemInput, from: NewUserSource, withoutExternalId?: () => string): GivenUser {
	return input.all(() => ({
		first_name: input.text(from.first_name, 'First Name'),
		last_name: input.text(from.last_name, 'Last Name'),
		email: input.email(from.email, 'Email'),
		external_id: input.text(from.external_id, 'External ID', withoutExternalId ?? true) as string,
		user_type: input.choice(from.user_type, 'User Type', USER_TYPE_OPTIONS),
		tag_list: tagList(input.value(from.tags)),
	}));
}

/**
 * User Type cannot be changed through the API (Update a User takes no user_type): said, never dropped silently. Null
 * when the User already has the type asked for, or none is asked.
 */
export function userTypeNote(existing: IDataObject, wanted: GivenUser): string | null {
	if (wanted.user_type === undefined || (existing.user_type ?? null) === wanted.user_type) return null;
	return `User Type cannot be changed through the API: it stays ${String(existing.user_type ?? 'unset')} (asked: ${wanted.user_type})`;
}

