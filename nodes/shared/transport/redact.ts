// Keeps the applicant's SSN, date of birth and driver's licence, and the API key, out of errors and outputs
// (decisions.md 23, 30): the service may echo them in another form than the one sent.

export const REDACTED = '[redacted]';

/** Form keys whose values are the applicant's sensitive data. */
const SENSITIVE_FORM_KEY = /(^|\[)(ssn|dob|driver_license)\]?$/;

/** The fields that carry those values in the service's answers. */
const SENSITIVE_FIELDS = new Set(['ssn', 'dob', 'driver_license']);

/** Shorter values are not searched for: they cannot be told apart from ordinary text (a test key such as "k"). */
const MIN_SECRET_LENGTH = 4;

/** The sensitive values of a form body: what the service might echo back. */
export function sensitiveValues(body: unknown): string[] {
	if (!(body instanceof URLSearchParams)) return [];
	return [...body.entries()].filter(([key, value]) => SENSITIVE_FORM_KEY.test(key) && value !== '').map(([, value]) => value);
}

const pad = (value: string) => value.padStart(2, '0');

/** The other ways a date of birth sent as MM/DD/YYYY may be written back. */
function dateForms(value: string): string[] {
	const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
	if (!match) return [];
	const [month, day, year] = [pad(match[1]), pad(match[2]), match[3]];
	const [m, d] = [String(Number(month)), String(Number(day))];
	return [
		`${month}/${day}/${year}`,
		`${m}/${d}/${year}`,
		`${year}-${month}-${day}`,
		`${year}/${month}/${day}`,
		`${month}-${day}-${year}`,
		`${month}.${day}.${year}`,
		`${year}${month}${day}`,
		`${month}${day}${year}`,
	];
}

/** A value in groups (123-45-6789, D1234 5678) written with each usual separator, or none. */
function separatorForms(value: string): string[] {
	const groups = value.split(/[\s./-]+/).filter((group) => group !== '');
	if (groups.length < 2) return [];
	return ['', '-', ' ', '.', '/'].map((separator) => groups.join(separator));
}

/** Every written form of one secret: as sent, with other separators, other date orders, URL- and JSON-escaped. */
function formsOf(secret: string): string[] {
	const trimmed = secret.trim();
	const base = [trimmed, ...separatorForms(trimmed), ...dateForms(trimmed).flatMap((form) => [form, ...separatorForms(form)])];
	const escaped = base.flatMap((form) => [
		form,
		encodeURIComponent(form),
		encodeURIComponent(form).replace(/%20/g, '+'),
		form.replace(/\//g, '\\/'),
	]);
	return [...new Set(escaped)].filter((form) => form.length >= MIN_SECRET_LENGTH);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces every form of the given secrets in text; a no-op when there are none. */
export type Redactor = (text: string) => string;

export function redactorFor(secrets: string[]): Redactor {
	const forms = [...new Set(secrets.flatMap(formsOf))].sort((a, b) => b.length - a.length);
	if (forms.length === 0) return (text) => text;
	// Longest first, case-insensitive (a licence may come back upper-cased; a URL escape as %2f).
	const pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'gi');
	return (text) => text.replace(pattern, REDACTED);
}

/**
 * Redacts every string of a parsed answer, keys included, so the result is still the same kind of value (a valid
 * JSON body stays valid JSON). With `fields`, the values of ssn, dob and driver_license become "[redacted]" too.
 */
export function redactValue<T>(value: T, redact: Redactor, fields = false): T {
	const walk = (node: unknown): unknown => {
		if (typeof node === 'string') return redact(node);
		// An SSN or a date of birth may come back as a bare number.
		if (typeof node === 'number') return redact(String(node)) === String(node) ? node : REDACTED;
		if (Array.isArray(node)) return node.map(walk);
		if (node && typeof node === 'object') {
			const copy: Record<string, unknown> = {};
			for (const [key, nested] of Object.entries(node)) {
				const sensitive = fields && SENSITIVE_FIELDS.has(key) && nested !== null && nested !== undefined && nested !== '';
				copy[redact(key)] = sensitive ? REDACTED : walk(nested);
			}
			return copy;
		}
		return node;
	};
	return walk(value) as T;
}
