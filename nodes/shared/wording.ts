// How every message of the package names a field and an item, as n8n's UX guidelines ask and its own errors do:
// "'First Name' is required [item 3]". The actions, the transport and both triggers use these, so they agree.

/** A field, parameter or option as a message names it: in single quotation marks. */
export const quoted = (name: string) => `'${name}'`;

/** Names in a sentence: "'A'", "'A' and 'B'", "'A', 'B' and 'C'" (or "'A', 'B' or 'C'" for a choice). */
export function listed(names: string[], conjunction: 'and' | 'or' = 'and'): string {
	const all = names.map(quoted);
	return all.length > 1 ? `${all.slice(0, -1).join(', ')} ${conjunction} ${all[all.length - 1]}` : (all[0] ?? '');
}

/**
 * A message about one input item ends with its index, as n8n's own do (about a row of a file the item holds: with the
 * row); a message that already does is kept.
 */
export function forItem(message: string, itemIndex: number, row?: FileRow): string {
	const suffix = `[${row ? row.label : `item ${itemIndex}`}]`;
	return message.endsWith(suffix) ? message : `${message} ${suffix}`;
}

/**
 * A row of a file an input item holds (Sync reading its staff list from a file, node version 1.3): the row's number in
 * the file as a spreadsheet shows it, and the file. `label` is how messages name it: "row 7 of 'staff.csv'".
 */
export interface FileRow {
	line: number;
	label: string;
}

/** Where a message tells the user to correct something: the input item, or the row of the file. */
export const inputPlace = (itemIndex: number, row?: FileRow) => (row ? row.label : `the input item ${itemIndex}`);
