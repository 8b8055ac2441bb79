// The temporary folders of the tests and scripts (n8n user folders, queue mode's PostgreSQL and Redis data, the packed
// tarball, the shared n8n's logs): each named after the process that made it, `<tmp>/<name>-<pid>-XXXXXX`, so that a
// folder whose process is gone is known to be left over: a run killed before it could remove its folders (whatever it
// started ended with it, processes.ts). CI's machine keeps its temporary folder from run to run, so .ci/run removes
// them however it ends (`npx tsx scripts/harness/runtime/temporary.ts`), and so does each end-to-end run as it starts.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `ministrysafe-<what>-<pid>-<6 characters of mkdtemp>`; the runtime mirrors (ministrysafe-n8n-...) are launch.ts's. */
const OWNED = /^ministrysafe-(?!n8n-)[a-z0-9-]+?-(\d+)-[A-Za-z0-9]{6}$/;
/** How long a left-over PostgreSQL may take to finish shutting down before its folder is removed anyway. */
const SHUTDOWN_WAIT_MS = 30_000;

/** A new folder `<tmp>/<name>-<pid>-XXXXXX` of this process; `name` starts with `ministrysafe-`. */
export function ownedTemporaryFolder(name: string): string {
	return mkdtempSync(join(tmpdir(), `${name}-${process.pid}-`));
}

/** Whether a process of this id is alive (EPERM: alive, another user's). */
export function isRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** The PostgreSQL server still running on a data folder of ours (its postmaster.pid names a live process). */
function postgresStillRunning(folder: string): boolean {
	const postmaster = join(folder, 'data', 'postmaster.pid');
	if (!existsSync(postmaster)) return false;
	const pid = Number(readFileSync(postmaster, 'utf8').split('\n')[0]);
	return Number.isInteger(pid) && pid > 0 && isRunning(pid);
}

/**
 * Removes the folders of ours whose process is gone. A PostgreSQL still shutting down on one (it got its
 * parent-death signal a moment ago) keeps it: listed in `stillUsed`, for a later call.
 */
export function removeLeftOverFolders(temporary = tmpdir()): { removed: string[]; stillUsed: string[] } {
	const removed: string[] = [];
	const stillUsed: string[] = [];
	for (const entry of readdirSync(temporary)) {
		const owner = OWNED.exec(entry)?.[1];
		if (owner === undefined || isRunning(Number(owner))) continue;
		const folder = join(temporary, entry);
		if (postgresStillRunning(folder)) {
			stillUsed.push(folder);
			continue;
		}
		rmSync(folder, { recursive: true, force: true });
		removed.push(folder);
	}
	return { removed, stillUsed };
}

/** Removes every left-over folder, waiting (bounded) for a PostgreSQL that is still shutting down. */
export async function removeLeftOverFoldersWhenFree(log: (line: string) => void = () => undefined): Promise<void> {
	const deadline = Date.now() + SHUTDOWN_WAIT_MS;
	for (;;) {
		const { removed, stillUsed } = removeLeftOverFolders();
		for (const folder of removed) log(`removed ${folder}: the process that made it is gone`);
		if (stillUsed.length === 0) return;
		if (Date.now() > deadline) {
			throw new Error(`PostgreSQL still runs on ${stillUsed.join(', ')} ${SHUTDOWN_WAIT_MS / 1000} s after the process that started it ended`);
		}
		await new Promise((resolveWait) => setTimeout(resolveWait, 500));
	}
}

if (require.main === module) {
	removeLeftOverFoldersWhenFree((line) => console.log(line)).catch((error: Error) => {
		console.error(error.message);
		process.exitCode = 1;
	});
}
