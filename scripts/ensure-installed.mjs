// Installs this project's dev dependencies from the lock file when they are missing or the lock file changed since, so
// that `npm test` and `npm run dev` work on a fresh clone. It runs inside those scripts because .npmrc's
// ignore-scripts=true also turns off npm's pre-script hooks. No dependencies: it runs before any are there.
//
// `npm ci` takes a minute and a half of CPU (96,000 files unpacked from npm's cache), the longest part of a fresh
// clone's first `npm test` and of CI's first step. So the node_modules it makes is kept, as hard links, in a cache
// outside the repository (~/.cache/n8n-nodes-ministrysafe/node_modules/<key>), keyed on everything npm ci reads: the
// lock file, package.json's dependencies, Node's major version and the platform. The next clone with the same key
// gets it as hard links in seconds (`cp -al`); anything else, or any failure, is a plain `npm ci`.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockFile = join(root, 'package-lock.json');
const modules = join(root, 'node_modules');
// npm writes this after every install: newer than the lock file means node_modules matches it.
const installedLock = join(modules, '.package-lock.json');
const cacheRoot = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'n8n-nodes-ministrysafe', 'node_modules');
/** The installs kept in the cache (each a set of hard links: its disk space is shared with the clones that use it). */
const CACHE_KEPT = 3;

function cacheKey() {
	const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
	const read = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'overrides'].map((field) => manifest[field] ?? null);
	return createHash('sha256')
		.update(readFileSync(lockFile))
		.update(JSON.stringify(read))
		.update(`${process.versions.node.split('.')[0]}/${process.platform}/${process.arch}`)
		.digest('hex')
		.slice(0, 24);
}

/** node_modules as hard links to the cached install; false when there is none or linking fails. */
function fromCache(cached) {
	if (!existsSync(join(cached, '.package-lock.json'))) return false;
	try {
		rmSync(modules, { recursive: true, force: true });
		execFileSync('cp', ['-al', cached, modules], { stdio: 'ignore' });
		return true;
	} catch {
		rmSync(modules, { recursive: true, force: true });
		return false;
	}
}

/** Keeps this install for the next clone (made aside and renamed, so a cached install is whole or absent). */
function toCache(cached) {
	const making = `${cached}.${process.pid}`;
	try {
		mkdirSync(cacheRoot, { recursive: true });
		execFileSync('cp', ['-al', modules, making], { stdio: 'ignore' });
		if (existsSync(cached)) rmSync(making, { recursive: true, force: true });
		else renameSync(making, cached);
		const entries = readdirSync(cacheRoot)
			.map((name) => ({ path: join(cacheRoot, name), time: statSync(join(cacheRoot, name)).mtimeMs }))
			.sort((a, b) => b.time - a.time);
		for (const entry of entries.slice(CACHE_KEPT)) rmSync(entry.path, { recursive: true, force: true });
	} catch {
		// Without the cache the next clone runs npm ci, as before.
		rmSync(making, { recursive: true, force: true });
	}
}

const upToDate = existsSync(installedLock) && statSync(installedLock).mtimeMs >= statSync(lockFile).mtimeMs;
if (!upToDate) {
	const started = Date.now();
	const cached = join(cacheRoot, cacheKey());
	if (fromCache(cached)) {
		console.log(`The dev dependencies of package-lock.json linked from ${cached} (${Date.now() - started} ms)`);
	} else {
		console.log('Installing the dev dependencies from package-lock.json (npm ci; first run only) ...');
		const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
		if (npm.status !== 0) {
			console.error(`npm ci failed (${npm.error?.message ?? `exit code ${npm.status}`}); its output is above.`);
			process.exit(1);
		}
		toCache(cached);
		console.log(`npm ci took ${Math.round((Date.now() - started) / 1000)} s`);
	}
	// Linked, its date is the cached install's: dated now, it says that node_modules matches this lock file.
	const now = new Date();
	utimesSync(installedLock, now, now);
}
