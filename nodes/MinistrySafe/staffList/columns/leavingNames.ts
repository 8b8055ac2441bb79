// The columns a staff list says a person left in (node version 1.3, contract.md "A list read column by column"), by
// the words of their names: read as a value is read, whole. A name whose every word is understood for one kind
// ("Employment Status", "is_active", "TERM_DT", "accountEnabled", "Participant End Date") is that kind; a name about
// something else ("Marital Status", "Background Check Status", "Leave End Date": an absence) is never one; a name with
// a kind's word among words not understood only looks like one (columns/listColumns.ts names it). The table of names
// stays for what words cannot reach; test/unit/leavingNames.test.ts gives each name and word its public source.
import type { LeavingKind } from '../meaning/leaving';
import { comparableName, nameWords } from '../words/nameWords';

/** Names words cannot reach, or that words would read otherwise: a kind, or why the column is not read. */
const NAMED: Record<string, LeavingKind | { notRead: string }> = {
	// PowerSchool's Staff Status is a role (1 is a teacher), not whether the person is there.
	staffstatus: { notRead: "a role (PowerSchool's 1 is a teacher)" },
	// Rock RMS's Connection Status is a relationship (Member, Visitor).
	connectionstatus: { notRead: 'a relationship (Member, Visitor)' },
	// Servant Keeper's ACTIVE_IND is 1 for a person who is NOT active: the name says the opposite of its values.
	activeind: { notRead: "Servant Keeper writes 1 there for a person who is not active: rename it, or map it under 'Map Each Column Manually'" },
	// Workday keeps a Resignation_Date on a rehired, active worker; a last day worked comes before a paid notice ends.
	resignationdate: { notRead: 'kept on a rehired worker (Workday)' },
	lastdayworked: { notRead: 'the last day worked, before a paid notice ends' },
	// Microsoft Dynamics GP: INACTIVE 0/1, DEMPINAC the day inactivated (1900-01-01 when none), RSNEMPIN its reason.
	dempinac: 'endDate',
	rsnempin: 'status',
	// Workday's and ADP's flags of a person gone, one word each: read by words too, kept here as exports write them.
	inactive: 'goneFlag',
	// Microsoft Entra ID's employeeLeaveDateTime: the day the employee leaves ('leave' alone is an absence).
	employeeleavedatetime: 'endDate',
	// "Last Day of Work", "Last Day": the day a person left.
	lastdayofwork: 'endDate',
	lastday: 'endDate',
	// Active Directory's bit mask (userAccountControl).
	useraccountcontrol: 'accountControl',
	uac: 'accountControl',
};

/** Words a leaving column's name may hold beside its kind's own: whose it is, and how a flag or a code is written. */
const SUBJECT = [
	'employee', 'employment', 'worker', 'staff', 'member', 'membership', 'record', 'position', 'contact', 'person',
	'people', 'individual', 'user', 'account', 'volunteer', 'participant', 'hr', 'remote', 'was', 'job', 'work', 'is',
	'currently', 'the', 'of', 'flag', 'indicator', 'yes', 'no', 'y', 'n', 'code', 'value',
];
const DATE = ['date', 'day', 'on', 'at', 'time', 'timestamp', 'datetime', 'dttm', 'when', 'effective', 'actual', 'final', 'last', 'worked', 'working'];

/** The words of people who left, as a reason or an end date's name holds them. */
const LEFT = [
	'termination', 'terminated', 'term', 'separation', 'separated', 'end', 'ended', 'exit', 'departure', 'departed',
	'left', 'leaving', 'inactive', 'inactivated', 'inactivation', 'deactivated', 'deactivation', 'disabled', 'deleted',
	'removed', 'archived', 'deceased', 'death', 'died', 'resignation', 'resigned', 'retirement', 'retired', 'dismissal',
	'dismissed', 'withdrawn', 'withdrawal', 'withdrew', 'worked', 'working',
];

/**
 * Each kind, in the order names are tried: the words that say it (one is needed), the others its name may hold, the
 * words it needs one of (a date's), and those it may not hold (a flag's name with a date word is a date: 'Last Active').
 */
const KINDS: Array<{ kind: LeavingKind; says: string[]; also: string[]; needs?: string[]; not?: string[] }> = [
	{ kind: 'accountControl', says: ['control'], also: ['user', 'account'], needs: ['account'] },
	{
		kind: 'hireDate',
		says: ['hire', 'hired', 'rehire', 'rehired', 'start', 'started', 'joined', 'join', 'original', 'seniority'],
		also: [...SUBJECT, ...DATE, 'most', 'recent', 'latest', 'service'],
		needs: DATE,
	},
	{ kind: 'endDate', says: LEFT, also: [...SUBJECT, ...DATE, 'service'], needs: DATE },
	// A reason a person left ('Inactive Reason', 'Termination Reason': No Longer Attending, Moved) is read as a status.
	{ kind: 'status', says: ['reason'], also: [...SUBJECT, ...LEFT, 'status', 'record'] },
	{ kind: 'heldFlag', says: ['suspended', 'blocked', 'frozen', 'hold'], also: [...SUBJECT, 'out', 'on', 'status'], not: DATE.filter((word) => word !== 'on') },
	{
		kind: 'goneFlag',
		says: ['deleted', 'archived', 'removed', 'terminated', 'inactive', 'disabled', 'deceased', 'retired', 'deprovisioned', 'departed', 'separated', 'dead'],
		also: [...SUBJECT, 'status'],
		not: DATE,
	},
	{ kind: 'activeFlag', says: ['active', 'enabled', 'current', 'employed'], also: [...SUBJECT, 'status'], not: DATE },
	{ kind: 'status', says: ['status', 'standing', 'lifecycle'], also: [...SUBJECT, 'type', 'description', 'desc', 'current', 'active', 'inactive', 'stage'] },
];

/**
 * Words that put a column about something other than whether its person is there: their marriage, tax or pay, a
 * check, a training, an absence (leave, not left), a sign-in (a locked account is there), an offer or a contract, a
 * relative or someone else, a record's ID. A status, flag or date about one of them is never read as leaving.
 */
const ELSEWHERE = new Set([
	'marital', 'tax', 'filing', 'citizenship', 'visa', 'immigration', 'veteran', 'military', 'disability', 'eeo',
	'flsa', 'exempt', 'i9', 'background', 'check', 'screening', 'clearance', 'fingerprint', 'training', 'course',
	'certification', 'certificate', 'license', 'licence', 'compliance', 'quiz', 'payment', 'pay', 'payroll', 'salary',
	'bank', 'approval', 'onboarding', 'offboarding', 'application', 'benefit', 'benefits', 'insurance', 'coverage',
	'enrollment', 'enrolment', 'registration', 'medical', 'health', 'vaccination', 'covid', 'probation', 'probationary',
	'leave', 'absence', 'loa', 'vacation', 'holiday', 'pto', 'sabbatical', 'fmla', 'review', 'evaluation',
	'performance', 'login', 'logon', 'sign', 'signin', 'password', 'pwd', 'email', 'mail', 'phone', 'address',
	'subscription', 'consent', 'opt', 'marketing', 'birth', 'dob', 'birthday', 'anniversary', 'created', 'modified',
	'updated', 'changed', 'household', 'family', 'spouse', 'partner', 'parent', 'guardian', 'child', 'children',
	'dependent', 'beneficiary', 'emergency', 'reference', 'supervisor', 'manager', 'approver', 'reports', 'connection',
	'previous', 'prior', 'relative', 'relation', 'relationship', 'rel', 'ph', 'adr', 'solicitor', 'offer', 'contract',
	'lead', 'invitation', 'safesport', 'waiver', 'risk', 'locked', 'lockout', 'expired', 'expires', 'expiration', 'id',
]);

/** What a column's name says about leaving: a kind read whole, a kind only looked like, something else, or nothing. */
export type LeavingName =
	| { kind: LeavingKind; whole: true }
	| { kind: LeavingKind; whole: false; unread: string[] }
	| { elsewhere: string[] }
	| { notRead: string }
	| undefined;

/** How a column's name reads: a kind (whole, or only looked like), something else, or nothing about leaving. */
export function leavingNameOf(field: string): LeavingName {
	const named = NAMED[comparableName(field)];
	if (typeof named === 'object') return { notRead: named.notRead };
	if (named) return { kind: named, whole: true };
	const words = nameWords(field);
	const elsewhere = words.filter((word) => ELSEWHERE.has(word));
	for (const { kind, says, also, needs, not } of KINDS) {
		if (!words.some((word) => says.includes(word))) continue;
		if (needs && !words.some((word) => needs.includes(word))) continue;
		if (not && words.some((word) => not.includes(word))) continue;
		if (elsewhere.length > 0) return { elsewhere };
		const unread = words.filter((word) => !says.includes(word) && !also.includes(word));
		return unread.length === 0 ? { kind, whole: true } : { kind, whole: false, unread };
	}
	return undefined;
}

/** The kind of a column whose name says, whole, that it can say whether its person left. */
export function leavingKindOf(field: string): LeavingKind | undefined {
	const name = leavingNameOf(field);
	return name && 'kind' in name && name.whole ? name.kind : undefined;
}
