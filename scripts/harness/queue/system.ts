// The system programs queue mode needs beside n8n: PostgreSQL (n8n's database for every instance) and Redis (the
// queue between them), from Debian's packages. Found where Debian puts them; installed with apt-get when missing and
// this process may (root), otherwise the error says what to install. `npx tsx scripts/harness/queue/system.ts` does it alone
// (CI, before the queue-mode suite).
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { type Log, runProcess } from '../../n8n-runtime';

const POSTGRES_ROOT = '/usr/lib/postgresql';
const REDIS_SERVER = '/usr/bin/redis-server';

export interface SystemPrograms {
	/** The folder of initdb and postgres (the newest major version installed). */
	postgresBin: string;
	redisServer: string;
}

function findPostgresBin(): string | undefined {
	if (!existsSync(POSTGRES_ROOT)) return undefined;
	const versions = readdirSync(POSTGRES_ROOT)
		.filter((version) => existsSync(join(POSTGRES_ROOT, version, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length > 0 ? join(POSTGRES_ROOT, versions[0], 'bin') : undefined;
}

function findPrograms(): { postgresBin?: string; redisServer?: string } {
	return { postgresBin: findPostgresBin(), redisServer: existsSync(REDIS_SERVER) ? REDIS_SERVER : undefined };
}

/**
 * Debian's packages start their system service on install (PostgreSQL's main cluster on 5432, Redis on 6379); we run
 * our own instances and start nothing else, so a policy-rc.d that denies service starts is in place meanwhile.
 */
async function aptGetInstall(packages: string[]): Promise<void> {
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const policy = '/usr/sbin/policy-rc.d';
	const ownPolicy = !existsSync(policy);
	if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
	try {
		await runProcess('apt-get', ['update'], { env, timeoutMs: 5 * 60_000 });
		await runProcess('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env, timeoutMs: 10 * 60_000 });
	} finally {
		if (ownPolicy) rmSync(policy, { force: true });
	}
}

export async function ensureSystemPrograms(log: Log): Promise<SystemPrograms> {
	let found = findPrograms();
	const missing = [...(found.postgresBin ? [] : ['postgresql']), ...(found.redisServer ? [] : ['redis-server'])];
	if (missing.length > 0) {
		if (process.getuid?.() !== 0) {
			throw new Error(`Queue mode needs ${missing.join(' and ')}: sudo apt-get install -y ${missing.join(' ')}`);
		}
		log(`Installing ${missing.join(' and ')} with apt-get ...`);
		await aptGetInstall(missing);
		found = findPrograms();
	}
	if (!found.postgresBin || !found.redisServer) {
		throw new Error(`After apt-get, ${POSTGRES_ROOT}/*/bin/postgres or ${REDIS_SERVER} is still missing`);
	}
	return { postgresBin: found.postgresBin, redisServer: found.redisServer };
}

if (require.main === module) {
	ensureSystemPrograms((line) => console.log(line)).then(
		(programs) => console.log(`PostgreSQL in ${programs.postgresBin}, Redis at ${programs.redisServer}`),
		(error: Error) => {
			console.error(error.message);
			process.exitCode = 1;
		},
	);
}
