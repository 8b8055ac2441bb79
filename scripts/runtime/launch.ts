// How every n8n process of the tests, the benchmark and `npm run dev` is started (server, CLI, queue roles): from a
// link to its runtime folder outside the repository, so that n8n cannot resolve a module from our own node_modules.
//
// Why: at start n8n (LoadNodesAndCredentials.init) sets NODE_PATH to the module.paths of its own file and calls
// Module._initPaths(), so every ancestor node_modules of n8n's files resolves for the community packages it loads.
// The runtimes live inside the repository (.n8n-runtime*/node_modules/n8n), so <repo>/node_modules (our dev
// dependencies) would be among them, and an installed package that imports a dev dependency would still load: the
// opposite of a user's n8n. Started as `<node> --preserve-symlinks --preserve-symlinks-main <link>/node_modules/n8n/
// bin/n8n`, n8n's files keep the link's path and their ancestors are the link's (the runtimes are installed with
// pnpm's hoisted linker: there are no symlinks inside them, so nothing is loaded twice under two paths).
import { createHash } from 'node:crypto';
import { readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';

import { REPO_DIR } from './project';
import { type Runtime, nodeBinary } from './runtimes';

/** `<tmp>/ministrysafe-n8n-<runtime>-<hash of its folder>`: one link per runtime folder, shared by all processes. */
function runtimeLinkPath(runtime: Runtime): string {
	const folderHash = createHash('sha256').update(runtime.dir).digest('hex').slice(0, 12);
	return join(tmpdir(), `ministrysafe-n8n-${runtime.name}-${folderHash}`);
}

function isInside(folder: string, path: string): boolean {
	const fromFolder = relative(folder, path);
	return fromFolder === '' || (!fromFolder.startsWith('..') && !isAbsolute(fromFolder));
}

function readLink(path: string): string | undefined {
	try {
		return readlinkSync(path);
	} catch {
		return undefined;
	}
}

/**
 * The link to the runtime's folder, made if missing or pointing elsewhere. Safe when processes race: each makes its
 * own link under a unique name and renames it over the shared one, which replaces it at once or fails.
 */
export function runtimeLink(runtime: Runtime): string {
	const link = runtimeLinkPath(runtime);
	if (isInside(REPO_DIR, link)) {
		throw new Error(`The temporary folder ${tmpdir()} is inside the repository: set TMPDIR to a folder outside ${REPO_DIR}`);
	}
	if (readLink(link) === runtime.dir) return link;
	const fresh = `${link}.${process.pid}.${Date.now()}`;
	symlinkSync(runtime.dir, fresh, 'dir');
	try {
		renameSync(fresh, link);
	} catch (error) {
		rmSync(fresh, { force: true });
		throw new Error(`Could not link ${link} to ${runtime.dir}: ${(error as Error).message}`);
	}
	return link;
}

/** The command and arguments that run `n8n <n8nArgs>` on a runtime; `nodeArgs` go to its Node (e.g. --inspect). */
export function n8nCommandLine(
	runtime: Runtime,
	n8nArgs: string[],
	nodeArgs: string[] = [],
): { command: string; args: string[] } {
	const n8nBin = join(runtimeLink(runtime), relative(runtime.dir, runtime.n8nBin));
	return {
		command: nodeBinary(runtime),
		args: ['--preserve-symlinks', '--preserve-symlinks-main', ...nodeArgs, n8nBin, ...n8nArgs],
	};
}
