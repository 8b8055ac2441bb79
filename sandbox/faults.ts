// Injected failures (PUT /sandbox/faults): the next `count` API answers of one Organization are that failure.

export interface Fault {
	status: number;
	remaining: number;
	/** Seconds, sent as Retry-After. */
	retryAfter?: number;
}

const FAULT_MESSAGES: Record<number, string> = {
	429: 'Too many requests: try again later',
	500: 'Internal Server Error: try again later',
	502: 'Bad Gateway: try again later',
	503: 'Service Unavailable: try again later',
	504: 'Gateway Timeout: try again later',
};

export function faultMessage(status: number): string {
	return FAULT_MESSAGES[status] ?? `Injected failure ${status}`;
}

export class Faults {
	private readonly byOrganization = new Map<number, Fault>();

	set(organizationId: number, fault: Fault): void {
		if (fault.remaining > 0) this.byOrganization.set(organizationId, fault);
		else this.byOrganization.delete(organizationId);
	}

	/** The fault for this answer, counting it down; undefined when none is left. */
	take(organizationId: number): Fault | undefined {
		const fault = this.byOrganization.get(organizationId);
		if (!fault) return undefined;
		fault.remaining -= 1;
		if (fault.remaining <= 0) this.byOrganization.delete(organizationId);
		return fault;
	}

	clear(organizationId?: number): void {
		if (organizationId === undefined) this.byOrganization.clear();
		else this.byOrganization.delete(organizationId);
	}
}
