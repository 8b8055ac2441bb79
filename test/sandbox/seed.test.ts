// Seeded data: deterministic for a seed (ids included), different for another, dated over the years before today, and
// 10,000 Users with their Trainings and Background Checks ready in under 2 seconds.
import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { Json } from './helpers';
import { runDay, runToday } from '../helpers/clock';
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

	it("lives on the run's one day, or on the day it is given: the seed counts back from it", async () => {
		const latestCompletion = async (sandbox: Sandbox) => {
			const { api } = clientsFor(sandbox.url, sandbox.apiKey);
			const trainings = list(await api.get('/trainings'));
			return trainings.map((training) => String(training.complete_date ?? '')).sort().at(-1)?.slice(0, 10);
		};
		const sandboxes = await Promise.all([startSandbox({ users: 40 }), startSandbox({ users: 40, today: '2031-03-07' })]);
		try {
			const [ofTheRun, given] = await Promise.all(sandboxes.map(latestCompletion));
			// Every sandbox of a run seeds from its one day (the global setup's), and completions lie before it.
			expect(ofTheRun! <= runToday()).toBe(true);
			expect(ofTheRun! >= runDay(-60).toISOString().slice(0, 10)).toBe(true);
			expect(given! <= '2031-03-07').toBe(true);
			expect(given! >= '2031-01-01').toBe(true);
		} finally {
			await Promise.all(sandboxes.map((sandbox) => sandbox.stop()));
		}
		await expect(startSandbox({ today: '2031-02-30' })).rejects.toThrow('today must be a date written YYYY-MM-DD');
	});

	it('dates Trainings over the three years before today, and Background Checks old and recent', async () => {
		const sandbox = await startSandbox({ users: 200 });
		try {
			const { api } = clientsFor(sandbox.url, sandbox.apiKey);
			const now = Date.now();
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

	// How long it takes to start is the bench's figure (npm run bench prints it), not a bound here: it depends on the machine.
	it('scales to 10,000 Users with Trainings and Background Checks', async () => {
		const sandbox = await startSandbox({ users: 10000 });
		try {
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
