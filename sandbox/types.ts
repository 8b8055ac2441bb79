// The sandbox's public shapes (re-exported by index.ts) and the records its store keeps.

export interface SandboxOptions {
	/** Default 0: a free port. */
	port?: number;
	/** Default '127.0.0.1'. */
	host?: string;
	/** The demo Organization's key; default DEFAULT_API_KEY. */
	apiKey?: string;
	/** Seeded Users in the demo Organization; default a small demo set. */
	users?: number;
	/** Deterministic data; default a fixed seed. */
	seed?: number;
	/** Added to every /api/v2 answer. */
	latencyMs?: number;
	/**
	 * YYYY-MM-DD: the day the seed's dates count back from, and the sandbox's calendar (its clock keeps the time of
	 * day, on that date). Default: MINISTRYSAFE_SANDBOX_TODAY, which a test run sets once for all its sandboxes, else
	 * today in UTC.
	 */
	today?: string;
	/**
	 * Requests a second each Organization may send to /api/v2; the ones beyond get 429 with Retry-After (seconds).
	 * Default: no limit.
	 */
	rateLimit?: number;
	/** Waits before webhook retries 1..3. */
	webhookRetryDelaysMs?: number[];
	/** How long one webhook attempt may wait for its answer before it counts as failed; default 5000. */
	webhookAttemptTimeoutMs?: number;
	/** One line per API request and per delivery (never an SSN); default silent. */
	log?: (line: string) => void;
	/**
	 * How a User answer names the External ID: 'both' keys, as the live service sends them (the default), or
	 * 'employee_id' only, as the later listing's User does (api-v2.md 2, User).
	 */
	userExternalIdKeys?: 'both' | 'employee_id';
}

export interface RecordedRequest {
	method: string;
	/** Without the query string. */
	path: string;
	query: Record<string, unknown>;
	/** The decoded body, any ssn value replaced by '[redacted]'. */
	body: unknown;
	contentType: string | undefined;
	authorization: string | undefined;
	/** The Organization the key resolved to; null for an unknown key. */
	organizationId: number | null;
}

export type WebhookEvent = 'userCreated' | 'quizCompleted' | 'backgroundCheckReady';

export interface WebhookDelivery {
	url: string;
	event: WebhookEvent;
	body: Record<string, unknown>;
	/** The last answer's status; null on a network error or before the first answer. */
	status: number | null;
	attempts: number;
	delivered: boolean;
	/** True while attempts remain to be made. */
	pending: boolean;
	error?: string;
}

export interface Sandbox {
	/** 'http://127.0.0.1:PORT', no trailing slash; the API is at url + '/api/v2'. */
	url: string;
	port: number;
	/** The demo Organization's key. */
	apiKey: string;
	/** Every /api/v2 request, oldest first, all Organizations. */
	requests: RecordedRequest[];
	clearRequests(): void;
	/** All Organizations. */
	deliveries(): WebhookDelivery[];
	/** Resolves with the deliveries once `count` of them are settled (delivered or given up). */
	waitForDeliveries(count: number, timeoutMs?: number): Promise<WebhookDelivery[]>;
	/** All data back to the seed; requests, deliveries, webhook settings and faults cleared. */
	reset(): void;
	/** Closes the server and any pending retry timers. */
	stop(): Promise<void>;
}

export type UserType = 'employee' | 'volunteer';

export interface UserRecord {
	id: number;
	first_name: string;
	last_name: string;
	email: string;
	external_id: string;
	user_type: UserType | null;
	tags: string[];
	/** Score and time of the User's latest completed Training. */
	score: number | null;
	complete_date: number | null;
	/** Secret part of the direct login address. */
	login_token: string;
}

export interface TrainingRecord {
	id: number;
	user_id: number;
	survey_code: string;
	language: string;
	created_at: number;
	complete_date: number | null;
	score: number | null;
	winner: boolean;
}

/**
 * What the live service's clients see (docs/spec/api-v2.md documents processing, complete and archived): a new order
 * is processing; the screening vendor moves it on in its own words, through statuses at work (pending,
 * awaiting_applicant, ...) or paused (suspended, dispute, ...), to a result (complete, clear, consider, ready, ...) or
 * an end without one (cancelled, expired, ...): the lists the polling trigger reads, nodes/shared/checkStatuses.ts;
 * archive sets it aside.
 */
export type BackgroundCheckStatus = string;

export interface SelfDisclosedNote {
	id: number;
	status: string;
	disclosure_status: string;
	self_disclosed_notes: string;
	internal_notes: string | null;
}

export interface BackgroundCheckRecord {
	id: number;
	user_id: number;
	level: number;
	status: BackgroundCheckStatus;
	order_date: number;
	complete_date: number | null;
	applicant_self_disclosed: boolean;
	applicant_self_disclosed_note: SelfDisclosedNote | null;
	vendor_flagged: boolean;
	/** Applicant e-mail given on the order (the User's e-mail otherwise); sent in the ready webhook. */
	email: string;
}

export interface CustomPackage {
	id: number;
	name: string;
	code: string;
	price: number;
	/** The level the package is billed and reported as. */
	level: number;
	requiresDriverLicense: boolean;
}

/** What an Organization may do and use; fixed when it is created. */
export interface OrganizationSettings {
	name: string;
	canCreateOrganizations: boolean;
	allowSignInLinkCreation: boolean;
	selfPay: boolean;
	surveyCodes: readonly string[];
	levelPrices: ReadonlyArray<{ level: number; price: number }>;
	customPackages: readonly CustomPackage[];
}

/** An Organization's records, with index maps so that lookups are not scans. */
export interface OrganizationData {
	users: UserRecord[];
	usersById: Map<number, UserRecord>;
	usersByExternalId: Map<string, UserRecord>;
	/** Deactivated Users: out of every list and lookup, but still the participants of their old records. */
	deactivatedUsers: Map<number, UserRecord>;
	trainings: TrainingRecord[];
	trainingsById: Map<number, TrainingRecord>;
	trainingsByUserId: Map<number, TrainingRecord[]>;
	backgroundChecks: BackgroundCheckRecord[];
	backgroundChecksById: Map<number, BackgroundCheckRecord>;
	backgroundChecksByUserId: Map<number, BackgroundCheckRecord[]>;
	tags: Set<string>;
}

export interface WebhookSettings {
	urls: string[];
	username?: string;
	password?: string;
}

export interface Organization {
	id: number;
	apiKey: string;
	settings: OrganizationSettings;
	/** Users seeded when the Organization is (re)set: the demo Organization's count; 0 for created ones. */
	seededUsers: number;
	data: OrganizationData;
	webhooks: WebhookSettings;
}
