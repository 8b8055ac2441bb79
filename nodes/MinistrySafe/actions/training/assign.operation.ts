import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest, toFormBody } from '../../../shared/transport';
import { userLocator } from '../common/descriptions';
import { itemInput } from '../common/inputs';
import { resolveUserId, userReference } from '../common/user';
import type { Operation } from '../types';
import { surveyCodeField, withKnownCodes } from './surveyCode';
import { simplifiedUser } from '../common/simplify';

export const assign: Operation = {
	option: {
		name: 'Assign',
		action: 'Assign a training to a user',
		description: 'Assign a training (by survey code) to a user; returns the user with the assigned training',
	},
	properties: [
		userLocator,
		surveyCodeField({ default: 'standard', required: true }),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Language',
					name: 'language',
					type: 'string',
					default: '',
					placeholder: 'e.g. es',
					description:
						'Language code of the training, one of those its survey code offers. When empty: its only language, otherwise English.',
				},
				{
					displayName: 'Send Email',
					name: 'sendEmail',
					type: 'boolean',
					default: false,
					description: 'Whether the service emails the user a link to the training',
				},
				{
					displayName: 'Upfront Payment',
					name: 'upfrontPayment',
					type: 'boolean',
					default: false,
					description: 'Whether the user pays for the training (self-pay must be enabled for the organization)',
				},
			],
		},
	],
	simplify: simplifiedUser,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const input = itemInput(this, itemIndex);
		const fields = input.all(() => {
			input.check(() => userReference(this, itemIndex));
			return {
				survey_code: input.text('surveyCode', 'Survey Code Name or ID', true),
				send_email: input.flag('options.sendEmail', 'Send Email'),
				upfront_payment: input.flag('options.upfrontPayment', 'Upfront Payment'),
				language: input.text('options.language', 'Language'),
			};
		});
		const user = await resolveUserId(this, itemIndex);
		try {
			return (await apiRequest.call(this, 'POST', `/users/${user.id}/assign_training`, {
				body: toFormBody(fields),
				record: user.label,
				expect: 'a record',
				ifUnsure: `list the Trainings of ${user.label} (Training > Get Many for User)`,
			})) as IDataObject;
		} catch (error) {
			throw await withKnownCodes(this, error, fields.survey_code);
		}
	},
};
