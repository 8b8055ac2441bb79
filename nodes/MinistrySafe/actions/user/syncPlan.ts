// What Sync does with each row of the staff list and each User of the Organization, decided before anything is sent.
import type { IDataObject } from 'n8n-workflow';

import type { Person, StaffRow } from './columns';
import type { ColumnsSettings } from './columnsSettings';
import { userToCreate } from './newUserType';
import { type GivenUser, type NewUser, userTypeNote } from './shared';
import { type StatusMeaning, statusMeaning, type UnknownValue } from './staffValues';
import { type FileRow, quoted } from '../../../shared/wording';

/**
 * One person of the list (an input item, or a row of a file it holds): the User it asks for, or why it cannot be
 * used; its External ID and names even when invalid.
 */
export interface SyncRow extends StaffRow {
	item: number;
	/** The row of the file it was read from (node version 1.3, 'Staff List' a file). */
	fileRow?: FileRow;
}

export interface SyncOptions {
	deactivateMissing: boolean;
	deactivateOnlyTag?: string;
	maxDeactivations: number;
	/** The statuses of people who have left, lower case: a row with one deactivates its User. */
	leaverStatuses: string[];
	/**
	 * Node version 1.3: the statuses of people still there. Given, a status is read by its words (staffValues.ts) and
	 * one that means neither creates and deactivates nobody; before 1.3 a status is a leaver's or nothing.
	 */
	stayingStatuses?: string[];
	/** Node version 1.2's settings (the type of new Users); undefined before it. */
	columns?: ColumnsSettings;
}

export type SyncAction = 'created' | 'updated' | 'unchanged' | 'deactivated' | 'skipped';
export type Changes = Record<string, { from: unknown; to: unknown }>;

/** One decision: what to do, for which input items, and what the output item says. */
export interface SyncDecision {
	items: number[];
	action: SyncAction;
	externalId: string | null;
	/** The input field the External ID was read from; null for a User the list leaves out. */
	externalIdField: string | null;
	/** The person, as the row gave them (as the service has them, for a User the list leaves out). */
	person: Person;
	userId: number | null;
	changes: Changes;
	reason: string | null;
	/** For created: the User to create. For updated: the changed fields only, as Update a User takes them. */
	create?: NewUser;
	update?: { user: Record<string, string>; tag_list?: string };
	/** Node version 1.3: the value this item was skipped for, which the node does not know. */
	unknown?: UnknownValue;
	/** The row of the file the person is on, when the list is a file. */
	fileRow?: FileRow;
}

const lower = (value: unknown) => String(value ?? '').trim().toLowerCase();
const sortedTags = (tags: string[]) => [...tags].sort((a, b) => a.localeCompare(b));
const userTags = (user: IDataObject) => (Array.isArray(user.tags) ? user.tags.map(String) : []);
/** Where rows of the list are, as a reason says it: "items 3, 7", or each row of a file ("row 4 of 'staff.csv'"). */
function placesOf(rows: SyncRow[]): string {
	if (rows.some((row) => row.fileRow)) return rows.map((row) => row.fileRow?.label ?? `item ${row.item}`).join(', ');
	return rows.length === 1 ? `item ${rows[0].item}` : `items ${rows.map((row) => row.item).join(', ')}`;
}

/**
 * The fields of `wanted` that differ from `existing`; emails compare without case, Tags as sets. Create or Update
 * compares so too.
 */
export function changesOf(existing: IDataObject, wanted: GivenUser): Changes {
	const changes: Changes = {};
	// A field the row leaves blank (node version 1.3, a User the service has) is left as the service has it.
	for (const field of ['first_name', 'last_name'] as const) {
		const to = wanted[field];
		if (to !== undefined && String(existing[field] ?? '') !== to) changes[field] = { from: existing[field] ?? null, to };
	}
	if (wanted.email !== undefined && lower(existing.email) !== lower(wanted.email)) changes.email = { from: existing.email ?? null, to: wanted.email };
	if (wanted.tag_list !== undefined) {
		const from = sortedTags(userTags(existing));
		const to = sortedTags(wanted.tag_list.split(','));
		if (from.join('\n') !== to.join('\n')) changes.tags = { from, to };
	}
	return changes;
}

/** What a row's status means; undefined without one. Before node version 1.3 a status is a leaver's or nothing. */
function statusOf(row: SyncRow, options: SyncOptions): StatusMeaning | undefined {
	if (row.status === undefined) return undefined;
	if (options.stayingStatuses === undefined) return options.leaverStatuses.includes(lower(row.status)) ? 'left' : undefined;
	return statusMeaning(row.status, { leavers: options.leaverStatuses, staying: options.stayingStatuses });
}

/** Why a row's status creates and deactivates nobody: the column as the file names it, the value, the two options. */
const unknownStatus = (row: SyncRow) =>
	`${quoted(row.statusColumn ?? 'Status')} is ${row.status}, which is in neither 'Statuses That Mean Left' nor 'Statuses That Mean Still There'`;

/**
 * Matches the list with the Organization's Users by External ID and decides, row by row and then for the Users the
 * list leaves out. Duplicates, invalid rows and email conflicts are reported, never guessed.
 */
export function planSync(rows: SyncRow[], users: IDataObject[], options: SyncOptions): SyncDecision[] {
	const byExternalId = new Map(users.map((user) => [String(user.external_id ?? ''), user]));
	const byEmail = new Map(users.map((user) => [lower(user.email), user]));
	const rowsByExternalId = new Map<string, SyncRow[]>();
	for (const row of rows) {
		if (row.externalId === undefined) continue;
		const same = rowsByExternalId.get(row.externalId);
		if (same) same.push(row);
		else rowsByExternalId.set(row.externalId, [row]);
	}
	/** Users whose email is on a row with another External ID: never deactivated by this run. */
	const emailConflicts = new Map<unknown, SyncRow>();
	const decisions: SyncDecision[] = [];
	const decide = (row: SyncRow, existing: IDataObject | undefined, rest: Partial<SyncDecision>) => {
		const decision: SyncDecision = {
			items: [row.item],
			action: 'skipped',
			externalId: row.externalId ?? null,
			externalIdField: row.externalIdField,
			person: row.person,
			userId: existing ? Number(existing.id) : null,
			changes: {},
			reason: null,
			...(row.fileRow ? { fileRow: row.fileRow } : {}),
			...rest,
		};
		decisions.push(decision);
		return decision;
	};
	/** Leavers' deactivations, counted with the missing Users' against Max Deactivations. */
	const leavers: SyncDecision[] = [];

	for (const row of rows) {
		const existing = row.externalId === undefined ? undefined : byExternalId.get(row.externalId);
		const sameId = row.externalId === undefined ? [] : (rowsByExternalId.get(row.externalId) ?? []);
		const status = statusOf(row, options);
		const column = quoted(row.statusColumn ?? 'Status');
		// A leaver needs only an External ID: nothing else of the row is read, nor ever created or updated.
		if (status === 'left' && row.externalId !== undefined && sameId.length <= 1) {
			if (existing) leavers.push(decide(row, existing, { action: 'deactivated', reason: `Left: ${column} is ${row.status}` }));
			// From 1.3 the reason leaves out the External ID (the item has it), so that a summary can group such rows.
			else if (options.stayingStatuses) decide(row, existing, { reason: `Left (${column} is ${row.status}), and the organization has no user with this External ID: nothing to deactivate` });
			else decide(row, existing, { reason: `Left ('Status' is ${row.status}), and the organization has no user with External ID ${row.externalId}: nothing to deactivate` });
			continue;
		}
		// A status that means neither creates nobody (a User the service has is compared as usual, not deactivated).
		if (status === 'unknown' && !existing && row.externalId !== undefined) {
			const unknown: UnknownValue = { field: 'status', column: row.statusColumn ?? 'Status', value: String(row.status) };
			decide(row, existing, { reason: `Not created: ${unknownStatus(row)}. Add it to one of them`, unknown });
			continue;
		}
		// From 1.3, a row that cannot create a User may still say what changed of one the service has.
		const wanted: GivenUser | undefined = row.user ?? (existing ? row.given : undefined);
		if (!wanted) {
			decide(row, existing, { reason: (existing ? row.givenInvalid : undefined) ?? row.invalid ?? `The ${row.fileRow ? 'row' : 'item'} could not be read` });
			continue;
		}
		if (sameId.length > 1) {
			decide(row, existing, {
				reason: `Duplicate External ID ${row.externalId} in the list (${placesOf(sameId)}): none of them was applied`,
			});
			continue;
		}
		const emailOwner = wanted.email === undefined ? undefined : byEmail.get(lower(wanted.email));
		if (emailOwner && String(emailOwner.external_id ?? '') !== wanted.external_id) {
			emailConflicts.set(emailOwner.id, row);
			decide(row, existing, {
				reason: `The email belongs to User ${String(emailOwner.id)} with External ID ${String(emailOwner.external_id ?? '')}; External ID cannot be changed through the API, so nothing was changed. Correct the list or the User in MinistrySafe`,
			});
			continue;
		}
		if (!existing) {
			// Without a User the service has, only a row that gives all a new User needs gets here.
			const creation = userToCreate(wanted as NewUser, options.columns, row.typeCell);
			if ('refused' in creation) {
				decide(row, existing, { reason: creation.refused, unknown: creation.unknown });
				continue;
			}
			const { user: create, reason } = creation;
			const { tag_list, ...fields } = create;
			const changes: Changes = {};
			for (const [field, value] of Object.entries(fields)) if (value !== undefined) changes[field] = { from: null, to: value };
			if (tag_list !== undefined) changes.tags = { from: null, to: sortedTags(tag_list.split(',')) };
			decide(row, existing, { action: 'created', changes, reason, create });
			continue;
		}
		const changes = changesOf(existing, wanted);
		const notes = [userTypeNote(existing, wanted), status === 'unknown' ? `${unknownStatus(row)}: not deactivated` : null];
		const reason = notes.filter(Boolean).join('; ') || null;
		if (Object.keys(changes).length === 0) {
			decide(row, existing, { action: 'unchanged', reason });
			continue;
		}
		const user: Record<string, string> = {};
		for (const field of ['first_name', 'last_name', 'email'] as const) if (changes[field]) user[field] = changes[field].to as string;
		decide(row, existing, {
			action: 'updated',
			changes,
			reason,
			update: { user, tag_list: changes.tags ? wanted.tag_list : undefined },
		});
	}

	const missing = options.deactivateMissing ? missingUsers(users, options, rowsByExternalId, emailConflicts) : { conflicted: [], candidates: [] };
	// Every input item once (a file's rows share their item).
	const allItems = [...new Set(rows.map((row) => row.item))];
	decisions.push(
		...missing.conflicted.map((user) =>
			missingDecision(user, allItems, 'skipped', `Not in the list, but its email is on ${placesOf([emailConflicts.get(user.id) as SyncRow])} with another External ID: not deactivated`),
		),
	);
	const count = leavers.length + missing.candidates.length;
	if (count > options.maxDeactivations) {
		// Over the cap, no one is deactivated: each says so.
		const reason =
			leavers.length === 0
				? `${count} users are missing from the list, more than 'Max Deactivations' (${options.maxDeactivations}): none was deactivated`
				: `${count} users would be deactivated (${leavers.length} who left, ${missing.candidates.length} missing from the list), more than 'Max Deactivations' (${options.maxDeactivations}): none was deactivated`;
		for (const leaver of leavers) Object.assign(leaver, { action: 'skipped', reason });
		decisions.push(...missing.candidates.map((user) => missingDecision(user, allItems, 'skipped', reason)));
	} else {
		decisions.push(...missing.candidates.map((user) => missingDecision(user, allItems, 'deactivated', 'Not in the list')));
	}
	return decisions;
}

/** Users missing from the list (and with the chosen Tag): those whose email a row uses are never deactivated. */
function missingUsers(users: IDataObject[], options: SyncOptions, inList: Map<string, SyncRow[]>, emailConflicts: Map<unknown, SyncRow>) {
	const tag = options.deactivateOnlyTag === undefined ? undefined : lower(options.deactivateOnlyTag);
	const missing = users.filter(
		(user) =>
			!inList.has(String(user.external_id ?? '')) && (tag === undefined || userTags(user).some((name) => lower(name) === tag)),
	);
	return {
		conflicted: missing.filter((user) => emailConflicts.has(user.id)),
		candidates: missing.filter((user) => !emailConflicts.has(user.id)),
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
