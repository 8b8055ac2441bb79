import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { userLocator } from '../common/descriptions';
import { userPath, userReference } from '../common/user';
import type { Operation } from '../types';

export const getSignInLink: Operation = {
	option: {
		name: 'Get Sign-In Link',
		action: 'Get a link for a user to sign in',
		description: 'Get a one-time link that signs the user in to MinistrySafe; returns the link and its expiry time, 5 minutes later',
	},
	properties: [userLocator],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const user = userReference(this, itemIndex);
		return (await apiRequest.call(this, 'GET', userPath(user, '/sign_in_link'), {
			record: user.label,
			expect: 'a record',
		})) as IDataObject;
	},
};
