import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { listed, quoted } from '../../../shared/wording';
import { itemInput } from './inputs';
import { VERSION_1_1, VERSION_1_2, fromVersion1_2 } from './versions';

/**
 * What an operation's records look like in each Output mode (contract.md "Output"): the one description of a kind of
 * record that the parameters, the router and the docs read. Every operation that returns records names one.
 */
export interface RecordOutput {
	/** The record in words, for the parameters' texts: "user", "compliance item". */
	record: string;
	/** Simplified, in one plain sentence: shown under Simplify (version 1.1) and as the Simplified option. */
	keeps: string;
	/** Simplified: the fields a workflow acts on. */
	simplify(record: IDataObject): IDataObject;
	/** Every field the record may have, as the service (or this node, for compliance) names it: Selected Fields. */
	fields: readonly string[];
	/** Always in a Selected Fields record, chosen or not: what names the record, and what the contract adds to it. */
	kept: readonly string[];
	/** The same in words, for the parameters' texts (n8n's rules write "ID", never 'id'). */
	keptInWords: string;
	/** Whether version 1.1 offers the Simplify switch: Compliance's items are this node's own, and had none. */
	simplifySwitch: boolean;
}

export type OutputMode = 'simplified' | 'raw' | 'selected';
const OUTPUT_MODES: readonly OutputMode[] = ['simplified', 'raw', 'selected'];

/** The named fields of a record that it has, in that order. */
function pick(record: IDataObject, fields: readonly string[]): IDataObject {
	return Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, record[field]]));
}

const userFields = [
	'id',
	'first_name',
	'last_name',
	'email',
	'external_id',
	'employee_id',
	'score',
	'complete_date',
	'user_type',
	'direct_login_url',
	'tags',
];
const trainingFields = [
	'id',
	'winner',
	'score',
	'created_at',
	'complete_date',
	'survey_name',
	'survey_code',
	'certificate_url',
	'participant',
];
const backgroundCheckFields = [
	'id',
	'order_date',
	'status',
	'applicant_interface_url',
	'results_url',
	'user_id',
	'level',
	'complete_date',
	'applicant_self_disclosed',
	'applicant_self_disclosed_note',
	'vendor_flagged',
];

const simpleTrainingFields = ['id', 'survey_code', 'survey_name', 'winner', 'score', 'complete_date', 'certificate_url', 'participant'];
const simpleBackgroundCheckFields = [
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
const simpleUserFields = ['id', 'first_name', 'last_name', 'email', 'external_id', 'user_type', 'tags', 'direct_login_url'];

export const trainingOutput: RecordOutput = {
	record: 'training',
	keeps: 'Keeps the fields most workflows use: course, result, score, completion date and certificate.',
	simplify: (record) => pick(record, simpleTrainingFields),
	fields: trainingFields,
	kept: ['id'],
	keptInWords: 'its ID',
	simplifySwitch: true,
};

export const backgroundCheckOutput: RecordOutput = {
	record: 'background check',
	keeps: 'Keeps the fields most workflows use: user, status, level, order date and result links.',
	simplify: (record) => pick(record, simpleBackgroundCheckFields),
	fields: backgroundCheckFields,
	kept: ['id'],
	keptInWords: 'its ID',
	simplifySwitch: true,
};

const records = (value: unknown, output: RecordOutput) =>
	Array.isArray(value) ? value.map((record) => output.simplify(record as IDataObject)) : value;

export const userOutput: RecordOutput = {
	record: 'user',
	keeps: 'Keeps the fields most workflows use: name, email, External ID, type, tags and sign-in link.',
	simplify: (record) => {
		const user = pick(record, simpleUserFields);
		// The later listing names the External ID employee_id only (api-v2.md: User).
		if (user.external_id === undefined && record.employee_id !== undefined) user.external_id = record.employee_id;
		if ('trainings' in record) user.trainings = records(record.trainings, trainingOutput) as IDataObject[];
		if ('background_checks' in record) {
			user.background_checks = records(record.background_checks, backgroundCheckOutput) as IDataObject[];
		}
		return user;
	},
	fields: userFields,
	kept: ['id'],
	keptInWords: 'its ID',
	simplifySwitch: true,
};

/** Get with Detailed: the User's Trainings and Background Checks are simplified too. */
export const detailedUserOutput: RecordOutput = {
	...userOutput,
	keeps: 'Keeps the fields most workflows use: name, email, External ID, tags, trainings and background checks.',
	fields: [...userFields, 'trainings', 'background_checks'],
};

/** Create or Update: the User, and the action the node took and why (contract.md: never left out). */
export const upsertedUserOutput: RecordOutput = {
	...userOutput,
	keeps: 'Keeps the fields most workflows use: name, email, External ID, tags, and the action taken and why.',
	simplify: (record) => ({ ...userOutput.simplify(record), action: record.action, reason: record.reason }),
	kept: ['id', 'action', 'reason'],
	keptInWords: 'its ID, and the action taken and why',
};

const complianceFields = [
	'status',
	'compliant',
	'summary',
	'user_id',
	'external_id',
	'first_name',
	'last_name',
	'email',
	'training',
	'background_check',
];
const simpleComplianceFields = ['status', 'summary', 'user_id', 'external_id', 'first_name', 'last_name', 'email'];

/** One User's compliance (contract.md: Output of compliance); Raw is the whole item this node computes. */
export const complianceOutput: RecordOutput = {
	record: 'compliance item',
	keeps: 'Keeps who it is, their status and the sentence saying what is due and when.',
	simplify: (record) => pick(record, simpleComplianceFields),
	fields: complianceFields,
	kept: ['user_id'],
	keptInWords: 'its User ID',
	simplifySwitch: false,
};

/** 'first_name' as the editor lists it: "First Name"; IDs and URLs as the node's labels write them. */
function labelOf(field: string): string {
	return field
		.split('_')
		.map((word) => (word === 'id' || word === 'url' ? word.toUpperCase() : `${word[0].toUpperCase()}${word.slice(1)}`))
		.join(' ');
}

/**
 * The parameters an operation's records add: Simplify at version 1.1 (its records only), Output and Fields from 1.2,
 * as n8n's UX guidelines ask of records of more than 10 fields, above all for a node an AI agent uses as a tool.
 */
export function outputProperties(output: RecordOutput): INodeProperties[] {
	const simplify: INodeProperties = {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		// n8n's rule fixes this sentence; which fields stay is said under the switch.
		description: 'Whether to return a simplified version of the response instead of the raw data',
		hint: output.keeps,
		displayOptions: { show: { '@version': [VERSION_1_1] } },
	};
	const modes: INodePropertyOptions[] = [
		{
			name: 'Raw',
			value: 'raw',
			description: output.simplifySwitch ? `The ${output.record} as the service returns it` : `The whole ${output.record}`,
		},
		{ name: 'Selected Fields', value: 'selected', description: `Only the fields chosen in 'Fields', and ${output.keptInWords}` },
		// An option's description takes no final period (n8n's rule).
		{ name: 'Simplified', value: 'simplified', description: output.keeps.replace(/\.$/, '') },
	];
	return [
		...(output.simplifySwitch ? [simplify] : []),
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			default: 'simplified',
			description: `Which fields of each ${output.record} to return`,
			options: modes,
			displayOptions: fromVersion1_2,
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			default: [],
			// Not marked required: with 'Output' from an expression (an agent's $fromAI) n8n shows Fields whatever the
			// value, and would refuse to run an empty required one. An empty list is refused when it matters.
			description: `The fields of each ${output.record} to return, with ${output.keptInWords} always`,
			hint: 'An expression may name them as a list, or as text separated by commas.',
			options: [...output.fields]
				.map((field) => ({ name: labelOf(field), value: field }))
				.sort((a, b) => a.name.localeCompare(b.name)),
			displayOptions: { show: { ...fromVersion1_2.show, output: ['selected'] } },
		},
	];
}

/** Turns the records of one item into what the Output settings ask for. */
export type Shape = (records: IDataObject | IDataObject[]) => IDataObject | IDataObject[];

const each =
	(shape: (record: IDataObject) => IDataObject): Shape =>
	(records) =>
		Array.isArray(records) ? records.map(shape) : shape(records);
const asReturned: Shape = (records) => records;

/** The fields chosen in Fields: from the editor a list, from an expression (an agent's $fromAI) a list or text. */
function chosenFields(context: IExecuteFunctions, itemIndex: number, output: RecordOutput): string[] {
	const input = itemInput(context, itemIndex);
	const value = input.value('fields');
	const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : undefined;
	if (parts === undefined || parts.some((part) => typeof part !== 'string')) {
		throw input.invalid('Fields', 'must be a list of field names, or field names separated by commas');
	}
	const chosen = [...new Set((parts as string[]).map((part) => part.trim()).filter(Boolean))];
	if (chosen.length === 0) throw input.invalid('Fields', "is required when 'Output' is 'Selected Fields'");
	const unknown = chosen.filter((field) => !output.fields.includes(field));
	if (unknown.length > 0) {
		const names = unknown.length === 1 ? `the field ${quoted(unknown[0])}` : `the fields ${listed(unknown)}`;
		throw input.invalid('Fields', `names ${names}, which a ${output.record} does not have; it has ${listed([...output.fields])}`);
	}
	return chosen;
}

/**
 * Reads the item's Output settings before anything is sent, so that a wrong value sends nothing. A node saved at
 * version 1 gives the records as returned; at 1.1, Simplify decides (common/versions.ts).
 */
export function readOutput(context: IExecuteFunctions, itemIndex: number, output: RecordOutput): Shape {
	const version = context.getNode().typeVersion;
	if (version < VERSION_1_1) return asReturned;
	const input = itemInput(context, itemIndex);
	if (version < VERSION_1_2) {
		return output.simplifySwitch && input.flag('simplify', 'Simplify') !== false ? each(output.simplify) : asReturned;
	}
	const mode = input.choice('output', 'Output', OUTPUT_MODES) ?? 'simplified';
	if (mode === 'raw') return asReturned;
	if (mode === 'simplified') return each(output.simplify);
	const fields = chosenFields(context, itemIndex, output);
	// The record's own order; what always comes, first.
	const wanted = [...output.kept, ...output.fields.filter((field) => fields.includes(field) && !output.kept.includes(field))];
	return each((record) => pick(record, wanted));
}
