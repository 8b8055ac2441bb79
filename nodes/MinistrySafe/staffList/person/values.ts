// What a staff list's cells mean (node version 1.3, contract.md "Node version 1.3: the values in staff lists"): a
// status that says the person left or is still there, a type that says volunteer or employee. HR, payroll and church
// systems write them in their own words and codes (test/unit/staffValues.test.ts gives each its public source). A
// person's type can never be changed later and a person who left must never be invited again (decisions.md 39), so a
// value that is not known means nothing: it creates and deactivates nobody.

/** A value's words: lower case, accents dropped, split wherever there is a space or punctuation. */
export const wordsOf = (value: string): string[] =>
	value
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter(Boolean);

/** A phrase's words run together, worked out once per phrase: every row of a long list is read against them all. */
const joined = new Map<string, string>();
function joinedWords(phrase: string): string {
	let found = joined.get(phrase);
	if (found === undefined) {
		found = wordsOf(phrase).join('');
		if (joined.size > 1000) joined.clear();
		joined.set(phrase, found);
	}
	return found;
}

/**
 * Whether the value says the phrase: a run of the value's whole words that, put together, is the phrase, ignoring
 * case, spaces and punctuation ("Full-Time", "Full Time" and "fulltime" say "full time"; "Inactive" does not say
 * "active").
 */
export function says(words: string[], phrase: string): boolean {
	const wanted = joinedWords(phrase);
	if (wanted === '') return false;
	for (let start = 0; start < words.length; start++) {
		let joined = '';
		for (let end = start; end < words.length && joined.length < wanted.length; end++) {
			joined += words[end];
			if (joined === wanted) return true;
		}
	}
	return false;
}

/** Whether the whole value is the code ("T", "TERM"): a letter code means something only on its own. */
const isCode = (words: string[], code: string) => words.join('') === joinedWords(code);

/** Codes exports use for people who left, read only as the whole value. */
export const LEAVER_CODES = ['T', 'TERM', 'TERMED', 'I', 'R', 'D', 'XT'];

/** Words and phrases exports use for people who left, read wherever they are among the value's words. */
export const LEAVER_PHRASES = [
	'terminated',
	'termination',
	'inactive',
	'left',
	'leaver',
	'former',
	'separated',
	'separation',
	'resigned',
	'resignation',
	'retired',
	'retiree',
	'deceased',
	'dismissed',
	'discharged',
	'laid off',
	'no longer attending',
	'no longer employed',
	'no longer active',
	'not active',
	'withdrawn',
	'moved away',
	'deactivated',
	'to be deleted',
];

/** What 'Statuses That Mean Still There' holds when it is not set: what exports write for people still there. */
export const STAYING_STATUSES =
	'A, Active, L, Leave, On Leave, Leave of Absence, LOA, Current, Employed, Member, Attender, Attendee, Regular Attender';

/** Words exports use for volunteers. */
export const VOLUNTEER_TYPES = ['volunteer', 'volunteers', 'vol', 'vols', 'unpaid'];

/** Words and codes exports use for paid people: employees, staff, contractors, clergy, teachers. */
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
	'contingent worker',
	'contingent',
	'contractor',
	'con',
	'consultant',
	'exempt',
	'hourly',
	'salaried',
	'pastor',
	'clergy',
	'minister',
	'priest',
	'teacher',
	'faculty',
];

/** What a status means: the person left, is still there, or the value is not known. */
export type StatusMeaning = 'left' | 'staying' | 'unknown';

/** The words that say what a status means: the built-in ones and the node's two options. */
export interface StatusWords {
	/** 'Statuses That Mean Left': added to the built-in ones. */
	leavers: string[];
	/** 'Statuses That Mean Still There'. */
	staying: string[];
}

/** A leaver's word wins over a staying one: "Inactive Member" has left. */
export function statusMeaning(value: string, words: StatusWords): StatusMeaning {
	const valueWords = wordsOf(value);
	if (LEAVER_CODES.some((code) => isCode(valueWords, code))) return 'left';
	if ([...LEAVER_PHRASES, ...words.leavers].some((phrase) => says(valueWords, phrase))) return 'left';
	if (words.staying.some((phrase) => says(valueWords, phrase))) return 'staying';
	return 'unknown';
}

/** The words that say a type: the built-in ones and the node's two options, which add to them. */
export interface TypeWords {
	volunteers: string[];
	employees: string[];
}

/**
 * The service's user type a value says, or undefined when it says neither, or both ("Volunteer Staff" is not known:
 * a guess would be for ever).
 */
export function typeMeaning(value: string, words: TypeWords = { volunteers: [], employees: [] }): 'volunteer' | 'employee' | undefined {
	const valueWords = wordsOf(value);
	const volunteer = [...VOLUNTEER_TYPES, ...words.volunteers].some((phrase) => says(valueWords, phrase));
	const employee = [...EMPLOYEE_TYPES, ...words.employees].some((phrase) => says(valueWords, phrase));
	if (volunteer === employee) return undefined;
	return volunteer ? 'volunteer' : 'employee';
}

/** A cell whose value the node does not know: which of its fields, the input field it came from, the cell as written. */
export interface UnknownValue {
	field: 'status' | 'user_type';
	column: string;
	value: string;
}
