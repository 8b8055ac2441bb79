// What a staff list's status value says (node version 1.3): the person left, is still there, or the value is not
// known. HR, payroll and church systems write statuses in their own words and codes (test/unit/staffValues.test.ts
// gives each its public source). A person who left must never be invited again, and one still there must not be
// deactivated by a guess (decisions.md 39, 40): a value not understood whole is unknown, and named.
import { namedTwice, ValueReader, Vocabulary, withWords } from '../words/valueWords';

/** What a status means: the person left, is still there, or the value is not known. */
export type StatusMeaning = 'left' | 'staying' | 'unknown';

/** Codes exports use for people who left, read only as the whole value. */
export const LEAVER_CODES = ['T', 'TERM', 'TERMED', 'I', 'R', 'XT'];

/** Words and phrases exports use for people who left: one of them, not negated, means left wherever it stands. */
export const LEAVER_PHRASES = [
	'terminated',
	'termination',
	'inactive',
	'left',
	'leaver',
	'former',
	'separated',
	'separation',
	'resigned',
	'resignation',
	'retired',
	'retiree',
	'deceased',
	'dismissed',
	'discharged',
	'laid off',
	'no longer attending',
	'no longer employed',
	'no longer active',
	'not active',
	'withdrawn',
	'moved',
	'moved away',
	'transferred',
	'dropped',
	'archived',
	'deleted',
	'deactivated',
	'to be deleted',
	'deprovisioned',
	'fired',
	'quit',
	'exit',
	'exited',
	'previously exited',
	'banned',
	'removed',
	'rejected',
	'no longer attends',
	'garden leave',
	'not returning',
	'withdrew',
];

/**
 * Words that say a state is for now: beside a leaver's word they keep it from deciding ("Inactive - Short Term" is a
 * volunteer away for a while in Better Impact; "Terminated - Pending" has not left yet), so such a value is unknown.
 */
export const FOR_NOW = ['short term', 'long term', 'temporary', 'temporarily', 'pending', 'on hold', 'for now'];

/**
 * What 'Statuses That Mean Still There' holds when it is not set: what exports write for people still there. Left so,
 * the option names nothing of the user's own: these are built-in words (contract.md "Reading a value as it is meant").
 */
export const STAYING_STATUSES =
	'A, Active, L, Leave, On Leave, Leave of Absence, LOA, Current, Employed, Member, Attender, Attendee, Regular Attender';

/**
 * More of people still there (their sources in the tests): on leave with or without pay, and the hours a person is
 * employed for, which some exports write in their employment status (BambooHR's Full-Time).
 */
const STILL_THERE = [
	'Leave With Pay',
	'Leave Without Pay',
	'Paid Leave',
	'Unpaid Leave',
	'On Non-Pay Leave',
	'Non-Pay Leave',
	'Full Time',
	'Part Time',
	'FT',
	'PT',
	'Hired',
	'Accepted',
	'Onboarding',
	'At Camp',
	'Returning',
	'Zero Hours',
	'Dormant',
];

/** The values the user named: what they said each means, before any built-in word. Empty for an option at its default. */
export interface NamedStatuses {
	/** 'Statuses That Mean Left' (or the upload form's answer), unless left at its default. */
	leavers: string[];
	/** 'Statuses That Mean Still There', unless left at its default. */
	staying: string[];
}

/** The built-in words, made anew for each run (the user's words are added to them). */
function builtInStatuses(): Vocabulary<'left' | 'staying'> {
	const vocabulary = new Vocabulary<'left' | 'staying'>(['left']);
	for (const code of LEAVER_CODES) vocabulary.code(code, 'left');
	for (const phrase of LEAVER_PHRASES) vocabulary.phrase(phrase, 'left');
	for (const phrase of FOR_NOW) vocabulary.forNow(phrase);
	withWords(vocabulary, STAYING_STATUSES.split(',').map((word) => word.trim()), 'staying');
	return withWords(vocabulary, STILL_THERE, 'staying');
}

/** The values named as both left and still there: the user must say which. */
export const statusesNamedTwice = (named: NamedStatuses) => namedTwice(named.leavers, named.staying);

/** A run's reader of statuses: the user's own values first, then the built-in words. */
export function statusReader(named: NamedStatuses): ValueReader<'left' | 'staying'> {
	return new ValueReader(builtInStatuses(), [
		{ values: named.staying, meaning: 'staying' },
		{ values: named.leavers, meaning: 'left' },
	]);
}
