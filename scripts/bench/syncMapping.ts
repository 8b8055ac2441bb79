// Sync's parameters at node version 1.2 (contract.md "Node version 1.2"): the User's fields from one `columns`
// resource mapper, mapped automatically or by hand, External ID the column to match on.
import type { INodeParameters } from 'n8n-workflow';

export const MAPPED_VERSION = 1.2;

const FIELDS: Array<{ id: string; displayName: string; required: boolean }> = [
	{ id: 'external_id', displayName: 'External ID', required: true },
	{ id: 'first_name', displayName: 'First Name', required: false },
	{ id: 'last_name', displayName: 'Last Name', required: false },
	{ id: 'email', displayName: 'Email', required: false },
	{ id: 'user_type', displayName: 'User Type', required: false },
	{ id: 'tags', displayName: 'Tags', required: false },
];

/** The mapper's schema as the editor saves it: every field, External ID the one to match on. */
const schema = FIELDS.map((field) => ({
	...field,
	defaultMatch: field.id === 'external_id',
	canBeUsedToMatch: field.id === 'external_id',
	display: true,
	type: 'string',
}));

const syncOf = (columns: INodeParameters, concurrency: number): INodeParameters => ({
	resource: 'user',
	operation: 'sync',
	columns,
	dryRun: true,
	options: {},
	requestOptions: { concurrency },
});

/** "Map Automatically": an input field named as a field fills it; no expression is resolved per row. */
export const autoMappedSync = (concurrency: number): INodeParameters =>
	syncOf(
		{
			mappingMode: 'autoMapInputData',
			value: null,
			matchingColumns: ['external_id'],
			schema,
		},
		concurrency,
	);

/** "Map Each Column Manually" with the expressions a user would drag in: one resolved per field and row. */
export const handMappedSync = (concurrency: number): INodeParameters =>
	syncOf(
		{
			mappingMode: 'defineBelow',
			value: Object.fromEntries(
				['external_id', 'first_name', 'last_name', 'email'].map((id) => [id, `={{ $json.${id} }}`]),
			),
			matchingColumns: ['external_id'],
			schema,
		},
		concurrency,
	);
