// A User's compliance from their Trainings and Background Checks: the one computation both Compliance operations use.
// Dates are calendar days in the workflow's time zone; a record expires on the day its validity ends (a Training
// completed on 2024-03-05 with 24 months of validity counts through 2026-03-04 and has expired on 2026-03-05).
import type { IDataObject } from 'n8n-workflow';

import { isPassedTraining, trainingValidity } from '../../../shared/trainings';
import { type CalendarDay, dayOf, isoDate, validity } from '../../../shared/values';
import type { ComplianceSettings } from './settings';

export type RecordStatus = 'valid' | 'expiring' | 'expired' | 'pending' | 'missing';
export type OverallStatus = 'compliant' | 'expiring' | 'noncompliant';
export const OVERALL_STATUSES: readonly OverallStatus[] = ['compliant', 'expiring', 'noncompliant'];

export interface Clock {
	today: CalendarDay;
	timeZone: string;
}

const timeOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : NaN);
/** The record with the latest `when`, or undefined. */
function latest(records: IDataObject[], when: (record: IDataObject) => unknown): IDataObject | undefined {
	return records.reduce<IDataObject | undefined>(
		(best, record) => (best && timeOf(when(best)) >= timeOf(when(record)) ? best : record),
		undefined,
	);
}

/** valid, expiring or expired by the days left; the expiry day for the output. */
function byDaysLeft(counted: { expires: CalendarDay; daysLeft: number } | undefined, expiringWithinDays: number) {
	if (!counted) return { status: 'expired' as RecordStatus, expiresAt: null };
	const { expires, daysLeft } = counted;
	const status: RecordStatus = daysLeft <= 0 ? 'expired' : daysLeft <= expiringWithinDays ? 'expiring' : 'valid';
	return { status, expiresAt: expires as CalendarDay | null };
}

const counts = (status: RecordStatus) => status === 'valid' || status === 'expiring';
const expiresAtText = (expiresAt: CalendarDay | null) => (expiresAt === null ? null : isoDate(expiresAt));

/**
 * The latest passed Training while it counts; otherwise one assigned since (not completed, or not passed) is
 * pending; otherwise the last passed one has expired, or there is none.
 */
function trainingStatus(trainings: IDataObject[], settings: ComplianceSettings, clock: Clock): IDataObject {
	const codes = settings.surveyCodes;
	const qualifying = trainings.filter((training) => codes.length === 0 || codes.includes(String(training.survey_code)));
	const passed = latest(
		qualifying.filter((training) => isPassedTraining(training, codes)),
		(training) => training.complete_date,
	);
	const view = (training: IDataObject | undefined, status: RecordStatus, expiresAt: CalendarDay | null) => ({
		status,
		expires_at: expiresAtText(expiresAt),
		survey_code: training?.survey_code ?? null,
		complete_date: training?.complete_date ?? null,
	});
	const counted = passed
		? byDaysLeft(
				trainingValidity(passed, settings.trainingValidityMonths, clock.timeZone, clock.today),
				settings.expiringWithinDays,
			)
		: undefined;
	if (passed && counted && counts(counted.status)) return view(passed, counted.status, counted.expiresAt);
	const since = passed ? timeOf(passed.complete_date) : -Infinity;
	const open = latest(
		qualifying.filter((training) => training !== passed && !(timeOf(training.created_at) < since)),
		(training) => training.created_at,
	);
	if (open) return view(open, 'pending', null);
	return passed && counted ? view(passed, 'expired', counted.expiresAt) : view(undefined, 'missing', null);
}

/** A check counts from its completion when the service gives one, else from its order (decisions.md 32). */
const countsFrom = (check: IDataObject) =>
	typeof check.complete_date === 'string' && check.complete_date !== '' ? check.complete_date : check.order_date;
const statusOf = (check: IDataObject) => String(check.status ?? '').trim().toLowerCase();

/**
 * The latest cleared Background Check while it counts; otherwise one ordered since in an open status (any status
 * neither cleared nor set aside, known or not) is pending; otherwise the last cleared one has expired, or there is
 * none. A set-aside check (archived, cancelled) never counts and never makes the User pending. The service's own
 * status stays in `service_status`.
 */
function backgroundCheckStatus(checks: IDataObject[], settings: ComplianceSettings, clock: Clock): IDataObject {
	const months = settings.backgroundCheckValidityMonths;
	const isCleared = (check: IDataObject) => settings.clearedStatuses.includes(statusOf(check));
	const isOpen = (check: IDataObject) => !isCleared(check) && !settings.setAsideStatuses.includes(statusOf(check));
	const cleared = latest(checks.filter(isCleared), countsFrom);
	const view = (check: IDataObject | undefined, status: RecordStatus, expiresAt: CalendarDay | null) => ({
		status,
		expires_at: expiresAtText(expiresAt),
		id: check?.id ?? null,
		level: check?.level ?? null,
		order_date: check?.order_date ?? null,
		complete_date: check?.complete_date ?? null,
		service_status: check?.status ?? null,
	});
	const start = cleared ? dayOf(countsFrom(cleared), clock.timeZone) : undefined;
	const counted =
		cleared && months > 0
			? byDaysLeft(start === undefined ? undefined : validity(start, months, clock.today), settings.expiringWithinDays)
			: undefined;
	if (cleared && (!counted || counts(counted.status))) {
		return view(cleared, counted?.status ?? 'valid', counted?.expiresAt ?? null);
	}
	const since = cleared ? timeOf(cleared.order_date) : -Infinity;
	const open = latest(
		checks.filter((check) => isOpen(check) && !(timeOf(check.order_date) < since)),
		(check) => check.order_date,
	);
	if (open) return view(open, 'pending', null);
	if (cleared && counted) return view(cleared, 'expired', counted.expiresAt);
	return view(
		latest(checks, (check) => check.order_date),
		'missing',
		null,
	);
}

/** "expires 2026-11-28", "valid until 2030-09-06", "pending": one record's state in words. */
function inWords(record: IDataObject): string {
	const until = record.expires_at ? ` ${String(record.expires_at)}` : '';
	switch (record.status) {
		case 'valid':
			return until ? `valid until${until}` : 'valid';
		case 'expiring':
			return `expires${until}`;
		case 'expired':
			return `expired${until}`;
		default:
			return String(record.status);
	}
}

/** One sentence fit for an email or a chat message: "Training expires 2026-11-28; background check valid until ...". */
function summaryOf(training: IDataObject, backgroundCheck: IDataObject, checkRequired: boolean): string {
	const parts = [`Training ${inWords(training)}`];
	if (checkRequired || backgroundCheck.status !== 'missing') parts.push(`background check ${inWords(backgroundCheck)}`);
	return parts.join('; ');
}

/**
 * While the person may serve, what stops counting first and the first day it no longer counts: the records that count
 * (a Background Check only when required) whose validity ends, the soonest; both when they end on the same day. Null
 * for a person who may not serve: the summary says what is due.
 */
function runsOut(records: Array<[string, IDataObject]>, mayServe: boolean): { what: string | null; on: string | null } {
	const ending = records.filter(([, record]) => typeof record.expires_at === 'string');
	// Days are YYYY-MM-DD: as text, they sort by date.
	const on = mayServe ? ending.map(([, record]) => String(record.expires_at)).sort()[0] : undefined;
	if (on === undefined) return { what: null, on: null };
	return { what: ending.filter(([, record]) => record.expires_at === on).map(([what]) => what).join(' and '), on };
}

/**
 * One User's compliance (contract.md: Output of compliance), the answer first: the status, its summary and what runs
 * out when, then who, then the records, each with its status and expiry first.
 */
export function complianceOf(
	user: IDataObject,
	trainings: IDataObject[],
	checks: IDataObject[],
	settings: ComplianceSettings,
	clock: Clock,
): IDataObject {
	const training = trainingStatus(trainings, settings, clock);
	const backgroundCheck = backgroundCheckStatus(checks, settings, clock);
	const checkRequired = settings.backgroundCheckValidityMonths > 0;
	// The records that decide: what each is called in `runs_out`, and the record.
	const required: Array<[string, IDataObject]> = [['training', training]];
	if (checkRequired) required.push(['background check', backgroundCheck]);
	const status: OverallStatus = required.some(([, record]) => !counts(record.status as RecordStatus))
		? 'noncompliant'
		: required.some(([, record]) => record.status === 'expiring')
			? 'expiring'
			: 'compliant';
	const runs = runsOut(required, status !== 'noncompliant');
	return {
		status,
		compliant: status !== 'noncompliant',
		summary: summaryOf(training, backgroundCheck, checkRequired),
		runs_out: runs.what,
		runs_out_on: runs.on,
		user_id: user.id ?? null,
		external_id: user.external_id ?? null,
		first_name: user.first_name ?? null,
		last_name: user.last_name ?? null,
		email: user.email ?? null,
		training,
		background_check: backgroundCheck,
	};
}
