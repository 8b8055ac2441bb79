// The list's key, never by position (node version 1.3, contract.md "A list read column by column"): where more than one
// column could be the External ID (a system's internal person ID beside the staff number), the one whose values the
// service already has, for the same people, is taken. Where that does not decide, nothing is sent: the candidates are
// named. A key is for ever: a person matched on the wrong one is created again, and a leaver never deactivated.
import type { IDataObject } from 'n8n-workflow';

import { cellText } from '../cells/cell';
import { keyOf } from '../words/valueWords';
import type { ListColumns } from './listColumns';
import { keyRank } from './listColumns';

/** One column that could be the key: how many rows give an ID in it, and how many of those the service has. */
export interface KeyCandidate {
	column: string;
	/** The distinct IDs it gives. */
	ids: number;
	/** Of those, the IDs the service has, for the same person (email or name). */
	known: number;
}

export type KeyChoice = { key: KeyCandidate; candidates: KeyCandidate[] } | { undecided: KeyCandidate[] };

/** What a row's names and email are, as its first filled column of each gives them. */
function personOf(row: IDataObject, columns: ListColumns) {
	const first = (field: 'first_name' | 'last_name' | 'email') =>
		(columns.fields[field] ?? []).map((column) => cellText(row[column])).find((value) => value !== undefined);
	return { first_name: first('first_name'), last_name: first('last_name'), email: first('email') };
}

/** Whether a row and a User the service has are one person: the same email, or the same first and last name. */
function samePerson(row: IDataObject, user: IDataObject, columns: ListColumns): boolean {
	const person = personOf(row, columns);
	if (person.email !== undefined && String(user.email ?? '').trim().toLowerCase() === person.email.toLowerCase()) return true;
	const named = (value: unknown) => keyOf(String(value ?? ''));
	return (
		person.first_name !== undefined &&
		person.last_name !== undefined &&
		named(user.first_name) === named(person.first_name) &&
		named(user.last_name) === named(person.last_name)
	);
}

/** Each candidate counted against the service's Users: its distinct IDs, and those the service has for the same person. */
function counted(rows: IDataObject[], candidates: string[], users: IDataObject[], columns: ListColumns): KeyCandidate[] {
	const byExternalId = new Map(users.map((user) => [String(user.external_id ?? ''), user]));
	return candidates.map((column) => {
		const ids = new Set<string>();
		const known = new Set<string>();
		for (const row of rows) {
			const id = cellText(row[column]);
			if (id === undefined) continue;
			ids.add(id);
			const user = byExternalId.get(id);
			if (user && samePerson(row, user, columns)) known.add(id);
		}
		return { column, ids: ids.size, known: known.size };
	});
}

/** Whether two columns give the same ID on every row that fills both: one key written twice. */
const agree = (rows: IDataObject[], first: string, second: string) =>
	rows.every((row) => {
		const [a, b] = [cellText(row[first]), cellText(row[second])];
		return a === undefined || b === undefined || a === b;
	});

/**
 * The key: a column the options name; the only candidate; the one whose IDs the service has for the same people while
 * no other's are (or another gives the same IDs); with none known, the one named as the service names it ('External
 * ID', 'Employee ID'). Otherwise undecided, with every candidate counted.
 */
export function chooseKey(rows: IDataObject[], columns: ListColumns, users: IDataObject[], chosen?: string): KeyChoice | undefined {
	const names = chosen === undefined ? (columns.fields.external_id ?? []) : [chosen];
	const all = counted(rows, names, users, columns);
	// A column blank in every row is no candidate; when every one is, the first says the key's column is empty.
	const candidates = all.filter(({ ids }) => ids > 0);
	if (all.length === 0) return undefined;
	if (candidates.length <= 1) return { key: candidates[0] ?? all[0], candidates: all };
	const byKnown = [...candidates].sort((a, b) => b.known - a.known);
	const [best] = byKnown;
	if (best.known > 0 && byKnown.slice(1).every((other) => other.known === 0 || agree(rows, best.column, other.column))) {
		return { key: best, candidates };
	}
	if (best.known === 0) {
		const ownNames = candidates.filter(({ column }) => (keyRank(column) ?? Infinity) <= 1);
		if (ownNames.length === 1) return { key: ownNames[0], candidates };
	}
	return { undecided: candidates };
}

/** The key's candidates that give an ID in some row (whether the key is empty in every row is known before any request). */
export const filledCandidates = (rows: IDataObject[], columns: ListColumns, chosen?: string) =>
	(chosen === undefined ? (columns.fields.external_id ?? []) : [chosen]).filter((column) => rows.some((row) => cellText(row[column]) !== undefined));

/** Every column's reading once the key is chosen: the key with its count, the other candidates not read. */
export function readingsWithKey(columns: ListColumns, choice: { key: KeyCandidate; candidates: KeyCandidate[] }) {
	const { key } = choice;
	const others = new Set(choice.candidates.map(({ column }) => column).filter((column) => column !== key.column));
	return columns.readings.map(({ column, reading }) => ({
		column,
		reading:
			column === key.column
				? `external_id (the key: ${key.known} of ${key.ids} ${key.ids === 1 ? 'ID' : 'IDs'} in MinistrySafe)`
				: others.has(column)
					? `not read: another ID (the key is '${key.column}')`
					: reading,
	}));
}
