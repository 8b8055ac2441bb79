// Deterministic demo data: the same seed and count give the same records and ids, and 10,000 Users take well under
// a second (plain arrays, one small PRNG, no per-record allocation beyond the records themselves).
import { PASSING_SCORE } from './catalog';
import {
	completeTraining,
	emptyOrganizationData,
	insertBackgroundCheck,
	insertTraining,
	insertUser,
} from './organizationData';
import type { BackgroundCheckRecord, BackgroundCheckStatus, OrganizationData, UserType } from './types';

export const DEFAULT_SEED = 20250301;
export const DEFAULT_DEMO_USERS = 25;

/** First ids of each kind: distinct ranges, so that a User id passed where a Training id belongs finds nothing. */
export const FIRST_USER_ID = 1001;
export const FIRST_TRAINING_ID = 300001;
export const FIRST_BACKGROUND_CHECK_ID = 700001;
/** External ids are numeric strings, so the Background Check list's employee_id filter can find them. */
const FIRST_EXTERNAL_ID = 10001;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of the current day: seeded dates follow the calendar, so the demo never ages. */
export function startOfToday(now = Date.now()): number {
	return Math.floor(now / DAY_MS) * DAY_MS;
}

/** The environment variable a test run sets once, so that every sandbox it starts lives on the same day. */
export const TODAY_VARIABLE = 'MINISTRYSAFE_SANDBOX_TODAY';

/**
 * The sandbox's calendar: the day its seed counts back from, and its clock, which keeps the time of day on that
 * date (records created later sort after the seeded ones). `today` is YYYY-MM-DD; undefined: today in UTC.
 */
export function sandboxClock(today: string | undefined): { seedDay: number; now: () => number } {
	if (today === undefined || today === '') return { seedDay: startOfToday(), now: Date.now };
	const seedDay = Date.parse(`${today}T00:00:00Z`);
	if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(seedDay) || new Date(seedDay).toISOString().slice(0, 10) !== today) {
		throw new Error(`today must be a date written YYYY-MM-DD, not ${JSON.stringify(today)}`);
	}
	const offset = seedDay - startOfToday();
	return { seedDay, now: () => Date.now() + offset };
}

type SeededTraining = { daysAgo: number; code: 'standard' | 'other'; score?: number };
type SeededCheck = { daysAgo: number; status: BackgroundCheckStatus };
type Between = (low: number, high: number) => number;

/** Days in 24 and 60 months, give or take a leap day: the dates below sit well inside each status. */
const TWO_YEARS = 730;
const FIVE_YEARS = 1826;

/**
 * A User's Trainings by profile: passed (within two years), expiring within 30 days, expired, never trained,
 * assigned and open, two passed, failed, expired and assigned again.
 */
const TRAINING_PROFILES = 8;
function trainingPlan(profile: number, between: Between): SeededTraining[] {
	const passed = (daysAgo: number, code: SeededTraining['code'] = 'standard') => ({ daysAgo, code, score: between(80, 100) });
	switch (profile) {
		case 0:
			return [passed(between(20, 650))];
		case 1:
			return [passed(TWO_YEARS - between(3, 25))];
		case 2:
			return [passed(TWO_YEARS + between(5, 360))];
		case 3:
			return [];
		case 4:
			return [{ daysAgo: between(2, 30), code: 'standard' }];
		case 5:
			return [passed(between(100, 680)), passed(between(20, 680), 'other')];
		case 6:
			return [{ daysAgo: between(2, 60), code: 'standard', score: between(40, 79) }];
		default:
			return [passed(TWO_YEARS + between(5, 300)), { daysAgo: between(1, 20), code: 'standard' }];
	}
}

/**
 * A User's Background Checks by profile, with the statuses the live service's clients see: cleared (complete, or clear
 * from the screening vendor), expiring within 30 days, expired, just ordered (processing), pending, awaiting the
 * applicant, consider (for review), cancelled, archived, and cleared once and being renewed; and none, as in an
 * Organization where only staff are checked. `daysAgo` is the completion day of a completed check, else the order day.
 */
const CHECK_PROFILES = 11;
function checkPlan(profile: number, between: Between): SeededCheck[] {
	switch (profile) {
		case 0:
			return [{ daysAgo: between(30, 1000), status: 'complete' }];
		case 9:
			return [{ daysAgo: between(30, 1000), status: 'clear' }];
		case 1:
			return [{ daysAgo: FIVE_YEARS - between(3, 25), status: 'complete' }];
		case 2:
			return [{ daysAgo: FIVE_YEARS + between(30, 400), status: 'clear' }];
		case 3:
			return [{ daysAgo: between(1, 20), status: 'processing' }];
		case 4:
			return [{ daysAgo: between(3, 30), status: 'awaiting_applicant' }];
		case 5:
			return [{ daysAgo: between(100, 1000), status: 'archived' }];
		case 6:
			return [{ daysAgo: between(5, 40), status: 'consider' }];
		case 7:
			return [
				{ daysAgo: between(1200, 1700), status: 'complete' },
				{ daysAgo: between(1, 20), status: 'pending' },
			];
		case 8:
			return [{ daysAgo: between(10, 300), status: 'cancelled' }];
		default:
			return [];
	}
}

/** Statuses whose check the vendor has finished: it carries the day it was completed. */
const COMPLETED: ReadonlySet<BackgroundCheckStatus> = new Set(['complete', 'clear', 'consider']);

const FIRST_NAMES = [
	'Mary', 'James', 'Patricia', 'John', 'Jennifer', 'Robert', 'Linda', 'Michael', 'Elizabeth', 'David',
	'Barbara', 'William', 'Susan', 'Richard', 'Jessica', 'Joseph', 'Sarah', 'Thomas', 'Karen', 'Daniel',
	'Grace', 'Samuel', 'Ruth', 'Isaac', 'Esther', 'Caleb', 'Hannah', 'Levi', 'Naomi', 'Micah',
	'María', 'José', 'Lucía', 'Mateo', 'Sofía', 'Diego', 'Chloé', 'Zoë', 'Nguyen', 'Aiko',
];
const LAST_NAMES = [
	'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
	'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
	'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', "O'Brien",
	'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Peña', 'Hill', 'Flores', 'Green',
];
const TAG_NAMES = ['Volunteers', 'Staff', 'Nursery', 'Youth Ministry', 'Kids Ministry', 'Camp Counselors', 'Drivers'];
const SELF_DISCLOSED_NOTES = [
	'Speeding ticket in 2019.',
	'Misdemeanor charge dismissed in 2015.',
	'Bounced check, settled in 2012.',
];

/** mulberry32: tiny, fast, and good enough for demo data. */
function createRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let mixed = state;
		mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
		mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
		return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
	};
}

interface SeedPlan {
	seed: number;
	/** Midnight UTC of the day the records are dated from: they span the three years before it. */
	today: number;
	users: number;
	surveyCodes: readonly string[];
	levels: readonly number[];
}

/** Ids after the seeded ones, for records created later. */
export interface SeededIds {
	nextUserId: number;
	nextTrainingId: number;
	nextBackgroundCheckId: number;
}

export function seedOrganizationData(plan: SeedPlan): { data: OrganizationData; next: SeededIds } {
	const random = createRandom(plan.seed);
	const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
	const between = (low: number, high: number): number => low + Math.floor(random() * (high - low + 1));
	const hex = (length: number): string => {
		let text = '';
		while (text.length < length) text += Math.floor(random() * 0x100000000).toString(16).padStart(8, '0');
		return text.slice(0, length);
	};

	const data = emptyOrganizationData();
	let trainingId = FIRST_TRAINING_ID;
	let backgroundCheckId = FIRST_BACKGROUND_CHECK_ID;
	const otherCodes = plan.surveyCodes.filter((code) => code !== 'standard');

	for (let index = 0; index < plan.users; index++) {
		const id = FIRST_USER_ID + index;
		const firstName = pick(FIRST_NAMES);
		const lastName = pick(LAST_NAMES);
		const userTypeDraw = random();
		const userType: UserType | null = userTypeDraw < 0.6 ? 'volunteer' : userTypeDraw < 0.9 ? 'employee' : null;
		const tags = new Set<string>();
		const tagCount = between(0, 2);
		for (let tag = 0; tag < tagCount; tag++) tags.add(pick(TAG_NAMES));
		insertUser(data, {
			id,
			first_name: firstName,
			last_name: lastName,
			email: `${firstName}.${lastName}.${id}@example.org`
				.normalize('NFD')
				.replace(/[^A-Za-z0-9.@]/g, '')
				.toLowerCase(),
			external_id: String(FIRST_EXTERNAL_ID + index),
			user_type: userType,
			tags: [...tags].sort(),
			score: null,
			complete_date: null,
			login_token: hex(24),
		});

		// Regular rather than random, so that even the small demo set shows every compliance status (24 months for a
		// Training and 60 for a Background Check, 30 days' notice: the defaults of the Compliance operations).
		for (const training of trainingPlan(index % TRAINING_PROFILES, between)) {
			const code = training.code === 'other' && otherCodes.length > 0 ? pick(otherCodes) : 'standard';
			const completedAt = plan.today - training.daysAgo * DAY_MS + between(0, 7200) * 1000;
			const record = {
				id: trainingId++,
				user_id: id,
				survey_code: code,
				language: code === 'spanish' ? 'es' : 'en',
				created_at: completedAt - between(1, 14) * DAY_MS,
				complete_date: null,
				score: null,
				winner: false,
			};
			insertTraining(data, record);
			if (training.score !== undefined) completeTraining(data, record, training.score, PASSING_SCORE, completedAt);
		}

		for (const check of checkPlan(index % CHECK_PROFILES, between)) {
			const day = plan.today - check.daysAgo * DAY_MS + between(0, 36000) * 1000;
			const completed = COMPLETED.has(check.status);
			// A completed check was ordered a few days before it was completed.
			const orderDate = completed ? day - between(1, 10) * DAY_MS : day;
			const ordinal = backgroundCheckId - FIRST_BACKGROUND_CHECK_ID;
			const selfDisclosed = ordinal % 7 === 3;
			const noteId = backgroundCheckId;
			const record: BackgroundCheckRecord = {
				id: backgroundCheckId++,
				user_id: id,
				level: pick(plan.levels),
				status: check.status,
				order_date: orderDate,
				complete_date: completed ? day : null,
				applicant_self_disclosed: selfDisclosed,
				applicant_self_disclosed_note: selfDisclosed
					? {
							id: noteId,
							status: 'submitted',
							disclosure_status: pick(['pending_review', 'reviewed']),
							self_disclosed_notes: pick(SELF_DISCLOSED_NOTES),
							internal_notes: null,
						}
					: null,
				vendor_flagged: ordinal % 11 === 5,
				email: data.usersById.get(id)?.email ?? '',
			};
			insertBackgroundCheck(data, record);
		}
	}

	return {
		data,
		next: {
			nextUserId: FIRST_USER_ID + plan.users,
			nextTrainingId: trainingId,
			nextBackgroundCheckId: backgroundCheckId,
		},
	};
}
