// The parts of an `event_id` (contract.md "Event IDs (both triggers)"): the same occurrence written two ways gives one
// id, two occurrences give two. Sources of the ways an instant is written:
// - api-v2.md 2: "Timestamps are ISO 8601 strings, either in UTC (ending Z) or with a numeric offset"; the webhook
//   examples of api-v2.md 6 and the Training record's `complete_date` "with numeric offset";
// - RFC 3339 section 5.6 (the Internet profile of ISO 8601): `Z` or `z`, `+hh:mm`/`-hh:mm`, fractions of a second,
//   and section 5.6's note that a space may stand for the `T`;
// - Ruby on Rails' JSON for times (ActiveSupport `TimeWithZone#as_json`: `xmlschema(3)`, milliseconds and `-05:00`)
//   and its `to_s` (`2026-03-07 09:15:00 -0600`: a space and an offset without a colon) and `iso8601` (no
//   milliseconds): the forms a Rails service writes, so one instant comes with and without milliseconds and an id
//   takes it to the whole second (dropped, as a serialiser without them drops them); ISO 8601's basic offset `+0530`
//   and hours-only `+01`;
// - ids: the webhooks send ids as text ("34"), the API as integers (34) (decisions.md 15).
import {
	backgroundCheckReadyId,
	backgroundCheckStatusId,
	idPart,
	instantPart,
	quizEventId,
	trainingRenewalDueId,
	userCreatedId,
} from '../../nodes/shared/eventIds';

describe('instantPart: one instant, however it is written', () => {
	test.each([
		// written                              the instant in UTC
		['2026-03-07T15:15:00Z', '2026-03-07T15:15:00Z'],
		['2026-03-07T15:15:00z', '2026-03-07T15:15:00Z'],
		['2026-03-07T09:15:00-06:00', '2026-03-07T15:15:00Z'],
		['2026-03-07T09:15:00.000-06:00', '2026-03-07T15:15:00Z'],
		['2026-03-07T09:15:00.250-06:00', '2026-03-07T15:15:00Z'],
		['2026-03-07T09:15:00.250123-06:00', '2026-03-07T15:15:00Z'],
		['2026-03-07T15:15:00.999Z', '2026-03-07T15:15:00Z'],
		['2026-03-07T15:15:59.5+00:00', '2026-03-07T15:15:59Z'],
		['2026-03-07 09:15:00 -0600', '2026-03-07T15:15:00Z'],
		['2026-03-07T20:45:00+05:30', '2026-03-07T15:15:00Z'],
		['2026-03-07T16:15:00+01', '2026-03-07T15:15:00Z'],
		['2026-03-07T15:15:00+00:00', '2026-03-07T15:15:00Z'],
		['2026-03-07T15:15Z', '2026-03-07T15:15:00Z'],
		// Across midnight and a month's end: the date is the UTC one.
		['2026-02-28T21:30:00-05:00', '2026-03-01T02:30:00Z'],
		// Without a zone (not what the service writes): read as UTC.
		['2026-03-07T15:15:00', '2026-03-07T15:15:00Z'],
		// No instant at all: kept as written, so that the same text gives the same id.
		['yesterday', 'yesterday'],
		['', 'unknown'],
		[null, 'unknown'],
	])('%p is %p', (written, instant) => {
		expect(instantPart(written)).toBe(instant);
	});
});

describe('idPart: one record, however its id is sent', () => {
	test.each([
		['34', '34'],
		[34, '34'],
		[' 34 ', '34'],
		['0034', '34'],
		['0', '0'],
		['', 'unknown'],
		[undefined, 'unknown'],
		// Not an integer: kept, and unable to add a part of its own.
		['a:b', 'a%3Ab'],
	])('%p is %p', (sent, part) => {
		expect(idPart(sent)).toBe(part);
	});
});

describe('the ids of the occurrences', () => {
	test.each([
		['a quiz passed (webhook: ids as text, UTC)', quizEventId(true, '34', 'standard', '2026-03-07T15:15:00Z'), 'quiz-completed:34:standard:2026-03-07T15:15:00Z'],
		['the same quiz (API: ids as numbers, an offset)', quizEventId(true, 34, 'standard', '2026-03-07T09:15:00-06:00'), 'quiz-completed:34:standard:2026-03-07T15:15:00Z'],
		['the same quiz (API: with milliseconds)', quizEventId(true, 34, 'standard', '2026-03-07T09:15:00.374-06:00'), 'quiz-completed:34:standard:2026-03-07T15:15:00Z'],
		['a quiz not passed', quizEventId(false, 34, 'standard', '2026-03-07T09:15:00-06:00'), 'quiz-not-passed:34:standard:2026-03-07T15:15:00Z'],
		['a survey code in capitals', quizEventId(true, 34, ' Youth_Ministry ', '2026-03-07T15:15:00Z'), 'quiz-completed:34:youth_ministry:2026-03-07T15:15:00Z'],
		['a check ready (webhook)', backgroundCheckReadyId('512'), 'background-check-ready:512'],
		['processing to complete (poll)', backgroundCheckStatusId(512, 'processing', 'complete'), 'background-check-ready:512'],
		['processing to a vendor status (poll)', backgroundCheckStatusId(512, 'Processing', 'clear'), 'background-check-ready:512'],
		['pending to clear (poll)', backgroundCheckStatusId(512, 'pending', 'clear'), 'background-check-ready:512'],
		['awaiting the applicant to complete (poll)', backgroundCheckStatusId(512, 'awaiting_applicant', 'complete'), 'background-check-ready:512'],
		['first seen already complete (it was open in between)', backgroundCheckStatusId(512, null, 'complete'), 'background-check-ready:512'],
		['processing to pending (still open)', backgroundCheckStatusId(512, 'processing', 'pending'), 'background-check-status:512:processing:pending'],
		['pending to awaiting the applicant (still open)', backgroundCheckStatusId(512, 'Pending', 'awaiting_applicant'), 'background-check-status:512:pending:awaiting_applicant'],
		['first seen pending', backgroundCheckStatusId(512, null, 'pending'), 'background-check-status:512:none:pending'],
		['processing to archived', backgroundCheckStatusId(512, 'processing', 'archived'), 'background-check-status:512:processing:archived'],
		['a new order', backgroundCheckStatusId(512, null, 'processing'), 'background-check-status:512:none:processing'],
		['complete to archived', backgroundCheckStatusId(512, 'complete', 'archived'), 'background-check-status:512:complete:archived'],
		['clear to consider (a later change of a finished check)', backgroundCheckStatusId(512, 'clear', 'consider'), 'background-check-status:512:clear:consider'],
		// Review R5: a pause or an end is a change of its own, and the result after a pause is the check becoming ready.
		['processing to suspended (paused)', backgroundCheckStatusId(512, 'processing', 'suspended'), 'background-check-status:512:processing:suspended'],
		['suspended to complete (its result after the pause)', backgroundCheckStatusId(512, 'suspended', 'complete'), 'background-check-ready:512'],
		['processing to dispute', backgroundCheckStatusId(512, 'processing', 'dispute'), 'background-check-status:512:processing:dispute'],
		['processing to cancelled (ended without a result)', backgroundCheckStatusId(512, 'processing', 'cancelled'), 'background-check-status:512:processing:cancelled'],
		['processing to Awaiting Applicant, written with a space', backgroundCheckStatusId(512, 'processing', 'Awaiting Applicant'), 'background-check-status:512:processing:awaiting_applicant'],
		['a word in no list', backgroundCheckStatusId(512, 'Awaiting Applicant', 'Report Ready'), 'background-check-status:512:awaiting_applicant:report_ready'],
		['first seen in a word in no list', backgroundCheckStatusId(512, null, 'in_review'), 'background-check-status:512:none:in_review'],
		['a user created', userCreatedId('77'), 'user-created:77'],
		['a renewal due', trainingRenewalDueId(901, '2028-03-07'), 'training-renewal-due:901:2028-03-07'],
	])('%s: %p', (_occurrence, id, expected) => {
		expect(id).toBe(expected);
	});

	it('tells different occurrences apart', () => {
		const ids = [
			quizEventId(true, 34, 'standard', '2026-03-07T15:15:00Z'),
			quizEventId(true, 34, 'standard', '2028-03-07T15:15:00Z'),
			quizEventId(true, 34, 'youth', '2026-03-07T15:15:00Z'),
			quizEventId(true, 35, 'standard', '2026-03-07T15:15:00Z'),
			quizEventId(false, 34, 'standard', '2026-03-07T15:15:00Z'),
			backgroundCheckReadyId(34),
			userCreatedId(34),
		];
		expect(new Set(ids).size).toBe(ids.length);
	});
});
