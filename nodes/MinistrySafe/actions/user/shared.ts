// The User parameters and requests that several User operations share.
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiRequest, toFormBody, type FormFields } from '../../../shared/transport';
import { chatSafe } from '../../chatSafe';
import { USER_TYPE_OPTIONS, userTypeField } from '../common/descriptions';
import type { ItemInput } from '../common/inputs';
import { textList } from '../../../shared/values';

export const tagsField: INodeProperties = {
	displayName: 'Tag Names or IDs',
	name: 'tags',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getTags' },
	default: [],
	description:
		'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	hint: 'An expression may also name new tags, as a list or as comma-separated text',
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
		"The user's ID in your own system (the service calls it 'external_id' or 'employee_id'); unique in the organization",
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

/** The editor's label of each User field the service may name in its errors. */
const USER_FIELD_LABELS = {
	first_name: 'First Name',
	last_name: 'Last Name',
	email: 'Email',
	external_id: 'External ID',
	user_type: 'User Type',
	tag_list: 'Tags',
};

/** Whether the service's answer says this field's value is already another User's ("has already been taken"). */
function taken(error: NodeApiError, field: string): boolean {
	const errors = (error.errorResponse as IDataObject | undefined)?.errors as IDataObject | undefined;
	const messages = errors?.[field];
	return (Array.isArray(messages) ? messages : [messages]).some((message) => /taken/i.test(String(message ?? '')));
}

/** A User as an error names them; the name is the service's, where anyone's sign-up can put anything: made inert. */
const named = (user: IDataObject) =>
	`User ${String(user.id)}, ${chatSafe([user.first_name, user.last_name].filter(Boolean).map(String).join(' '))}`;

/**
 * A taken External ID or email, said with the User who has it and what to do instead, so the error can be acted
 * on without opening MinistrySafe. One lookup finds the owner; when it cannot, the service's own words stay.
 */
async function takenBy(context: IExecuteFunctions, error: unknown, user: Omit<NewUser, 'tag_list'>): Promise<unknown> {
	if (!(error instanceof NodeApiError)) return error;
	const field = taken(error, 'external_id') ? 'external_id' : taken(error, 'email') ? 'email' : undefined;
	if (!field) return error;
	try {
		const query = field === 'external_id' ? { external_id: user.external_id } : { search: user.email };
		const found = (await apiRequest.call(context, 'GET', '/users', { qs: query, expect: 'a list of records' })) as IDataObject[];
		const owner = found.find((candidate) =>
			field === 'external_id'
				? String(candidate.external_id) === user.external_id
				: String(candidate.email ?? '').toLowerCase() === user.email.toLowerCase(),
		);
		if (!owner) return error;
		if (field === 'external_id') {
			error.message = `External ID ${user.external_id} already belongs to ${named(owner)}`;
			error.description = `Use Create or Update to change that User, or give this one another External ID. The service's full answer is in the details below.`;
		} else {
			error.message = `Email ${user.email} already belongs to ${named(owner)} (External ID ${String(owner.external_id ?? 'none')})`;
			error.description = `Use that User (Create or Update with their External ID), or give this one another email. The service's full answer is in the details below.`;
		}
	} catch {
		// The lookup failed: the service's answer as it came is still the clearest thing to show.
	}
	return error;
}

export async function createUser(context: IExecuteFunctions, { tag_list, ...user }: NewUser): Promise<IDataObject> {
	try {
		return (await apiRequest.call(context, 'POST', '/users', {
			body: toFormBody({ user, tag_list }),
			expect: 'a record',
			ifUnsure: `look for External ID ${user.external_id} (User > Get Many, filter External ID)`,
			labels: USER_FIELD_LABELS,
		})) as IDataObject;
	} catch (error) {
		throw await takenBy(context, error, user);
	}
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
		labels: USER_FIELD_LABELS,
	});
	if (answer !== undefined) return answer as IDataObject;
	return (await apiRequest.call(context, 'GET', path, { record: user.label, expect: 'a record' })) as IDataObject;
}
