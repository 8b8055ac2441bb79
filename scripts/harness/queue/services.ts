// PostgreSQL and Redis for one queue-mode run: each on 127.0.0.1 on a free port with its own data folder, run in the
// foreground as our child (so that the same clean-up that stops n8n stops them), and removed again when stopped. Each
// ends with the process that started it, however that one ends (a parent-death signal, processes.ts); its data folder
// names that process, so that the folder of one that was killed is known to be left over and removed (temporary.ts).
import { chownSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';

import { type ManagedProcess, freePort, ownedTemporaryFolder, removeLeftOverFolders, runProcess, startUntilReady } from '../../n8n-runtime';
import type { SystemPrograms } from './system';

const READY_TIMEOUT_MS = 30_000;
const DATABASE = 'n8n';
const DATABASE_USER = 'n8n';

export interface Service {
	port: number;
	process: ManagedProcess;
	stop(): Promise<void>;
}

/**
 * PostgreSQL refuses to run as root. As root, its programs run as Debian's `postgres` user (created by the package)
 * through setpriv, which execs in place: the process we stop is postgres itself.
 */
function asDatabaseUser(command: string, args: string[]): [string, string[]] {
	if (userInfo().uid !== 0) return [command, args];
	return ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', command, ...args]];
}

/** As root, the data folder belongs to Debian's `postgres` user (uid and gid read from /etc/passwd). */
function ownedByDatabaseUser(folder: string): void {
	if (userInfo().uid !== 0) return;
	const entry = readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.find((line) => line.startsWith('postgres:'));
	if (!entry) throw new Error('Running as root, PostgreSQL needs the "postgres" user that Debian\'s package creates');
	const [, , uid, gid] = entry.split(':');
	chownSync(folder, Number(uid), Number(gid));
}

async function stopAndRemove(running: ManagedProcess, folder: string): Promise<void> {
	await running.stop();
	rmSync(folder, { recursive: true, force: true });
}

/** A data folder named after this process: one left by a run that was killed is removed later (temporary.ts). */
function serviceFolder(service: 'postgres' | 'redis'): string {
	removeLeftOverFolders();
	return ownedTemporaryFolder(`ministrysafe-${service}`);
}

export interface Postgres extends Service {
	/** The variables that point n8n at this database. */
	env: Record<string, string>;
}

export async function startPostgres(programs: SystemPrograms): Promise<Postgres> {
	const folder = serviceFolder('postgres');
	try {
		ownedByDatabaseUser(folder);
		const data = join(folder, 'data');
		// Trust on 127.0.0.1 alone: a throwaway database for one run, reachable from this machine only.
		await runProcess(
			...asDatabaseUser(join(programs.postgresBin, 'initdb'), [
				`--pgdata=${data}`,
				`--username=${DATABASE_USER}`,
				'--auth=trust',
				'--encoding=UTF8',
				'--locale=C',
				'--no-sync',
			]),
			{ timeoutMs: 60_000 },
		);
		const port = await freePort();
		// No fsync: the data lives for one run. No Unix socket: TCP on 127.0.0.1 only.
		const running = await startUntilReady(
			'PostgreSQL',
			...asDatabaseUser(join(programs.postgresBin, 'postgres'), [
				'-D',
				data,
				'-p',
				String(port),
				'-h',
				'127.0.0.1',
				'-c',
				'unix_socket_directories=',
				'-c',
				'fsync=off',
				'-c',
				'synchronous_commit=off',
				'-c',
				'full_page_writes=off',
				// PostgreSQL's default (100) unless a load run asks for more: each n8n process opens up to its pool size.
				'-c',
				`max_connections=${Number(process.env.QUEUE_PG_MAX_CONNECTIONS ?? 100)}`,
			]),
			// SIGINT is PostgreSQL's fast shutdown: it disconnects its clients and exits, shared memory released.
			{ ready: /ready to accept connections/, timeoutMs: READY_TIMEOUT_MS, parentDeathSignal: 'SIGINT' },
		);
		try {
			await runProcess(
				join(programs.postgresBin, 'psql'),
				['-h', '127.0.0.1', '-p', String(port), '-U', DATABASE_USER, '-d', 'postgres', '-c', `CREATE DATABASE ${DATABASE}`],
				{ timeoutMs: 30_000 },
			);
		} catch (error) {
			await stopAndRemove(running, folder);
			throw error;
		}
		return {
			port,
			process: running,
			env: {
				DB_TYPE: 'postgresdb',
				DB_POSTGRESDB_HOST: '127.0.0.1',
				DB_POSTGRESDB_PORT: String(port),
				DB_POSTGRESDB_DATABASE: DATABASE,
				DB_POSTGRESDB_USER: DATABASE_USER,
				DB_POSTGRESDB_PASSWORD: '',
			},
			stop: () => stopAndRemove(running, folder),
		};
	} catch (error) {
		rmSync(folder, { recursive: true, force: true });
		throw error;
	}
}

export interface Redis extends Service {
	env: Record<string, string>;
}

export async function startRedis(programs: SystemPrograms): Promise<Redis> {
	const folder = serviceFolder('redis');
	try {
		const port = await freePort();
		// Nothing saved to disk: the queue lives for one run.
		const running = await startUntilReady(
			'Redis',
			programs.redisServer,
			['--port', String(port), '--bind', '127.0.0.1', '--dir', folder, '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
			{ ready: /Ready to accept connections/, timeoutMs: READY_TIMEOUT_MS },
		);
		return {
			port,
			process: running,
			env: { QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(port) },
			stop: () => stopAndRemove(running, folder),
		};
	} catch (error) {
		rmSync(folder, { recursive: true, force: true });
		throw error;
	}
}
