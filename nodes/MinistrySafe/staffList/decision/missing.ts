// The Users a staff list leaves out (Deactivate Missing Users), and the one cap on a run's deactivations: those who
// left and those missing, counted together against Max Deactivations.
import type { IDataObject } from 'n8n-workflow';

import { lower, userTags } from './changes';
import { placesOf } from './places';
import type { ListIndex, SyncAction, SyncDecision, SyncOptions } from './types';
import type { SyncRow } from '../row/staffRow';

/** Users missing from the list (and with the chosen Tag): those whose email a row uses are never deactivated. */
function missingUsers(users: IDataObject[], options: SyncOptions, index: ListIndex) {
	const tag = options.deactivateOnlyTag === undefined ? undefined : lower(options.deactivateOnlyTag);
	const missing = users.filter(
		(user) =>
			!index.rowsByExternalId.has(String(user.external_id ?? '')) &&
			(tag === undefined || userTags(user).some((name) => lower(name) === tag)),
	);
	return {
		conflicted: missing.filter((user) => index.emailConflicts.has(user.id)),
		candidates: missing.filter((user) => !index.emailConflicts.has(user.id)),
	};
}

const textOrNull = (value: unknown) => (value === undefined || value === null ? null : String(value));

/** A User the list leaves out, named as the service has them. */
function missingDecision(user: IDataObject, items: number[], action: SyncAction, reason: string): SyncDecision {
	return {
		items,
		action,
		externalId: textOrNull(user.external_id),
		externalIdField: null,
		person: { first_name: textOrNull(user.first_name), last_name: textOrNull(user.last_name), email: textOrNull(user.email) },
		userId: Number(user.id),
		changes: {},
		reason,
	};
}

/**
 * The decisions for the Users the list leaves out; over Max Deactivations, no one is deactivated (the rows' leavers
 * among `rowDecisions` are turned to skipped) and each says so.
 */
export function decideMissing(
	rows: SyncRow[],
	users: IDataObject[],
	index: ListIndex,
	options: SyncOptions,
	rowDecisions: SyncDecision[],
): SyncDecision[] {
	const leavers = rowDecisions.filter((decision) => decision.action === 'deactivated');
	const missing = options.deactivateMissing ? missingUsers(users, options, index) : { conflicted: [], candidates: [] };
	// Every input item once (a file's rows share their item).
	const allItems = [...new Set(rows.map((row) => row.item))];
	const decisions = missing.conflicted.map((user) =>
		missingDecision(
			user,
			allItems,
			'skipped',
			`Not in the list, but its email is on ${placesOf([index.emailConflicts.get(user.id) as SyncRow])} with another External ID: not deactivated`,
		),
	);
	const count = leavers.length + missing.candidates.length;
	if (count <= options.maxDeactivations) {
		return [...decisions, ...missing.candidates.map((user) => missingDecision(user, allItems, 'deactivated', 'Not in the list'))];
	}
	const reason =
		leavers.length === 0
			? `${count} users are missing from the list, more than 'Max Deactivations' (${options.maxDeactivations}): none was deactivated`
			: `${count} users would be deactivated (${leavers.length} who left, ${missing.candidates.length} missing from the list), more than 'Max Deactivations' (${options.maxDeactivations}): none was deactivated`;
	for (const leaver of leavers) Object.assign(leaver, { action: 'skipped', reason });
	return [...decisions, ...missing.candidates.map((user) => missingDecision(user, allItems, 'skipped', reason))];
}
