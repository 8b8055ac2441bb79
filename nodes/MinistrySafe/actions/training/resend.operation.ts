import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest, toFormBody } from '../../../shared/transport';
import { userLocator } from '../common/descriptions';
import { itemInput } from '../../items/inputs';
import { resolveUserId } from '../common/user';
import type { Operation } from '../types';
import { surveyCodeField, withKnownCodes } from './surveyCode';
import { resentUserOutput } from '../common/output';

export const resend: Operation = {
	option: {
		name: 'Resend',
		action: 'Resend a training email to a user',
		description: 'Send a user the email of a training assigned to them again; returns the user it was sent to',
	},
	properties: [
		userLocator,
		surveyCodeField({
			description:
				'The training to resend; leave empty for the one the service picks. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		}),
	],
	output: resentUserOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const surveyCode = itemInput(this, itemIndex).text('surveyCode', 'Survey Code Name or ID');
		const user = await resolveUserId(this, itemIndex);
		try {
			return (await apiRequest.call(this, 'POST', `/users/${user.id}/resend_training`, {
				body: toFormBody({ survey_code: surveyCode }),
				record: user.label,
				expect: 'a record',
				ifUnsure: `ask ${user.label} whether the email came; sending it again only repeats the email`,
			})) as IDataObject;
		} catch (error) {
			throw await withKnownCodes(this, error, surveyCode);
		}
	},
};
