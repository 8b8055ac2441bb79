// The compliance report's rules as tables: the widths of a bar's segments (shares: whole percentages adding up to 100,
// a count above zero at least 1 %), and the figures (reportFigures: counts, groups, who is due and in what order).
import type { IDataObject } from 'n8n-workflow';

import { type Counts, reportFigures, type GroupBy } from '../../nodes/MinistrySafe/actions/compliance/report/figures';
import { shares } from '../../nodes/MinistrySafe/actions/compliance/report/html';
import type { UserCompliance } from '../../nodes/MinistrySafe/actions/compliance/organization';
import { dayOf } from '../../nodes/shared/values';

const counts = (compliant: number, expiring: number, noncompliant: number): Counts => ({
	total: compliant + expiring + noncompliant,
	compliant,
	expiring,
	noncompliant,
});

describe('shares: whole percentages of compliant, expiring and noncompliant', () => {
	test.each<[string, Counts, number[]]>([
		['nobody: no segment', counts(0, 0, 0), [0, 0, 0]],
		['one group only: all of the bar', counts(7, 0, 0), [100, 0, 0]],
		['one group only, the last', counts(0, 0, 1), [0, 0, 100]],
		['exact percentages stay', counts(50, 30, 20), [50, 30, 20]],
		['two equal halves', counts(1, 0, 1), [50, 0, 50]],
		['a tie of remainders: the first segment takes the point left', counts(1, 1, 1), [34, 33, 33]],
		['the largest remainder takes the point left', counts(2, 1, 0), [67, 33, 0]],
		['two points left go to the two largest remainders', counts(5, 5, 4), [36, 36, 28]],
		['a group under 1 %: 1 %, taken from the largest', counts(998, 1, 1), [98, 1, 1]],
		['a group of 0.5 %: rounded up to its 1 %', counts(199, 1, 0), [99, 1, 0]],
		['two groups under 1 %, one large group pays for both', counts(1, 1, 298), [1, 1, 98]],
		['one person in 10,000: still seen', counts(9999, 0, 1), [99, 0, 1]],
	])('%s', (_rule, given, widths) => {
		expect(shares(given)).toEqual(widths);
	});

	it('for any counts up to 40 each: the widths add up to 100, a count above zero is at least 1 %, and none is 2 points off', () => {
		const wrong: string[] = [];
		for (let a = 0; a <= 40; a++) {
			for (let b = 0; b <= 40; b++) {
				for (let c = 0; c <= 40; c++) {
					const given = counts(a, b, c);
					if (given.total === 0) continue;
					const widths = shares(given);
					const exact = [a, b, c].map((value) => (value * 100) / given.total);
					const fits =
						widths.reduce((sum, width) => sum + width, 0) === 100 &&
						[a, b, c].every((value, index) => (value > 0 ? widths[index] >= 1 : widths[index] === 0)) &&
						widths.every((width, index) => Math.abs(width - exact[index]) < 2);
					if (!fits) wrong.push(`${a}/${b}/${c}: ${widths.join(', ')}`);
				}
			}
		}
		expect(wrong).toEqual([]);
	});
});

const TODAY = '2026-11-26';
const clock = { today: dayOf(`${TODAY}T12:00:00Z`, 'UTC') as number, timeZone: 'UTC' };
type Record = { status: string; expires_at?: string };
/** One person as Get Many puts them out, with the User they came from. */
function person(name: string, status: string, user: IDataObject = {}, records: { training?: Record; check?: Record } = {}): UserCompliance {
	const [first_name, last_name] = name.split(' ');
	return {
		user: { id: name, ...user },
		entry: {
			user_id: name,
			first_name,
			last_name,
			status,
			training: records.training ?? { status: status === 'compliant' ? 'valid' : 'missing' },
			background_check: records.check ?? { status: 'valid' },
		},
	};
}
const figures = (people: UserCompliance[], groupBy: GroupBy = 'none', checkRequired = true) =>
	reportFigures(people, { groupBy, checkRequired, expiringWithinDays: 30, clock });

describe('reportFigures: counts and groups', () => {
	const staff = { tags: ['Staff'] };
	test.each<[string, UserCompliance[], GroupBy, Array<[string, string]>]>([
		['nobody: no groups', [], 'tag', []],
		['grouped by nothing: no groups', [person('A A', 'compliant', staff)], 'none', []],
		[
			'by tag: a person counts in each of their Tags, and "No tag" last',
			[person('A A', 'compliant', { tags: ['Staff', 'Choir'] }), person('B B', 'expiring', { tags: [] }), person('C C', 'noncompliant', staff)],
			'tag',
			[
				['Choir', '1 compliant'],
				['Staff', '1 compliant, 1 noncompliant'],
				['No tag', '1 expiring'],
			],
		],
		['by tag: a Tag given twice or blank counts once or not at all', [person('A A', 'compliant', { tags: ['Staff', 'Staff', ' '] })], 'tag', [['Staff', '1 compliant']]],
		[
			'by user type: the editor\'s name, an unknown type as given, "No user type" last',
			[person('A A', 'compliant', { user_type: 'volunteer' }), person('B B', 'compliant', { user_type: 'pastor' }), person('C C', 'expiring', {})],
			'userType',
			[
				['pastor', '1 compliant'],
				['Volunteer', '1 compliant'],
				['No user type', '1 expiring'],
			],
		],
	])('%s', (_rule, people, groupBy, groups) => {
		const words = (group: Counts) =>
			(['compliant', 'expiring', 'noncompliant'] as const).filter((status) => group[status] > 0).map((status) => `${group[status]} ${status}`).join(', ');
		const result = figures(people, groupBy);
		expect(result.groups.map((group) => [group.name, words(group.counts)])).toEqual(groups);
		expect(result.counts.total).toBe(people.length);
	});
});

describe('reportFigures: who is due, and by when', () => {
	test.each<[string, UserCompliance, string | undefined, boolean]>([
		['an expired Training: overdue since it expired', person('A A', 'noncompliant', {}, { training: { status: 'expired', expires_at: '2026-10-01' } }), '2026-10-01', true],
		['a missing Training: due now', person('A A', 'noncompliant', {}, { training: { status: 'missing' } }), undefined, false],
		['a pending Background Check: due now', person('A A', 'noncompliant', {}, { training: { status: 'valid' }, check: { status: 'pending' } }), undefined, false],
		['an expiring Training: by the day it expires', person('A A', 'expiring', {}, { training: { status: 'expiring', expires_at: '2026-12-20' } }), '2026-12-20', false],
		[
			'expired and expiring: overdue, since the expired one',
			person('A A', 'noncompliant', {}, { training: { status: 'expiring', expires_at: '2026-12-20' }, check: { status: 'expired', expires_at: '2026-11-01' } }),
			'2026-11-01',
			true,
		],
		[
			'missing and expiring: due now',
			person('A A', 'noncompliant', {}, { training: { status: 'missing' }, check: { status: 'expiring', expires_at: '2026-12-01' } }),
			undefined,
			false,
		],
	])('%s', (_rule, due, by, overdue) => {
		const [listed] = figures([due]).due;
		expect([listed.by, listed.overdue]).toEqual([by, overdue]);
	});

	it('a Background Check that is not required is not due', () => {
		const due = person('A A', 'noncompliant', {}, { training: { status: 'valid' }, check: { status: 'missing' } });
		expect(figures([due], 'none', false).due[0].records).toEqual([]);
		expect(figures([due], 'none', true).due[0].records).toEqual([{ what: 'Background check', state: 'missing' }]);
	});

	it('the order: what lapsed longest ago, then what is due now, then what expires soonest; then by name', () => {
		const people = [
			person('Zed Expiring', 'expiring', {}, { training: { status: 'expiring', expires_at: '2026-12-20' } }),
			person('Amy Soon', 'expiring', {}, { training: { status: 'expiring', expires_at: '2026-12-01' } }),
			person('Bea Now', 'noncompliant', {}, { training: { status: 'missing' } }),
			person('Al Now', 'noncompliant', {}, { training: { status: 'missing' } }),
			person('Cy Late', 'noncompliant', {}, { training: { status: 'expired', expires_at: '2026-11-20' } }),
			person('Di Oldest', 'noncompliant', {}, { training: { status: 'expired', expires_at: '2025-01-01' } }),
			person('Ed Fine', 'compliant'),
		];
		expect(figures(people).due.map((due) => due.name)).toEqual(['Di Oldest', 'Cy Late', 'Al Now', 'Bea Now', 'Amy Soon', 'Zed Expiring']);
	});

	it.each([0, 1, 50, 3000, 5000])(
		'with %s listed: the soonest of the same order, and everyone due counted (5,000 due in a shuffled list)',
		(listed) => {
			// Days and names that tie often, in an order unlike the one sought.
			const people = Array.from({ length: 6000 }, (_, index) => {
				const n = (index * 7919) % 6000;
				if (n % 6 === 0) return person(`Ok ${n}`, 'compliant');
				const day = `2026-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
				return n % 3 === 0
					? person(`Now ${n % 97}`, 'noncompliant', {}, { training: { status: 'missing' } })
					: person(`Due ${n % 89}`, 'expiring', {}, { training: { status: 'expiring', expires_at: day } });
			});
			const everyone = figures(people);
			const some = reportFigures(people, { groupBy: 'none', checkRequired: true, expiringWithinDays: 30, clock, dueListed: listed });
			expect(everyone.dueCount).toBe(5000);
			expect(some.dueCount).toBe(5000);
			expect(some.due).toEqual(everyone.due.slice(0, listed));
		},
	);

	test.each<[string, IDataObject, string]>([
		['first and last name', { first_name: 'Ann', last_name: 'Lee' }, 'Ann Lee'],
		['a first name alone', { first_name: 'Ann', last_name: ' ' }, 'Ann'],
		['no name: the email', { first_name: '', email: 'ann@example.org', external_id: 'E1' }, 'ann@example.org'],
		['no name nor email: the External ID', { email: null, external_id: 'E1' }, 'E1'],
		['nothing else: the User ID', { user_id: 7 }, 'User 7'],
	])('a person is named by %s', (_rule, entry, name) => {
		const due: UserCompliance = { user: {}, entry: { status: 'noncompliant', training: { status: 'missing' }, ...entry } };
		expect(figures([due]).due[0].name).toBe(name);
	});
});
