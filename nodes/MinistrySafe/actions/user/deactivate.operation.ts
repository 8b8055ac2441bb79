import type { IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { userLocator } from '../common/descriptions';
import { resolveUserId } from '../common/user';
import type { Operation } from '../types';

export const deactivate: Operation = {
	option: {
		name: 'Deactivate',
		action: 'Deactivate a user',
		description: "Remove a user from the organization; returns their numeric User ID with 'deactivated' set to true",
	},
	properties: [userLocator],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const user = await resolveUserId(this, itemIndex);
		await apiRequest.call(this, 'DELETE', `/users/${user.id}`, { record: user.label });
		// The service answers with no body (contract.md: this is the output).
		return { id: Number(user.id), deactivated: true };
	},
};
