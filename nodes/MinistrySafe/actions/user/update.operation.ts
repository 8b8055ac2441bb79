import type { IExecuteFunctions } from 'n8n-workflow';

import { userLocator } from '../common/descriptions';
import { itemInput } from '../common/inputs';
import { resolveUserId } from '../common/user';
import type { Operation } from '../types';
import { emailField, firstNameField, lastNameField, tagList, tagsField, updateUser } from './shared';
import { simplifiedUser } from '../common/simplify';

export const update: Operation = {
	option: {
		name: 'Update',
		action: 'Update a user',
		description: "Change a User's name, email or Tags; returns the updated User",
	},
	properties: [
		userLocator,
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				emailField,
				firstNameField,
				lastNameField,
				{ ...tagsField, hint: `The User's Tags become exactly these; none chosen keeps them. ${tagsField.hint}` },
			],
		},
	],
	simplify: simplifiedUser,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const input = itemInput(this, itemIndex);
		// Only the fields that are set are sent, so an update never blanks what the user left out.
		const user = {
			first_name: input.text('updateFields.firstName', 'First Name'),
			last_name: input.text('updateFields.lastName', 'Last Name'),
			email: input.email('updateFields.email', 'Email'),
		};
		const tags = tagList(input.collection('updateFields').tags);
		if (Object.values(user).every((value) => value === undefined) && tags === undefined) {
			throw input.invalid('Update Fields', 'must set at least one field (First Name, Last Name, Email or Tags)');
		}
		return await updateUser(this, await resolveUserId(this, itemIndex), { user, tag_list: tags });
	},
};
