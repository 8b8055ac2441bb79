import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { itemInput } from '../common/inputs';
import type { Operation } from '../types';
import { createUser, externalIdField, newUserAdditionalFields, newUserNameFields, readNewUser, updateUser } from './shared';

export const upsert: Operation = {
	option: {
		name: 'Create or Update',
		action: 'Create or update a user',
		description: 'Create a User, or update the User who already has this External ID',
	},
	properties: [
		{ ...externalIdField, description: 'Finds the User to update; a new User is created with it when none has it' },
		...newUserNameFields,
		newUserAdditionalFields,
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const newUser = readNewUser(itemInput(this, itemIndex));
		const found = await apiRequest.call(this, 'GET', '/users', { qs: { external_id: newUser.external_id } });
		if (!Array.isArray(found)) {
			throw new NodeOperationError(this.getNode(), 'The service answered the User lookup with something other than a list', {
				itemIndex,
				description: "Check the credential's environment or custom base URL: it may point at another server.",
			});
		}
		// Only an exact match counts, so a filter the service applied loosely can never update someone else.
		const existing = (found as IDataObject[]).find((user) => String(user.external_id) === newUser.external_id);
		if (!existing) return { ...(await createUser(this, newUser)), action: 'created' };

		// Update a User takes no external_id (it is the key) and no user_type (api-v2.md 4).
		const { first_name, last_name, email, tag_list } = newUser;
		const id = Number(existing.id);
		const updated = await updateUser(this, { id, label: `User ${id}` }, { user: { first_name, last_name, email }, tag_list });
		return { ...updated, action: 'updated' };
	},
};
