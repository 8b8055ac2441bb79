// Background Check Status Changed: a Background Check of the look-back window (ordered within it) whose status differs
// from the one remembered, as the service's words (checkStatuses.ts); a check new to the window is a change from nothing
// (previous_status null). Any status text passes through (decisions.md 20); the optional list of statuses keeps only
// changes into them. Each item names the check's applicant when the trigger knows them (applicants.ts).
import type { IDataObject } from 'n8n-workflow';

import { awaitsResult, sameCheckStatus } from '../../shared/checkStatuses';
import { backgroundCheckStatusId } from '../../shared/eventIds';
import { checksOrdered, userById } from '../api';
import { SNAPSHOT_BUDGET_CHARS, aboveFloor, decodeIds, encodeIds, entryTime, fitSnapshot } from '../state';
import {
	type Applicant,
	applicantField,
	applicantFrom,
	fitApplicants,
	readApplicants,
	rememberedApplicants,
	userIdOf,
} from './applicants';
import type { EventContext, PollingEvent } from './types';
import { idOf } from './types';
import { lookBackWindow } from './windows';

const reportedStatus = (check: IDataObject) => String(check.status ?? '');
const isTarget = ({ settings }: EventContext, status: string) =>
	settings.statuses.length === 0 || settings.statuses.some((wanted) => sameCheckStatus(wanted, status));
const item = (check: IDataObject, previousStatus: string | null, applicant: Applicant | undefined): IDataObject => ({
	...check,
	event: 'backgroundCheckStatusChanged',
	previous_status: previousStatus,
	...(applicant ? { applicant: applicantField(applicant) } : {}),
	// Reaching a ready status is the webhook's background check ready: the same id (contract.md "Event IDs (both
	// triggers)").
	event_id: backgroundCheckStatusId(check.id, previousStatus, check.status),
});

/** The snapshot's { status: ids } as id -> status. */
function rememberedStatuses(snapshot: IDataObject | undefined): Map<number, string> {
	const statuses = new Map<number, string>();
	const byStatus = (snapshot?.statuses ?? {}) as IDataObject;
	for (const [status, ids] of Object.entries(byStatus)) for (const id of decodeIds(ids)) statuses.set(id, status);
	return statuses;
}

/**
 * The Users whose applicant to read now: those of checks awaiting a result that the trigger sees for the first time (at
 * the first poll, every one; with a state saved before applicants were remembered, every one once), unless known.
 */
function applicantsToRead(
	checks: IDataObject[],
	remembered: Map<number, string>,
	known: Map<number, Applicant> | undefined,
	firstPoll: boolean,
): number[] {
	const users = new Set<number>();
	for (const check of checks) {
		const userId = userIdOf(check);
		const seenBefore = !firstPoll && known !== undefined && remembered.has(idOf(check) as number);
		if (userId !== undefined && awaitsResult(check.status) && !seenBefore && !known?.has(userId)) users.add(userId);
	}
	return [...users];
}

export const backgroundCheckStatusChanged: PollingEvent = {
	async poll(event, snapshot) {
		const isRemembered = aboveFloor(snapshot?.floor);
		const checks = (await checksOrdered(event.context, lookBackWindow(event))).filter(
			(check) => idOf(check) !== undefined && isRemembered(entryTime(check.order_date)),
		);
		const remembered = rememberedStatuses(snapshot);
		const known = rememberedApplicants(snapshot);
		const applicants = new Map(known);
		for (const [userId, applicant] of await readApplicants(
			event.context,
			applicantsToRead(checks, remembered, known, !snapshot),
		)) {
			applicants.set(userId, applicant);
		}

		const items: IDataObject[] = [];
		if (snapshot) {
			for (const check of [...checks].sort((a, b) => (idOf(a) as number) - (idOf(b) as number))) {
				const previous = remembered.get(idOf(check) as number);
				const status = reportedStatus(check);
				const changed = previous === undefined || !sameCheckStatus(previous, status);
				if (changed && isTarget(event, status)) {
					items.push(item(check, previous ?? null, applicants.get(userIdOf(check) ?? 0)));
				}
			}
		}

		const awaiting = checks
			.filter((check) => awaitsResult(check.status) && userIdOf(check) !== undefined)
			.map((check) => ({ userId: userIdOf(check) as number, at: entryTime(check.order_date) }));
		const kept = fitApplicants(applicants, awaiting);
		const entries = checks.map((check) => ({
			id: idOf(check) as number,
			at: entryTime(check.order_date),
			status: reportedStatus(check),
		}));
		const statuses = fitSnapshot(
			entries,
			snapshot?.floor as number | undefined,
			(fitted) => {
				const byStatus = new Map<string, number[]>();
				for (const { id, status } of fitted) {
					const ids = byStatus.get(status);
					if (ids) ids.push(id);
					else byStatus.set(status, [id]);
				}
				return { statuses: Object.fromEntries([...byStatus].map(([status, ids]) => [status, encodeIds(ids)])) };
			},
			SNAPSHOT_BUDGET_CHARS - JSON.stringify({ applicants: kept }).length,
		);
		return { items, snapshot: { ...statuses, applicants: kept } };
	},

	async sample(event) {
		const matching = (checks: IDataObject[]) => checks.filter((check) => isTarget(event, reportedStatus(check)));
		let checks = matching(await checksOrdered(event.context, lookBackWindow(event)));
		if (checks.length === 0) checks = matching(await checksOrdered(event.context, {}));
		const newest = checks.sort(
			(a, b) => entryTime(a.order_date) - entryTime(b.order_date) || (idOf(a) ?? 0) - (idOf(b) ?? 0),
		).at(-1);
		if (!newest) return [];
		// The applicant as the service has them now, so that the editor shows the field to map.
		const userId = userIdOf(newest);
		const user = userId === undefined ? undefined : await userById(event.context, userId);
		return [item(newest, null, user ? applicantFrom(user) : undefined)];
	},
};
