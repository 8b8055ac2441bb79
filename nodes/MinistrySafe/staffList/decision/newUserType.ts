// The type a new User is created with (node version 1.2, `newUserType`): the service cannot set a User's type later,
// so a User the node cannot type is not created. From node version 1.3 the row's type may be written in the words
// exports use (person/type.ts): a value that says neither type creates nobody, named so a summary can group it.
import { quoted } from '../../../shared/wording';
import type { ColumnsSettings } from '../columns/settings';
import type { NewUser } from '../../users/newUser';
import type { TypeCell } from '../meaning/type';
import type { UnknownValue } from './types';

/** A refusal to create a User: what happened, short (an error's title), and how to fix it (its description). */
export interface Refusal {
	what: string;
	fix: string;
}

/** Why a User is not created without a type: the service cannot set one later. */
const NO_USER_TYPE: Refusal = {
	what: "Not created: no 'User Type' is given",
	fix: "Map a 'User Type' column, or choose 'Employee' or 'Volunteer' under 'User Type for New Users' ('No Type (Cannot Be Set Later)' creates users without one)",
};

/** What a person of the list is called: an input item, or a row of a file (node version 1.3). */
export type Noun = 'item' | 'row';

const CANNOT_SET_LATER = "the service cannot set a user's type later";

/** A refusal as one text (Sync's 'reason'): what, why, then the fix. */
const inOneText = ({ what, fix }: Refusal) => `${what}, and ${CANNOT_SET_LATER}. ${fix}`;


const TYPE_NAMES: Record<string, string> = { employee: 'Employee', volunteer: 'Volunteer' };


/** Why a row whose type says neither volunteer nor employee creates nobody, and what to do. */
function unknownTypeRefusal(cell: TypeCell, sync: boolean): Refusal {
	return {
		what: `Not created: ${quoted(cell.column)} is ${cell.value}, which says neither volunteer nor employee`,
		fix: sync
			? "Add it to 'Values That Mean Volunteer' or 'Values That Mean Employee', or choose a type under 'User Type for New Users'"
			: "Write Volunteer or Employee in the item, or choose a type under 'User Type for New Users'",
	};
}

/** The unknown value of a type cell, in the fields a summary groups by. */
export const unknownType = (cell: TypeCell | undefined): UnknownValue | undefined =>
	cell && cell.meaning === undefined ? { field: 'user_type', column: cell.column, value: cell.value } : undefined;

/**
 * The User to create, with its type: a chosen type for every new User (said when the item asked for another), the
 * item's own, or none when 'No Type' is chosen; with 'From Columns' an item without a type creates nobody (`refused`,
 * in one text; `refusal`, what and how to fix it apart).
 * A type cell that says neither type (node version 1.3) creates nobody unless a type is chosen, whatever the choice.
 */
export function userToCreate(
	wanted: NewUser,
	settings: ColumnsSettings | undefined,
	typeCell?: TypeCell,
	noun: Noun = 'item',
): { user: NewUser; reason: string | null } | { refused: string; refusal: Refusal; unknown?: UnknownValue } {
	const choice = settings?.newUserType;
	if (choice === 'employee' || choice === 'volunteer') {
		const asked = typeCell ? typeCell.meaning : wanted.user_type;
		const overridden = typeCell ? asked !== choice : wanted.user_type !== undefined && wanted.user_type !== choice;
		const given = typeCell ? `${quoted(typeCell.column)} (${typeCell.value})` : `'User Type' (${wanted.user_type})`;
		const reason = overridden
			? `Created as ${TYPE_NAMES[choice]}, the type chosen under 'User Type for New Users'; the ${noun}'s ${given} was not used`
			: null;
		return { user: { ...wanted, user_type: choice }, reason };
	}
	const unknown = unknownType(typeCell);
	if (unknown && typeCell) {
		const refusal = unknownTypeRefusal(typeCell, settings?.sync ?? false);
		return { refused: inOneText(refusal), refusal, unknown };
	}
	if (choice === 'fromColumns' && wanted.user_type === undefined) return { refused: inOneText(NO_USER_TYPE), refusal: NO_USER_TYPE };
	return { user: wanted, reason: null };
}
