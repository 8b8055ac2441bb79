// The package as users get it: the tarball `npm pack` makes, installed into an n8n user folder the way n8n's own
// community-package installer does it (Settings > Community Nodes > Install and Update). n8n 2.8.4 and 2.41.3 do, in
// CommunityPackagesService.downloadPackage: unpack the tarball into .n8n/nodes/node_modules/<name>, drop the package's
// dev, peer and optional dependencies, `npm install` its runtime dependencies with their flags, record the version in
// .n8n/nodes/package.json. What that copy lacks (a file outside `files`, a module only the working tree's
// node_modules has) fails as it would for a user. (A plain `npm install` in ~/.n8n/nodes differs: npm also installs
// the peer dependency n8n-workflow there, unless given --omit=peer.)
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { runtimeProcessEnv } from './install';
import { runProcess } from './processes';
import { PACKAGE_NAME, REPO_DIR } from './project';
import { type Runtime, selectedRuntime } from './runtimes';
import { ownedTemporaryFolder } from './temporary';

/** A hang's limit, not a claim about speed: CI runs several suites at once on two cores. */
const NPM_TIMEOUT_MS = 300_000;
/** n8n's own flags for `npm install` in the unpacked package (community-packages.service, NPM_INSTALL_ARGS). */
export const N8N_NPM_INSTALL_ARGS = [
	'--audit=false',
	'--fund=false',
	'--bin-links=false',
	'--install-strategy=shallow',
	'--ignore-scripts=true',
	'--package-lock=false',
] as const;
/** What n8n deletes from the unpacked package.json before installing: n8n itself provides n8n-workflow. */
const DEPENDENCIES_N8N_DROPS = ['devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

type Manifest = Record<string, unknown> & { name: string; version: string; dependencies?: Record<string, string> };

function readManifest(path: string): Manifest {
	return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

function writeManifest(path: string, manifest: object): void {
	writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** `<userFolder>/.n8n/nodes`: where n8n keeps community packages (its nodesDownloadDir). */
export function nodesFolder(userFolder: string): string {
	return join(userFolder, '.n8n', 'nodes');
}

/** Where n8n loads an installed package from. */
export function installedPackageDir(userFolder: string, name = PACKAGE_NAME): string {
	return join(nodesFolder(userFolder), 'node_modules', name);
}

/**
 * `npm pack` of a built package folder (package.json and dist/) into `destination`; returns the tarball's path. Only
 * what `files` names goes in, as on publishing.
 */
export async function packPackage(packageDir: string, destination: string): Promise<string> {
	mkdirSync(destination, { recursive: true });
	const packed = await runProcess('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], {
		cwd: packageDir,
		keepStdout: true,
		timeoutMs: NPM_TIMEOUT_MS,
	});
	const [result] = JSON.parse(packed.stdout()) as Array<{ filename: string }>;
	return join(destination, result.filename);
}

/**
 * Installs the tarball of package `name` into an n8n user folder as n8n's installer does; an earlier install of the
 * package is replaced (an update). npm runs on the runtime's Node, as n8n's would. Returns the installed package's
 * folder.
 */
export async function installPackageTarball(
	userFolder: string,
	tarball: string,
	runtime: Runtime = selectedRuntime(),
	name = PACKAGE_NAME,
): Promise<string> {
	const nodes = nodesFolder(userFolder);
	const nodesManifest = join(nodes, 'package.json');
	mkdirSync(nodes, { recursive: true });
	if (!existsSync(nodesManifest)) writeManifest(nodesManifest, { name: 'installed-nodes', private: true, dependencies: {} });

	const packageDir = installedPackageDir(userFolder, name);
	rmSync(packageDir, { recursive: true, force: true });
	mkdirSync(packageDir, { recursive: true });
	await runProcess('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1'], { timeoutMs: NPM_TIMEOUT_MS });

	const manifestPath = join(packageDir, 'package.json');
	const manifest = readManifest(manifestPath);
	for (const field of DEPENDENCIES_N8N_DROPS) delete manifest[field];
	writeManifest(manifestPath, manifest);
	await runProcess('npm', ['install', ...N8N_NPM_INSTALL_ARGS], {
		cwd: packageDir,
		// Under `npm run`, npm hands its settings to children as npm_config_*; n8n's npm gets none of ours.
		env: withoutNpmConfig(runtimeProcessEnv(runtime)),
		timeoutMs: NPM_TIMEOUT_MS,
	});

	const installed = readManifest(nodesManifest);
	installed.dependencies = { ...installed.dependencies, [manifest.name]: manifest.version };
	writeManifest(nodesManifest, installed);
	return packageDir;
}

/**
 * Installs the tarball the way README tells a user without the editor's installer: `npm install <package> --omit=peer`
 * in `<userFolder>/.n8n/nodes` (an earlier version there is replaced: an update). npm runs on the runtime's Node.
 */
export async function installTarballWithNpm(userFolder: string, tarball: string, runtime: Runtime = selectedRuntime()): Promise<void> {
	await runProcess('npm', ['install', tarball, '--omit=peer', '--audit=false', '--fund=false'], {
		cwd: nodesFolder(userFolder),
		env: withoutNpmConfig(runtimeProcessEnv(runtime)),
		timeoutMs: NPM_TIMEOUT_MS,
	});
}

function withoutNpmConfig(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	return Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_/i.test(name)));
}

/**
 * Packs this repository's built package into a temporary folder and installs it into `userFolder`: for a script that
 * needs the package as users get it and has no tarball at hand (the benchmark).
 */
export async function installWorkingTreePackage(userFolder: string, runtime: Runtime = selectedRuntime()): Promise<void> {
	const folder = ownedTemporaryFolder('ministrysafe-pack');
	try {
		await installPackageTarball(userFolder, await packPackage(REPO_DIR, folder), runtime);
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

/**
 * The tarball the end-to-end tests install: their global setup packs one into a folder named PACKED_HERE_PREFIX-*
 * and sets this, unless it is set already (to test a tarball made elsewhere).
 */
export const TARBALL_VARIABLE = 'MINISTRYSAFE_PACKED_TARBALL';
export const PACKED_HERE_PREFIX = 'ministrysafe-e2e-pack';

/** The tarball this test run packed (see TARBALL_VARIABLE). */
export function packedTarball(): string {
	const tarball = process.env[TARBALL_VARIABLE];
	if (!tarball || !existsSync(tarball)) {
		throw new Error(`${TARBALL_VARIABLE} names no tarball (${tarball}): the e2e jest configs' globalSetup packs one`);
	}
	return tarball;
}

/**
 * Builds a commit of this repository as it was (its files from `git archive`, its own build script, this checkout's
 * node_modules) and packs it into `destination`: a release's tarball without the npm registry, for the upgrade test.
 */
export async function packCommit(commit: string, destination: string): Promise<string> {
	const source = join(destination, 'source');
	mkdirSync(source, { recursive: true });
	const archive = join(destination, 'source.tar');
	await runProcess('git', ['archive', '--format=tar', '-o', archive, commit], { timeoutMs: NPM_TIMEOUT_MS });
	await runProcess('tar', ['-xf', archive, '-C', source], { timeoutMs: NPM_TIMEOUT_MS });
	rmSync(archive);
	symlinkSync(join(REPO_DIR, 'node_modules'), join(source, 'node_modules'), 'dir');
	await runProcess('npm', ['run', 'build'], { cwd: source, timeoutMs: NPM_TIMEOUT_MS });
	return packPackage(source, destination);
}
