// The editor's fields of a User: the ones Create, Update, Create or Update and Sync show, and the service's user types.
import type { INodeProperties } from 'n8n-workflow';

import { valuesOf } from '../../shared/descriptions';

/** The service's user_type values (api-v2.md: Create a User, Create a Background Check). */
export const USER_TYPE_OPTIONS = [
	{ name: 'Employee', value: 'employee' },
	{ name: 'Volunteer', value: 'volunteer' },
] as const;
export const USER_TYPES = valuesOf(USER_TYPE_OPTIONS);

export const userTypeField: INodeProperties = {
	displayName: 'User Type',
	name: 'userType',
	type: 'options',
	options: [...USER_TYPE_OPTIONS],
	default: 'volunteer',
};

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
