// Installs this project's dev dependencies from the lock file when they are missing or the lock file changed since, so
// that `npm test` and `npm run dev` work on a fresh clone. It runs inside those scripts because .npmrc's
// ignore-scripts=true also turns off npm's pre-script hooks. No dependencies: it runs before any are there.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockFile = join(root, 'package-lock.json');
// npm writes this after every install: newer than the lock file means node_modules matches it.
const installedLock = join(root, 'node_modules', '.package-lock.json');

const upToDate = existsSync(installedLock) && statSync(installedLock).mtimeMs >= statSync(lockFile).mtimeMs;
if (!upToDate) {
	console.log('Installing the dev dependencies from package-lock.json (npm ci; first run only) ...');
	const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
	if (npm.status !== 0) {
		console.error(`npm ci failed (${npm.error?.message ?? `exit code ${npm.status}`}); its output is above.`);
		process.exit(1);
	}
}
