// An Organization's records and their index maps, kept in step by these few helpers (the seed and the store share them).
import type { BackgroundCheckRecord, OrganizationData, TrainingRecord, UserRecord } from './types';

export function emptyOrganizationData(): OrganizationData {
	return {
		users: [],
		usersById: new Map(),
		usersByExternalId: new Map(),
		deactivatedUsers: new Map(),
		trainings: [],
		trainingsById: new Map(),
		trainingsByUserId: new Map(),
		backgroundChecks: [],
		backgroundChecksById: new Map(),
		backgroundChecksByUserId: new Map(),
		tags: new Set(),
	};
}

function appendTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
	const list = map.get(key);
	if (list) list.push(value);
	else map.set(key, [value]);
}

export function insertUser(data: OrganizationData, user: UserRecord): void {
	data.users.push(user);
	data.usersById.set(user.id, user);
	data.usersByExternalId.set(user.external_id, user);
	for (const tag of user.tags) data.tags.add(tag);
}

/** Deactivation: the User leaves every list and lookup; its Trainings and Background Checks stay on record. */
export function removeUser(data: OrganizationData, user: UserRecord): void {
	data.usersById.delete(user.id);
	data.usersByExternalId.delete(user.external_id);
	const index = data.users.indexOf(user);
	if (index >= 0) data.users.splice(index, 1);
	data.deactivatedUsers.set(user.id, user);
}

/** The User behind a Training or Background Check, deactivated or not. */
export function ownerOf(data: OrganizationData, record: { user_id: number }): UserRecord | undefined {
	return data.usersById.get(record.user_id) ?? data.deactivatedUsers.get(record.user_id);
}

export function setUserTags(data: OrganizationData, user: UserRecord, tags: string[]): void {
	user.tags = tags;
	for (const tag of tags) data.tags.add(tag);
}

export function insertTraining(data: OrganizationData, training: TrainingRecord): void {
	data.trainings.push(training);
	data.trainingsById.set(training.id, training);
	appendTo(data.trainingsByUserId, training.user_id, training);
}

export function insertBackgroundCheck(data: OrganizationData, check: BackgroundCheckRecord): void {
	data.backgroundChecks.push(check);
	data.backgroundChecksById.set(check.id, check);
	appendTo(data.backgroundChecksByUserId, check.user_id, check);
}

/** A completed Training also becomes its User's score and completion date (the User's latest result). */
export function completeTraining(
	data: OrganizationData,
	training: TrainingRecord,
	score: number,
	passingScore: number,
	at: number,
): void {
	training.score = score;
	training.winner = score >= passingScore;
	training.complete_date = at;
	const user = ownerOf(data, training);
	if (user && (user.complete_date === null || user.complete_date <= at)) {
		user.score = score;
		user.complete_date = at;
	}
}

/** The Training's assignment and completion move `ms` earlier; its User's latest result is then read afresh. */
export function backdateTraining(data: OrganizationData, training: TrainingRecord, ms: number): void {
	training.created_at -= ms;
	if (training.complete_date !== null) training.complete_date -= ms;
	const user = ownerOf(data, training);
	if (!user) return;
	const latest = (data.trainingsByUserId.get(user.id) ?? [])
		.filter((other) => other.complete_date !== null)
		.sort((a, b) => (b.complete_date as number) - (a.complete_date as number))[0];
	user.score = latest?.score ?? null;
	user.complete_date = latest?.complete_date ?? null;
}
