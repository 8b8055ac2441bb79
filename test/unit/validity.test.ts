// How long a record counts, as a table: `months` calendar months from the day it starts, the expiry day being the
// first day it no longer counts (one rule for Compliance and the polling trigger's renewal event).
import { addMonths, dayOf, isoDate, validity } from '../../nodes/shared/values';

const day = (iso: string) => dayOf(`${iso}T12:00:00Z`, 'UTC') as number;

describe('addMonths: the same day months later, or the month\'s last day when it is shorter', () => {
	test.each([
		['2024-03-05', 24, '2026-03-05'],
		['2026-01-31', 1, '2026-02-28'],
		['2024-01-31', 1, '2024-02-29'],
		['2024-02-29', 12, '2025-02-28'],
		['2026-12-15', 1, '2027-01-15'],
		['2026-03-31', -1, '2026-02-28'],
		['2026-05-10', 0, '2026-05-10'],
	])('%s + %i months: %s', (start, months, expected) => {
		expect(isoDate(addMonths(day(start), months))).toBe(expected);
	});
});

describe('validity: the expiry day and the days left on a day', () => {
	test.each([
		['counts on its last day', '2024-03-05', 24, '2026-03-04', '2026-03-05', 1],
		['has expired on its expiry day', '2024-03-05', 24, '2026-03-05', '2026-03-05', 0],
		['long expired: days left below zero', '2024-03-05', 24, '2026-04-04', '2026-03-05', -30],
		['30 days ahead', '2025-12-01', 12, '2026-11-01', '2026-12-01', 30],
	])('%s', (_rule, start, months, on, expires, daysLeft) => {
		const result = validity(day(start), months, day(on));
		expect([isoDate(result.expires), result.daysLeft]).toEqual([expires, daysLeft]);
	});
});
