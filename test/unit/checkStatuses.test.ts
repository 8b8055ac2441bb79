// Where a Background Check stands (nodes/shared/checkStatuses.ts): the reading the polling trigger's event ids and the
// sandbox's webhook share. The service passes its screening vendor's words on (decisions.md 20), so each word is one a
// public client of the service or a screening vendor uses; the sources:
// - [api] api-v2.md 3: a new order is `processing`; "processing -> the check becomes ready for review -> triggers the
//   Background Check webhook"; the states seen are processing, complete and archived; Archive sets any check aside.
// - [d20] decisions.md 20: clients of the live service have seen pending, clear, consider, ready, suspended, dispute,
//   awaiting_applicant and cancelled.
// - [P1] BEMADEV/Ministry-Safe (the service's Rock RMS plugin), the statuses it maps:
//   [P1a] `com.bemaservices.MinistrySafe/Constants/BackgroundCheckStatuses.cs` (314b51f): AWAITING_APPLICANT billing,
//   ordered; SUBMITTED submitted; PROCESSING pending; DISPUTED dispute; ERROR error; CANCELLED applicant_withdrawn,
//   archived, cancelled, expired; COMPLETED_NEEDS_REVIEW adverse, adverse_deny_employment, adverse_rescind_offer,
//   approved, pre_adverse, ready, rejected, complete; COMPLETED_CLEARED clear. Its importer
//   (`Utility/BackgroundCheckHelper.cs`, f8b450e) takes a check as having its result only in the last three groups.
//   [P1b] `com.bemaservices.MinistrySafe/MinistrySafe.cs` (6887472, "Added and tested handling for 'ready' status"):
//   pending "Report Pending"; clear "Candidate Pass"; consider, ready, complete "Candidate Review"; suspended "Report
//   Suspended"; dispute "Report Disputed"; awaiting_applicant "Awaiting Applicant"; cancelled "Cancelled"; and the
//   screening vendor's invitation words InvitationCreated "Invitation Sent", InvitationCompleted "Invitation
//   Completed", InvitationExpired "Invitation Expired".
//   [P1c] its migration `Migrations/016_NewStatuses.cs` writes them for people as "Awaiting Applicant", "Applicant
//   Withdrawn", "Pre-Adverse": the same words with spaces, capitals and hyphens.
// - [P5] bswaby/Touchpoint `TPxi/Background Check Tracker/TPxi_BGCheckTracker.py` (5096cc8), `map_status`: complete
//   "Awaiting Church Review"; processing, pending, in_progress "Processing at MinistrySafe"; awaiting_applicant,
//   awaiting_invitee, started, invited "Awaiting Applicant Action"; cancelled, expired; anything else shown verbatim.
// - [Checkr] docs.checkr.com/use-cases/check-status, "Report status values": pending (in progress), suspended (on hold,
//   the candidate must provide information), paused (awaiting a review decision to continue), complete (finished:
//   clear or consider), canceled (every screening canceled), dispute (the candidate disputed a result).
import {
	AT_WORK_CHECK_STATUSES,
	ENDED_CHECK_STATUSES,
	PAUSED_CHECK_STATUSES,
	READY_CHECK_STATUSES,
	awaitsResult,
	type CheckStage,
	becomesReady,
	checkStage,
	checkStatusWord,
} from '../../nodes/shared/checkStatuses';

describe('checkStage: where a check in a status stands', () => {
	test.each<[string | null, CheckStage | undefined, string]>([
		// status                       stage       source
		['processing', 'at work', '[api] a new order; [P5]'],
		['pending', 'at work', '[d20]; [P1a] PROCESSING; [P5]; [Checkr] in progress'],
		['in_progress', 'at work', '[P5] processing'],
		['submitted', 'at work', '[P1a] SUBMITTED: the applicant sent their part'],
		['ordered', 'at work', '[P1a] AWAITING_APPLICANT'],
		['billing', 'at work', '[P1a] AWAITING_APPLICANT'],
		['awaiting_applicant', 'at work', '[d20]; [P1b]; [P5]'],
		['awaiting_invitee', 'at work', '[P5] awaiting the applicant'],
		['invited', 'at work', '[P5] awaiting the applicant'],
		['started', 'at work', '[P5] awaiting the applicant'],
		['InvitationCreated', 'at work', '[P1b] "Invitation Sent"'],
		['InvitationCompleted', 'at work', '[P1b] the applicant filled in the invitation: the searches run'],
		['suspended', 'paused', '[d20]; [P1b] "Report Suspended"; [Checkr] on hold, the candidate must provide information'],
		['paused', 'paused', '[Checkr] awaiting a review decision to continue'],
		['dispute', 'paused', '[d20]; [P1a] DISPUTED; [Checkr] the candidate disputed a result'],
		['error', 'paused', '[P1a] ERROR: not a result'],
		['archived', 'ended', '[api] set aside; [P1a] CANCELLED'],
		['cancelled', 'ended', '[d20]; [P1a] CANCELLED; [P5]'],
		['canceled', 'ended', '[Checkr] every screening canceled'],
		['expired', 'ended', '[P1a] CANCELLED; [P5]'],
		['applicant_withdrawn', 'ended', '[P1a] CANCELLED'],
		['InvitationExpired', 'ended', '[P1b] "Invitation Expired"'],
		['complete', 'ready', '[api] the state after processing; [P1a] COMPLETED_NEEDS_REVIEW; [Checkr] finished'],
		['ready', 'ready', '[d20]; [P1a]; [P1b] "Candidate Review"'],
		['clear', 'ready', '[d20]; [P1a] COMPLETED_CLEARED; [Checkr] a finished report’s result'],
		['consider', 'ready', '[d20]; [P1b] "Candidate Review"; [Checkr] a finished report’s result'],
		['approved', 'ready', '[P1a] COMPLETED_NEEDS_REVIEW'],
		['rejected', 'ready', '[P1a] COMPLETED_NEEDS_REVIEW'],
		['adverse', 'ready', '[P1a] COMPLETED_NEEDS_REVIEW'],
		['pre_adverse', 'ready', '[P1a] COMPLETED_NEEDS_REVIEW'],
		['adverse_deny_employment', 'ready', '[P1a] COMPLETED_NEEDS_REVIEW'],
		['adverse_rescind_offer', 'ready', '[P1a] COMPLETED_NEEDS_REVIEW'],
		// Written as the service's people write them ([P1c]), or as its clients compare them ([P5]: lower case, trimmed).
		['Awaiting Applicant', 'at work', '[P1c] with a space and capitals'],
		[' AWAITING_APPLICANT ', 'at work', '[P5] any case, spaces around'],
		['awaiting-applicant', 'at work', 'a hyphen between its parts'],
		['Pre-Adverse', 'ready', '[P1c] with a hyphen'],
		['Applicant Withdrawn', 'ended', '[P1c] with a space'],
		['Suspended', 'paused', 'any case'],
		// In no list: never ready.
		['in_review', undefined, 'a word no source gives'],
		['Report Ready', undefined, 'a word no source gives'],
		['', undefined, 'no status'],
		[null, undefined, 'no status'],
	])('%p: %p (%s)', (status, stage) => {
		expect(checkStage(status)).toBe(stage);
	});

	it('lists each word once, in the words the service compares', () => {
		const words = [...AT_WORK_CHECK_STATUSES, ...PAUSED_CHECK_STATUSES, ...ENDED_CHECK_STATUSES, ...READY_CHECK_STATUSES];
		expect(new Set(words).size).toBe(words.length);
		for (const word of words) expect(checkStatusWord(word)).toBe(word);
	});
});

describe('checkStatusWord: one word, however it is written', () => {
	test.each([
		['Awaiting Applicant', 'awaiting_applicant'],
		['awaiting_applicant', 'awaiting_applicant'],
		['AWAITING  APPLICANT', 'awaiting_applicant'],
		['awaiting-applicant', 'awaiting_applicant'],
		['AwaitingApplicant', 'awaiting_applicant'],
		['InvitationCompleted', 'invitation_completed'],
		[' complete ', 'complete'],
		['', ''],
	])('%p is %p', (written, word) => {
		expect(checkStatusWord(written)).toBe(word);
	});
});

describe('becomesReady: the moment the service sends "background check ready"', () => {
	test.each([
		// from                  to                      ready
		['processing', 'complete', true],
		['processing', 'clear', true],
		['pending', 'complete', true],
		['pending', 'consider', true],
		['awaiting_applicant', 'clear', true],
		['Awaiting_Applicant', 'Ready', true],
		['Awaiting Applicant', 'complete', true],
		[null, 'complete', true], // first seen with its result: it became ready in between
		[undefined, 'clear', true],
		// Paused, then the result: ready at the result, not at the pause (review R5).
		['processing', 'suspended', false],
		['suspended', 'complete', true],
		['paused', 'clear', true],
		['dispute', 'consider', true],
		// Ended, or a word in no list, then a result: ready then (the ready id was never given before).
		['processing', 'cancelled', false],
		['cancelled', 'complete', true],
		['in_review', 'complete', true],
		// Into an end, a pause or an unknown word: never ready.
		['processing', 'dispute', false],
		['processing', 'Awaiting Applicant', false],
		['awaiting_applicant', 'expired', false],
		['processing', 'in_review', false],
		[null, 'suspended', false],
		[null, 'in_review', false],
		['processing', 'pending', false], // still at work
		['pending', 'awaiting_applicant', false],
		[null, 'processing', false], // a new order
		[null, 'pending', false],
		['processing', 'archived', false], // set aside, never reviewed
		['awaiting_applicant', 'archived', false],
		[null, 'archived', false],
		['complete', 'archived', false],
		['complete', 'clear', false], // ready once already: a later change of the finding
		['clear', 'approved', false],
		['complete', 'dispute', false],
		['clear', 'pending', false],
	])('%p -> %p: %p', (from, to, ready) => {
		expect(becomesReady(from, to)).toBe(ready);
	});
});

describe('awaitsResult: a check whose applicant the trigger keeps', () => {
	test.each([
		['processing', true],
		['suspended', true],
		['in_review', true], // a word in no list may still become ready
		['complete', false],
		['cancelled', false],
		['archived', false],
	])('%p: %p', (status, awaits) => {
		expect(awaitsResult(status)).toBe(awaits);
	});
});
