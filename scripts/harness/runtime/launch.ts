// How every n8n process of the tests, the benchmark and `npm run dev` is started (server, CLI, queue roles): from a
// mirror of its runtime folder outside the repository, so that n8n cannot resolve a module from our own node_modules.
//
// Why: at start n8n (LoadNodesAndCredentials.init) sets NODE_PATH to the module.paths of its own file and calls
// Module._initPaths(), so every ancestor node_modules of n8n's files resolves for the community packages it loads.
// The runtimes live inside the repository (.n8n-runtime*/node_modules/n8n), so <repo>/node_modules (our dev
// dependencies) would be among them, and an installed package that imports a dev dependency would still load: the
// opposite of a user's n8n.
//
// How: the mirror is the runtime folder copied as hard links (`cp -al`: seconds, no second copy of the files), so n8n's
// files have the mirror's real paths and no ancestor inside the repository. A symbolic link started with
// --preserve-symlinks is not enough: n8n's node loader takes the real path of each node package (DirectoryLoader), so
// n8n's own nodes and its core then load their dependencies from two paths, twice (two zod, two n8n-workflow), which
// emptied the AI tools' schemas.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';

import { REPO_DIR } from './project';
import { type Runtime, nodeBinary } from './runtimes';

/** The prefix of every mirror of this runtime folder: `<tmp>/ministrysafe-n8n-<runtime>-<hash of its folder>-`. */
function mirrorPrefix(runtime: Runtime): string {
	const folderHash = createHash('sha256').update(runtime.dir).digest('hex').slice(0, 12);
	return `ministrysafe-n8n-${runtime.name}-${folderHash}-`;
}

/** One mirror per install of the runtime: pnpm rewrites node_modules/.modules.yaml on every install. */
function installStamp(runtime: Runtime): string {
	const marker = join(runtime.dir, 'node_modules', '.modules.yaml');
	return String(Math.round(statSync(existsSync(marker) ? marker : runtime.n8nBin).mtimeMs));
}

function isInside(folder: string, path: string): boolean {
	const fromFolder = relative(folder, path);
	return fromFolder === '' || (!fromFolder.startsWith('..') && !isAbsolute(fromFolder));
}

/**
 * The runtime's mirror, made if missing. Safe when processes race: each copies into its own folder and renames it to
 * the shared name, so a mirror is either complete or absent; the loser removes its copy. Mirrors of an earlier install
 * of the same runtime are removed.
 */
export function runtimeMirror(runtime: Runtime): string {
	const prefix = mirrorPrefix(runtime);
	const mirror = join(tmpdir(), `${prefix}${installStamp(runtime)}`);
	if (isInside(REPO_DIR, mirror)) {
		throw new Error(`The temporary folder ${tmpdir()} is inside the repository: set TMPDIR to a folder outside ${REPO_DIR}`);
	}
	if (existsSync(mirror)) return mirror;
	const fresh = `${mirror}.${process.pid}.${Date.now()}`;
	try {
		execFileSync('cp', ['-al', runtime.dir, fresh], { stdio: ['ignore', 'ignore', 'pipe'] });
	} catch (error) {
		rmSync(fresh, { recursive: true, force: true });
		throw new Error(
			`Could not mirror ${runtime.dir} into ${fresh} with hard links (is TMPDIR on another file system than the repository?): ${(error as Error).message}`,
		);
	}
	try {
		renameSync(fresh, mirror);
	} catch {
		// Another process renamed its complete copy first.
		rmSync(fresh, { recursive: true, force: true });
	}
	for (const entry of readdirSync(tmpdir())) {
		if (entry.startsWith(prefix) && join(tmpdir(), entry) !== mirror && !entry.includes('.')) {
			rmSync(join(tmpdir(), entry), { recursive: true, force: true });
		}
	}
	return mirror;
}

/** The command and arguments that run `n8n <n8nArgs>` on a runtime; `nodeArgs` go to its Node (e.g. --inspect). */
export function n8nCommandLine(
	runtime: Runtime,
	n8nArgs: string[],
	nodeArgs: string[] = [],
): { command: string; args: string[] } {
	const n8nBin = join(runtimeMirror(runtime), relative(runtime.dir, runtime.n8nBin));
	return { command: nodeBinary(runtime), args: [...nodeArgs, n8nBin, ...n8nArgs] };
}
