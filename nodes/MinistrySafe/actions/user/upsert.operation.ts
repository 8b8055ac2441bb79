import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequestAllItems, PAGE_SIZE } from '../../transport';
import { itemInput } from '../common/inputs';
import { userIdOf } from '../common/user';
import type { Operation } from '../types';
import {
	createUser,
	externalIdField,
	newUserAdditionalFields,
	newUserNameFields,
	readNewUser,
	updateUser,
	userTypeNote,
} from './shared';
import { simplifiedUpsertedUser } from '../common/simplify';

export const upsert: Operation = {
	option: {
		name: 'Create or Update',
		action: 'Create or update a user',
		// n8n's wording for an upsert (node-param-description-wrong-for-upsert); the key is the External ID.
		description: 'Create a new user, or update the current one if it already exists (upsert)',
	},
	properties: [
		{ ...externalIdField, description: 'Finds the user to update; a new user is created with it when none has it' },
		...newUserNameFields,
		{
			...newUserAdditionalFields,
			options: (newUserAdditionalFields.options as INodeProperties[]).map((field) =>
				field.name === 'userType'
					? { ...field, hint: 'Used only when a new user is created: the service cannot change the type of an existing user' }
					: field,
			),
		},
	],
	simplify: simplifiedUpsertedUser,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const newUser = readNewUser(itemInput(this, itemIndex));
		// One page at most: the filter finds one User or none.
		const query = { external_id: newUser.external_id };
		const found = (await apiRequestAllItems.call(this, '/users', query, PAGE_SIZE)) as IDataObject[];
		// Only an exact match counts, so a filter the service applied loosely can never update someone else.
		const existing = found.find((user) => String(user.external_id) === newUser.external_id);
		if (!existing) return { ...(await createUser(this, newUser)), action: 'created', reason: null };

		// Update a User takes no external_id (it is the key) and no user_type (api-v2.md 4).
		const { first_name, last_name, email, tag_list } = newUser;
		const user = userIdOf(this, existing, `the User with External ID ${newUser.external_id}`);
		const updated = await updateUser(this, { ...user, label: `User ${user.id}` }, { user: { first_name, last_name, email }, tag_list });
		// Said, as Sync says it: a User Type that the update could not apply.
		return { ...updated, action: 'updated', reason: userTypeNote(existing, newUser) };
	},
};
