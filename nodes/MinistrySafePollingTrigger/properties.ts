import type { INodeProperties } from 'n8n-workflow';

import { surveyCodesField } from '../shared/descriptions';
import { DEFAULT_LOOK_BACK_DAYS, DEFAULT_NOTICE_DAYS, DEFAULT_VALIDITY_MONTHS, POLLING_EVENT_OPTIONS } from './settings';

export const properties: INodeProperties[] = [
	{
		displayName:
			"Checks MinistrySafe on the 'Poll Times' schedule: no webhook to set up in the developer console. The first check after publishing records what exists and starts nothing; later checks start the workflow once per new event. For events the moment they happen, use the MinistrySafe Trigger (webhooks).",
		name: 'pollingNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Trigger On',
		name: 'event',
		type: 'options',
		required: true,
		noDataExpression: true,
		options: [...POLLING_EVENT_OPTIONS],
		default: 'trainingCompleted',
	},
	{
		displayName: 'Statuses',
		name: 'statuses',
		type: 'string',
		default: '',
		placeholder: 'e.g. complete, archived',
		description:
			'Only changes into these statuses, comma-separated (any status text the service uses). Empty: every change.',
		displayOptions: { show: { event: ['backgroundCheckStatusChanged'] } },
	},
	{
		displayName: 'Renewal',
		name: 'renewal',
		type: 'collection',
		placeholder: 'Add Renewal Setting',
		default: {},
		description: `Without settings: a training is valid ${DEFAULT_VALIDITY_MONTHS} months and due ${DEFAULT_NOTICE_DAYS} days before it runs out, for every survey code`,
		displayOptions: { show: { event: ['trainingRenewalDue'] } },
		options: [
			{
				displayName: 'Expiring Within (Days)',
				name: 'noticeDays',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: DEFAULT_NOTICE_DAYS,
				description: `How many days before the training runs out the event starts the workflow. Defaults to ${DEFAULT_NOTICE_DAYS}.`,
			},
			{
				...surveyCodesField,
				description:
					'Only trainings with these codes count, as the latest training and as due. None chosen: every code. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Training Validity (Months)',
				name: 'trainingValidityMonths',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: DEFAULT_VALIDITY_MONTHS,
				description: `How long a passed training counts, from the day it was completed. Defaults to ${DEFAULT_VALIDITY_MONTHS}.`,
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { hide: { event: ['userCreated'] } },
		options: [
			{
				displayName: 'Look-Back (Days)',
				name: 'lookBackDays',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: DEFAULT_LOOK_BACK_DAYS,
				description:
					'How far back each check looks: trainings assigned and background checks ordered longer ago than this are not watched. A longer window means more to read at each check. Defaults to 90.',
			},
		],
	},
];
