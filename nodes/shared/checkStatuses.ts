// When a Background Check is still at work and when it is ready for review: the one reading the polling trigger's
// event ids and the sandbox's "background check ready" webhook share (contract.md "Event IDs (both triggers)"), so
// that both see a check become ready at the same moment. The service passes any status text on (decisions.md 20).

/**
 * The statuses of a check the screening vendor is still working on: a new order is processing (api-v2.md 3); the
 * live service's clients have seen it pending and awaiting the applicant (decisions.md 20). Sources: test/unit/checkStatuses.test.ts.
 */
export const OPEN_CHECK_STATUSES = ['processing', 'pending', 'awaiting_applicant'] as const;

/** Set aside by the Organization (api-v2.md 3, Archive): never a check becoming ready. */
export const ARCHIVED_CHECK_STATUS = 'archived';

/** A status as compared: the service's words, in any case, with spaces around. */
export const checkStatusWord = (status: unknown): string => String(status ?? '').trim().toLowerCase();

/** Whether the vendor is still at work on a check in this status. */
export const isOpenCheckStatus = (status: unknown): boolean =>
	(OPEN_CHECK_STATUSES as readonly string[]).includes(checkStatusWord(status));

/**
 * Whether a check whose status moves from `from` (null or undefined: not seen before) to `to` becomes ready for review: it
 * leaves any open status, or is first seen, for a finished one (anything open or archived aside). The moment the
 * service sends "background check ready".
 */
export function becomesReady(from: unknown, to: unknown): boolean {
	const wasOpen = from === undefined || from === null || isOpenCheckStatus(from);
	return wasOpen && !isOpenCheckStatus(to) && checkStatusWord(to) !== ARCHIVED_CHECK_STATUS;
}
