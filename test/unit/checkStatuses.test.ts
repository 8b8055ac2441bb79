// When a Background Check is still at work and when it becomes ready for review (nodes/shared/checkStatuses.ts): the
// reading the polling trigger's event ids and the sandbox's webhook share. Sources of the status words:
// - api-v2.md 3: a new order is `processing`; "processing -> the check becomes ready for review -> triggers the
//   Background Check webhook"; the states seen are processing, complete and archived; Archive sets any check aside;
// - decisions.md 20: clients of the live service have seen pending, clear, consider, ready, suspended, dispute,
//   awaiting_applicant and cancelled; the words themselves say which are still at work (pending, awaiting the
//   applicant) and which are the vendor's finding (clear, consider, ready) or its end (cancelled);
// - docs/sandbox.md: the sandbox moves a check on as the service's vendors do, through open statuses to a final one,
//   and sends "background check ready" when it reaches the final one.
import { ARCHIVED_CHECK_STATUS, OPEN_CHECK_STATUSES, becomesReady, isOpenCheckStatus } from '../../nodes/shared/checkStatuses';

describe('isOpenCheckStatus: the vendor is still at work', () => {
	test.each([
		// status                 open    source
		['processing', true, 'api-v2.md 3: a new order'],
		['pending', true, 'decisions.md 20: seen by the live service’s clients, still at work'],
		['awaiting_applicant', true, 'decisions.md 20: waiting for the applicant’s part'],
		['Pending', true, 'any case (the service passes its vendors’ words on, decisions.md 20)'],
		[' AWAITING_APPLICANT ', true, 'any case, spaces around'],
		['complete', false, 'api-v2.md 3: a state seen after processing'],
		['clear', false, 'decisions.md 20: the vendor’s finding'],
		['consider', false, 'decisions.md 20: the vendor’s finding'],
		['ready', false, 'decisions.md 20: ready for review'],
		['cancelled', false, 'decisions.md 20: the check ended'],
		['archived', false, 'api-v2.md 3: set aside'],
		['', false, 'no status'],
	])('%p: %p (%s)', (status, open) => {
		expect(isOpenCheckStatus(status)).toBe(open);
	});

	it('lists what is open once, in the words the service sends', () => {
		expect(OPEN_CHECK_STATUSES).toEqual(['processing', 'pending', 'awaiting_applicant']);
		expect(OPEN_CHECK_STATUSES).not.toContain(ARCHIVED_CHECK_STATUS);
	});
});

describe('becomesReady: the moment the service sends "background check ready"', () => {
	test.each([
		// from                  to                    ready
		['processing', 'complete', true],
		['processing', 'clear', true],
		['pending', 'complete', true],
		['pending', 'consider', true],
		['awaiting_applicant', 'clear', true],
		['awaiting_applicant', 'cancelled', true],
		['Awaiting_Applicant', 'Ready', true],
		[null, 'complete', true], // first seen already finished: it became ready in between
		[undefined, 'clear', true],
		['processing', 'pending', false], // still at work
		['pending', 'awaiting_applicant', false],
		[null, 'processing', false], // a new order
		[null, 'pending', false],
		['processing', 'archived', false], // set aside, never reviewed
		['awaiting_applicant', 'archived', false],
		[null, 'archived', false],
		['complete', 'archived', false],
		['complete', 'clear', false], // already ready once: a later change of the finding
		['clear', 'pending', false],
	])('%p -> %p: %p', (from, to, ready) => {
		expect(becomesReady(from, to)).toBe(ready);
	});
});
