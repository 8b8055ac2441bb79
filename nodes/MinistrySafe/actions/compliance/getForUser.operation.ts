import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { userLocator } from '../common/descriptions';
import { itemInput } from '../../items/inputs';
import { complianceOutput } from '../common/output';
import { userPath, userReference } from '../common/user';
import { today } from '../../../shared/values';
import type { Operation } from '../types';
import { readComplianceSettings, settingsProperty } from './settings';
import { complianceOf } from './status';

export const getForUser: Operation = {
	option: {
		name: 'Get for User',
		action: 'Get the compliance of a user',
		description:
			"Check whether one user's training and background check are valid, expiring, expired, pending or missing; returns one item with their status and expiry dates",
	},
	properties: [userLocator, settingsProperty],
	output: complianceOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const settings = readComplianceSettings(itemInput(this, itemIndex));
		const user = userReference(this, itemIndex);
		// The detailed User carries its Trainings and Background Checks: one request.
		const detailed = (await apiRequest.call(this, 'GET', userPath(user, '/detailed'), {
			record: user.label,
			expect: 'a record',
		})) as IDataObject;
		const records = (field: string) => (Array.isArray(detailed[field]) ? (detailed[field] as IDataObject[]) : []);
		const timeZone = this.getTimezone();
		return complianceOf(detailed, records('trainings'), records('background_checks'), settings, {
			today: today(timeZone),
			timeZone,
		});
	},
};
