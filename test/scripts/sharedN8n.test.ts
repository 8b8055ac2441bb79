// The keeper of the end-to-end run's shared n8n (test/e2e/sharedN8n.ts), over its HTTP protocol as test files use it,
// with a stand-in for starting and emptying n8n: it starts n8n once, when a file first asks; lends it to one file at a
// time, emptied before and after; answers a question asked again (a lost answer) as before; reports a failed start to
// the file that waits and starts again for the next; starts a new n8n when the first died; and a file cannot stop it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { N8nInstance } from '../../scripts/n8n-runtime';
import type { N8nUnderTest } from '../e2e/n8nUnderTest';
import { type KeeperWork, SHARED_N8N_VARIABLE, SharedN8nKeeper, leaseSharedN8n } from '../e2e/sharedN8n';

interface StandIn extends KeeperWork {
	starts: number;
	emptied: number;
	/** Ends the n8n last started, as a crash would. */
	crash(): void;
	/** The next start fails with this message. */
	failNext?: string;
	/** Resolves the start under way (starts wait for it when `holdStarts`). */
	holdStarts: boolean;
	releaseStart(): void;
}

function standIn(): StandIn {
	let exit: (code: number) => void = () => undefined;
	let letStart: () => void = () => undefined;
	const work: StandIn = {
		starts: 0,
		emptied: 0,
		holdStarts: false,
		crash: () => exit(1),
		releaseStart: () => letStart(),
		async start(logFolder) {
			work.starts += 1;
			if (work.holdStarts) await new Promise<void>((resolveStart) => (letStart = resolveStart));
			if (work.failNext) {
				const message = work.failNext;
				work.failNext = undefined;
				throw new Error(message);
			}
			writeFileSync(join(logFolder, 'main.log'), `n8n started (${work.starts})\n`);
			const n8n = {
				url: `http://127.0.0.1:${5000 + work.starts}`,
				port: 5000 + work.starts,
				settings: { userFolder: `/nowhere/${work.starts}`, encryptionKey: 'key' },
				version: '0.0.0',
				exited: new Promise<number | null>((resolveExit) => (exit = resolveExit)),
				stop: async () => undefined,
			} as unknown as N8nInstance;
			return { n8n, settings: n8n.settings, apiKey: `key-${work.starts}`, stop: async () => undefined } satisfies N8nUnderTest;
		},
		async empty() {
			work.emptied += 1;
		},
	};
	return work;
}

let keeper: SharedN8nKeeper;
let work: StandIn;
let logFolder: string;

beforeEach(async () => {
	logFolder = mkdtempSync(join(tmpdir(), 'ministrysafe-keeper-test-'));
	work = standIn();
	keeper = new SharedN8nKeeper('single', logFolder, work);
	await keeper.listen();
	process.env[SHARED_N8N_VARIABLE] = keeper.url;
});

afterEach(async () => {
	delete process.env[SHARED_N8N_VARIABLE];
	await keeper.stop();
	rmSync(logFolder, { recursive: true, force: true });
});

/** Settles within a few of the lease's half-second retries, or says it is still waiting. */
async function within<T>(promise: Promise<T>, ms = 3_000): Promise<T | 'still waiting'> {
	let timer: NodeJS.Timeout | undefined;
	try {
		return await Promise.race([promise, new Promise<'still waiting'>((resolveWait) => (timer = setTimeout(() => resolveWait('still waiting'), ms)))]);
	} finally {
		clearTimeout(timer);
	}
}

it('starts n8n when a file first asks, once for every file, and lends it emptied', async () => {
	expect(work.starts).toBe(0);
	const first = await leaseSharedN8n('first.e2e.test.ts');
	expect(first.n8n.url).toBe('http://127.0.0.1:5001');
	expect(first.apiKey).toBe('key-1');
	expect(first.n8n.output()).toBe('n8n started (1)\n');
	expect(first.n8n.webhookUrl('abc')).toBe('http://127.0.0.1:5001/webhook/abc/webhook');
	expect(work.emptied).toBe(1);
	await first.stop();
	expect(work.emptied).toBe(2);

	const second = await leaseSharedN8n('second.e2e.test.ts');
	expect(second.n8n.url).toBe('http://127.0.0.1:5001');
	await second.stop();
	expect(work.starts).toBe(1);
});

it('lends it to one file at a time: the next file waits until the first hands it back', async () => {
	const first = await leaseSharedN8n('first.e2e.test.ts');
	const second = leaseSharedN8n('second.e2e.test.ts');
	expect(await within(second)).toBe('still waiting');
	await first.stop();
	const granted = await within(second);
	expect(granted).not.toBe('still waiting');
	await (granted as N8nUnderTest).stop();
});

it('answers a lease or a release asked for again with the same token as before', async () => {
	const ask = async (path: string, body: object) =>
		(await (await fetch(`${keeper.url}${path}`, { method: 'POST', body: JSON.stringify(body) })).json()) as Record<string, unknown>;
	let answer = await ask('/lease', { label: 'a', token: 'token-a' });
	for (let tries = 0; answer.granted !== true && tries < 20; tries++) {
		await new Promise((resolveWait) => setTimeout(resolveWait, 100));
		answer = await ask('/lease', { label: 'a', token: 'token-a' });
	}
	expect(answer).toMatchObject({ granted: true, token: 'token-a' });
	expect(await ask('/lease', { label: 'a', token: 'token-a' })).toMatchObject({ granted: true, token: 'token-a' });
	expect(await ask('/lease', { label: 'b', token: 'token-b' })).toMatchObject({ granted: false, why: expect.stringContaining('a has had it') });
	expect(await ask('/release', { token: 'token-a' })).toEqual({ released: true });
	expect(await ask('/release', { token: 'token-a' })).toEqual({ released: true });
	expect(await ask('/release', { token: 'token-c' })).toMatchObject({ error: expect.stringContaining('not held') });
});

it('tells the waiting file that n8n did not start, and starts it again for the next', async () => {
	work.failNext = 'n8n 0.0.0 exited. Its last output: no database';
	await expect(leaseSharedN8n('first.e2e.test.ts')).rejects.toThrow(/The shared n8n did not start: n8n 0.0.0 exited. Its last output: no database/);
	const next = await leaseSharedN8n('next.e2e.test.ts');
	expect(work.starts).toBe(2);
	await next.stop();
});

it('starts a new n8n for the next file when the shared one died', async () => {
	const first = await leaseSharedN8n('first.e2e.test.ts');
	await first.stop();
	work.crash();
	await new Promise((resolveWait) => setImmediate(resolveWait));
	const next = await leaseSharedN8n('next.e2e.test.ts');
	expect(next.n8n.url).toBe('http://127.0.0.1:5002');
	await next.stop();
});

it('is not stopped by a file', async () => {
	const lease = await leaseSharedN8n('first.e2e.test.ts');
	await expect(lease.n8n.stop()).rejects.toThrow(/cannot stop the shared n8n/);
	await lease.stop();
});

it('is stopped with the run even while it starts', async () => {
	work.holdStarts = true;
	const waiting = leaseSharedN8n('first.e2e.test.ts');
	waiting.catch(() => undefined);
	await new Promise((resolveWait) => setTimeout(resolveWait, 200));
	expect(work.starts).toBe(1);
	const stopping = keeper.stop();
	work.releaseStart();
	await stopping;
	// The file that waited is told: the keeper is gone.
	await expect(waiting).rejects.toThrow(/fetch failed/);
});
