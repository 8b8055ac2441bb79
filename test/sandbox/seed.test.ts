// Seeded data: deterministic for a seed (ids included), different for another, dated over the years before the
// sandbox's day (--today; a test run's one day by default), and 10,000 Users with their Trainings and Background
// Checks ready in under 2 seconds.
import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { seedDayOf, TODAY_ENV } from '../../sandbox/seed';
import type { Json } from './helpers';
import { clientsFor, list } from './helpers';

async function firstPages(sandbox: Sandbox): Promise<string> {
	const { api } = clientsFor(sandbox.url, sandbox.apiKey);
	const pages: Json[] = [];
	for (const path of ['/users', '/trainings', '/background_checks', '/tags']) pages.push((await api.get(path)).body);
	// Addresses carry the sandbox's own port: compare without it.
	return JSON.stringify(pages).split(sandbox.url).join('SANDBOX');
}

describe('seeded data', () => {
	it('is the same for the same seed, ids included, and differs for another seed', async () => {
		const sandboxes = await Promise.all([
			startSandbox({ seed: 42, users: 40 }),
			startSandbox({ seed: 42, users: 40 }),
			startSandbox({ seed: 43, users: 40 }),
		]);
		try {
			const [first, same, other] = await Promise.all(sandboxes.map(firstPages));
			expect(same).toBe(first);
			expect(other).not.toBe(first);
			const { api } = clientsFor(sandboxes[0].url, sandboxes[0].apiKey);
			const users = list(await api.get('/users'));
			expect(users.map((user) => user.id)).toEqual(Array.from({ length: 40 }, (_, index) => 1001 + index));
		} finally {
			await Promise.all(sandboxes.map((sandbox) => sandbox.stop()));
		}
	});

	it("dates Trainings over the three years before the sandbox's day, and Background Checks old and recent", async () => {
		const sandbox = await startSandbox({ users: 200 });
		try {
			const { api } = clientsFor(sandbox.url, sandbox.apiKey);
			// The end of the seed's day: seeded records fall on it or before (never the clock's now, which may differ).
			const now = Date.parse(`${sandbox.today}T00:00:00Z`) + 24 * 60 * 60 * 1000;
			const daysAgo = (timestamp: Json) => (now - Date.parse(String(timestamp))) / (24 * 60 * 60 * 1000);
			const trainings = [...list(await api.get('/trainings')), ...list(await api.get('/trainings', { query: { page: 2 } }))];
			const completed = trainings.filter((training) => training.complete_date !== null).map((training) => daysAgo(training.complete_date));
			expect(Math.min(...completed)).toBeGreaterThanOrEqual(0);
			expect(Math.max(...completed)).toBeLessThanOrEqual(3 * 366);
			expect(completed.filter((days) => days > 2 * 365).length).toBeGreaterThan(0);
			expect(completed.filter((days) => days < 365).length).toBeGreaterThan(0);
			const checks = list(await api.get('/background_checks'));
			const ordered = checks.map((check) => daysAgo(check.order_date));
			expect(Math.min(...ordered)).toBeGreaterThanOrEqual(0);
			expect(ordered.filter((days) => days > 5 * 365).length).toBeGreaterThan(0);
			expect(ordered.filter((days) => days < 30).length).toBeGreaterThan(0);
			// The statuses the live service's clients see, each with a completion date exactly when the vendor finished it.
			expect(new Set(checks.map((check) => check.status))).toEqual(
				new Set(['complete', 'clear', 'consider', 'processing', 'pending', 'awaiting_applicant', 'cancelled', 'archived']),
			);
			for (const check of checks) {
				expect([check.status, check.complete_date !== null]).toEqual([check.status, ['complete', 'clear', 'consider'].includes(String(check.status))]);
			}
			// Some Users were never trained, and some have no Background Check.
			const users = list(await api.get('/users'));
			const trainedIds = new Set(trainings.map((training) => training.participant.id));
			const checkedIds = new Set(checks.map((check) => check.user_id));
			expect(users.some((user) => !trainedIds.has(user.id))).toBe(true);
			expect(users.some((user) => !checkedIds.has(user.id))).toBe(true);
		} finally {
			await sandbox.stop();
		}
	});

	it('follows the day given (--today), the same records moved by whole days; by default the run\'s day', async () => {
		const sandboxes = await Promise.all([
			startSandbox({ users: 30, today: '2031-06-15' }),
			startSandbox({ users: 30, today: '2031-06-25' }),
			startSandbox({ users: 30 }),
		]);
		try {
			const [june15, june25, byDefault] = sandboxes;
			expect([june15.today, june25.today]).toEqual(['2031-06-15', '2031-06-25']);
			// A test run sets the day once (test/globalSetup.ts), for every sandbox it starts.
			expect(byDefault.today).toBe(process.env[TODAY_ENV]);
			const checksOf = async (sandbox: Sandbox) => list(await clientsFor(sandbox.url, sandbox.apiKey).api.get('/background_checks'));
			const [early, late] = [await checksOf(june15), await checksOf(june25)];
			expect(late.map((check) => check.id)).toEqual(early.map((check) => check.id));
			const TEN_DAYS = 10 * 24 * 60 * 60 * 1000;
			for (const [index, check] of early.entries()) {
				expect(Date.parse(String(late[index].order_date)) - Date.parse(String(check.order_date))).toBe(TEN_DAYS);
			}
			const newest = Math.max(...early.map((check) => Date.parse(String(check.complete_date ?? check.order_date))));
			expect(newest).toBeLessThan(Date.parse('2031-06-16T00:00:00Z'));
			expect(newest).toBeGreaterThan(Date.parse('2031-04-01T00:00:00Z'));
		} finally {
			await Promise.all(sandboxes.map((sandbox) => sandbox.stop()));
		}
	});

	it.each(['2031-02-30', '15/06/2031', 'tomorrow', ''])('refuses the day %j, before listening', async (today) => {
		await expect(startSandbox({ today })).rejects.toThrow('today must be a calendar day as YYYY-MM-DD, e.g. 2031-06-15');
	});

	it('refuses a bad day in the environment, naming the variable', () => {
		expect(() => seedDayOf(undefined, '2031-6-15')).toThrow(`${TODAY_ENV} must be a calendar day as YYYY-MM-DD`);
		expect(seedDayOf(undefined, '2031-06-15')).toBe(Date.UTC(2031, 5, 15));
		expect(seedDayOf('2032-01-01', '2031-06-15')).toBe(Date.UTC(2032, 0, 1));
	});

	it('comes back unchanged after reset', async () => {
		const sandbox = await startSandbox({ users: 30 });
		try {
			const before = await firstPages(sandbox);
			const { api } = clientsFor(sandbox.url, sandbox.apiKey);
			await api.delete('/users/1001');
			expect(await firstPages(sandbox)).not.toBe(before);
			sandbox.reset();
			expect(await firstPages(sandbox)).toBe(before);
		} finally {
			await sandbox.stop();
		}
	});

	it('scales to 10,000 Users with Trainings and Background Checks, started in under 2 seconds', async () => {
		const started = Date.now();
		const sandbox = await startSandbox({ users: 10000 });
		const startMs = Date.now() - started;
		try {
			expect(startMs).toBeLessThan(2000);
			const { api } = clientsFor(sandbox.url, sandbox.apiKey);
			const withPage = await api.get('/users/with_page', { query: { page: 100 } });
			expect(withPage.body.pages).toBe(100);
			expect(list({ ...withPage, body: withPage.body.users })).toHaveLength(100);
			expect(list(await api.get('/users', { query: { page: 101 } }))).toEqual([]);
			expect(list(await api.get('/trainings', { query: { page: 50 } }))).toHaveLength(100);
			expect(list(await api.get('/background_checks', { query: { page: 30 } }))).toHaveLength(100);
			const last = (await api.get('/users/by_employee_id/20000')).body;
			expect(last.id).toBe(11000);
			const detailed = (await api.get('/users/11000/detailed')).body;
			expect(detailed.external_id).toBe('20000');
		} finally {
			await sandbox.stop();
		}
	});
});
