// The command line: `npm run sandbox -- --port N` (tsx sandbox/cli.ts) serves the API, prints its URL and key,
// logs one line per request, and stops cleanly on SIGINT and SIGTERM. Each child is bounded in time and killed
// in afterEach if a test left it running.
//
// The sandbox runs in Node with tsx as its loader (`node --import tsx`), so that the signal reaches the sandbox's own
// process and the test waits for that process to end. tsx's command line is a second process that passes signals on
// and gives its child 60 ms to say it got one before killing it (exit code 143): on a busy machine that was the
// failure, not the sandbox.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
// Limits for a hang only, well inside the test's own: starting tsx and the sandbox can take a while on a busy machine.
const READY_TIMEOUT_MS = 90_000;
const EXIT_TIMEOUT_MS = 30_000;

interface RunningCli {
	child: ChildProcess;
	output: () => string;
	exited: Promise<number | null>;
}

const children: ChildProcess[] = [];

function runCli(args: string[]): RunningCli {
	const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', ...args], { cwd: ROOT, stdio: 'pipe' });
	children.push(child);
	let text = '';
	child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	return { child, output: () => text, exited };
}

async function waitFor<T>(read: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = read();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}

/** The exit code, or 'still running' after timeoutMs; the timer is cleared either way. */
async function exitCodeWithin(cli: RunningCli, timeoutMs: number): Promise<number | null | 'still running'> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<'still running'>((resolve) => {
		timer = setTimeout(() => resolve('still running'), timeoutMs);
	});
	try {
		return await Promise.race([cli.exited, timeout]);
	} finally {
		clearTimeout(timer);
	}
}

afterEach(() => {
	for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

describe.each(['SIGINT', 'SIGTERM'] as const)('the sandbox command line, stopped with %s', (signal) => {
	it('prints its URL and key, serves the API, logs each request and stops cleanly', async () => {
		const cli = runCli(['--port', '0', '--api-key', 'cli-key', '--users', '30', '--seed', '7']);
		const url = await waitFor(
			() => /http:\/\/127\.0\.0\.1:\d+/.exec(cli.output())?.[0],
			READY_TIMEOUT_MS,
			`the ready line (output so far: ${cli.output()})`,
		);
		// The key comes on the line after the ready line, which may arrive in a later chunk.
		await waitFor(() => /^API key: cli-key /m.exec(cli.output())?.[0], READY_TIMEOUT_MS, 'the API key line');
		const answer = await fetch(`${url}/api/v2/users`, { headers: { Authorization: 'Token token=cli-key' } });
		expect(answer.status).toBe(200);
		expect(await answer.json()).toHaveLength(30);
		await waitFor(() => (cli.output().includes('GET /api/v2/users 200') ? true : undefined), 5000, 'the log line');

		cli.child.kill(signal);
		expect(await exitCodeWithin(cli, EXIT_TIMEOUT_MS)).toBe(0);
		await expect(fetch(`${url}/sandbox/health`)).rejects.toThrow();
	});
});

describe('the sandbox command line with --rate-limit', () => {
	it('says so once ready, and answers the requests beyond the limit with 429', async () => {
		const cli = runCli(['--port', '0', '--rate-limit', '2']);
		const url = await waitFor(
			() => /http:\/\/127\.0\.0\.1:\d+/.exec(cli.output())?.[0],
			READY_TIMEOUT_MS,
			`the ready line (output so far: ${cli.output()})`,
		);
		await waitFor(() => (cli.output().includes('Rate limit: 2 requests a second') ? true : undefined), 5000, 'the rate line');
		const key = /API key: (\S+)/.exec(cli.output())?.[1];
		const answers = await Promise.all(
			[1, 2, 3].map(() => fetch(`${url}/api/v2/tags`, { headers: { Authorization: `Token token=${key}` } })),
		);
		expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 429]);
		expect(answers.find((answer) => answer.status === 429)?.headers.get('retry-after')).toBe('1');
		cli.child.kill('SIGTERM');
		expect(await exitCodeWithin(cli, EXIT_TIMEOUT_MS)).toBe(0);
	});
});

describe('the sandbox command line with --today', () => {
	it('lives on that day: the seed counts back from it, and a record created now is dated on it', async () => {
		const cli = runCli(['--port', '0', '--today', '2031-03-07']);
		const url = await waitFor(
			() => /http:\/\/127\.0\.0\.1:\d+/.exec(cli.output())?.[0],
			READY_TIMEOUT_MS,
			`the ready line (output so far: ${cli.output()})`,
		);
		const key = /API key: (\S+)/.exec(await waitFor(() => (/API key: \S+/.test(cli.output()) ? cli.output() : undefined), 5000, 'the key'))?.[1];
		const headers = { Authorization: `Token token=${key}`, 'Content-Type': 'application/json' };
		const checks = (await (await fetch(`${url}/api/v2/background_checks`, { headers })).json()) as Array<{ order_date: string }>;
		const days = checks.map((check) => check.order_date.slice(0, 10)).sort();
		expect(days.at(-1)! <= '2031-03-07').toBe(true);
		expect(days.at(-1)! >= '2031-01-01').toBe(true);
		const [user] = (await (await fetch(`${url}/api/v2/users`, { headers })).json()) as Array<{ id: number }>;
		const ordered = await fetch(`${url}/api/v2/background_checks`, {
			method: 'POST',
			headers,
			body: JSON.stringify({ background_check: { user_id: user.id, level: 1, quickapp: true, child_serving: true, employee_type: 'current' } }),
		});
		expect(ordered.status).toBe(201);
		// The sandbox's clock keeps the time of day on that date (its offset is -06:00, so the day may be the 6th).
		expect(((await ordered.json()) as { order_date: string }).order_date.slice(0, 10)).toMatch(/^2031-03-0[67]$/);
		cli.child.kill('SIGTERM');
		expect(await exitCodeWithin(cli, EXIT_TIMEOUT_MS)).toBe(0);
	});
});

describe('the sandbox command line with a bad flag', () => {
	it.each([
		[['--port', 'eighty'], /--port must be a whole number/],
		[['--rate-limit', '0'], /--rate-limit must be a whole number from 1/],
		[['--today', '2031-02-30'], /--today must be a date written YYYY-MM-DD/],
		[['--today', 'tomorrow'], /--today must be a date written YYYY-MM-DD/],
	])('%j: says what is wrong and exits with an error', async (args, message) => {
		const cli = runCli(args);
		const code = await exitCodeWithin(cli, EXIT_TIMEOUT_MS);
		expect(code).not.toBe(0);
		expect(code).not.toBe('still running');
		expect(cli.output()).toMatch(message);
	});
});
