// One `event_id` per occurrence, whichever trigger saw it and however often it was delivered (contract.md "Event IDs
// (both triggers)", decisions.md 38): built only from what the webhook's payload and the API's record both carry, so
// that a workflow taking events from both triggers can act once per id (n8n's Remove Duplicates). Readable text:
// `<occurrence>:<what it is about>`, documented in docs/triggers.md ("Event IDs").
import type { IDataObject } from 'n8n-workflow';

import { becomesReady, checkStatusWord } from './checkStatuses';
import { utcInstant } from './values';

/** A part the service left out: still an id, never an empty part (two ids must not run together). */
const UNKNOWN = 'unknown';

/**
 * A record id as one part: ids are integers, sent by the webhooks as text ("34") and by the API as numbers (34), so
 * both give "34". Anything else is kept, percent-encoded so that it cannot add a part of its own (":").
 */
export function idPart(value: unknown): string {
	const text = String(value ?? '').trim();
	if (text === '') return UNKNOWN;
	if (/^\d+$/.test(text)) return text.replace(/^0+(?=\d)/, '');
	return encodeURIComponent(text);
}

/** A survey code as one part: the codes are lowercase words (api-v2.md 2, "Survey code entry"). */
const codePart = (value: unknown): string => idPart(String(value ?? '').trim().toLowerCase());

/**
 * An instant in UTC, to the whole second: the service writes instants in UTC ("Z") or with a numeric offset
 * (api-v2.md 2), and with or without milliseconds (its serialisers differ), so one instant may come written several
 * ways. Milliseconds are dropped, not rounded, as a serialiser without them drops them. Text that is no instant is
 * kept as written (percent-encoded), so that the id stays the same for the same text.
 */
export function instantPart(value: unknown): string {
	const text = String(value ?? '').trim();
	if (text === '') return UNKNOWN;
	return utcInstant(text)?.replace(/\.\d+Z$/, 'Z') ?? encodeURIComponent(text);
}

/**
 * A completed Training: the same User, survey code and completion instant. Passed (the webhook's quiz completed, the
 * poll's Training Completed with `winner: true`) or not (the poll alone sees those).
 */
export function quizEventId(passed: boolean, user: unknown, surveyCode: unknown, completedAt: unknown): string {
	return [passed ? 'quiz-completed' : 'quiz-not-passed', idPart(user), codePart(surveyCode), instantPart(completedAt)].join(':');
}

/** A Background Check ready for review: the same check. */
export const backgroundCheckReadyId = (check: unknown): string => `background-check-ready:${idPart(check)}`;

const statusPart = (value: unknown): string => idPart(checkStatusWord(value));

/**
 * A Background Check's status change as the poll sees it: reaching a ready status from any other (or first seen in
 * one) is the check becoming ready (the webhook's event, one id for both: checkStatuses.ts); any other change, into a
 * status at work, paused, ended or in no list, has an id of its own, from the check and both statuses as the service's
 * words ("none" for a new order).
 */
export function backgroundCheckStatusId(check: unknown, previousStatus: unknown, status: unknown): string {
	if (becomesReady(previousStatus, status)) return backgroundCheckReadyId(check);
	const from = previousStatus === null || previousStatus === undefined ? 'none' : statusPart(previousStatus);
	return `background-check-status:${idPart(check)}:${from}:${statusPart(status)}`;
}

/** A User created: the same User. */
export const userCreatedId = (user: unknown): string => `user-created:${idPart(user)}`;

/** A Training coming up for renewal: the same Training and the day it runs out (it moves when the settings do). */
export const trainingRenewalDueId = (training: unknown, expiresAt: unknown): string =>
	`training-renewal-due:${idPart(training)}:${idPart(expiresAt)}`;

/** The participant's User id of a Training record (api-v2.md 2: `participant.id`). */
export const participantOf = (training: IDataObject): unknown => (training.participant as IDataObject | null | undefined)?.id;
