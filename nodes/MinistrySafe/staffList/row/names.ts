// How Map Automatically compares a column's name: case, spaces, underscores and punctuation ignored, '#' read as
// "number"; from node version 1.3 a note in square brackets at its end, and the number a file's repeated column is
// given, dropped.

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
