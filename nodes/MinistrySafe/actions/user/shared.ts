// The User parameters and requests that several User operations share.
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest, toFormBody, type FormFields } from '../../transport';
import { USER_TYPES, userTypeField } from '../common/descriptions';
import type { ItemInput } from '../common/inputs';
import { textList } from '../common/values';

export const tagsField: INodeProperties = {
	displayName: 'Tag Names or IDs',
	name: 'tags',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getTags' },
	default: [],
	description:
		'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	hint: 'An expression may also name new Tags, as a list or as comma-separated text',
};

export const firstNameField: INodeProperties = {
	displayName: 'First Name',
	name: 'firstName',
	type: 'string',
	default: '',
};

export const lastNameField: INodeProperties = {
	displayName: 'Last Name',
	name: 'lastName',
	type: 'string',
	default: '',
};

export const emailField: INodeProperties = {
	displayName: 'Email',
	name: 'email',
	type: 'string',
	placeholder: 'name@email.com',
	default: '',
};

export const externalIdField: INodeProperties = {
	displayName: 'External ID',
	name: 'externalId',
	type: 'string',
	default: '',
	required: true,
	description:
		"The User's ID in your own system (the service calls it external_id or employee_id); unique in the Organization",
};

/** First name, last name and email, all required for a new User. */
export const newUserNameFields: INodeProperties[] = [
	{ ...firstNameField, required: true },
	{ ...lastNameField, required: true },
	{ ...emailField, required: true },
];

export const newUserAdditionalFields: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: [tagsField, userTypeField],
};

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

/** A new User's fields (Create, Create or Update, Sync), checked before anything is sent; all problems at once. */
export function readNewUser(input: ItemInput): NewUser {
	return input.all(() => ({
		first_name: input.text('firstName', 'First Name', true) as string,
		last_name: input.text('lastName', 'Last Name', true) as string,
		email: input.email('email', 'Email', true) as string,
		external_id: input.text('externalId', 'External ID', true) as string,
		user_type: input.choice('additionalFields.userType', 'User Type', USER_TYPES),
		tag_list: tagList(input.collection('additionalFields').tags),
	}));
}

/**
 * User Type cannot be changed through the API (Update a User takes no user_type): said, never dropped silently. Null
 * when the User already has the type asked for, or none is asked.
 */
export function userTypeNote(existing: IDataObject, wanted: NewUser): string | null {
	if (wanted.user_type === undefined || (existing.user_type ?? null) === wanted.user_type) return null;
	return `User Type cannot be changed through the API: it stays ${String(existing.user_type ?? 'unset')} (asked: ${wanted.user_type})`;
}

export async function createUser(context: IExecuteFunctions, { tag_list, ...user }: NewUser): Promise<IDataObject> {
	return (await apiRequest.call(context, 'POST', '/users', {
		body: toFormBody({ user, tag_list }),
		expect: 'a record',
		ifUnsure: `look for External ID ${user.external_id} (User > Get Many, filter External ID)`,
	})) as IDataObject;
}

/**
 * Sends an update and returns the updated User. The service answers 204 without a body (decisions.md 4), or the
 * record in its earlier form; with no body the User is read back.
 */
export async function updateUser(
	context: IExecuteFunctions,
	user: { id: string; label: string },
	fields: FormFields,
): Promise<IDataObject> {
	const path = `/users/${user.id}`;
	const answer = await apiRequest.call(context, 'PUT', path, {
		body: toFormBody(fields),
		record: user.label,
		expect: 'a record or nothing',
	});
	if (answer !== undefined) return answer as IDataObject;
	return (await apiRequest.call(context, 'GET', path, { record: user.label, expect: 'a record' })) as IDataObject;
}
