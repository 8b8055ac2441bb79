import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { apiRequestAllItems, PAGE_SIZE } from '../../../shared/transport';
import { upsertedUserOutput } from '../common/output';
import { checkedUserId } from '../common/user';
import { beforeVersion1_2, fromVersion1_2 } from '../../items/versions';
import type { Operation } from '../types';
import { forItem } from '../../../shared/wording';
import { changesOf } from '../../staffList/decision/changes';
import { userToCreate } from '../../staffList/decision/newUserType';
import { newUserTypeField, upsertColumnsFields } from '../../staffList/parameters/columns';
import { columnsSettings } from '../../staffList/parameters/settings';
import { readUserItem } from '../../staffList/row/staffRow';
import { createUser, updateUser } from '../../users/requests';
import { externalIdField, newUserAdditionalFields, newUserNameFields } from '../../users/fields';
import { userTypeNote } from '../../users/newUser';

export const upsert: Operation = {
	option: {
		name: 'Create or Update',
		action: 'Create or update a user',
		// n8n's wording for an upsert (node-param-description-wrong-for-upsert); the key is the External ID.
		description: 'Create a new user, or update the current one if it already exists (upsert)',
	},
	properties: [
		// Versions 1 and 1.1: a parameter per field.
		...updateDisplayOptions(beforeVersion1_2, [
			{ ...externalIdField, description: 'Finds the user to update; a new user is created with it when none has it' },
			...newUserNameFields,
		]),
		// Version 1.2: the item's columns, mapped as n8n maps a row's.
		...upsertColumnsFields,
		...updateDisplayOptions(fromVersion1_2, [newUserTypeField]),
		// Simplify or Output comes before this collection (defineResource): after the fields at every version.
		...updateDisplayOptions(beforeVersion1_2, [
			{
				...newUserAdditionalFields,
				options: (newUserAdditionalFields.options as INodeProperties[]).map((field) =>
					field.name === 'userType'
						? { ...field, hint: 'Used only when a new user is created: the service cannot change the type of an existing user' }
						: field,
				),
			},
		]),
	],
	output: upsertedUserOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const { user: newUser, typeCell } = readUserItem(this, itemIndex, columnsSettings(this));
		// One page at most: the filter finds one User or none.
		const query = { external_id: newUser.external_id };
		const found = (await apiRequestAllItems.call(this, '/users', query, PAGE_SIZE)) as IDataObject[];
		// Only an exact match counts, so a filter the service applied loosely can never update someone else.
		const existing = found.find((user) => String(user.external_id) === newUser.external_id);
		if (!existing) {
			const creation = userToCreate(newUser, columnsSettings(this), typeCell);
			if ('refused' in creation) {
				// A short title; why and the fix in the details, as n8n's guidelines place them.
				const { what, fix } = creation.refusal;
				throw new NodeOperationError(this.getNode(), forItem(what, itemIndex), {
					itemIndex,
					description: `The service cannot set a user's type later. ${fix}. No user was created or changed.`,
				});
			}
			return { ...(await createUser(this, creation.user)), action: 'created', reason: creation.reason };
		}

		// Said, as Sync says it: a User Type that the update could not apply.
		const reason = userTypeNote(existing, newUser);
		// Compared as Sync compares: nothing differs, nothing is sent.
		if (Object.keys(changesOf(existing, newUser)).length === 0) return { ...existing, action: 'unchanged', reason };

		// Update a User takes no external_id (it is the key) and no user_type (api-v2.md 4).
		const { first_name, last_name, email, tag_list } = newUser;
		const user = checkedUserId(this, existing, `the User with External ID ${newUser.external_id}`);
		const updated = await updateUser(this, { ...user, label: `User ${user.id}` }, { user: { first_name, last_name, email }, tag_list });
		return { ...updated, action: 'updated', reason };
	},
};
