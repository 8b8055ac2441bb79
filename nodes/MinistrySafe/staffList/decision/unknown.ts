// The values of a row the node does not know (node version 1.3): every one of them named at once, whoever's row it
// is, with what the user can do about each (contract.md "Every unknown value shown").
import { quoted } from '../../../shared/wording';
import type { StatusCell } from '../person/leaving';
import type { TypeCell } from '../person/type';
import { readsTypeColumn } from '../parameters/settings';
import type { SyncOptions, SyncRow, UnknownValue } from './types';

/** Why one status cell says nothing the node knows. */
function whyStatus(cell: StatusCell): string {
	const said = `${quoted(cell.column)} is ${cell.value}`;
	if (cell.kind === 'endDate') return `${said}, which is no date the node can read for certain (a date on or before today means left)`;
	if (cell.kind === 'goneFlag') return `${said}, which says neither yes nor no`;
	return `${said}, which is in neither 'Statuses That Mean Left' nor 'Statuses That Mean Still There'`;
}

const whyType = (cell: TypeCell) => `${quoted(cell.column)} is ${cell.value}, which says neither volunteer nor employee`;

/** One value the node does not know, and why, in words. */
export interface Unknown extends UnknownValue {
	why: string;
}

/** A row's unknown values: its status cells that say nothing known (unless another says left), and its type cell. */
export function unknownValuesOf(row: SyncRow, options: SyncOptions, unknownStatuses: StatusCell[]): Unknown[] {
	const unknown: Unknown[] = unknownStatuses.map((cell) => ({ field: 'status', column: cell.column, value: cell.value, why: whyStatus(cell) }));
	const type = row.typeCell;
	if (type && type.meaning === undefined && readsTypeColumn(options.columns)) unknown.push({ field: 'user_type', column: type.column, value: type.value, why: whyType(type) });
	return unknown;
}

/** The values alone, as an item names them. */
export const unknownValues = (unknown: Unknown[]): UnknownValue[] => unknown.map(({ field, column, value }) => ({ field, column, value }));

/** What a User the service has does with an unknown value: a status does not deactivate it, a type is not used. */
export const unknownNote = ({ field, why }: Unknown) => `${why}: ${field === 'status' ? 'not deactivated' : 'not used, as the user exists'}`;

/** Why a new person with unknown values is not created, and what the user can do: every value at once. */
export function notCreated(unknown: Unknown[]): string {
	const statuses = unknown.filter((value) => value.field === 'status').length;
	const fix =
		statuses === unknown.length
			? `Add ${statuses === 1 ? 'it' : 'each'} to one of them`
			: `Add the status to 'Statuses That Mean Left' or 'Statuses That Mean Still There', and the type to 'Values That Mean Volunteer' or 'Values That Mean Employee' (or choose a type under 'User Type for New Users')`;
	return `Not created: ${unknown.map(({ why }) => why).join('; ')}. ${fix}`;
}
