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
import {
	copyFileSync,
	existsSync,
	linkSync,
	lstatSync,
	mkdirSync,
	readFileSync,
	readdirSync,
	readlinkSync,
	renameSync,
	rmSync,
	statSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';

import { REPO_DIR } from './project';
import { type Runtime, nodeBinary } from './runtimes';
import { isRunning } from './temporary';

const MIRROR_PREFIX = 'ministrysafe-n8n-';
/** Written into each mirror: which runtime folder it mirrors, so that any later run can tell a stale mirror. */
const MIRROR_SOURCE_FILE = '.ministrysafe-mirror-of.json';

type MirrorSource = Pick<Runtime, 'name' | 'dir'>;

/** One mirror per runtime folder and install: `<tmp>/ministrysafe-n8n-<runtime>-<hash of its folder>-<install>`. */
function mirrorPath(runtime: MirrorSource, temporary: string): string {
	const folderHash = createHash('sha256').update(runtime.dir).digest('hex').slice(0, 12);
	return join(temporary, `${MIRROR_PREFIX}${runtime.name}-${folderHash}-${installStamp(runtime.dir)}`);
}

/** pnpm rewrites node_modules/.modules.yaml on every install, so a reinstalled runtime gets a mirror of its own. */
function installStamp(runtimeDir: string): string {
	const marker = join(runtimeDir, 'node_modules', '.modules.yaml');
	return existsSync(marker) ? String(Math.round(statSync(marker).mtimeMs)) : 'unstamped';
}

function isInside(folder: string, path: string): boolean {
	const fromFolder = relative(folder, path);
	return fromFolder === '' || (!fromFolder.startsWith('..') && !isAbsolute(fromFolder));
}

/**
 * Whether a folder of ours in the temporary folder is left over: a copy whose process is gone, or a mirror of a runtime
 * folder that is gone (a removed clone) or reinstalled. Left-over mirrors matter beyond disk space: every mirror adds
 * one hard link per file, and pnpm's store links one inode (the empty `export {};` module) thousands of times per
 * runtime, so a few dozen of them reach the file system's limit (65,000 on ext4) and `cp -al` fails.
 */
function isLeftOver(folder: string, temporary: string): boolean {
	const copying = /\.(\d+)\.\d+$/.exec(folder);
	if (copying) return !isRunning(Number(copying[1]));
	let source: MirrorSource;
	try {
		source = JSON.parse(readFileSync(join(folder, MIRROR_SOURCE_FILE), 'utf8')) as MirrorSource;
	} catch {
		return true; // made before mirrors said their source: nothing can tell whether it is still used
	}
	return !existsSync(join(source.dir, 'node_modules')) || mirrorPath(source, temporary) !== folder;
}

function removeLeftOverMirrors(temporary: string): void {
	for (const entry of readdirSync(temporary)) {
		const folder = join(temporary, entry);
		if (entry.startsWith(MIRROR_PREFIX) && isLeftOver(folder, temporary)) rmSync(folder, { recursive: true, force: true });
	}
}

/**
 * Adds to `copy` what `cp -al` could not link: a file whose inode has reached the file system's limit of hard links is
 * copied instead (its bytes and mode). Folders and symbolic links that are missing are made as in the source.
 */
export function completeMirror(source: string, copy: string, link: (from: string, to: string) => void = linkSync): void {
	if (!existsSync(copy)) mkdirSync(copy);
	for (const entry of readdirSync(source, { withFileTypes: true })) {
		const from = join(source, entry.name);
		const to = join(copy, entry.name);
		if (entry.isDirectory()) {
			completeMirror(from, to, link);
			continue;
		}
		if (lstatExists(to)) continue;
		if (entry.isSymbolicLink()) {
			symlinkSync(readlinkSync(from), to);
			continue;
		}
		try {
			link(from, to);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EMLINK') throw error;
			copyFileSync(from, to);
		}
	}
}

/** Whether anything is at the path; existsSync follows a symbolic link, so a dangling one cp made would look missing. */
function lstatExists(path: string): boolean {
	try {
		lstatSync(path);
		return true;
	} catch {
		return false;
	}
}

/** `cp -al` (seconds, no second copy of the files); where an inode is at the limit of hard links, a copy of the file. */
function mirrorInto(runtimeDir: string, fresh: string): void {
	try {
		execFileSync('cp', ['-al', runtimeDir, fresh], { stdio: ['ignore', 'ignore', 'pipe'] });
		return;
	} catch (error) {
		const stderr = String((error as { stderr?: Buffer }).stderr ?? '');
		const failures = stderr.split('\n').filter((line) => line.trim() !== '');
		if (failures.length === 0 || !failures.every((line) => line.includes('Too many links'))) {
			throw new Error(
				`Could not mirror ${runtimeDir} into ${fresh} with hard links (is TMPDIR on another file system than the repository?): ${failures.slice(0, 5).join('; ') || (error as Error).message}`,
			);
		}
	}
	completeMirror(runtimeDir, fresh);
}

/**
 * The runtime's mirror, made if missing. Safe when processes race: each copies into its own folder and renames it to
 * the shared name, so a mirror is either complete or absent; the loser removes its copy. Left-over mirrors (of an
 * earlier install, of a removed clone, of a process that died copying) are removed first.
 */
export function runtimeMirror(runtime: Runtime, temporary: string = tmpdir()): string {
	const mirror = mirrorPath(runtime, temporary);
	if (isInside(REPO_DIR, mirror)) {
		throw new Error(`The temporary folder ${temporary} is inside the repository: set TMPDIR to a folder outside ${REPO_DIR}`);
	}
	if (existsSync(mirror)) return mirror;
	removeLeftOverMirrors(temporary);
	const fresh = `${mirror}.${process.pid}.${Date.now()}`;
	try {
		mirrorInto(runtime.dir, fresh);
		writeFileSync(join(fresh, MIRROR_SOURCE_FILE), JSON.stringify({ name: runtime.name, dir: runtime.dir }));
	} catch (error) {
		rmSync(fresh, { recursive: true, force: true });
		throw error;
	}
	try {
		renameSync(fresh, mirror);
	} catch {
		// Another process renamed its complete copy first.
		rmSync(fresh, { recursive: true, force: true });
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
