// Every /api/v2 request as the sandbox received it, for tests that check what a node sent. SSNs are redacted.
import type { RecordedRequest } from './types';

const REDACTED = '[redacted]';

/** A deep copy with every `ssn` value replaced, wherever it is nested. */
export function redactSsn(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(redactSsn);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([key, entry]) => [key, key === 'ssn' ? REDACTED : redactSsn(entry)]),
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
