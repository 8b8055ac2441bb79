// Background Check Status Changed: a Background Check of the look-back window (ordered within it) whose status differs
// from the one remembered; a check new to the window is a change from nothing (previous_status null). Any status text
// passes through (decisions.md 20); the optional list of statuses keeps only changes into them.
import type { IDataObject } from 'n8n-workflow';

import { backgroundCheckStatusId } from '../../shared/eventIds';
import { checksOrdered } from '../api';
import { aboveFloor, decodeIds, encodeIds, entryTime, fitSnapshot } from '../state';
import type { EventContext, PollingEvent } from './types';
import { idOf } from './types';
import { lookBackWindow } from './windows';

const reportedStatus = (check: IDataObject) => String(check.status ?? '');
const isTarget = ({ settings }: EventContext, status: string) =>
	settings.statuses.length === 0 || settings.statuses.includes(status.toLowerCase());
const item = (check: IDataObject, previousStatus: string | null): IDataObject => ({
	...check,
	event: 'backgroundCheckStatusChanged',
	previous_status: previousStatus,
	// Leaving an open status for a finished one is the webhook's background check ready: the same id (contract.md
	// "Event IDs (both triggers)").
	event_id: backgroundCheckStatusId(check.id, previousStatus, check.status),
});

/** The snapshot's { status: ids } as id -> status. */
function rememberedStatuses(snapshot: IDataObject | undefined): Map<number, string> {
	const statuses = new Map<number, string>();
	const byStatus = (snapshot?.statuses ?? {}) as IDataObject;
	for (const [status, ids] of Object.entries(byStatus)) for (const id of decodeIds(ids)) statuses.set(id, status);
	return statuses;
}

export const backgroundCheckStatusChanged: PollingEvent = {
	async poll(event, snapshot) {
		const isRemembered = aboveFloor(snapshot?.floor);
		const checks = (await checksOrdered(event.context, lookBackWindow(event))).filter(
			(check) => idOf(check) !== undefined && isRemembered(entryTime(check.order_date)),
		);
		const remembered = rememberedStatuses(snapshot);
		const items: IDataObject[] = [];
		if (snapshot) {
			for (const check of [...checks].sort((a, b) => (idOf(a) as number) - (idOf(b) as number))) {
				const previous = remembered.get(idOf(check) as number);
				const status = reportedStatus(check);
				if (previous !== status && isTarget(event, status)) items.push(item(check, previous ?? null));
			}
		}
		const entries = checks.map((check) => ({
			id: idOf(check) as number,
			at: entryTime(check.order_date),
			status: reportedStatus(check),
		}));
		return {
			items,
			snapshot: fitSnapshot(entries, snapshot?.floor as number | undefined, (kept) => {
				const byStatus = new Map<string, number[]>();
				for (const { id, status } of kept) {
					const ids = byStatus.get(status);
					if (ids) ids.push(id);
					else byStatus.set(status, [id]);
				}
				return { statuses: Object.fromEntries([...byStatus].map(([status, ids]) => [status, encodeIds(ids)])) };
			}),
		};
	},

	async sample(event) {
		const matching = (checks: IDataObject[]) => checks.filter((check) => isTarget(event, reportedStatus(check)));
		let checks = matching(await checksOrdered(event.context, lookBackWindow(event)));
		if (checks.length === 0) checks = matching(await checksOrdered(event.context, {}));
		const newest = checks.sort(
			(a, b) => entryTime(a.order_date) - entryTime(b.order_date) || (idOf(a) ?? 0) - (idOf(b) ?? 0),
		).at(-1);
		return newest ? [item(newest, null)] : [];
	},
};
