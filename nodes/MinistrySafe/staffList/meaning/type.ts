// What a staff list's type value says (node version 1.3): volunteer, employee, or not known. The service can never
// change a user's type (decisions.md 39), so a value is read only when the whole of it says one type (decisions.md
// 40); test/unit/staffValues.test.ts gives each word its public source.
import { namedTwice, ValueReader, Vocabulary, withWords } from '../words/valueWords';

export type TypeMeaning = 'volunteer' | 'employee';

/** The row's type cell (node version 1.3): the input field it came from, the value as written and what it says. */
export interface TypeCell {
	column: string;
	value: string;
	meaning?: TypeMeaning;
}


/** Words exports use for volunteers. */
export const VOLUNTEER_TYPES = ['volunteer', 'volunteers', 'vol', 'vols', 'unpaid'];

/**
 * Words and codes exports use for paid people: employees, staff, contractors, clergy. A word whose meaning depends on
 * the organisation (Teacher: a school's paid staff, a church's volunteer; Minister, Leader, Coach) is not one of them.
 */
export const EMPLOYEE_TYPES = [
	'employee',
	'employees',
	'emp',
	'staff',
	'paid',
	'ft',
	'pt',
	'full time',
	'part time',
	'regular',
	'reg',
	'temporary',
	'temp',
	'tmp',
	'seasonal',
	'year round',
	'contingent worker',
	'contingent',
	'contractor',
	'con',
	'consultant',
	'exempt',
	'non exempt',
	'hourly',
	'salaried',
	'pastor',
	'clergy',
	'priest',
	'faculty',
];

/** The values the user named ('Values That Mean Volunteer', 'Values That Mean Employee', or the upload form's answer). */
export interface NamedTypes {
	volunteers: string[];
	employees: string[];
}

function builtInTypes(): Vocabulary<TypeMeaning> {
	return withWords(withWords(new Vocabulary<TypeMeaning>(), VOLUNTEER_TYPES, 'volunteer'), EMPLOYEE_TYPES, 'employee');
}

/** The values named as both volunteer and employee: the user must say which. */
export const typesNamedTwice = (named: NamedTypes) => namedTwice(named.volunteers, named.employees);

/** A run's reader of types: the user's own values first, then the built-in words. */
export function typeReader(named: NamedTypes): ValueReader<TypeMeaning> {
	return new ValueReader(builtInTypes(), [
		{ values: named.volunteers, meaning: 'volunteer' },
		{ values: named.employees, meaning: 'employee' },
	]);
}
