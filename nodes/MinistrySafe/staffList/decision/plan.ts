// What Sync does with each row of the staff list and each User of the Organization, decided before anything is sent:
// each row on its own (row.ts), then the Users the list leaves out and the cap on deactivations (missing.ts).
import type { IDataObject } from 'n8n-workflow';

import { lower } from './changes';
import { decideMissing } from './missing';
import { decideRow } from './row';
import type { ListIndex, SyncAction, SyncDecision, SyncOptions } from './types';
import type { SyncRow } from '../row/staffRow';

/** The list and the Users, found by External ID and email: every decision is made from this one read. */
function indexOf(rows: SyncRow[], users: IDataObject[]): ListIndex {
	const rowsByExternalId = new Map<string, SyncRow[]>();
	for (const row of rows) {
		if (row.externalId === undefined) continue;
		const same = rowsByExternalId.get(row.externalId);
		if (same) same.push(row);
		else rowsByExternalId.set(row.externalId, [row]);
	}
	return {
		byExternalId: new Map(users.map((user) => [String(user.external_id ?? ''), user])),
		byEmail: new Map(users.map((user) => [lower(user.email), user])),
		rowsByExternalId,
		emailConflicts: new Map(),
	};
}

/**
 * Matches the list with the Organization's Users by External ID and decides, row by row and then for the Users the
 * list leaves out. Duplicates, invalid rows and email conflicts are reported, never guessed. `keep`: which row decisions
 * are kept (from node version 1.3 an unchanged person with nothing to name is only counted: a list of 100,000 people
 * keeps what changed); `counted`, by action, those left out.
 */
export function planSync(
	rows: SyncRow[],
	users: IDataObject[],
	options: SyncOptions,
	keep: (decision: SyncDecision) => boolean = () => true,
): { decisions: SyncDecision[]; counted: Partial<Record<SyncAction, number>> } {
	const index = indexOf(rows, users);
	const kept: SyncDecision[] = [];
	const counted: Partial<Record<SyncAction, number>> = {};
	for (const row of rows) {
		const decision = decideRow(row, index, options);
		if (keep(decision)) kept.push(decision);
		else counted[decision.action] = (counted[decision.action] ?? 0) + 1;
	}
	return { decisions: [...kept, ...decideMissing(rows, users, index, options, kept)], counted };
}
