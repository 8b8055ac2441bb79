/**
 * The fields of each kind of record the node returns (api-v2.md 2; compliance: contract.md), with the words the
 * editor shows for them. Fields' labels and Simplified's sentences are made from these, in the node's own words
 * ('Sign-In Link', 'Completion Date'); the values stay the service's keys, which is what a saved workflow holds.
 */
const FIELD_WORDS: Record<string, { label: string; words: string }> = {
	id: { label: 'ID', words: 'ID' },
	first_name: { label: 'First Name', words: 'first name' },
	last_name: { label: 'Last Name', words: 'last name' },
	email: { label: 'Email', words: 'email' },
	external_id: { label: 'External ID', words: 'External ID' },
	score: { label: 'Score', words: 'score' },
	complete_date: { label: 'Completion Date', words: 'completion date' },
	user_type: { label: 'User Type', words: 'user type' },
	direct_login_url: { label: 'Sign-In Link', words: 'sign-in link' },
	tags: { label: 'Tags', words: 'tags' },
	trainings: { label: 'Trainings', words: 'trainings' },
	background_checks: { label: 'Background Checks', words: 'background checks' },
	winner: { label: 'Passed', words: 'passed' },
	created_at: { label: 'Assigned At', words: 'assigned at' },
	survey_name: { label: 'Training Name', words: 'training name' },
	survey_code: { label: 'Survey Code', words: 'survey code' },
	certificate_url: { label: 'Certificate Link', words: 'certificate link' },
	participant: { label: 'Participant', words: 'participant' },
	order_date: { label: 'Order Date', words: 'order date' },
	status: { label: 'Status', words: 'status' },
	applicant_interface_url: { label: 'Applicant Form Link', words: 'applicant form link' },
	results_url: { label: 'Results Link', words: 'results link' },
	user_id: { label: 'User ID', words: 'User ID' },
	level: { label: 'Level', words: 'level' },
	applicant_self_disclosed: { label: 'Applicant Self-Disclosed', words: 'self-disclosed' },
	applicant_self_disclosed_note: { label: 'Applicant Self-Disclosed Notes', words: "the applicant's self-disclosed notes" },
	vendor_flagged: { label: 'Vendor Flagged', words: 'vendor flagged' },
	compliant: { label: 'Compliant', words: 'compliant' },
	summary: { label: 'Summary', words: 'summary' },
	runs_out: { label: 'Runs Out', words: 'what runs out first' },
	runs_out_on: { label: 'Runs Out On', words: 'the day it runs out' },
	training: { label: 'Training', words: 'training' },
	background_check: { label: 'Background Check', words: 'background check' },
	action: { label: 'Action', words: 'action taken' },
	reason: { label: 'Reason', words: 'why' },
};

/** A field as Fields lists it: "Sign-In Link" for direct_login_url. */
export const labelOf = (field: string): string => FIELD_WORDS[field]?.label ?? field;

/** Fields in a sentence: "ID, name, email and sign-in link" (first and last name together are the name). */
export function fieldsInWords(fields: readonly string[]): string {
	const named = fields.includes('first_name') && fields.includes('last_name');
	const words = fields
		.filter((field) => !(named && field === 'last_name'))
		.map((field) => (named && field === 'first_name' ? 'name' : (FIELD_WORDS[field]?.words ?? field)));
	return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : (words[0] ?? '');
}

/**
 * A User. The later listing names the External ID `employee_id` only (api-v2.md 2, User), so Fields offers one
 * External ID that reads either key, and no second name for it.
 */
export const USER_FIELDS = [
	'id',
	'first_name',
	'last_name',
	'email',
	'external_id',
	'score',
	'complete_date',
	'user_type',
	'direct_login_url',
	'tags',
] as const;
/** Resend answers with the User fields but tags (api-v2.md 4, Trainings). */
export const RESENT_USER_FIELDS = USER_FIELDS.filter((field) => field !== 'tags');
/** Only Get with 'Detailed' on answers with these (api-v2.md 2, Detailed User). */
export const DETAILED_USER_FIELDS = ['trainings', 'background_checks'] as const;

export const TRAINING_FIELDS = [
	'id',
	'winner',
	'score',
	'created_at',
	'complete_date',
	'survey_name',
	'survey_code',
	'certificate_url',
	'participant',
] as const;

/** What Create and Archive answer with (api-v2.md 2: "The responses of Create and Archive show only the base fields"). */
export const BASE_BACKGROUND_CHECK_FIELDS = ['id', 'order_date', 'status', 'applicant_interface_url', 'results_url', 'user_id', 'level'] as const;
/** The lists, the single record and the detailed User add these (complete_date as the live service's clients read it). */
export const BACKGROUND_CHECK_FIELDS = [
	...BASE_BACKGROUND_CHECK_FIELDS,
	'complete_date',
	'applicant_self_disclosed',
	'applicant_self_disclosed_note',
	'vendor_flagged',
] as const;

export const COMPLIANCE_FIELDS = [
	'status',
	'compliant',
	'summary',
	'runs_out',
	'runs_out_on',
	'user_id',
	'external_id',
	'first_name',
	'last_name',
	'email',
	'training',
	'background_check',
] as const;

/** What Simplified keeps of each, in this order (the released version 1.1 hint names them). */
export const SIMPLE_USER_FIELDS = ['id', 'first_name', 'last_name', 'email', 'external_id', 'user_type', 'tags', 'direct_login_url'];
export const SIMPLE_TRAINING_FIELDS = ['id', 'survey_code', 'survey_name', 'winner', 'score', 'complete_date', 'certificate_url', 'participant'];
export const SIMPLE_BACKGROUND_CHECK_FIELDS = [
	'id',
	'user_id',
	'status',
	'level',
	'order_date',
	'results_url',
	'applicant_interface_url',
	'applicant_self_disclosed',
	'vendor_flagged',
];
export const SIMPLE_COMPLIANCE_FIELDS = ['status', 'summary', 'user_id', 'external_id', 'first_name', 'last_name', 'email'];

/**
 * What node version 1.2 offered in Fields for each kind, one list for every operation of the kind: a node saved at
 * 1.2 keeps running with what it chose from these (a field its operation never returns is left out, as it was).
 */
export const FIELDS_OFFERED_AT_1_2 = {
	user: [...USER_FIELDS, 'employee_id'],
	detailedUser: [...USER_FIELDS, 'employee_id', ...DETAILED_USER_FIELDS],
	training: [...TRAINING_FIELDS],
	backgroundCheck: [...BACKGROUND_CHECK_FIELDS],
	assignment: [...USER_FIELDS, 'employee_id', 'winner', 'created_at', 'survey_name', 'survey_code', 'certificate_url', 'participant'],
	compliance: ['status', 'compliant', 'summary', 'user_id', 'external_id', 'first_name', 'last_name', 'email', 'training', 'background_check'],
};
