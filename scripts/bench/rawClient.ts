// The raw client: undici straight to the sandbox, no n8n, at a given bound. It is what a node that knows the API could
// reach: read page 1 of /users/with_page, learn the page count, then the rest `concurrency` at a time; create Users
// `concurrency` at a time, waiting out each 429's Retry-After. It also reads and resets the sandbox's counters.
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';

export interface SandboxTarget {
	url: string;
	apiKey: string;
}

export interface TrafficStats {
	requests: number;
	inFlight: number;
	peakInFlight: number;
	rateLimited: number;
}

export interface NewUser {
	first_name: string;
	last_name: string;
	email: string;
	external_id: string;
}

export class RawClient {
	private readonly pool: Pool;
	private readonly authorization: string;

	constructor(
		target: SandboxTarget,
		readonly concurrency: number,
	) {
		this.pool = new Pool(target.url, { connections: concurrency });
		this.authorization = `Token token=${target.apiKey}`;
	}

	close(): Promise<void> {
		return this.pool.close();
	}

	private async send(
		method: 'GET' | 'POST',
		path: string,
		form?: URLSearchParams,
	): Promise<{ status: number; retryAfter: number; body: unknown }> {
		const request = () =>
			this.pool.request({
				method,
				path,
				headers: {
					authorization: this.authorization,
					...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
				},
				body: form?.toString(),
			});
		let answer: Awaited<ReturnType<typeof request>>;
		try {
			answer = await request();
		} catch (error) {
			// A connection the sandbox closed while it was idle (its keep-alive ran out during a long job): a read or a
			// counter's call is sent again on a new one; a create is not (it may have been received).
			const safe = method === 'GET' || path.startsWith('/sandbox/');
			if (!safe || (error as { code?: string }).code !== 'UND_ERR_SOCKET') throw error;
			answer = await request();
		}
		const text = await answer.body.text();
		const retryAfter = Number(answer.headers['retry-after']);
		return {
			status: answer.statusCode,
			// Seconds; 1 when the answer gives none (or a date, which the sandbox never sends).
			retryAfter: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : 1,
			body: text ? JSON.parse(text) : undefined,
		};
	}

	/** A request that waits out every 429 and fails on any other status but `expected`; counts the 429s it saw. */
	private async sendPatiently(
		method: 'GET' | 'POST',
		path: string,
		expected: number,
		seen: { rateLimited: number },
		form?: URLSearchParams,
	): Promise<unknown> {
		for (;;) {
			const answer = await this.send(method, path, form);
			if (answer.status === expected) return answer.body;
			if (answer.status !== 429) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
			seen.rateLimited += 1;
			await sleep(answer.retryAfter * 1000);
		}
	}

	/** `count` tasks, `concurrency` at a time, results in task order. */
	private async bounded<T>(count: number, task: (index: number) => Promise<T>): Promise<T[]> {
		const results = new Array<T>(count);
		let next = 0;
		const worker = async (): Promise<void> => {
			while (next < count) {
				const index = next++;
				results[index] = await task(index);
			}
		};
		await Promise.all(Array.from({ length: Math.min(this.concurrency, count) }, worker));
		return results;
	}

	/** Every User, in page order. */
	async readAllUsers(): Promise<{ users: Array<Record<string, unknown>>; rateLimited: number }> {
		const seen = { rateLimited: 0 };
		const pagePath = (page: number) => `/api/v2/users/with_page?page=${page}`;
		const first = (await this.sendPatiently('GET', pagePath(1), 200, seen)) as {
			users: Array<Record<string, unknown>>;
			pages: number;
		};
		const rest = await this.bounded(Math.max(0, first.pages - 1), async (index) => {
			const page = (await this.sendPatiently('GET', pagePath(index + 2), 200, seen)) as typeof first;
			return page.users;
		});
		return { users: [first.users, ...rest].flat(), rateLimited: seen.rateLimited };
	}

	async createUsers(users: NewUser[]): Promise<{ rateLimited: number }> {
		const seen = { rateLimited: 0 };
		await this.bounded(users.length, async (index) => {
			const form = new URLSearchParams();
			for (const [field, value] of Object.entries(users[index])) form.set(`user[${field}]`, value);
			await this.sendPatiently('POST', '/api/v2/users', 201, seen, form);
		});
		return seen;
	}

	async stats(): Promise<TrafficStats> {
		return (await this.sendPatiently('GET', '/sandbox/stats', 200, { rateLimited: 0 })) as TrafficStats;
	}

	async resetStats(): Promise<void> {
		await this.sendPatiently('POST', '/sandbox/stats/reset', 200, { rateLimited: 0 });
	}

	/** The Organization's data back to its seed, and its counters and rate-limit window with it. */
	async resetOrganization(): Promise<void> {
		await this.sendPatiently('POST', '/sandbox/reset', 200, { rateLimited: 0 });
	}
}

/** How many Users the sandbox holds for each of the given External IDs. */
export async function countByExternalId(client: RawClient, externalIds: string[]): Promise<Map<string, number>> {
	const counts = new Map(externalIds.map((id) => [id, 0]));
	for (const user of (await client.readAllUsers()).users) {
		const id = String(user.external_id);
		const count = counts.get(id);
		if (count !== undefined) counts.set(id, count + 1);
	}
	return counts;
}
