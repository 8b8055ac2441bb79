import type { IExecuteFunctions } from 'n8n-workflow';

import { userLocator } from '../common/descriptions';
import { itemInput } from '../../items/inputs';
import { resolveUserId, userReference } from '../common/user';
import type { Operation } from '../types';
import { emailField, firstNameField, lastNameField, tagsField } from '../../users/fields';
import { tagList } from '../../users/newUser';
import { updateUser } from '../../users/requests';
import { userOutput } from '../common/output';

export const update: Operation = {
	option: {
		name: 'Update',
		action: 'Update a user',
		description: "Update one or more users' name, email or tags, one user per item; returns each updated user",
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
				{ ...tagsField, hint: `The user's tags become exactly these; none chosen keeps them. ${tagsField.hint}.` },
			],
		},
	],
	output: userOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const input = itemInput(this, itemIndex);
		// Only the fields that are set are sent, so an update never blanks what the user left out.
		const { user, tags } = input.all(() => {
			input.check(() => userReference(this, itemIndex));
			const fields = {
				first_name: input.text('updateFields.firstName', 'First Name'),
				last_name: input.text('updateFields.lastName', 'Last Name'),
				email: input.email('updateFields.email', 'Email'),
			};
			const tagNames = tagList(input.collection('updateFields').tags);
			// Judged on what was written, so that a malformed Email is not also reported as no field set.
			const written = Object.values(input.collection('updateFields')).some(
				(value) => value !== '' && value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0),
			);
			if (!written) input.refuse('Update Fields', 'must set at least one field (First Name, Last Name, Email or Tags)');
			return { user: fields, tags: tagNames };
		});
		return await updateUser(this, await resolveUserId(this, itemIndex), { user, tag_list: tags });
	},
};
