// How a column's name is read (node version 1.3, contract.md "A list read column by column"): as words, the way a
// value is read. Systems write one name many ways ("Termination Date", "termination_date", "terminationDate",
// "TERM_DT", "GW_Volunteers__Volunteer_Status__c"): split into words at spaces, punctuation and camelCase, a system's
// prefixes and suffixes dropped, and the abbreviations exports use read as their word. Before 1.3 a name is compared
// whole (`comparable`), case, spaces, underscores and punctuation ignored.
import { withoutAccents, wordsOf } from './valueWords';

/** A name as Map Automatically compares it: case, spaces, underscores and punctuation ignored, '#' read as "number". */
export const comparable = (name: string) =>
	name
		.toLowerCase()
		.replace(/#/g, 'number')
		.replace(/[^a-z0-9]+/g, '');

/** A field name without a note in square brackets at its end ("First Name [Required]", "Status [READ ONLY]"). */
export const withoutNote = (field: string) => field.replace(/(\s*\[[^\]]*\])+\s*$/, '');

/**
 * The name a file's column is given when an earlier column has the same name ("Email", then "Email (2)"): the two are
 * kept apart, and Map Automatically reads the second as it reads the first (node version 1.3).
 */
export const repeatedName = (name: string, count: number) => `${name} (${count})`;
export const withoutRepeat = (field: string) => field.replace(/\s\(\d+\)$/, '');

/** A field's name as node version 1.3 compares it: a repeat's number and a note dropped, then `comparable`. */
export const comparableName = (field: string) => comparable(withoutNote(withoutRepeat(field)));

/**
 * A system's own marks around a name, never a word of it: Salesforce's custom-field suffix `__c` and a managed
 * package's namespace before `__` (GW_Volunteers__Volunteer_Status__c), HubSpot's `hs_`, the `cf_` / `custom_` /
 * `custom.` of custom fields, and Raiser's Edge's `CnBio_` (the constituent's own fields). Sources: test/unit/nameWords.test.ts.
 */
const SYSTEM_MARKS = [/__c$/i, /^[A-Za-z0-9_]+?__(?=[A-Za-z])/, /^hs_/i, /^(cf|custom)[_.]/i, /^CnBio_/i];

/**
 * Abbreviations column names use, read as their word (sources: test/unit/nameWords.test.ts). 'No' and 'Nbr' are a
 * number ("Employee No"); 'Ind' and 'Flg' an indicator or a flag; 'Dt' a date. 'Term' stays as written: alone it is
 * a school term as often as a termination.
 */
const ABBREVIATIONS: Record<string, string> = {
	dt: 'date',
	dte: 'date',
	ind: 'indicator',
	flg: 'flag',
	fl: 'flag',
	num: 'number',
	no: 'number',
	nbr: 'number',
	nr: 'number',
	nmbr: 'number',
	cd: 'code',
	stat: 'status',
	sts: 'status',
	stts: 'status',
	emp: 'employee',
	empl: 'employee',
	ee: 'employee',
	sep: 'separation',
	termn: 'termination',
	yn: 'yes no',
};

/**
 * A column's name as words: lower case, accents dropped, split at spaces, punctuation and camelCase ("personID",
 * "staffNumber", "IsActive", "TERM_DT"), a system's marks and a note in square brackets dropped, '#' read as
 * "number", abbreviations as their word.
 */
export function nameWords(field: string): string[] {
	let name = withoutNote(withoutRepeat(field.trim()));
	for (const mark of SYSTEM_MARKS) name = name.replace(mark, '');
	const spaced = withoutAccents(name)
		.replace(/#/g, ' number ')
		// camelCase and its acronyms: "personID" -> person ID, "HTTPStatus" -> HTTP Status, "Employee2" stays one word.
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
	// Then split as a value is (valueWords.ts).
	return wordsOf(spaced).flatMap((word) => (ABBREVIATIONS[word] ?? word).split(' '));
}
