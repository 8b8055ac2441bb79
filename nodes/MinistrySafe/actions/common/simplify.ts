import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { fromVersion1_1 } from './versions';

/**
 * How an operation's records are simplified, and the hint under the switch: one plain sentence (a list of the service's keys
 * there would be documentation, not a hint).
 */
export interface Simplifier {
	keeps: string;
	simplify(record: IDataObject): IDataObject;
}

/** The named fields of a record that it has, in that order. */
function pick(record: IDataObject, fields: readonly string[]): IDataObject {
	return Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, record[field]]));
}

const trainingFields = ['id', 'survey_code', 'survey_name', 'winner', 'score', 'complete_date', 'certificate_url', 'participant'];
const backgroundCheckFields = [
	'id',
	'user_id',
	'status',
	'level',
	'order_date',
	'results_url',
	'applicant_interface_url',
	'applicant_self_disclosed',
	'vendor_flagged',
];
const userFields = ['id', 'first_name', 'last_name', 'email', 'external_id', 'user_type', 'tags', 'direct_login_url'];

export const simplifiedTraining: Simplifier = {
	keeps: 'Keeps the fields most workflows use: course, result, score, completion date and certificate.',
	simplify: (record) => pick(record, trainingFields),
};

export const simplifiedBackgroundCheck: Simplifier = {
	keeps: 'Keeps the fields most workflows use: user, status, level, order date and result links.',
	simplify: (record) => pick(record, backgroundCheckFields),
};

const records = (value: unknown, simplifier: Simplifier) =>
	Array.isArray(value) ? value.map((record) => simplifier.simplify(record as IDataObject)) : value;

export const simplifiedUser: Simplifier = {
	keeps: 'Keeps the fields most workflows use: name, email, External ID, type, tags and sign-in link.',
	simplify: (record) => {
		const user = pick(record, userFields);
		// The later listing names the External ID employee_id only (api-v2.md: User).
		if (user.external_id === undefined && record.employee_id !== undefined) user.external_id = record.employee_id;
		if ('trainings' in record) user.trainings = records(record.trainings, simplifiedTraining) as IDataObject[];
		if ('background_checks' in record) {
			user.background_checks = records(record.background_checks, simplifiedBackgroundCheck) as IDataObject[];
		}
		return user;
	},
};

/** Get with Detailed: the User's Trainings and Background Checks are simplified too. */
export const simplifiedDetailedUser: Simplifier = {
	keeps: 'Keeps the fields most workflows use: name, email, External ID, tags, trainings and background checks.',
	simplify: simplifiedUser.simplify,
};

/** Create or Update: the User, and the action the node took and why (contract.md: not simplified). */
export const simplifiedUpsertedUser: Simplifier = {
	keeps: 'Keeps the fields most workflows use: name, email, External ID, tags, and the action taken and why.',
	simplify: (record) => ({ ...simplifiedUser.simplify(record), action: record.action, reason: record.reason }),
};

/** The Simplify switch (n8n's UX guidelines: records of more than 10 fields), from node version 1.1 on. */
export function simplifyField(simplifier: Simplifier): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		// n8n's rule fixes this sentence; which fields stay is said under the switch.
		description: 'Whether to return a simplified version of the response instead of the raw data',
		hint: simplifier.keeps,
		displayOptions: fromVersion1_1,
	};
}

/** The records of one item, simplified. */
export function simplifyRecords(output: IDataObject | IDataObject[], simplifier: Simplifier): IDataObject | IDataObject[] {
	return Array.isArray(output) ? output.map(simplifier.simplify) : simplifier.simplify(output);
}
