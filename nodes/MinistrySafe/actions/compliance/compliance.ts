// A User's compliance from their Trainings and Background Checks: the one computation both Compliance operations use.
// Dates are calendar days in the workflow's time zone; a record expires on the day its validity ends (a Training
// completed on 2024-03-05 with 24 months of validity counts through 2026-03-04 and has expired on 2026-03-05).
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ItemInput } from '../common/inputs';
import { toServiceDate } from '../common/inputs';
import { surveyCodesField } from '../training/surveyCode';
import { tagList } from '../user/shared';

export interface ComplianceSettings {
	trainingValidityMonths: number;
	/** 0: a Background Check is not required (it is still reported). */
	backgroundCheckValidityMonths: number;
	expiringWithinDays: number;
	/** The Trainings that count; empty: any. */
	surveyCodes: string[];
}

export type RecordStatus = 'valid' | 'expiring' | 'expired' | 'pending' | 'missing';
export type OverallStatus = 'compliant' | 'expiring' | 'noncompliant';
export const OVERALL_STATUSES: readonly OverallStatus[] = ['compliant', 'expiring', 'noncompliant'];

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
				'How long a completed Background Check counts, from the day it was ordered. 0: a Background Check is not required.',
		},
		{
			displayName: 'Expiring Within (Days)',
			name: 'expiringWithinDays',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 30,
			description: 'A Training or Background Check that expires within this many days is reported as expiring',
		},
		surveyCodesField('The Trainings that count; none chosen: any.'),
		{
			displayName: 'Training Validity (Months)',
			name: 'trainingValidityMonths',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 24,
			description: 'How long a passed Training counts, from the day it was completed',
		},
	],
};

/** The item's settings, checked (contract.md defaults). */
export function readSettings(input: ItemInput): ComplianceSettings {
	const count = (name: string, label: string, fallback: number, min: number) => {
		const value = input.integer(`settings.${name}`, label) ?? fallback;
		if (value < min) throw input.invalid(label, `must be a whole number of at least ${min}`);
		return value;
	};
	return {
		trainingValidityMonths: count('trainingValidityMonths', 'Training Validity (Months)', 24, 1),
		backgroundCheckValidityMonths: count('backgroundCheckValidityMonths', 'Background Check Validity (Months)', 60, 0),
		expiringWithinDays: count('expiringWithinDays', 'Expiring Within (Days)', 30, 0),
		// A list, or comma-separated text from an expression: read as Tags are.
		surveyCodes: tagList(input.collection('settings').surveyCodes)?.split(',') ?? [],
	};
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day as a day number (days since 1970-01-01), from the service's MM/DD/YYYY. */
function dayNumber(serviceDate: string): number {
	const [month, day, year] = serviceDate.split('/').map(Number);
	return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** The calendar day of a timestamp in the time zone, or undefined when it is not one. */
function localDay(timestamp: unknown, timeZone: string): number | undefined {
	if (typeof timestamp !== 'string') return undefined;
	const date = toServiceDate(timestamp, timeZone);
	return date === undefined ? undefined : dayNumber(date);
}

/** `months` calendar months after `day`; the 31st becomes the month's last day when the month is shorter. */
function addMonths(day: number, months: number): number {
	const date = new Date(day * DAY_MS);
	const monthIndex = date.getUTCMonth() + months;
	const lastDay = new Date(Date.UTC(date.getUTCFullYear(), monthIndex + 1, 0)).getUTCDate();
	return Date.UTC(date.getUTCFullYear(), monthIndex, Math.min(date.getUTCDate(), lastDay)) / DAY_MS;
}

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const timeOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : NaN);
/** The record with the latest `field`, or undefined. */
const latest = (records: IDataObject[], field: string) =>
	records.reduce<IDataObject | undefined>((best, record) => (best && timeOf(best[field]) >= timeOf(record[field]) ? best : record), undefined);

/** Today in the workflow's time zone, as a day number. */
export function today(timeZone: string): number {
	return localDay(new Date().toISOString(), timeZone) as number;
}

interface Clock {
	today: number;
	timeZone: string;
	expiringWithinDays: number;
}

/** valid, expiring or expired, and the expiry day, for a record that counts from `start` for `months` months. */
function dated(start: unknown, months: number, clock: Clock): { status: RecordStatus; expiresAt: number | null } {
	const startDay = localDay(start, clock.timeZone);
	if (startDay === undefined) return { status: 'expired', expiresAt: null };
	const expiresAt = addMonths(startDay, months);
	const daysLeft = expiresAt - clock.today;
	return { status: daysLeft <= 0 ? 'expired' : daysLeft <= clock.expiringWithinDays ? 'expiring' : 'valid', expiresAt };
}

const counts = (status: RecordStatus) => status === 'valid' || status === 'expiring';

/**
 * The latest passed Training while it counts; otherwise one assigned since (not completed, or not passed) is
 * pending; otherwise the last passed one has expired, or there is none.
 */
function trainingStatus(trainings: IDataObject[], settings: ComplianceSettings, clock: Clock): IDataObject {
	const codes = new Set(settings.surveyCodes);
	const qualifying = trainings.filter((training) => codes.size === 0 || codes.has(String(training.survey_code)));
	const passed = latest(qualifying.filter((training) => training.winner === true && training.complete_date), 'complete_date');
	const view = (training: IDataObject | undefined, status: RecordStatus, expiresAt: number | null) => ({
		status,
		survey_code: training?.survey_code ?? null,
		complete_date: training?.complete_date ?? null,
		expires_at: expiresAt === null ? null : isoDay(expiresAt),
	});
	const validity = passed ? dated(passed.complete_date, settings.trainingValidityMonths, clock) : undefined;
	if (passed && validity && counts(validity.status)) return view(passed, validity.status, validity.expiresAt);
	const since = passed ? timeOf(passed.complete_date) : -Infinity;
	const open = latest(qualifying.filter((training) => training !== passed && !(timeOf(training.created_at) < since)), 'created_at');
	if (open) return view(open, 'pending', null);
	return passed && validity ? view(passed, 'expired', validity.expiresAt) : view(undefined, 'missing', null);
}

/**
 * The latest complete Background Check while it counts; otherwise one ordered since and not complete is pending;
 * otherwise the last complete one has expired, or there is none (an archived check was set aside and does not
 * count). The service's own status stays in `service_status`.
 */
function backgroundCheckStatus(checks: IDataObject[], settings: ComplianceSettings, clock: Clock): IDataObject {
	const months = settings.backgroundCheckValidityMonths;
	const complete = latest(checks.filter((check) => check.status === 'complete'), 'order_date');
	const view = (check: IDataObject | undefined, status: RecordStatus, expiresAt: number | null) => ({
		status,
		id: check?.id ?? null,
		level: check?.level ?? null,
		order_date: check?.order_date ?? null,
		expires_at: expiresAt === null ? null : isoDay(expiresAt),
		service_status: check?.status ?? null,
	});
	const validity = complete && months > 0 ? dated(complete.order_date, months, clock) : undefined;
	if (complete && (!validity || counts(validity.status))) return view(complete, validity?.status ?? 'valid', validity?.expiresAt ?? null);
	const since = complete ? timeOf(complete.order_date) : -Infinity;
	const open = latest(
		checks.filter((check) => check.status !== 'complete' && check.status !== 'archived' && !(timeOf(check.order_date) < since)),
		'order_date',
	);
	if (open) return view(open, 'pending', null);
	if (complete && validity) return view(complete, 'expired', validity.expiresAt);
	return view(latest(checks, 'order_date'), 'missing', null);
}

/** One User's compliance (contract.md: Output of compliance). */
export function complianceOf(
	user: IDataObject,
	trainings: IDataObject[],
	checks: IDataObject[],
	settings: ComplianceSettings,
	clock: { today: number; timeZone: string },
): IDataObject {
	const fullClock = { ...clock, expiringWithinDays: settings.expiringWithinDays };
	const training = trainingStatus(trainings, settings, fullClock);
	const backgroundCheck = backgroundCheckStatus(checks, settings, fullClock);
	const statuses = [training.status, ...(settings.backgroundCheckValidityMonths > 0 ? [backgroundCheck.status] : [])];
	const status: OverallStatus = statuses.some((entry) => !counts(entry as RecordStatus))
		? 'noncompliant'
		: statuses.includes('expiring')
			? 'expiring'
			: 'compliant';
	return {
		user_id: user.id ?? null,
		external_id: user.external_id ?? null,
		first_name: user.first_name ?? null,
		last_name: user.last_name ?? null,
		email: user.email ?? null,
		status,
		compliant: status !== 'noncompliant',
		training,
		background_check: backgroundCheck,
	};
}
