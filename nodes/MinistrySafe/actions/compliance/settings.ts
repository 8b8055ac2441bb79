// Compliance > Settings: how long Trainings and Background Checks count, what "expiring" means, which Trainings count,
// and which Background Check statuses the organisation's screening vendor uses for cleared and set-aside checks.
import type { INodeProperties } from 'n8n-workflow';

import { quoted } from '../../../shared/wording';
import type { ItemInput } from '../../items/inputs';
import { textList } from '../../../shared/values';
import { surveyCodesField } from '../../../shared/descriptions';

export interface ComplianceSettings {
	trainingValidityMonths: number;
	/** 0: a Background Check is not required (it is still reported). */
	backgroundCheckValidityMonths: number;
	expiringWithinDays: number;
	/** The Trainings that count; empty: any. */
	surveyCodes: string[];
	/** Background Check statuses that count as cleared, lower case. */
	clearedStatuses: string[];
	/** Background Check statuses that never count and never make a User pending, lower case. */
	setAsideStatuses: string[];
}

/** The defaults of contract.md: the statuses the service and the screening vendors behind it use. */
export const DEFAULT_CLEARED_STATUSES = 'complete, clear';
export const DEFAULT_SET_ASIDE_STATUSES = 'archived, cancelled, canceled, expired';

export const settingsProperty: INodeProperties = {
	displayName: 'Settings',
	name: 'settings',
	type: 'collection',
	placeholder: 'Add Setting',
	default: {},
	options: [
		{
			displayName: 'Background Check Validity (Months)',
			name: 'backgroundCheckValidityMonths',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 60,
			description:
				'How long a cleared background check counts, from the day it was completed (or ordered, when the service gives no completion date). 0: a background check is not required. Defaults to 60.',
		},
		{
			displayName: 'Cleared Statuses',
			name: 'clearedStatuses',
			type: 'string',
			default: DEFAULT_CLEARED_STATUSES,
			placeholder: `e.g. ${DEFAULT_CLEARED_STATUSES}, ready`,
			description:
				`The background check statuses that mean the check came back clean, comma-separated, in any case. A check in one of them counts until its validity ends; a check in any status not listed here or under 'Set-Aside Statuses' is still open (pending). Defaults to ${DEFAULT_CLEARED_STATUSES} (also when left empty).`,
		},
		{
			displayName: 'Expiring Within (Days)',
			name: 'expiringWithinDays',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 30,
			description: 'A training or background check that expires within this many days is reported as expiring. Defaults to 30.',
		},
		{
			displayName: 'Set-Aside Statuses',
			name: 'setAsideStatuses',
			type: 'string',
			default: DEFAULT_SET_ASIDE_STATUSES,
			placeholder: `e.g. ${DEFAULT_SET_ASIDE_STATUSES}`,
			description:
				`The background check statuses that never count and never make a user pending, comma-separated, in any case. Defaults to ${DEFAULT_SET_ASIDE_STATUSES} (also when left empty).`,
		},
		{
			...surveyCodesField,
			description:
				'The trainings that count. None chosen: every code. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Training Validity (Months)',
			name: 'trainingValidityMonths',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 24,
			description: 'How long a passed training counts, from the day it was completed. Defaults to 24.',
		},
	],
};

/** The item's settings, checked (contract.md defaults). */
export function readComplianceSettings(input: ItemInput): ComplianceSettings {
	const count = (name: string, label: string, fallback: number, min: number) => {
		const value = input.integer(`settings.${name}`, label) ?? fallback;
		if (value < min) throw input.invalid(label, `must be a whole number of at least ${min}`);
		return value;
	};
	const statuses = (name: string, label: string, fallback: string) => {
		const listed = textList(input.text(`settings.${name}`, label) ?? fallback).map((status) => status.toLowerCase());
		return listed.length > 0 ? listed : textList(fallback);
	};
	const settings = input.collection('settings');
	const cleared = statuses('clearedStatuses', 'Cleared Statuses', DEFAULT_CLEARED_STATUSES);
	const setAside = statuses('setAsideStatuses', 'Set-Aside Statuses', DEFAULT_SET_ASIDE_STATUSES);
	const both = cleared.find((status) => setAside.includes(status));
	if (both !== undefined) throw input.invalid('Cleared Statuses', `and ${quoted('Set-Aside Statuses')} both name "${both}": name it in one of them`);
	return {
		trainingValidityMonths: count('trainingValidityMonths', 'Training Validity (Months)', 24, 1),
		backgroundCheckValidityMonths: count('backgroundCheckValidityMonths', 'Background Check Validity (Months)', 60, 0),
		expiringWithinDays: count('expiringWithinDays', 'Expiring Within (Days)', 30, 0),
		// A list, or comma-separated text from an expression.
		surveyCodes: textList(settings.surveyCodes),
		clearedStatuses: cleared,
		setAsideStatuses: setAside,
	};
}
