// Who a Background Check is for. A polled check carries only `user_id`, and the service gives no User once it is
// deactivated (api-v2.md 3 and 4: Deactivate removes it; its reads answer 404), so a check that becomes ready after its
// applicant left could name nobody. The trigger therefore reads the applicant when it first sees a check still without
// a result, and keeps their name, email and External ID until the check has its result or has ended
// (checkStatuses.ts): only for checks awaiting a result, so the memory stays as small as the checks under way.
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { userById, usersPage } from '../api';

/** What names an applicant: first name, last name, email, External ID (empty when the service gave none). */
export type Applicant = [string, string, string, string];

/** The most the remembered applicants may take of the saved state, in characters of JSON (about 600 applicants). */
export const APPLICANTS_BUDGET_CHARS = 40_000;
/** An applicant whose fields take more than this is not kept: it would crowd out others, and no name is that long. */
const MAX_APPLICANT_CHARS = 300;
/** Users read one at a time in a poll, at most; for more, the Users list (100 a page) is read when it costs less. */
const ONE_AT_A_TIME_AT_MOST = 20;

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** A User record as what names them. */
export const applicantFrom = (user: IDataObject): Applicant => [
	text(user.first_name),
	text(user.last_name),
	text(user.email),
	text(user.external_id) || text(user.employee_id),
];

/** The applicant as an item's `applicant` field, in the service's field names. */
export const applicantField = ([first_name, last_name, email, external_id]: Applicant): IDataObject => ({
	first_name,
	last_name,
	email,
	external_id,
});

/** A check's User id (an integer; the API sends a number, a webhook text); undefined when it has none. */
export function userIdOf(check: IDataObject): number | undefined {
	const id = Number(check.user_id);
	return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The remembered applicants by User id; undefined when the state was saved before applicants were remembered. */
export function rememberedApplicants(snapshot: IDataObject | undefined): Map<number, Applicant> | undefined {
	const saved = snapshot?.applicants;
	if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return undefined;
	const applicants = new Map<number, Applicant>();
	for (const [id, fields] of Object.entries(saved)) {
		if (Array.isArray(fields) && fields.length === 4) applicants.set(Number(id), fields.map(text) as Applicant);
	}
	return applicants;
}

/**
 * The applicants of these Users, as the service has them now; a User it no longer has is left out. Up to
 * ONE_AT_A_TIME_AT_MOST are read one at a time; beyond that the Users list's first page says how many pages it has, and
 * the list is read whole when that takes fewer requests than the Users still wanted (a first poll of a large
 * Organization), else the rest are read one at a time.
 */
export async function readApplicants(context: IPollFunctions, userIds: number[]): Promise<Map<number, Applicant>> {
	const wanted = new Set(userIds);
	const found = new Map<number, Applicant>();
	const take = (users: IDataObject[]) => {
		for (const user of users) {
			const id = Number(user.id);
			if (wanted.delete(id)) found.set(id, applicantFrom(user));
		}
	};
	if (wanted.size > ONE_AT_A_TIME_AT_MOST) {
		const first = await usersPage(context, 1);
		take(first.users);
		if (first.pages - 1 < wanted.size) {
			for (let page = 2; page <= first.pages && wanted.size > 0; page++) take((await usersPage(context, page)).users);
			// The whole list is read: a User not in it is gone.
			return found;
		}
	}
	for (const id of [...wanted]) {
		const user = await userById(context, id);
		if (user) found.set(id, applicantFrom(user));
	}
	return found;
}

/**
 * The applicants to save: those of the Users whose checks await a result, within APPLICANTS_BUDGET_CHARS. When they
 * do not all fit, the applicants of the most recently ordered checks are kept; a check whose applicant was not kept is
 * named at its result only if the service still has the User.
 */
export function fitApplicants(
	applicants: Map<number, Applicant>,
	awaiting: Array<{ userId: number; at: number }>,
	budget = APPLICANTS_BUDGET_CHARS,
): IDataObject {
	const newestFirst = [...awaiting].sort((a, b) => b.at - a.at || b.userId - a.userId);
	const kept: IDataObject = {};
	let size = 2;
	for (const { userId } of newestFirst) {
		const applicant = applicants.get(userId);
		if (!applicant || kept[userId] !== undefined) continue;
		const entry = JSON.stringify({ [userId]: applicant }).length - 1;
		if (entry > MAX_APPLICANT_CHARS || size + entry > budget) continue;
		kept[userId] = applicant;
		size += entry;
	}
	return kept;
}
