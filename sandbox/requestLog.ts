// Every /api/v2 request as the sandbox received it, for tests that check what a node sent. The applicant's sensitive
// data (SSN, date of birth, driver's licence number) is redacted, as the node redacts it everywhere.
import type { RecordedRequest } from './types';

const REDACTED = '[redacted]';
/** The applicant's fields that never appear in the log, wherever they are nested (form or JSON). */
export const SENSITIVE_FIELDS: ReadonlySet<string> = new Set(['ssn', 'dob', 'driver_license']);

/** A deep copy with every sensitive value replaced. */
export function redactApplicant(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(redactApplicant);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([key, entry]) => [key, SENSITIVE_FIELDS.has(key) ? REDACTED : redactApplicant(entry)]),
		);
	}
	return value;
}

export class RequestLog {
	/** One array for the sandbox's lifetime: callers may keep a reference to it. */
	readonly entries: RecordedRequest[] = [];

	add(entry: RecordedRequest): void {
		this.entries.push(entry);
	}

	list(organizationId: number): RecordedRequest[] {
		return this.entries.filter((entry) => entry.organizationId === organizationId);
	}

	/** Removes the entries of one Organization, or all, in place. */
	clear(organizationId?: number): void {
		let kept = 0;
		for (const entry of this.entries) {
			if (organizationId !== undefined && entry.organizationId !== organizationId) this.entries[kept++] = entry;
		}
		this.entries.length = kept;
	}
}
