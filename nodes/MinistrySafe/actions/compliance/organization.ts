// The compliance of the whole Organization: what Get Many lists and Get Report sums up, read and decided one way.
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequestAllItems } from '../../../shared/transport';
import { userTagFilter } from '../common/descriptions';
import type { ItemInput } from '../../items/inputs';
import { participantExternalId } from '../../../shared/trainings';
import { allUsersAs } from '../common/user';
import { today } from '../../../shared/values';
import { type ComplianceSettings, readComplianceSettings } from './settings';
import { type Clock, complianceOf, OVERALL_STATUSES } from './status';

/** The statuses as the Status filter shows them: a wrong value from an expression is answered with these labels. */
const STATUS_OPTIONS = OVERALL_STATUSES.map((status) => ({ name: status.charAt(0).toUpperCase() + status.slice(1), value: status }));

/** The Filters of both operations: Status and Tag. */
export const complianceFilters: INodeProperties[] = [
	{
		displayName: 'Status',
		name: 'status',
		type: 'multiOptions',
		options: STATUS_OPTIONS,
		default: [],
		description: 'Only users with one of these statuses',
	},
	userTagFilter,
];

/** What to read and how to judge it: an item's Filters and Settings, checked before anything is sent. */
export interface ComplianceQuery {
	settings: ComplianceSettings;
	statuses: string[];
	tag: string | undefined;
}

export function readComplianceQuery(input: ItemInput): ComplianceQuery {
	return {
		settings: readComplianceSettings(input),
		statuses: input.choices('filters.status', 'Status', STATUS_OPTIONS),
		tag: input.text('filters.tag', 'Tag'),
	};
}

/** One User (the fields Compliance reads of it), and its compliance (the Get Many item). */
export interface UserCompliance {
	user: IDataObject;
	entry: IDataObject;
}

// What Compliance reads of each record, kept as each page arrives: at 100,000 people the whole records held the
// Organization several times over (docs/benchmarks.md, "The node's own heap"). One literal each, so that every
// record of a kind shares one shape.
const userFields = (user: IDataObject): IDataObject => ({
	id: user.id,
	external_id: user.external_id,
	first_name: user.first_name,
	last_name: user.last_name,
	email: user.email,
	user_type: user.user_type,
	tags: user.tags,
});
function trainingFields(training: IDataObject): IDataObject {
	const participant = training.participant as IDataObject | null | undefined;
	return {
		participant: participant && { id: participant.id, external_id: participant.external_id, employee_id: participant.employee_id },
		survey_code: training.survey_code,
		winner: training.winner,
		complete_date: training.complete_date,
		created_at: training.created_at,
	};
}
const checkFields = (check: IDataObject): IDataObject => ({
	id: check.id,
	user_id: check.user_id,
	status: check.status,
	level: check.level,
	order_date: check.order_date,
	complete_date: check.complete_date,
});

/** Records grouped by their User's ID. */
function byUser(records: IDataObject[], userKeyOf: (record: IDataObject) => unknown): Map<string, IDataObject[]> {
	const groups = new Map<string, IDataObject[]>();
	for (const record of records) {
		const key = String(userKeyOf(record) ?? '');
		const group = groups.get(key);
		if (group) group.push(record);
		else groups.set(key, [record]);
	}
	return groups;
}

/**
 * Every User's compliance in the service's order, those the Filters keep, computed as they are taken (Get Many stops at
 * its Limit). Three lists for the whole Organization, never one request per User.
 */
export async function organizationCompliance(
	context: IExecuteFunctions,
	query: ComplianceQuery,
): Promise<{ clock: Clock; users: Iterable<UserCompliance> }> {
	const [users, trainings, checks] = (await Promise.all([
		allUsersAs(context, userFields, { tag: query.tag }),
		apiRequestAllItems.call(context, '/trainings', {}, undefined, undefined, trainingFields),
		apiRequestAllItems.call(context, '/background_checks', {}, undefined, undefined, checkFields),
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

	const timeZone = context.getTimezone();
	const clock = { today: today(timeZone), timeZone };
	const { settings, statuses } = query;
	function* kept(): Generator<UserCompliance> {
		for (const user of users) {
			const key = String(user.id);
			const entry = complianceOf(user, trainingsByUser.get(key) ?? [], checksByUser.get(key) ?? [], settings, clock);
			if (statuses.length === 0 || statuses.includes(String(entry.status))) yield { user, entry };
		}
	}
	return { clock, users: kept() };
}
