// What Sync does with one row of the staff list: deactivate a leaver, create, update, leave unchanged, or skip and
// say why. Decided from the row and the Users as read once (plan.ts), before anything is sent.
import { quoted } from '../../../shared/wording';
import { type GivenUser, type NewUser, userTypeNote } from '../../users/newUser';
import { rowStatus, type StatusCell } from '../meaning/leaving';
import { changesOf, lower, sortedTags } from './changes';
import { userToCreate } from './newUserType';
import { placesOf } from './places';
import type { Changes, ListIndex, SyncDecision, SyncOptions } from './types';
import type { LostCharacters } from '../row/lostCharacters';
import type { SyncRow } from '../row/staffRow';
import { notCreated, unknownNote, unknownValues, unknownValuesOf } from './unknown';

/**
 * What a row's status says, and the cells that say it; undefined without one. Before node version 1.3 a status is a
 * leaver's (one of 'Statuses That Mean Left', as written) or nothing; from 1.3 every cell that can say it is read.
 */
function statusOf(row: SyncRow, options: SyncOptions): ReturnType<typeof rowStatus> {
	if (options.columns?.at1_3) return rowStatus(row.statusCells ?? []);
	if (row.status === undefined || !options.leaverStatuses.includes(lower(row.status))) return undefined;
	return { meaning: 'left', cells: [{ column: 'Status', value: row.status, kind: 'status', meaning: 'left' }] };
}

/** The decision for one row; a row whose email is another User's is recorded in `index.emailConflicts`. */
export function decideRow(row: SyncRow, index: ListIndex, options: SyncOptions): SyncDecision {
	const existing = row.externalId === undefined ? undefined : index.byExternalId.get(row.externalId);
	const decide = (rest: Partial<SyncDecision>): SyncDecision => ({
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
	});
	const sameId = row.externalId === undefined ? [] : (index.rowsByExternalId.get(row.externalId) ?? []);
	const status = statusOf(row, options);
	// A leaver needs only an External ID: nothing else of the row is read, nor ever created or updated.
	if (status?.meaning === 'left' && row.externalId !== undefined && sameId.length <= 1) return leaver(row, status.cells[0], existing !== undefined, options, decide);
	// Every value the node does not know, named at once, whoever's row it is.
	const unknown = unknownValuesOf(row, options, status?.meaning === 'unknown' ? status.cells : []);
	const named = unknown.length > 0 ? { unknown: unknownValues(unknown) } : {};
	// An unknown status creates nobody (a User the service has is compared as usual, not deactivated); a type alone is
	// refused where a new User's type is decided (newUserType.ts).
	if (unknown.some(({ field }) => field === 'status') && !existing && row.externalId !== undefined) return decide({ reason: notCreated(unknown), ...named });
	// From 1.3, a row that cannot create a User may still say what changed of one the service has; a name or email
	// that lost characters when the file was saved is never written over what the service has.
	const lost = row.lost?.length ? { lost: row.lost } : {};
	const read: GivenUser | undefined = row.user ?? (existing ? row.given : undefined);
	const wanted = read && row.lost ? withoutLost(read, row.lost) : read;
	if (!wanted) {
		return decide({ reason: (existing ? row.givenInvalid : undefined) ?? row.invalid ?? `The ${row.fileRow ? 'row' : 'item'} could not be read`, ...named, ...lost });
	}
	if (sameId.length > 1) {
		return decide({ reason: `Duplicate External ID ${row.externalId} in the list (${placesOf(sameId)}): none of them was applied`, ...named, ...lost });
	}
	if (row.lost && !existing) return decide({ reason: `Not created: ${lostSaid(row.lost)}. ${LOST_FIX}`, ...named, ...lost });
	const emailOwner = wanted.email === undefined ? undefined : index.byEmail.get(lower(wanted.email));
	if (emailOwner && String(emailOwner.external_id ?? '') !== wanted.external_id) {
		index.emailConflicts.set(emailOwner.id, row);
		return decide({
			reason: `The email belongs to User ${String(emailOwner.id)} with External ID ${String(emailOwner.external_id ?? '')}; External ID cannot be changed through the API, so nothing was changed. Correct the list or the User in MinistrySafe`,
			...named,
		});
	}
	if (!existing) return creation(row, wanted as NewUser, options, decide);
	const changes = changesOf(existing, wanted);
	const notes = [userTypeNote(existing, wanted), ...unknown.map(unknownNote), row.lost ? `${lostSaid(row.lost)}: not written over what MinistrySafe has` : null];
	const reason = notes.filter(Boolean).join('; ') || null;
	if (Object.keys(changes).length === 0) return decide({ action: 'unchanged', reason, ...named, ...lost });
	return decide({ action: 'updated', changes, reason, update: updateOf(changes, wanted), ...named, ...lost });
}

/** What a row's cells that lost characters say, in words. */
const lostSaid = (lost: LostCharacters) =>
	`${lost.map(({ column, value }) => `${quoted(column)} is ${value}`).join(', ')}, where the file lost ${lost.length === 1 ? 'a letter' : 'letters'} ('?' or '\uFFFD' in its place)`;

/** What to do about characters a file lost: they are gone from the file, and only its export has them. */
const LOST_FIX =
	"Excel's plain CSV loses every letter Windows-1252 cannot hold: save the export as 'CSV UTF-8' (or correct the name in it) and run again";

/** The fields a row gives, without those that lost characters: left as the service has them. */
function withoutLost(wanted: GivenUser, lost: LostCharacters): GivenUser {
	const kept = { ...wanted };
	for (const { field } of lost) delete kept[field];
	return kept;
}

/** A row whose status says its person left: their User deactivated, or skipped when the service has none. */
function leaver(row: SyncRow, cell: StatusCell, known: boolean, options: SyncOptions, decide: (rest: Partial<SyncDecision>) => SyncDecision): SyncDecision {
	const said = `${quoted(cell.column)} is ${cell.value}`;
	if (known) return decide({ action: 'deactivated', reason: `Left: ${said}` });
	// From 1.3 the reason leaves out the External ID (the item has it), so that a summary can group such rows.
	if (options.columns?.at1_3) return decide({ reason: `Left (${said}), and the organization has no user with this External ID: nothing to deactivate` });
	return decide({ reason: `Left (${said}), and the organization has no user with External ID ${row.externalId}: nothing to deactivate` });
}

/** A new User: created with its type, or skipped when it cannot be typed. */
function creation(row: SyncRow, wanted: NewUser, options: SyncOptions, decide: (rest: Partial<SyncDecision>) => SyncDecision): SyncDecision {
	// Without a User the service has, only a row that gives all a new User needs gets here.
	const created = userToCreate(wanted, options.columns, row.typeCell, row.fileRow ? 'row' : 'item');
	if ('refused' in created) return decide({ reason: created.refused, ...(created.unknown ? { unknown: [created.unknown] } : {}) });
	const { user: create, reason } = created;
	const { tag_list, ...fields } = create;
	const changes: Changes = {};
	for (const [field, value] of Object.entries(fields)) if (value !== undefined) changes[field] = { from: null, to: value };
	if (tag_list !== undefined) changes.tags = { from: null, to: sortedTags(tag_list.split(',')) };
	return decide({ action: 'created', changes, reason, create });
}

/** What Update a User is sent: the changed fields only. */
function updateOf(changes: Changes, wanted: GivenUser): SyncDecision['update'] {
	const user: Record<string, string> = {};
	for (const field of ['first_name', 'last_name', 'email'] as const) if (changes[field]) user[field] = changes[field].to as string;
	return { user, tag_list: changes.tags ? wanted.tag_list : undefined };
}
