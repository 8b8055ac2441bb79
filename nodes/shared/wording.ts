// How every message of the package names a field and an item, as n8n's UX guidelines ask and its own errors do:
// "'First Name' is required [item 3]". The actions, the transport and both triggers use these, so they agree.

/** A field, parameter or option as a message names it: in single quotation marks. */
export const quoted = (name: string) => `'${name}'`;

/** Names in a sentence: "'A'", "'A' and 'B'", "'A', 'B' and 'C'" (or "'A', 'B' or 'C'" for a choice). */
export function listed(names: string[], conjunction: 'and' | 'or' = 'and'): string {
	const all = names.map(quoted);
	return all.length > 1 ? `${all.slice(0, -1).join(', ')} ${conjunction} ${all[all.length - 1]}` : (all[0] ?? '');
}

/** A message about one input item ends with its index, as n8n's own do; a message that already does is kept. */
export function forItem(message: string, itemIndex: number): string {
	const suffix = `[item ${itemIndex}]`;
	return message.endsWith(suffix) ? message : `${message} ${suffix}`;
}
