import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest, toFormBody } from '../../../shared/transport';
import { userLocator } from '../common/descriptions';
import { itemInput } from '../../items/inputs';
import { resolveUserId, userReference } from '../common/user';
import type { Operation } from '../types';
import { surveyCodeField, withKnownCodes } from './surveyCode';
import { assignmentOutput } from '../common/output';
import { VERSION_1_2 } from '../../items/versions';

export const assign: Operation = {
	option: {
		name: 'Assign',
		action: 'Assign a training to a user',
		description:
			"Assign a training (by survey code) to a user; returns the user with the assigned training, or, with 'Skip If Already Assigned', the training the user already has",
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
					displayName: 'Skip If Already Assigned',
					name: 'skipIfAssigned',
					type: 'boolean',
					default: true,
					description:
						"Whether to skip a user who already has an open training of this survey code: nothing is sent (no second assignment, no second email). The output is then that training, with 'already_assigned' set to true, instead of the user. Defaults to on from node version 1.2; earlier versions assign again unless it is added.",
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
	output: assignmentOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const input = itemInput(this, itemIndex);
		const { fields, skipIfAssigned } = input.all(() => {
			input.check(() => userReference(this, itemIndex));
			return {
				fields: {
					survey_code: input.text('surveyCode', 'Survey Code Name or ID', true),
					send_email: input.flag('options.sendEmail', 'Send Email'),
					upfront_payment: input.flag('options.upfrontPayment', 'Upfront Payment'),
					language: input.text('options.language', 'Language'),
				},
				// Versions 1 and 1.1 assign again, as they always did, unless the option is added.
				skipIfAssigned: input.flag('options.skipIfAssigned', 'Skip If Already Assigned') ?? this.getNode().typeVersion >= VERSION_1_2,
			};
		});
		const user = await resolveUserId(this, itemIndex);
		if (skipIfAssigned) {
			// A volunteer who signs up twice is not assigned (nor emailed) twice: an open Training of the code stands.
			const trainings = (await apiRequest.call(this, 'GET', `/users/${user.id}/trainings`, {
				record: user.label,
				expect: 'a list of records',
			})) as IDataObject[];
			const open = trainings.find((training) => String(training.survey_code) === fields.survey_code && !training.complete_date);
			if (open) return { ...open, already_assigned: true };
		}
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
