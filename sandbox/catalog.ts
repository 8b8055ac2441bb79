// The service's fixed vocabularies: survey codes, levels, organization types and the enumerations of api-v2.md.

export interface SurveyCode {
	code: string;
	name: string;
	language: readonly string[];
	description: string;
}

export const SURVEY_CODES: readonly SurveyCode[] = [
	{
		code: 'standard',
		name: 'Sexual Abuse Awareness Training',
		language: ['en', 'es'],
		description: 'most recent Sexual Abuse Awareness Training',
	},
	{ code: 'youth', name: 'Youth Sports', language: ['en'], description: 'Youth Sports' },
	{ code: 'camp', name: 'Camp', language: ['en'], description: 'Camp' },
	{ code: 'spanish', name: 'Spanish', language: ['es'], description: 'Spanish' },
	{ code: 'daycare', name: 'Daycare', language: ['en'], description: 'Daycare' },
	{ code: 'education', name: 'Education', language: ['en'], description: 'Education' },
	{ code: 'youth_ministry', name: 'Youth Ministry', language: ['en'], description: 'Youth Ministry' },
	{
		code: 'skillful_screening',
		name: 'Skillful Screening Training',
		language: ['en'],
		description: 'Skillful Screening Training',
	},
	{
		code: 'parent_training',
		name: 'Parent/Guardian Training',
		language: ['en', 'es'],
		description: 'Parent/Guardian Training',
	},
	{
		code: 'california',
		name: 'Sexual Abuse Awareness Training (CA)',
		language: ['en'],
		description: 'Sexual Abuse Awareness Training (CA); includes new California legal requirements',
	},
	{
		code: 'peer_to_peer_training',
		name: 'Peer-to-Peer Sexual Abuse Training',
		language: ['en'],
		description: 'Peer-to-Peer Sexual Abuse Training',
	},
	{
		code: 'harassment',
		name: 'Preventing Sexual Harassment Training (for Supervisors)',
		language: ['en'],
		description: 'Preventing Sexual Harassment Training (for Supervisors)',
	},
];

export const SURVEY_CODES_BY_CODE = new Map(SURVEY_CODES.map((entry) => [entry.code, entry]));

export const DEFAULT_SURVEY_CODE = 'standard';

/** Codes of an Organization created through the API (the demo Organization has all twelve). */
export const CREATED_ORGANIZATION_SURVEY_CODES = ['standard', 'spanish', 'skillful_screening', 'parent_training'];

export const LEVEL_PRICES = [
	{ level: 1, price: 19.95 },
	{ level: 2, price: 29.95 },
	{ level: 3, price: 39.95 },
	{ level: 4, price: 49.95 },
	{ level: 5, price: 59.95 },
	{ level: 6, price: 69.95 },
	{ level: 7, price: 79.95 },
];

/** Levels whose order needs the applicant's driver's licence (api-v2.md). */
export const DRIVER_LICENSE_LEVELS: ReadonlySet<number> = new Set([2, 4, 5, 6, 7]);

export const DEMO_CUSTOM_PACKAGES = [
	{ id: 31, name: 'Staff with driving record', code: 'CUSTOM_DL', price: 42, level: 2, requiresDriverLicense: true },
	{ id: 32, name: 'Volunteer basic', code: 'CUSTOM_BASIC', price: 18, level: 1, requiresDriverLicense: false },
];

export const ORGANIZATION_TYPES = ['Church', 'School', 'Camp', 'Youth Sports', 'Daycare', 'Nonprofit', 'Other'];

export const USER_TYPES = ['employee', 'volunteer'] as const;
export const SALARY_RANGES = ['under_20k', '20k_25k', '25k_75k', '75k_plus'];
export const EMPLOYEE_TYPES = ['current', 'prospective'];
export const ORGANIZATION_SIZES = ['1-200', '200-1000', '1000-5000', '5000+'];
export const ADMINISTRATOR_TYPES = ['employee', 'volunteer', 'contractor_licensee'];

/** A Training at or above this score is passed ("winner") and sends the quiz-completed webhook. */
export const PASSING_SCORE = 80;

export const PAGE_SIZE = 100;

/** The Organization's time zone, as the service writes timestamps with a numeric offset (US Central, no DST). */
export const TIME_ZONE_OFFSET_MINUTES = -6 * 60;

export const SIGN_IN_LINK_LIFETIME_MS = 5 * 60 * 1000;
