import type { IExecuteFunctions } from 'n8n-workflow';

import { itemInput } from '../../items/inputs';
import type { Operation } from '../types';
import { createUser } from '../../users/requests';
import { externalIdField, newUserAdditionalFields, newUserNameFields } from '../../users/fields';
import { readNewUser } from '../../users/newUser';
import { userOutput } from '../common/output';

export const create: Operation = {
	option: {
		name: 'Create',
		action: 'Create a user',
		description: 'Create a new user in the organization; returns the new user with their numeric User ID',
	},
	properties: [...newUserNameFields, externalIdField, newUserAdditionalFields],
	output: userOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await createUser(this, readNewUser(itemInput(this, itemIndex)));
	},
};
