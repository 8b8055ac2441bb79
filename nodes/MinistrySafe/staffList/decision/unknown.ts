// The values of a row the node does not know (node version 1.3): every one of them named at once, whoever's row it
// is, with what the user can do about each (contract.md "Every unknown value shown").
import { quoted } from '../../../shared/wording';
import type { StatusCell } from '../meaning/leaving';
import type { TypeCell } from '../meaning/type';
import { readsTypeColumn } from '../columns/settings';
import type { SyncOptions, UnknownValue } from './types';
import type { SyncRow } from '../row/staffRow';

/** Why one status cell says nothing the node knows. */
function whyStatus(cell: StatusCell): string {
	const said = `${quoted(cell.column)} is ${cell.value}`;
	if (cell.looksLike) return `${said}, and ${quoted(cell.column)} looks like a column that says whether a person left, but its name is not one the node knows`;
	if (cell.twoWays) return `${said}, which reads as two days (day or month first) that say different things, and no date of the list shows its order`;
	if (cell.kind === 'endDate') return `${said}, which is no date the node can read for certain (a date on or before today means left)`;
	if (cell.kind === 'heldFlag') return `${said}: held for now (suspended or locked), which does not say whether the person left`;
	if (cell.kind === 'accountControl') return `${said}, which is no account-control number`;
	if (cell.kind === 'goneFlag' || cell.kind === 'activeFlag') return `${said}, which says neither yes nor no`;
	return `${said}, which is in neither 'Statuses That Mean Left' nor 'Statuses That Mean Still There'`;
}

const whyType = (cell: TypeCell) => `${quoted(cell.column)} is ${cell.value}, which says neither volunteer nor employee`;

/** One value the node does not know, and why, in words; what the user can do about it. */
export interface Unknown extends UnknownValue {
	why: string;
	fix: string;
}

/** What the user can do about an unknown value, by what it is. */
const FIXES = {
	status: 'add it to one of them',
	date: "write the date as YYYY-MM-DD where the list is exported (or name the value in 'Statuses That Mean Left' or 'Statuses That Mean Still There')",
	column: "rename the column where the list is exported, or name the value in 'Statuses That Mean Left' or 'Statuses That Mean Still There'",
	type: "add the type to 'Values That Mean Volunteer' or 'Values That Mean Employee' (or choose a type under 'User Type for New Users')",
};

const fixOf = (cell: StatusCell) =>
	cell.looksLike ? FIXES.column : cell.twoWays || cell.kind === 'endDate' ? FIXES.date : FIXES.status;

/** A row's unknown values: its status cells that say nothing known (unless another says left), and its type cell. */
export function unknownValuesOf(row: SyncRow, options: SyncOptions, unknownStatuses: StatusCell[]): Unknown[] {
	const unknown: Unknown[] = unknownStatuses.map((cell) => ({ field: 'status', column: cell.column, value: cell.value, why: whyStatus(cell), fix: fixOf(cell) }));
	const type = row.typeCell;
	if (type && type.meaning === undefined && readsTypeColumn(options.columns)) {
		unknown.push({ field: 'user_type', column: type.column, value: type.value, why: whyType(type), fix: FIXES.type });
	}
	return unknown;
}

/** The values alone, as an item names them. */
export const unknownValues = (unknown: Unknown[]): UnknownValue[] => unknown.map(({ field, column, value }) => ({ field, column, value }));

/** What a User the service has does with an unknown value: a status does not deactivate it, a type is not used. */
export const unknownNote = ({ field, why }: Unknown) => `${why}: ${field === 'status' ? 'not deactivated' : 'not used, as the user exists'}`;

/** Why a new person with unknown values is not created, and what the user can do: every value at once. */
export function notCreated(unknown: Unknown[]): string {
	// "One of them" is the two options the status's why names; beside another value's fix they are named again.
	const fixes = [...new Set(unknown.map(({ fix }) => fix))].map((fix, _, all) =>
		fix === FIXES.status && all.length > 1 ? "add the status to 'Statuses That Mean Left' or 'Statuses That Mean Still There'" : fix,
	);
	const said =
		fixes.length === 1 && unknown.length > 1 && fixes[0] === FIXES.status
			? 'add each to one of them'
			: fixes.map((fix, index) => (index === 0 ? fix : fix.replace(/^add /, ''))).join(', and ');
	return `Not created: ${unknown.map(({ why }) => why).join('; ')}. ${said.charAt(0).toUpperCase()}${said.slice(1)}`;
}
