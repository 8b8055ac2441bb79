import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { fromVersion1_1 } from '../../items/versions';

/** The User an operation acts on (contract.md: modes id, employeeId and list). */
export const userLocator: INodeProperties = {
	displayName: 'User',
	name: 'user',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The user to act on: chosen from the list, by numeric User ID (e.g. 42) or by External ID (your own ID for them)',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a user...',
			typeOptions: { searchListMethod: 'searchUsers', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 42',
			validation: [
				{
					type: 'regex',
					properties: { regex: '^\\s*[0-9]+\\s*$', errorMessage: 'The User ID is a number' },
				},
			],
		},
		{
			displayName: 'By External ID',
			name: 'employeeId',
			type: 'string',
			placeholder: 'e.g. HR-1042',
			hint: "The user's ID in your own system (the service calls it 'external_id' or 'employee_id')",
		},
	],
};

/** Return All and Limit, as every list in n8n has them. */
const returnAllOrLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** A list filter: only Users with this Tag (the Users list's `tag` query). */
export const userTagFilter: INodeProperties = {
	displayName: 'Tag Name or ID',
	name: 'tag',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getTags' },
	default: '',
	description:
		'Only users with this tag. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** A User's own list (Trainings, Background Checks): the User, then Return All and Limit from node version 1.1. */
export const userListProperties: INodeProperties[] = [userLocator, ...updateDisplayOptions(fromVersion1_1, returnAllOrLimit)];

/** A list's parameters: Return All, Limit and, when it has any, its Filters. */
export function listProperties(filters: INodeProperties[] = []): INodeProperties[] {
	if (filters.length === 0) return returnAllOrLimit;
	return [...returnAllOrLimit, filtersCollection(filters)];
}

/** The Filters collection of a list (or of a report read from one). */
export function filtersCollection(filters: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		// In alphabetical order, as n8n lists optional fields.
		options: [...filters].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

/**
 * How the node talks to the service (contract.md `requestOptions`), on every operation. The transport reads it once
 * per run; the first item's values hold for the whole run.
 */
export const requestOptionsField: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	// Not "Add Option": Options has that button on the same panel, and two alike would be confused.
	placeholder: 'Add Request Option',
	default: {},
	options: [
		{
			displayName: 'Concurrency',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 50, numberPrecision: 0 },
			default: 5,
			description:
				"How many requests to MinistrySafe may be under way at the same time, over the node's whole run; 1 sends them one after another. Defaults to 5.",
		},
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 0.1, maxValue: 3600 },
			default: 30,
			description:
				'How long to wait for MinistrySafe to answer. Reading is then tried again; creating is not, since MinistrySafe may already have done it. Defaults to 30.',
		},
	],
};

/**
 * The typeOptions of a list the editor loads from the service, `loadOptionsMethod` reloaded when `field` changes.
 *
 * n8n's editor asks for such a list as soon as the panel shows it, and again when the node's credential changes. For a
 * node just added from the node panel, n8n fills in the credential itself a moment after the panel opens (n8n 2.41
 * first fetches the credentials it may offer), while that first request, sent without a credential, is still under
 * way; the editor's loader skips a call while one is running, so the reload the credential asks for never happens
 * and the list keeps the answer for no credential. A list is also reloaded when a field named in
 * `loadOptionsDependsOn` changes: naming the field a user fills in first, above the list (the user, say), loads the
 * list again with the credential n8n chose.
 */
export function serviceList(loadOptionsMethod: string, field: string): INodeProperties['typeOptions'] {
	return { loadOptionsMethod, loadOptionsDependsOn: [field] };
}

