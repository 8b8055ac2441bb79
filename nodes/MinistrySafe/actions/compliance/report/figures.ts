// The figures of Compliance > Get Report from the Get Many items: counts, groups, and who is due, soonest first. The
// email (html.ts) and the chat message (text.ts) say the same figures; nothing here knows how they are shown.
import type { IDataObject } from 'n8n-workflow';

import { userTypeField } from '../../../users/fields';
import { isoDate } from '../../../../shared/values';
import type { UserCompliance } from '../organization';
import type { Clock, OverallStatus } from '../status';

export type GroupBy = 'tag' | 'userType' | 'none';
export const NO_TAG_GROUP = 'No tag';
export const NO_USER_TYPE_GROUP = 'No user type';

export interface Counts {
	total: number;
	compliant: number;
	expiring: number;
	noncompliant: number;
}

export interface Group {
	name: string;
	counts: Counts;
}

/** One record a person must see to: what, its state, and the day it is or was due (undefined: now). */
export interface DueRecord {
	what: 'Training' | 'Background check';
	state: 'expires' | 'expired' | 'missing' | 'pending';
	day?: string;
}

/** A person who is expiring or noncompliant: their Get Many item, and what is due by when. */
export interface DuePerson {
	entry: IDataObject;
	name: string;
	records: DueRecord[];
	/** The soonest of their records' days; undefined when something is due now (missing or pending). */
	by?: string;
	overdue: boolean;
}

export interface ReportFigures {
	/** The day the report is of (the workflow's time zone). */
	date: string;
	groupBy: GroupBy;
	counts: Counts;
	groups: Group[];
	/** The people due soonest, as many as asked for (everyone by default). */
	due: DuePerson[];
	/** Everyone due, listed or not. */
	dueCount: number;
	/** Expiring Within (Days), for the headline. */
	expiringWithinDays: number;
}

const emptyCounts = (): Counts => ({ total: 0, compliant: 0, expiring: 0, noncompliant: 0 });

function add(counts: Counts, status: OverallStatus): void {
	counts.total++;
	counts[status]++;
}

/** The user type as the editor names it ("Volunteer"); an unknown one as the service gives it. */
function userTypeName(value: unknown): string {
	if (value === undefined || value === null || value === '') return NO_USER_TYPE_GROUP;
	const option = (userTypeField.options as Array<{ name: string; value: unknown }>).find((known) => known.value === value);
	return option?.name ?? String(value);
}

/** The groups a User counts in: each of their Tags ("No tag" for none), their User Type, or none. */
function groupsOf(user: IDataObject, groupBy: GroupBy): string[] {
	if (groupBy === 'none') return [];
	if (groupBy === 'userType') return [userTypeName(user.user_type)];
	const tags = Array.isArray(user.tags) ? [...new Set(user.tags.map(String).filter((tag) => tag.trim() !== ''))] : [];
	return tags.length > 0 ? tags : [NO_TAG_GROUP];
}

/** Names in the order a person looks them up (one collator: a sort of 10,000 names calls it often). */
const byText = new Intl.Collator('en').compare;

const RESIDUAL_NAMES = new Set([NO_TAG_GROUP, NO_USER_TYPE_GROUP]);
/** By name, as a person looks one up; "No tag" and "No user type" last. */
function byName(a: Group, b: Group): number {
	const residual = Number(RESIDUAL_NAMES.has(a.name)) - Number(RESIDUAL_NAMES.has(b.name));
	return residual !== 0 ? residual : byText(a.name, b.name);
}

/** A person's name for people: first and last name, else their email, External ID or User ID. */
function personName(entry: IDataObject): string {
	const name = [entry.first_name, entry.last_name].filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');
	if (name !== '') return name;
	for (const field of ['email', 'external_id']) {
		if (entry[field] !== null && entry[field] !== undefined && entry[field] !== '') return String(entry[field]);
	}
	return `User ${String(entry.user_id)}`;
}

/** The records of a person that are not valid, of those that count (a Background Check only when required). */
function dueRecords(entry: IDataObject, checkRequired: boolean): DueRecord[] {
	const records: Array<[DueRecord['what'], IDataObject]> = [['Training', entry.training as IDataObject]];
	if (checkRequired) records.push(['Background check', entry.background_check as IDataObject]);
	const due: DueRecord[] = [];
	for (const [what, record] of records) {
		const expiresAt = typeof record?.expires_at === 'string' ? record.expires_at : undefined;
		switch (record?.status) {
			case 'expiring':
				due.push({ what, state: 'expires', day: expiresAt });
				break;
			case 'expired':
				due.push({ what, state: 'expired', day: expiresAt });
				break;
			case 'pending':
			case 'missing':
				due.push({ what, state: record.status });
				break;
		}
	}
	return due;
}

/** What lapsed longest ago first, then what is due now (today), then what expires soonest; then by name, then as read. */
interface DueOrder {
	person: DuePerson;
	day: string;
	index: number;
}
const byDay = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const dueOrder = (a: DueOrder, b: DueOrder) => byDay(a.day, b.day) || byText(a.person.name, b.person.name) || a.index - b.index;

/** How many people due are gathered before the list is cut back to those listed (it is sorted then). */
const DUE_GATHERED = 1024;

/**
 * The report's figures. A User counts once in the totals and once in each of their groups; `due` is everyone expiring
 * or noncompliant, soonest first: what lapsed longest ago, then what is due now, then what expires soonest. With
 * `dueListed`, only the soonest that many are kept, as the people are read (`dueCount` counts them all): a report of
 * 100,000 people otherwise held the compliance of every one due until the end.
 */
export function reportFigures(
	people: Iterable<UserCompliance>,
	options: { groupBy: GroupBy; checkRequired: boolean; expiringWithinDays: number; clock: Clock; dueListed?: number },
): ReportFigures {
	const counts = emptyCounts();
	const groups = new Map<string, Counts>();
	const listed = options.dueListed ?? Infinity;
	const today = isoDate(options.clock.today);
	const soonest: DueOrder[] = [];
	const cut = () => {
		soonest.sort(dueOrder);
		if (soonest.length > listed) soonest.length = listed;
	};
	let dueCount = 0;
	for (const { user, entry } of people) {
		const status = entry.status as OverallStatus;
		add(counts, status);
		for (const name of groupsOf(user, options.groupBy)) {
			let group = groups.get(name);
			if (!group) groups.set(name, (group = emptyCounts()));
			add(group, status);
		}
		if (status === 'compliant') continue;
		const records = dueRecords(entry, options.checkRequired);
		// Days are YYYY-MM-DD: as text, they sort by date.
		const earliest = (state: DueRecord['state']) =>
			records.filter((record) => record.state === state && record.day !== undefined).map((record) => record.day as string).sort()[0];
		const overdue = records.some((record) => record.state === 'expired');
		const now = records.some((record) => record.state === 'missing' || record.state === 'pending');
		const by = overdue ? earliest('expired') : now ? undefined : earliest('expires');
		const found: DueOrder = { person: { entry, name: personName(entry), records, by, overdue }, day: by ?? today, index: dueCount++ };
		soonest.push(found);
		if (soonest.length >= Math.max(2 * listed, DUE_GATHERED)) cut();
	}
	cut();
	return {
		date: today,
		groupBy: options.groupBy,
		counts,
		groups: [...groups].map(([name, groupCounts]) => ({ name, counts: groupCounts })).sort(byName),
		due: soonest.map(({ person }) => person),
		dueCount,
		expiringWithinDays: options.expiringWithinDays,
	};
}

/** "500 users: 412 compliant, 38 expiring, 50 noncompliant". */
export function countsInWords(counts: Counts): string {
	const users = `${counts.total} ${counts.total === 1 ? 'user' : 'users'}`;
	return `${users}: ${counts.compliant} compliant, ${counts.expiring} expiring, ${counts.noncompliant} noncompliant`;
}

/** "Training expired 2026-10-01", "Background check missing", "Training expires 2026-12-01". */
export function recordInWords(record: DueRecord): string {
	return `${record.what} ${record.state}${record.day ? ` ${record.day}` : ''}`;
}

/** What a group is called in a heading: "By tag", "By user type". */
export function groupingInWords(groupBy: GroupBy): string {
	return groupBy === 'userType' ? 'By user type' : 'By tag';
}
