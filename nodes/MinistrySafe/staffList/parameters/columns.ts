// What the editor shows of node version 1.2's staff-list columns (contract.md "Node version 1.2"): the resource
// mapper's fields, its parameter for Sync and for Create or Update, and the type of new Users. The words here say the
// rule that row/autoMap.ts follows and which of a chosen type and a mapped 'User Type' wins.
import type { IDisplayOptions, INodeProperties, INodePropertyOptions, ResourceMapperField } from 'n8n-workflow';

import { userTypeField } from '../../users/fields';
import { fromVersion1_2, fromVersion1_3, VERSION_1_2 } from '../../items/versions';
import { columnsOf } from '../columns/userColumns';

/** The fields the resource mapper lists (the node's resourceMapping method): the same in every Organization. */
export function userColumnFields(sync = false): ResourceMapperField[] {
	return columnsOf(sync).map(({ id, label, required }) => ({
		id,
		displayName: label,
		required,
		defaultMatch: id === 'external_id',
		canBeUsedToMatch: id === 'external_id',
		display: true,
		...(id === 'user_type'
			? { type: 'options' as const, options: userTypeField.options as INodePropertyOptions[] }
			: { type: 'string' as const }),
	}));
}

/** What Map Automatically reads at every version from 1.2: the names exports give a person's ID, names and email. */
const AUTO_MAP_NAMES =
	"'Map Automatically' reads each column from the input field of the same name, ignoring case, spaces and underscores ('First Name', 'first_name' and 'firstName' fill 'First Name'), and knows the names HR, payroll, church and school exports use: 'External ID' from 'Employee ID', 'Associate ID', 'Employee Code', 'Employee #', 'Person ID', 'Individual ID', a system's own ID named after it ('Breeze ID'), or a bare 'ID' when nothing better is there (never a household, family, supervisor, campus, school, location or department ID, and never a tax ID or SSN, which it never reads)";

/**
 * Map Automatically's rule, as the Columns description says it at each version (the editor shows it nowhere else;
 * docs/operations.md in full): a version's panel says what that version does.
 */
const AUTO_MAP_RULE_1_2 = `${AUTO_MAP_NAMES}; 'First Name' from 'Legal First Name' or 'Given Name' (a nickname or preferred name only when there is no first name); 'Last Name' from 'Surname'; 'Email' from a work email before a personal or home one`;
const AUTO_MAP_RULE_1_3 = `${AUTO_MAP_NAMES}; 'First Name' from 'Legal First Name' or 'Given Name' before 'First Name' (legal names first; a nickname only when there is no first name); 'Last Name' from 'Surname'; 'Email' from a work email before a personal or home one; 'User Type' from 'Employee Type', 'Worker Type' or 'Role'; and every column of the list that can say someone left ('Status', 'Active', 'Termination Date' and the like); of several columns for one field, each row's first one not blank; a note in square brackets at the end of a name is ignored`;

/** Where docs/operations.md lists every name Map Automatically reads. */
export const AUTO_MAP_NAMES_URL =
	'https://github.com/n8n-nodes-ministrysafe/n8n-nodes-ministrysafe/blob/main/docs/operations.md#a-staff-lists-columns-node-version-12';

const resourceMapperOptions = {
	resourceMapperMethod: 'getUserColumns',
	mode: 'upsert' as const,
	fieldWords: { singular: 'column', plural: 'columns' },
	addAllFields: true,
	multiKeyMatch: false,
	supportAutoMap: true,
	matchingFieldsLabels: {
		hint: "Users are matched on their 'External ID' alone: the ID your own system gives each person",
	},
};

/** The mapper, with the rule its version follows in its description (node version 1.2, and 1.3 on). */
const columns = (mappingMode: 'autoMapInputData' | 'defineBelow'): INodeProperties[] =>
	(
		[
			[AUTO_MAP_RULE_1_2, { show: { '@version': [VERSION_1_2] } }],
			[AUTO_MAP_RULE_1_3, fromVersion1_3],
		] as Array<[string, IDisplayOptions]>
	).map(([description, displayOptions]) => ({
		displayName: 'Columns',
		name: 'columns',
		type: 'resourceMapper',
		noDataExpression: true,
		required: true,
		default: { mappingMode, value: null, matchingColumns: ['external_id'] },
		description,
		typeOptions: { loadOptionsDependsOn: ['operation'], resourceMapper: resourceMapperOptions },
		displayOptions,
	}));

/**
 * Shown under the mapper while it maps automatically, below n8n's own notice (input fields named as the columns): one
 * sentence that adds to it, and the list in the docs. The Columns description keeps the rule in full.
 */
const autoMapNotice: INodeProperties = {
	displayName: `Input fields named as HR and church exports name them are read too, such as 'Employee ID' for 'External ID': <a href="${AUTO_MAP_NAMES_URL}" target="_blank">see every name</a>`,
	name: 'autoMapNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { '@version': fromVersion1_2.show?.['@version'], '/columns.mappingMode': ['autoMapInputData'] } },
};

/**
 * Sync's columns (node version 1.2 on, each with its version): Map Automatically first, since Sync starts as a dry
 * run and a list read wrongly changes nothing.
 */
export const syncColumnsFields: INodeProperties[] = [...columns('autoMapInputData'), autoMapNotice];

/** Create or Update's columns: Map Each Column Manually first, as n8n's own nodes start, since it writes at once. */
export const upsertColumnsFields: INodeProperties[] = [...columns('defineBelow'), autoMapNotice];

export const newUserTypeField: INodeProperties = {
	displayName: 'User Type for New Users',
	name: 'newUserType',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'From Columns',
			value: 'fromColumns',
			description: "The 'User Type' column's value; without one, no user is created (the type cannot be set later)",
		},
		...(userTypeField.options as INodePropertyOptions[]),
		{
			name: 'No Type (Cannot Be Set Later)',
			value: 'none',
			description: "The 'User Type' column's value when there is one; otherwise the user is created without a type, for good",
		},
	],
	default: 'fromColumns',
	description: "The type of each user this node creates. The service cannot change a user's type through the API.",
	hint: "A chosen type ('Employee' or 'Volunteer') is given to every user created, over a mapped 'User Type' column. With 'From Columns', a user is created only when its 'User Type' column has a value.",
};
