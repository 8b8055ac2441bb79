/** A value the service's form encoding can carry; undefined and '' mean "not set" and are left out. */
export type FormValue = string | number | boolean | undefined | null;
export type FormFields = { [key: string]: FormValue | FormFields };

/**
 * Encodes fields the way the service (a Rails app) reads them: nested objects become bracketed keys
 * (`{ user: { first_name } }` -> `user[first_name]`), booleans "true"/"false". Only fields that are set are sent,
 * so an update never blanks a field the user left empty.
 */
export function toFormBody(fields: FormFields): URLSearchParams {
	const body = new URLSearchParams();
	const append = (prefix: string, value: FormValue | FormFields) => {
		if (value === undefined || value === null || value === '') return;
		if (typeof value === 'object') {
			for (const [key, nested] of Object.entries(value)) append(prefix ? `${prefix}[${key}]` : key, nested);
			return;
		}
		body.append(prefix, String(value));
	};
	append('', fields);
	return body;
}
