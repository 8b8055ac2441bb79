import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { textList } from '../../../shared/values';
import { itemInput } from '../../items/inputs';
import { allUsers } from '../common/user';
import { beforeVersion1_2, fromVersion1_2, fromVersion1_3, VERSION_1_3 } from '../../items/versions';
import type { ListOperation } from '../types';
import { COMPARED_FIELDS } from '../../staffList/decision/changes';
import { planSync } from '../../staffList/decision/plan';
import type { SyncOptions } from '../../staffList/decision/types';
import { staffListOf } from '../../staffList/file/list';
import { stepOf } from '../../staffList/item/step';
import { hasItem, syncOutput } from '../../staffList/item/output';
import { valuesAtAGlance } from '../../staffList/item/values';
import { newUserTypeField, syncColumnsFields } from '../../staffList/parameters/columns';
import { includeUnchangedOption } from '../../staffList/parameters/output';
import { columnsSettings } from '../../staffList/parameters/settings';
import { fileColumnsNotice, fileOptions, fileSourceOf, STAFF_LIST_FROM_FILE, staffListFields } from '../../staffList/parameters/source';
import { LEAVER_STATUSES, liveRunNotices, valueOptions } from '../../staffList/parameters/values';
import { readList } from '../../staffList/row/readList';
import { externalIdField, newUserAdditionalFields, newUserNameFields } from '../../users/fields';

/** The columns the pre-filled expressions of versions 1 and 1.1 read, by parameter. */
const SNAKE_CASE: Record<string, string> = { firstName: 'first_name', lastName: 'last_name', email: 'email' };

function readOptions(context: IExecuteFunctions): SyncOptions & { dryRun: boolean } {
	const input = itemInput(context, 0);
	const maxDeactivations = input.integer('options.maxDeactivations', 'Max Deactivations') ?? 10;
	if (maxDeactivations < 0) throw input.invalid('Max Deactivations', 'must be 0 or more');
	return {
		deactivateMissing: input.flag('options.deactivateMissing', 'Deactivate Missing Users') ?? false,
		deactivateOnlyTag: input.text('options.deactivateOnlyTag', 'Deactivate Only Users With Tag'),
		maxDeactivations,
		// Before node version 1.3 only (from 1.3 each row's cells are read as meant, the user's words first).
		leaverStatuses:
			context.getNode().typeVersion < VERSION_1_3
				? textList(input.text('options.leaverStatuses', 'Statuses That Mean Left') ?? LEAVER_STATUSES).map((status) => status.toLowerCase())
				: [],
		// On unless switched off. A workflow saved when Dry Run was under Options loses that setting (n8n drops an
		// option it no longer knows) and so runs dry until Dry Run is switched off here: nothing changes by surprise.
		dryRun: input.flag('dryRun', 'Dry Run') ?? true,
		columns: columnsSettings(context),
	};
}

/** Sync's Options. */
const SYNC_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Deactivate Missing Users',
		name: 'deactivateMissing',
		type: 'boolean',
		default: false,
		description: 'Whether to deactivate the users whose External ID is not in the list',
	},
	{
		displayName: 'Deactivate Only Users With Tag Name or ID',
		name: 'deactivateOnlyTag',
		type: 'options',
		// Disclosed only once Deactivate Missing Users is on: neither applies without it.
		displayOptions: { show: { deactivateMissing: [true] } },
		typeOptions: { loadOptionsMethod: 'getTags' },
		default: '',
		description:
			'Only users with this tag may be deactivated; others are left alone. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	includeUnchangedOption,
	...fileOptions,
	{
		displayName: 'Max Deactivations',
		name: 'maxDeactivations',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 10,
		description:
			"The most users one run may deactivate, those who left ('Statuses That Mean Left') and those missing from the list together. When more would be, none is deactivated and each is reported as skipped. Defaults to 10.",
	},
	...valueOptions,
];

export const sync: ListOperation = {
	kind: 'list',
	option: {
		name: 'Sync',
		action: 'Sync users with a list',
		description:
			"Make the organization's users match a staff list: create the new, update what changed, and deactivate those who left or, when asked, are missing from it; returns what was done and why",
	},
	properties: [
		{
			displayName: 'Dry Run',
			name: 'dryRun',
			type: 'boolean',
			default: true,
			description:
				'Whether to only report what the run would do, without creating, updating or deactivating anyone. On when the node is added: turn it off once the report looks right.',
		},
		...liveRunNotices,
		...updateDisplayOptions(fromVersion1_3, [...staffListFields, fileColumnsNotice]),
		// Versions 1 and 1.1: filled in with the expressions a staff list with these column names needs.
		...updateDisplayOptions(beforeVersion1_2, [
			{
				...externalIdField,
				default: '={{ $json.external_id }}',
				description: "Matches each item with a user: usually the item's 'external_id', read by an expression",
				hint: "Reads the columns 'external_id', 'first_name', 'last_name' and 'email' of each item: change the expressions if yours are named differently",
			},
			...newUserNameFields.map((field) => ({ ...field, default: `={{ $json.${SNAKE_CASE[field.name] ?? field.name} }}` })),
		]),
		// Version 1.2: the staff list's columns, mapped as n8n maps a row's.
		// A file's columns are mapped automatically (parameters/source.ts): no mapper for it.
		...updateDisplayOptions({ hide: { staffList: [STAFF_LIST_FROM_FILE] } }, syncColumnsFields),
		...updateDisplayOptions(fromVersion1_2, [newUserTypeField]),
		...updateDisplayOptions(beforeVersion1_2, [newUserAdditionalFields]),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			// In the editor's order: alphabetical, as n8n's node rules ask.
			options: [...SYNC_OPTIONS].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
	],
	async plan(this: IExecuteFunctions, itemCount: number) {
		const options = readOptions(this);
		// The list's columns and key first; the Organization's Users read once (only what Sync compares of each): every
		// decision is made from this one read. Nothing of the list's rows outlives the plan but what changed.
		const glance = valuesAtAGlance(options);
		const list = await staffListOf(this, itemCount, fileSourceOf(this));
		const { rows, users, columns, key } = await readList(this, list, options.columns, () => allUsers(this, {}, COMPARED_FIELDS), glance.add);
		const values = { ...(key ? { key, columns } : {}), ...glance.values() };
		const { decisions, counted } = planSync(rows, users, options, hasItem(this));
		// From node version 1.3 the output stays small for a large organisation (staffList/item/output.ts).
		return syncOutput(this, decisions, (decision) => stepOf(this, decision, options.dryRun), { dryRun: options.dryRun, itemCount, counted, values });
	},
};
