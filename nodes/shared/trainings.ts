// When a Training counts for its User, and until when: the one rule Compliance and the renewal event share.
import type { IDataObject } from 'n8n-workflow';

import { type CalendarDay, dayOf, validity } from './values';

/** Passed and completed, and of one of `surveyCodes` (none: any code). */
export function isPassedTraining(training: IDataObject, surveyCodes: readonly string[]): boolean {
	return (
		training.winner === true &&
		typeof training.complete_date === 'string' &&
		training.complete_date !== '' &&
		(surveyCodes.length === 0 || surveyCodes.includes(String(training.survey_code)))
	);
}

/** A passed Training counts for `months` from its completion day: when it stops, and the days left from `day`. */
export function trainingValidity(
	training: IDataObject,
	months: number,
	timeZone: string,
	day: CalendarDay,
): { expires: CalendarDay; daysLeft: number } | undefined {
	const completed = dayOf(training.complete_date, timeZone);
	return completed === undefined ? undefined : validity(completed, months, day);
}

/**
 * The External ID of a Training's participant: the service's documentation names it `employee_id`, the live service
 * and its clients also `external_id`; either is read when the other is absent.
 */
export function participantExternalId(training: IDataObject): string | undefined {
	const participant = training.participant as IDataObject | null | undefined;
	const value = participant?.external_id ?? participant?.employee_id;
	return value === undefined || value === null || value === '' ? undefined : String(value);
}
