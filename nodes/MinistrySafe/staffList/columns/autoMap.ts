// Map Automatically's rule: which input field fills each of a User's columns. HR, payroll, church-management and
// school systems name the same fields in many ways (docs/operations.md lists them); the rule knows their names, takes
// the best-ranked field when several would do, and never takes a field that names someone or something else.
import type { IDataObject } from 'n8n-workflow';

import { comparable, nameWords, withoutNote, withoutRepeat } from '../words/nameWords';

/** The columns Map Automatically fills (the resource mapper's field ids). */
export type AutoColumn = 'external_id' | 'first_name' | 'last_name' | 'email' | 'user_type' | 'tags' | 'status';

/** A tax or government ID (SSN, TIN, SIN, national insurance): never read, whatever it is called. */
const TAX_ID =
	/^(ssn|sin|tin|ein|fein|itin|nin)(number|no)?$|^ssn|ssn$|socialsecurity|socialinsurance|tax(payer)?(id|number|no)|national(insurance|id)|governmentid|federalid|socscnum|socsec/;

/** A field about someone or something other than the person: never their ID, name or email. */
const SOMEONE_ELSE =
	/household|family|spouse|partner|parent|guardian|mother|father|child|dependent|beneficiary|emergency|reference|supervisor|manager|reportsto|approver|head|campus|school|location|site|building|department|dept|division|company|organization|org(?!inal)|position|job|group|team|class|course|section|district|costcent(er|re)|batch|event|account|vendor|union/;

/** A system's own record ID, or the ID of something that is not a person (node version 1.3): never the key. */
const INTERNAL_ID = /guid|uuid|objectid|^sid$|dcid|^wid$|sourcedid|rowid|recordid|recid|internal|status|type|role|reason|gender|title|language|country|state/;

/** A former name: never the person's name now. */
const FORMER = /previous|former|maiden|birth|prior/;

/** Rank 0 is best; within a rank the first field of the row wins. */
interface Rule {
	rank: number;
	/** `name` is the field's comparable name, `field` the field's own. */
	matches: (name: string, field: string) => boolean;
}

/** "<Name> ID", "<Name>_id" or "<name>Id": ends in the word ID (not "Paid", not "Valid"). */
const endsInId = (field: string) => /[\s_.-]id$/i.test(field.trim()) || /[a-z0-9](Id|ID)$/.test(field.trim());

/** One of these names, compared as a version compares names (whole before 1.3; by words from 1.3). */
const exactly = (...names: string[]) => {
	const known = new Set(names.flatMap((written) => [comparable(written), nameWords(written).join('')]));
	return (name: string) => known.has(name);
};

/** The rules per column, best first: the service's id and the editor's label, then the names exports use. */
export const AUTO_MAP_RULES: Record<AutoColumn, Rule[]> = {
	external_id: [
		{ rank: 0, matches: exactly('external_id', 'External ID') },
		{ rank: 1, matches: exactly('employee_id', 'Employee ID') },
		{
			rank: 2,
			matches: exactly(
				'Associate ID',
				'Employee Code',
				'Employee Number',
				'Employee No',
				'Person ID',
				'Individual ID',
				'Member ID',
				'Staff ID',
				'Staff Number',
				'Worker ID',
				'Teacher ID',
			),
		},
		// A system's own "<Name> ID" (Breeze ID, Rock ID, Teacher_id): the person's record in that system.
		{ rank: 3, matches: (name, field) => endsInId(field) && !SOMEONE_ELSE.test(name) && !name.includes('mail') },
		// A bare ID, when nothing better is there.
		{ rank: 4, matches: exactly('ID') },
	],
	first_name: [
		{ rank: 0, matches: exactly('first_name', 'First Name') },
		{ rank: 1, matches: exactly('Legal First Name', 'Given Name', 'First', 'FName') },
		{ rank: 2, matches: (name) => name.endsWith('firstname') && !/preferred|nick/.test(name) && !SOMEONE_ELSE.test(name) },
		// A nickname only when there is no first name.
		{ rank: 3, matches: exactly('Preferred Name', 'Preferred First Name', 'Nickname', 'Nick Name', 'Goes By', 'Known As') },
	],
	last_name: [
		{ rank: 0, matches: exactly('last_name', 'Last Name') },
		{ rank: 1, matches: exactly('Legal Last Name', 'Surname', 'Family Name', 'Last', 'LName') },
		{ rank: 2, matches: (name) => name.endsWith('lastname') && !/preferred/.test(name) && !SOMEONE_ELSE.test(name) },
	],
	// A work email before the plain one (Gusto's `email` is the personal one), a personal or home one last.
	email: [
		{ rank: 0, matches: (name) => /(work|business|company|office|staff|school)e?mail/.test(name) && !SOMEONE_ELSE.test(name.replace(/school|company/g, '')) },
		{ rank: 1, matches: exactly('email', 'Email', 'Email Address', 'E-mail', 'Primary Email', 'Primary Email Address', 'Mail') },
		// Any other email of the person's own (Teacher_email, Employee Email).
		{
			rank: 2,
			matches: (name) => name.includes('email') && !/personal|home|private|other|alternate|secondary/.test(name) && !SOMEONE_ELSE.test(name),
		},
		{ rank: 3, matches: (name) => name.includes('email') && !SOMEONE_ELSE.test(name) },
	],
	user_type: [{ rank: 0, matches: exactly('user_type', 'User Type') }],
	tags: [{ rank: 0, matches: exactly('tags', 'Tags') }],
	// Named statuses only: a marital or tax status ("Separated") must never read as a leaver.
	status: [
		{ rank: 0, matches: exactly('status', 'Status') },
		{ rank: 1, matches: exactly('Employment Status', 'Employee Status') },
		{
			rank: 2,
			matches: exactly('Position Status', 'Record Status', 'Membership Status', 'Member Status', 'Worker Status', 'Staff Status'),
		},
	],
};

/**
 * Node version 1.3 also fills User Type from the columns exports give a person's type or role (their values are read
 * by person/values.ts), and maps a field name without a note in square brackets at its end.
 */
export const AUTO_MAP_RULES_1_3: Record<AutoColumn, Rule[]> = {
	...AUTO_MAP_RULES,
	// More names of the organisation's own staff number, and never a system's internal record ID (a GUID, a database
	// key, OneRoster's sourcedId, Entra's objectId) or an ID of a status, type or state: the key is chosen among the
	// candidates by the IDs the service has (columns/key.ts), and these must not be among them.
	external_id: [
		...AUTO_MAP_RULES.external_id.filter(({ rank }) => rank <= 2),
		{
			rank: 2,
			matches: exactly(
				'Teacher Number',
				'Local Staff ID',
				'Local Staff Number',
				'HRID',
				'HR ID',
				'Identifier',
				'Person Number',
				'Personnel Number',
				'Employee Identifier',
				'External Identifier',
				'EMPLOYID',
			),
		},
		{ rank: 3, matches: (name, field) => endsInId(field) && !SOMEONE_ELSE.test(name) && !name.includes('mail') && !INTERNAL_ID.test(name) },
		...AUTO_MAP_RULES.external_id.filter(({ rank }) => rank === 4),
	],
	// Legal names first: background checks are ordered in legal names, and Planning Center's 'First Name' is the name a
	// person goes by beside 'Given Name', the legal one (contract.md "Reading a value as it is meant").
	first_name: [
		{ rank: 0, matches: exactly('Legal First Name', 'Given Name') },
		{ rank: 1, matches: exactly('first_name', 'First Name', 'First', 'FName') },
		// Never a former name (Aeries' PreviousFirstName, a maiden or birth name).
		...AUTO_MAP_RULES.first_name.filter(({ rank }) => rank >= 2).map((rule) => ({ ...rule, matches: (name: string, field: string) => !FORMER.test(name) && rule.matches(name, field) })),
	],
	last_name: [
		{ rank: 0, matches: exactly('Legal Last Name') },
		{ rank: 1, matches: exactly('last_name', 'Last Name', 'Surname', 'Family Name', 'Last', 'LName') },
		...AUTO_MAP_RULES.last_name.filter(({ rank }) => rank >= 2),
	],
	user_type: [
		...AUTO_MAP_RULES.user_type,
		{
			rank: 1,
			matches: exactly(
				'Employee Type',
				'Worker Type',
				'Person Type',
				'Staff Type',
				'Member Type',
				'Employment Type',
				'Worker Category',
				'Worker Category Description',
				'Employee Category',
				'Employee Class',
				'Employee Classification',
				'Worker Classification',
				'Role',
				'Volunteer or Staff',
				'Staff or Volunteer',
				'Volunteer/Staff',
				'Paid or Volunteer',
			),
		},
		// Any other name whose words say a person's type ('Participant Type', 'Staff Category', 'EMP_CLASS').
		{ rank: 1, matches: (name, field) => typeWords(field) === 'type' },
		// A code beside its description ('Worker Category Code' beside 'Worker Category Description'): only when the
		// description is blank or missing.
		{ rank: 2, matches: (name, field) => exactly('Worker Category Code', 'Employee Type Code', 'Employee Class Code')(name) || typeWords(field) === 'code' },
	],
};

/** The words of a type column's name: one says a type, one whose type, and nothing else (a pay type is no person's). */
const TYPE_SAYS = ['type', 'category', 'class', 'classification', 'kind'];
const TYPE_OF = ['employee', 'employment', 'worker', 'staff', 'person', 'member', 'participant', 'volunteer', 'user'];
const TYPE_ALSO = ['description', 'desc', 'or', 'and', 'paid', 'the', 'of'];
function typeWords(field: string): 'type' | 'code' | undefined {
	const words = nameWords(field);
	const code = words.at(-1) === 'code';
	const rest = code ? words.slice(0, -1) : words;
	if (!rest.some((word) => TYPE_SAYS.includes(word)) || !rest.some((word) => TYPE_OF.includes(word))) return undefined;
	return rest.every((word) => TYPE_SAYS.includes(word) || TYPE_OF.includes(word) || TYPE_ALSO.includes(word)) ? (code ? 'code' : 'type') : undefined;
}

/** The rank at which a field's name fills a column, or undefined when it does not; `at1_3`: node version 1.3's rule. */
export function rankOf(column: AutoColumn, field: string, at1_3 = false): number | undefined {
	// From 1.3 a name is read by its words: a system's marks and a note dropped, abbreviations read ('EmpNbr').
	const name = at1_3 ? nameWords(field).join('') : comparable(field);
	const named = at1_3 ? withoutNote(withoutRepeat(field)) : field;
	if (name === '' || TAX_ID.test(name)) return undefined;
	return (at1_3 ? AUTO_MAP_RULES_1_3 : AUTO_MAP_RULES)[column].find((rule) => rule.matches(name, named))?.rank;
}

/** Whether Map Automatically would never read this field (a tax ID). */
export const neverRead = (field: string) => TAX_ID.test(comparable(field));

/** The input fields that could fill a column, best first: by rank, and within a rank in the row's order. */
export function candidatesFor(column: AutoColumn, fields: string[], at1_3 = false): string[] {
	return fields
		.map((field, position) => ({ field, position, rank: rankOf(column, field, at1_3) }))
		.filter((candidate): candidate is { field: string; position: number; rank: number } => candidate.rank !== undefined)
		.sort((a, b) => a.rank - b.rank || a.position - b.position)
		.map(({ field }) => field);
}

/** The input field that fills each column: the best-ranked, and of those the first in the row. */
export function autoMapped(fields: string[], columns: readonly AutoColumn[], at1_3 = false): Partial<Record<AutoColumn, string>> {
	const found: Partial<Record<AutoColumn, string>> = {};
	for (const column of columns) {
		const [best] = candidatesFor(column, fields, at1_3);
		if (best !== undefined) found[column] = best;
	}
	return found;
}

/**
 * One set of field names mapped: each column's field and (node version 1.3) every field that could fill it, best
 * first, so that a row's first one not blank fills it: a blank never hides a filled cell.
 */
export interface RowMapping {
	mapped: Partial<Record<AutoColumn, string>>;
	candidates: Partial<Record<AutoColumn, string[]>>;
}

/** Mappings already made in a run, by the row's field names: a staff list's rows share their columns. */
export type RowMappings = Map<string, RowMapping>;

/**
 * The mapping of one row, worked out once per set of field names in the run (`made`, kept by the run's settings, with
 * which the columns, the version and the chosen columns stay the same). A column `chosen` for a field (a file's
 * options name it) fills that field, alone.
 */
export function autoMappedRow(
	json: IDataObject,
	columns: readonly AutoColumn[],
	at1_3: boolean,
	made: RowMappings,
	chosen: Partial<Record<AutoColumn, string>> = {},
): RowMapping {
	const fields = Object.keys(json);
	const key = fields.join('\u0000');
	let mapping = made.get(key);
	if (!mapping) {
		const candidates = at1_3 ? Object.fromEntries(columns.map((column) => [column, candidatesFor(column, fields, true)])) : {};
		mapping = { mapped: autoMapped(fields, columns, at1_3), candidates };
		for (const [column, field] of Object.entries(chosen) as Array<[AutoColumn, string]>) {
			mapping.mapped[column] = field;
			mapping.candidates[column] = [field];
		}
		made.set(key, mapping);
	}
	return mapping;
}
