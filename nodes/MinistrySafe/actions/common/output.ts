import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { listed, quoted } from '../../../shared/wording';
import { itemInput } from '../../items/inputs';
import {
	BACKGROUND_CHECK_FIELDS,
	BASE_BACKGROUND_CHECK_FIELDS,
	COMPLIANCE_FIELDS,
	DETAILED_USER_FIELDS,
	FIELDS_OFFERED_AT_1_2,
	RESENT_USER_FIELDS,
	SIMPLE_BACKGROUND_CHECK_FIELDS,
	SIMPLE_COMPLIANCE_FIELDS,
	SIMPLE_TRAINING_FIELDS,
	SIMPLE_USER_FIELDS,
	TRAINING_FIELDS,
	USER_FIELDS,
	fieldsInWords,
	labelOf,
} from './recordFields';
import { VERSION_1_1, VERSION_1_2, VERSION_1_3, fromVersion1_2 } from '../../items/versions';

/**
 * What an operation's records look like in each Output mode (contract.md "Output"): the one description of a kind of
 * record that the parameters, the router and the docs read. Every operation that returns records names one.
 */
export interface RecordOutput {
	/** The record in words, for the parameters' texts: "user", "compliance item". */
	record: string;
	/** Simplified, in one plain sentence naming every field it keeps: under Simplify (version 1.1) and as the option. */
	keeps: string;
	/** Simplified: the fields a workflow acts on. */
	simplify(record: IDataObject): IDataObject;
	/** Every field this operation's records may have, as the service (or this node) names it: Selected Fields. */
	fields: readonly string[];
	/** Fields the records have only with an option on (Get's Trainings with 'Detailed'): offered only then. */
	withOption?: { path: string; label: string; fields: readonly string[] };
	/** Always in a Selected Fields record, chosen or not: what names the record, and what the contract adds to it. */
	kept: readonly string[];
	/** The same as a sentence, for the parameters' texts (n8n's rules write "ID", never 'id'). */
	alwaysIncluded: string;
	/** Whether version 1.1 offers the Simplify switch: Compliance's items are this node's own, and had none. */
	simplifySwitch: boolean;
	/** What version 1.2 offered: a node saved before 1.3 may hold any of these, and keeps running with them. */
	released: readonly string[];
}

export type OutputMode = 'simplified' | 'raw' | 'selected';
/** The modes as the editor lists them, so that an error names their labels. */
const OUTPUT_MODES = [
	{ name: 'Simplified', value: 'simplified' },
	{ name: 'Raw', value: 'raw' },
	{ name: 'Selected Fields', value: 'selected' },
] as const satisfies ReadonlyArray<{ name: string; value: OutputMode }>;

/** A field as the record gives it: the External ID of a User under either of its keys (api-v2.md 2, User). */
function valueOf(record: IDataObject, field: string): IDataObject[string] {
	return field === 'external_id' && record.external_id === undefined ? record.employee_id : record[field];
}

/** The named fields of a record that it has, in that order. */
function pick(record: IDataObject, fields: readonly string[]): IDataObject {
	return Object.fromEntries(
		fields.filter((field) => valueOf(record, field) !== undefined || field in record).map((field) => [field, valueOf(record, field)]),
	);
}

/** Simplified's sentence, made from the fields it keeps, so that it names each of them. */
const keepsOf = (fields: readonly string[]) => `Keeps the ${fieldsInWords(fields)}.`;

/** Records of one kind: Simplified keeps `simple` (those of `fields` among them), Selected Fields offers `fields`. */
function recordOf(record: string, fields: readonly string[], simple: readonly string[], released: readonly string[]): RecordOutput {
	const kept = simple.filter((field) => fields.includes(field));
	return {
		record,
		keeps: keepsOf(kept),
		simplify: (value) => pick(value, kept),
		fields,
		kept: ['id'],
		alwaysIncluded: `The ${record}'s ID is always included`,
		simplifySwitch: true,
		released,
	};
}

export const trainingOutput = recordOf('training', TRAINING_FIELDS, SIMPLE_TRAINING_FIELDS, FIELDS_OFFERED_AT_1_2.training);
/** Get, Get Many and Get Many for User: the base fields and what the later listing adds. */
export const backgroundCheckOutput = recordOf(
	'background check',
	BACKGROUND_CHECK_FIELDS,
	SIMPLE_BACKGROUND_CHECK_FIELDS,
	FIELDS_OFFERED_AT_1_2.backgroundCheck,
);
/** Create and Archive: the base fields only. */
export const orderedBackgroundCheckOutput = recordOf(
	'background check',
	BASE_BACKGROUND_CHECK_FIELDS,
	SIMPLE_BACKGROUND_CHECK_FIELDS,
	FIELDS_OFFERED_AT_1_2.backgroundCheck,
);

const records = (value: unknown, output: RecordOutput) =>
	Array.isArray(value) ? value.map((record) => output.simplify(record as IDataObject)) : value;

export const userOutput = recordOf('user', USER_FIELDS, SIMPLE_USER_FIELDS, FIELDS_OFFERED_AT_1_2.user);
/** Resend: the User without tags. */
export const resentUserOutput = recordOf('user', RESENT_USER_FIELDS, SIMPLE_USER_FIELDS, FIELDS_OFFERED_AT_1_2.user);

/** Get: with Detailed, the User's Trainings and Background Checks too, simplified as their own records are. */
export const detailedUserOutput: RecordOutput = {
	...userOutput,
	keeps: keepsOf([...SIMPLE_USER_FIELDS, ...DETAILED_USER_FIELDS]),
	simplify: (record) => {
		const user = userOutput.simplify(record);
		if ('trainings' in record) user.trainings = records(record.trainings, trainingOutput) as IDataObject[];
		if ('background_checks' in record) {
			user.background_checks = records(record.background_checks, backgroundCheckOutput) as IDataObject[];
		}
		return user;
	},
	withOption: { path: 'options.detailed', label: 'Detailed', fields: DETAILED_USER_FIELDS },
	released: FIELDS_OFFERED_AT_1_2.detailedUser,
};

/** Create or Update: the User, and the action the node took and why (contract.md: never left out). */
export const upsertedUserOutput: RecordOutput = {
	...userOutput,
	keeps: keepsOf([...SIMPLE_USER_FIELDS, 'action', 'reason']),
	simplify: (record) => ({ ...userOutput.simplify(record), action: record.action, reason: record.reason }),
	kept: ['id', 'action', 'reason'],
	alwaysIncluded: "The user's ID, the action taken and why are always included",
};

/** Assign: the assigned User, or (when it was already assigned) the Training the User has, with `already_assigned`. */
export const assignmentOutput: RecordOutput = {
	...userOutput,
	// With Skip If Already Assigned, the item is the open Training rather than the User: the texts say both.
	record: 'user or assigned training',
	keeps: `Keeps the user's ${fieldsInWords(SIMPLE_USER_FIELDS)}; of a training already assigned, what a training keeps.`,
	simplify: (record) =>
		record.already_assigned === true ? { ...trainingOutput.simplify(record), already_assigned: true } : userOutput.simplify(record),
	fields: [...new Set([...USER_FIELDS, ...TRAINING_FIELDS])],
	kept: ['id', 'already_assigned'],
	alwaysIncluded: "The ID is always included, and 'already_assigned' for a training already assigned",
	released: FIELDS_OFFERED_AT_1_2.assignment,
};

/** One User's compliance (contract.md: Output of compliance); Raw is the whole item this node computes. */
export const complianceOutput: RecordOutput = {
	record: 'compliance item',
	keeps: 'Keeps the User ID, External ID, name, email, status and summary: who it is and what is due when.',
	simplify: (record) => pick(record, SIMPLE_COMPLIANCE_FIELDS),
	fields: COMPLIANCE_FIELDS,
	kept: ['user_id'],
	alwaysIncluded: 'The User ID is always included',
	simplifySwitch: false,
	released: FIELDS_OFFERED_AT_1_2.compliance,
};

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
		// An option's description takes no final period (n8n's rule).
		{ name: 'Selected Fields', value: 'selected', description: `Only the fields chosen in 'Fields'; ${lowerFirst(output.alwaysIncluded)}` },
		{ name: 'Simplified', value: 'simplified', description: output.keeps.replace(/\.$/, '') },
	];
	const fields = (offered: readonly string[], show: INodeProperties['displayOptions']): INodeProperties => ({
		displayName: 'Fields',
		name: 'fields',
		type: 'multiOptions',
		default: [],
		// Not marked required: with 'Output' from an expression (an agent's $fromAI) n8n shows Fields whatever the
		// value, and would refuse to run an empty required one. An empty list is refused when it matters.
		description: `The fields of each ${output.record} to return. ${output.alwaysIncluded}.`,
		hint: 'Choose at least one. An expression may name them as a list, or as text separated by commas.',
		options: offered.map((field) => ({ name: labelOf(field), value: field })).sort((a, b) => a.name.localeCompare(b.name)),
		displayOptions: show,
	});
	const selected = { ...fromVersion1_2.show, output: ['selected'] };
	const option = output.withOption;
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
		...(option
			? [
					fields(output.fields, { show: selected, hide: { [`/${option.path}`]: [true] } }),
					fields([...output.fields, ...option.fields], { show: { ...selected, [`/${option.path}`]: [true] } }),
				]
			: [fields(output.fields, { show: selected })]),
	];
}

function lowerFirst(sentence: string): string {
	return `${sentence[0].toLowerCase()}${sentence.slice(1)}`;
}

/** Turns the records of one item into what the Output settings ask for. */
export type Shape = (records: IDataObject | IDataObject[]) => IDataObject | IDataObject[];

const each =
	(shape: (record: IDataObject) => IDataObject): Shape =>
	(records) =>
		Array.isArray(records) ? records.map(shape) : shape(records);
const asReturned: Shape = (records) => records;

/** The fields chosen in Fields: from the editor a list, from an expression (an agent's $fromAI) a list or text. */
function chosenFields(context: IExecuteFunctions, itemIndex: number, output: RecordOutput) {
	const input = itemInput(context, itemIndex);
	const value = input.value('fields');
	const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : undefined;
	if (parts === undefined || parts.some((part) => typeof part !== 'string')) {
		throw input.invalid('Fields', 'must be a list of field names, or field names separated by commas');
	}
	const chosen = [...new Set((parts as string[]).map((part) => part.trim()).filter(Boolean))];
	if (chosen.length === 0) throw input.invalid('Fields', "is required when 'Output' is 'Selected Fields'");
	const option = output.withOption;
	const optionOn = option !== undefined && input.flag(option.path, option.label) === true;
	const offered = optionOn ? [...output.fields, ...option.fields] : output.fields;
	// A node saved at 1.2 runs with what 1.2 offered; a field its records lack is left out, as it was then.
	const accepted = context.getNode().typeVersion < VERSION_1_3 ? [...new Set([...offered, ...output.released])] : offered;
	const unknown = chosen.filter((field) => !accepted.includes(field));
	if (option && unknown.length > 0 && unknown.every((field) => option.fields.includes(field))) {
		throw input.invalid('Fields', `names ${listed(unknown)}, which a ${output.record} has only with ${quoted(option.label)} on: turn it on under 'Options'`);
	}
	if (unknown.length > 0) {
		const names = unknown.length === 1 ? `the field ${quoted(unknown[0])}` : `the fields ${listed(unknown)}`;
		throw input.invalid('Fields', `names ${names}, which a ${output.record} does not have; it has ${listed([...offered])}`);
	}
	return { chosen, accepted };
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
	const { chosen, accepted } = chosenFields(context, itemIndex, output);
	// In the order Fields lists them; what always comes, first.
	const wanted = [...output.kept, ...accepted.filter((field) => chosen.includes(field) && !output.kept.includes(field))];
	return each((record) => pick(record, wanted));
}
