// The columns a staff list says a person left in (node version 1.3, contract.md "Leaving said in any column"), by
// the names real exports give them; test/unit/leavingColumns.test.ts gives each name its public source. Compared as
// Map Automatically compares names (case, spaces and punctuation ignored, a note in square brackets dropped).
import type { LeavingKind } from '../person/leaving';
import { comparableName } from './names';

export const LEAVING_COLUMNS: Record<LeavingKind, string[]> = {
	// A status in words or codes (HR), or a membership or record status (church, school and club systems). Not a
	// relationship ('Membership', 'Connection Status': Member, Visitor) nor a role ('Staff Status': PowerSchool's 1 is a
	// teacher there, and 'Status' 1 is a current one).
	status: [
		'Status',
		'Employment Status',
		'Employee Status',
		'Position Status',
		'Record Status',
		'Membership Status',
		'Member Status',
		'Worker Status',
		'Status Type',
		'Status Code',
		'Employee Status Code',
		'Inactive Reason',
		'Record Status Reason',
	],
	// Yes while the person is there.
	activeFlag: ['Active', 'Is Active', 'Active Record', 'Active Employee'],
	// Yes (or a date) once the person is gone.
	goneFlag: ['Inactive', 'Deleted', 'Is Deleted', 'Archived', 'Archived Employee', 'Terminated', 'Is Terminated', 'Retired', 'Deceased', 'Is Deceased', 'Deceased Indicator'],
	// On or before today: left (unless a later hire date says the person came back).
	endDate: [
		'Termination Date',
		'Term Date',
		'Terminated Date',
		'Date Terminated',
		'Date of Termination',
		'Separation Date',
		'End Date',
		'Employment End Date',
		'Inactive Date',
		'Date Inactivated',
		'Departure Date',
		'Date Left',
		'Date Removed',
		'Deceased Date',
		'Date of Death',
		'Date Died',
	],
	// Not a leaving column: a hire date after an end date says that end date is an old one (a rehire).
	hireDate: ['Hire Date', 'Date of Hire', 'Date Hired', 'Rehire Date', 'Last Hire Date', 'Most Recent Hire Date', 'Start Date'],
};

const KIND_OF_NAME = new Map(
	(Object.entries(LEAVING_COLUMNS) as Array<[LeavingKind, string[]]>).flatMap(([kind, names]) => names.map((name) => [comparableName(name), kind] as const)),
);

/** The kind of a column that says whether its person left, or undefined for any other column. */
export const leavingKindOf = (field: string): LeavingKind | undefined => KIND_OF_NAME.get(comparableName(field));

/** A row's columns that say whether its person left, in the row's order. */
export function leavingColumnsOf(fields: string[]): Array<{ field: string; kind: LeavingKind }> {
	return fields.flatMap((field) => {
		const kind = leavingKindOf(field);
		return kind === undefined ? [] : [{ field, kind }];
	});
}
