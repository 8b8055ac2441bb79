// Where a Background Check stands, read from its status: the one reading the polling trigger's event ids and the
// sandbox's "background check ready" webhook share (contract.md "Event IDs (both triggers)"), so that both see a check
// become ready at the same moment. The service passes its screening vendor's words on (decisions.md 20); each word
// below is one its public clients or its vendors use, with its source in test/unit/checkStatuses.test.ts. A word in
// no list is read as nothing: never as ready.

/** Still at work: a new order, the applicant's part, the vendor's searches. */
export const AT_WORK_CHECK_STATUSES = [
	'processing',
	'pending',
	'in_progress',
	'submitted',
	'ordered',
	'billing',
	'awaiting_applicant',
	'awaiting_invitee',
	'invited',
	'started',
	'invitation_created',
	'invitation_completed',
] as const;

/** Stopped before a result, waiting for someone (the applicant, the vendor, a dispute): it may still become ready. */
export const PAUSED_CHECK_STATUSES = ['suspended', 'paused', 'dispute', 'error'] as const;

/** Ended without a result: set aside, cancelled, withdrawn or run out. */
export const ENDED_CHECK_STATUSES = [
	'archived',
	'cancelled',
	'canceled',
	'expired',
	'applicant_withdrawn',
	'invitation_expired',
] as const;

/** Its result is there: ready for review, the vendor's finding, or the Organization's decision on it. */
export const READY_CHECK_STATUSES = [
	'complete',
	'ready',
	'clear',
	'consider',
	'approved',
	'rejected',
	'adverse',
	'pre_adverse',
	'adverse_deny_employment',
	'adverse_rescind_offer',
] as const;

export type CheckStage = 'at work' | 'paused' | 'ended' | 'ready';

const STAGES = new Map<string, CheckStage>([
	...AT_WORK_CHECK_STATUSES.map((word) => [word, 'at work'] as const),
	...PAUSED_CHECK_STATUSES.map((word) => [word, 'paused'] as const),
	...ENDED_CHECK_STATUSES.map((word) => [word, 'ended'] as const),
	...READY_CHECK_STATUSES.map((word) => [word, 'ready'] as const),
]);

/**
 * A status as the service's word: any case, spaces, underscores or hyphens between its parts, or its parts run
 * together in camel case (`Awaiting Applicant`, `awaiting-applicant` and `AwaitingApplicant` are `awaiting_applicant`).
 */
export const checkStatusWord = (status: unknown): string =>
	String(status ?? '')
		.trim()
		.replace(/([a-z\d])([A-Z])/g, '$1_$2')
		.toLowerCase()
		.replace(/[\s_-]+/g, '_')
		.replace(/^_|_$/g, '');

/** Where a check in this status stands; undefined for a word in no list. */
export const checkStage = (status: unknown): CheckStage | undefined => STAGES.get(checkStatusWord(status));

/** Whether two statuses are the same word of the service, however written. */
export const sameCheckStatus = (a: unknown, b: unknown): boolean => checkStatusWord(a) === checkStatusWord(b);

/**
 * Whether a check whose status moves from `from` (null or undefined: not seen before) to `to` becomes ready for
 * review: it reaches a ready status from any other (at work, paused, ended or a word in no list), or is first seen
 * in one (it became ready in between). The moment the service sends "background check ready". A ready check whose
 * finding changes (complete to clear) is not ready again; a check paused or at work is not ready yet.
 */
export function becomesReady(from: unknown, to: unknown): boolean {
	if (checkStage(to) !== 'ready') return false;
	return from === undefined || from === null || checkStage(from) !== 'ready';
}

/** Whether a check in this status may still become ready: at work, paused, or a word in no list. */
export const awaitsResult = (status: unknown): boolean => {
	const stage = checkStage(status);
	return stage !== 'ready' && stage !== 'ended';
};
