import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequestAllItems } from '../../transport';
import { listProperties, userTagFilter } from '../common/descriptions';
import { itemInput } from '../common/inputs';
import { participantExternalId } from '../common/trainings';
import { allUsers } from '../common/user';
import { today } from '../common/values';
import type { Operation } from '../types';
import { readSettings, settingsProperty } from './settings';
import { complianceOf, OVERALL_STATUSES } from './status';

/** Records grouped by their User's ID. */
function byUser(records: IDataObject[], userIdOf: (record: IDataObject) => unknown): Map<string, IDataObject[]> {
	const groups = new Map<string, IDataObject[]>();
	for (const record of records) {
		const key = String(userIdOf(record) ?? '');
		const group = groups.get(key);
		if (group) group.push(record);
		else groups.set(key, [record]);
	}
	return groups;
}

export const getAll: Operation = {
	option: {
		name: 'Get Many',
		action: 'Get the compliance of many users',
		description:
			"Retrieve a list of every user's compliance (training and background check valid, expiring, expired, pending or missing); returns one item per user with their status and expiry dates",
	},
	properties: [
		...listProperties([
			{
				displayName: 'Status',
				name: 'status',
				type: 'multiOptions',
				options: OVERALL_STATUSES.map((status) => ({ name: status.charAt(0).toUpperCase() + status.slice(1), value: status })),
				default: [],
				description: 'Only users with one of these statuses',
			},
			userTagFilter,
		]),
		settingsProperty,
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const input = itemInput(this, itemIndex);
		const settings = readSettings(input);
		const statuses: string[] = input.choices('filters.status', 'Status', OVERALL_STATUSES);
		const limit = input.listLimit() ?? Infinity;

		// Three lists for the whole Organization, never one request per User.
		const [users, trainings, checks] = (await Promise.all([
			allUsers(this, { tag: input.text('filters.tag', 'Tag') }),
			apiRequestAllItems.call(this, '/trainings'),
			apiRequestAllItems.call(this, '/background_checks'),
		])) as IDataObject[][];
		// A Training names its User by id; where the participant carries only an External ID, that finds the User.
		const userIdByExternalId = new Map(
			users.filter((user) => user.external_id !== undefined && user.external_id !== null).map((user) => [String(user.external_id), user.id]),
		);
		const trainingsByUser = byUser(trainings, (training) => {
			const id = (training.participant as IDataObject | null | undefined)?.id;
			if (id !== undefined && id !== null) return id;
			const externalId = participantExternalId(training);
			return externalId === undefined ? undefined : userIdByExternalId.get(externalId);
		});
		const checksByUser = byUser(checks, (check) => check.user_id);

		const timeZone = this.getTimezone();
		const clock = { today: today(timeZone), timeZone };
		const report: IDataObject[] = [];
		for (const user of users) {
			if (report.length >= limit) break;
			const key = String(user.id);
			const entry = complianceOf(user, trainingsByUser.get(key) ?? [], checksByUser.get(key) ?? [], settings, clock);
			if (statuses.length === 0 || statuses.includes(String(entry.status))) report.push(entry);
		}
		return report;
	},
};
