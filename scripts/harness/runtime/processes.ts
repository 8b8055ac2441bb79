// Child processes for the runtime library: each in its own process group, so that stopping it also stops what it
// started (n8n's task runner); a group still alive when this process exits is killed. A process that exits without
// running its exit handlers (killed with SIGKILL, say) cannot do that, so each child also gets a parent-death signal
// (Linux's PR_SET_PDEATHSIG, through util-linux's setpriv): it is signalled the moment its parent dies, however that
// happens. PostgreSQL, Redis and n8n end with the test process that started them.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';

import { REPO_DIR } from './project';

const OUTPUT_KEPT_CHARS = 200_000;
const STOP_GRACE_MS = 10_000;

const liveGroups = new Set<number>();
process.on('exit', () => {
	for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(-pid, signal);
	} catch {
		// Already gone.
	}
}

export interface ManagedProcess {
	readonly child: ChildProcess;
	/** stdout and stderr as they came (the last 200,000 characters). */
	output(): string;
	/** stdout alone, complete (kept only with `keepStdout`): where n8n's CLI writes its results. */
	stdout(): string;
	/** Resolves with the exit code (null when a signal ended it). */
	readonly exited: Promise<number | null>;
	stop(): Promise<void>;
}

export interface ProcessOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	onLine?: (line: string) => void;
	/** Keep all of stdout, for a command whose result is its output (a long-running server keeps only the tail). */
	keepStdout?: boolean;
	/** Also appends all it prints to this file, as it comes (another process may read it: the shared n8n's logs). */
	logFile?: string;
	/**
	 * The signal the process gets when this one dies without stopping it: SIGKILL unless given (PostgreSQL takes
	 * SIGINT, its fast shutdown, which leaves no shared memory behind). Not SIGTERM: n8n mains given SIGTERM by a
	 * killed Jest worker were found still running, shutting down, half an hour later. n8n's task runner exits by itself
	 * when its n8n's connection closes.
	 */
	parentDeathSignal?: NodeJS.Signals;
}

const SETPRIV = '/usr/bin/setpriv';

/**
 * The command line that gives `command` a parent-death signal: through setpriv, which sets it and then execs the
 * command in place (so the process we stop is the command itself). A command that is setpriv already (PostgreSQL run
 * as its own user) takes the option among its own: a change of user clears the signal, and setpriv sets it after
 * the change. Without setpriv (not Linux), the command as it is.
 */
export function withParentDeathSignal(command: string, args: string[], signal: NodeJS.Signals): [string, string[]] {
	const option = `--pdeathsig=${signal.replace(/^SIG/, '')}`;
	if (command === 'setpriv' || command === SETPRIV) return [command, [option, ...args]];
	if (!existsSync(SETPRIV)) return [command, args];
	return [SETPRIV, [option, '--', command, ...args]];
}

export function startProcess(command: string, args: string[], options: ProcessOptions = {}): ManagedProcess {
	[command, args] = withParentDeathSignal(command, args, options.parentDeathSignal ?? 'SIGKILL');
	const child = spawn(command, args, {
		cwd: options.cwd ?? REPO_DIR,
		env: options.env ?? process.env,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const pid = child.pid;
	if (pid === undefined) throw new Error(`Could not start ${command}`);
	liveGroups.add(pid);

	let output = '';
	let stdout = '';
	let partialLine = '';
	const collect = (chunk: Buffer, isStdout: boolean): void => {
		const text = chunk.toString('utf8');
		output = (output + text).slice(-OUTPUT_KEPT_CHARS);
		if (options.logFile) appendFileSync(options.logFile, text);
		if (isStdout && options.keepStdout) stdout += text;
		if (options.onLine) {
			const lines = (partialLine + text).split('\n');
			partialLine = lines.pop() ?? '';
			for (const line of lines) options.onLine(line);
		}
	};
	child.stdout?.on('data', (chunk: Buffer) => collect(chunk, true));
	child.stderr?.on('data', (chunk: Buffer) => collect(chunk, false));

	child.once('exit', () => {
		// The group leader is gone; its children (if any) must not outlive it, nor hold its output pipes open.
		killGroup(pid, 'SIGKILL');
		liveGroups.delete(pid);
	});
	// 'close' comes after the last output has been read, so output() is complete when `exited` resolves.
	const exited = new Promise<number | null>((resolveExit) => {
		child.once('error', () => resolveExit(null));
		child.once('close', (code) => resolveExit(code));
	});

	let stopping: Promise<void> | undefined;
	const stop = (): Promise<void> => {
		stopping ??= (async () => {
			if (!liveGroups.has(pid)) return;
			killGroup(pid, 'SIGTERM');
			const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), STOP_GRACE_MS);
			await exited;
			clearTimeout(timer);
		})();
		return stopping;
	};

	return { child, output: () => output, stdout: () => stdout, exited, stop };
}

/** A command that failed; `output` is all it printed (the message has only its end), `stdout` its stdout if kept. */
export class ProcessError extends Error {
	constructor(
		message: string,
		readonly output: string,
		readonly stdout = '',
	) {
		super(message);
	}
}

/** Runs a command to its end; rejects with a ProcessError when it fails or outlives `timeoutMs`. */
export async function runProcess(
	command: string,
	args: string[],
	options: ProcessOptions & { timeoutMs: number },
): Promise<ManagedProcess> {
	const running = startProcess(command, args, options);
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		void running.stop();
	}, options.timeoutMs);
	const code = await running.exited;
	clearTimeout(timer);
	if (timedOut || code !== 0) {
		const why = timedOut ? `did not finish within ${options.timeoutMs / 1000} s` : `exited with code ${code}`;
		const output = running.output();
		throw new ProcessError(`${[command, ...args].join(' ')} ${why}. Its last output:\n${tail(output)}`, output, running.stdout());
	}
	return running;
}

/**
 * Starts a long-running process and resolves once it prints a line matching `ready`; when it exits first or the time
 * runs out, it is stopped and the promise rejects with its last output.
 */
export async function startUntilReady(
	what: string,
	command: string,
	args: string[],
	options: ProcessOptions & { ready: RegExp; timeoutMs: number },
): Promise<ManagedProcess> {
	let markReady: () => void = () => undefined;
	const ready = new Promise<'ready'>((resolveReady) => (markReady = () => resolveReady('ready')));
	const running = startProcess(command, args, {
		...options,
		onLine: (line) => {
			if (options.ready.test(line)) markReady();
			options.onLine?.(line);
		},
	});
	let timer: NodeJS.Timeout | undefined;
	const outcome = await Promise.race([
		ready,
		running.exited.then(() => 'exited' as const),
		new Promise<'timeout'>((resolveTimeout) => (timer = setTimeout(() => resolveTimeout('timeout'), options.timeoutMs))),
	]);
	clearTimeout(timer);
	if (outcome !== 'ready') {
		await running.stop();
		const why = outcome === 'exited' ? 'exited' : `was not ready within ${options.timeoutMs / 1000} s`;
		throw new Error(`${what} ${why}. Its last output:\n${tail(running.output())}`);
	}
	return running;
}

export function tail(text: string, lines = 40): string {
	return text.trimEnd().split('\n').slice(-lines).join('\n');
}

export async function freePort(): Promise<number> {
	return new Promise((resolvePort, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address !== null ? address.port : 0;
			server.close(() => resolvePort(port));
		});
	});
}

/** Polls until `check` gives a value (not undefined), or rejects after `timeoutMs` with the last reason. */
export async function waitFor<T>(
	what: string,
	check: () => Promise<T | undefined>,
	timeoutMs: number,
	intervalMs = 250,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await new Promise((resolveSleep) => setTimeout(resolveSleep, intervalMs));
	}
}
