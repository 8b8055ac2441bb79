// What ships: the tarball `npm pack` makes of the built package, installed as n8n's installer installs it
// into a folder outside the repository where only n8n-workflow (which n8n provides) and Node's built-ins resolve. Every
// node and credential the package.json's `n8n` section names must load there, and every icon they name must be in the
// tarball: through the working tree a missing file or an undeclared module would pass every other test.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';

import { REPO_DIR, installPackageTarball, nodesFolder, packPackage } from '../../scripts/n8n-runtime';

/**
 * A guard against shipping what does not belong (tests, the sandbox, source maps, declarations), not a size target:
 * the package's own code and README came to 105 KB at 1.2.0 (95 KB at 1.0.0).
 */
const MAX_TARBALL_BYTES = 128 * 1024;

/**
 * Run by Node in the install folder: requires each file the `n8n` section names, makes its class as n8n does, and
 * prints what it found: names and the icons each names (a versioned node's per version too).
 */
const LOADER = `
const { basename, join, dirname, posix } = require('node:path');
const packageDir = process.argv[1];
const manifest = require(join(packageDir, 'package.json'));
const icons = (file, icon) => {
	if (!icon) return [];
	const named = typeof icon === 'string' ? [icon] : [icon.light, icon.dark];
	return named.map((entry) => ({ icon: entry, path: entry.startsWith('file:') ? posix.join(dirname(file), entry.slice(5)) : undefined }));
};
const loaded = [];
for (const [kind, files] of [['credential', manifest.n8n.credentials], ['node', manifest.n8n.nodes]]) {
	for (const file of files) {
		// As n8n's loader: the class named as the file (dist/nodes/X/X.node.js exports X).
		const Type = require(join(packageDir, file))[basename(file).replace(/[.](node|credentials)[.]js$/, '')];
		const instance = new Type();
		const descriptions = kind === 'credential' ? [instance] : instance.nodeVersions ? [instance.description, ...Object.values(instance.nodeVersions).map((version) => version.description)] : [instance.description];
		loaded.push({ kind, file, name: descriptions[0].name, icons: descriptions.flatMap((description) => icons(file, description.icon)) });
	}
}
console.log(JSON.stringify(loaded));
`;

/** What the build is made of: dist/ is stale once any of it is newer than dist/'s oldest file. */
const BUILD_SOURCES = ['nodes', 'credentials', 'icons', 'package.json', 'tsconfig.json'];

/** The modification times of a file, or of every file under a folder. */
function modified(path: string): number[] {
	const stats = statSync(path, { throwIfNoEntry: false });
	if (stats === undefined) return [];
	if (!stats.isDirectory()) return [stats.mtimeMs];
	return readdirSync(path).flatMap((entry) => modified(join(path, entry)));
}

/** Whether dist/ is there and built from the sources as they are now. */
function distIsCurrent(): boolean {
	const built = modified(join(REPO_DIR, 'dist'));
	if (!existsSync(join(REPO_DIR, 'dist', 'nodes')) || built.length === 0) return false;
	const newestSource = Math.max(...BUILD_SOURCES.flatMap((source) => modified(join(REPO_DIR, source))));
	return newestSource <= Math.min(...built);
}

interface Loaded {
	kind: 'node' | 'credential';
	file: string;
	name: string;
	icons: Array<{ icon: string; path: string | undefined }>;
}

let folder: string;
let tarball: string;
let entries: string[];
let loaded: Loaded[];

beforeAll(async () => {
	folder = mkdtempSync(join(tmpdir(), 'ministrysafe-tarball-'));
	// What `npm test` on a fresh clone has no build for, or a build older than the sources, is built first.
	if (!distIsCurrent()) {
		const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_DIR, encoding: 'utf8' });
		if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
	}
	tarball = await packPackage(REPO_DIR, join(folder, 'packed'));
	entries = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
		.split('\n')
		.filter(Boolean)
		.map((entry) => entry.replace(/^package\//, ''));
	const userFolder = join(folder, 'user');
	const packageDir = await installPackageTarball(userFolder, tarball);
	// n8n provides n8n-workflow beside the installed package; nothing else of the repository's node_modules is reachable.
	const n8nWorkflow = join(nodesFolder(userFolder), 'node_modules', 'n8n-workflow');
	mkdirSync(dirname(n8nWorkflow), { recursive: true });
	symlinkSync(join(REPO_DIR, 'node_modules', 'n8n-workflow'), n8nWorkflow, 'dir');
	const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_PATH'));
	const output = execFileSync(process.execPath, ['-e', LOADER, packageDir], { cwd: folder, env, encoding: 'utf8' });
	loaded = JSON.parse(output) as Loaded[];
}, 300_000);

afterAll(() => {
	if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the packed tarball, installed as n8n installs it', () => {
	it('loads every node and credential the package.json names, with only n8n-workflow and Node to resolve', () => {
		const manifest = JSON.parse(readFileSync(join(REPO_DIR, 'package.json'), 'utf8')) as {
			n8n: { nodes: string[]; credentials: string[] };
		};
		expect([...new Set(loaded.map((entry) => entry.file))].sort()).toEqual(
			[...manifest.n8n.nodes, ...manifest.n8n.credentials].sort(),
		);
		expect(loaded.map((entry) => entry.name).sort()).toEqual([
			'ministrySafe',
			'ministrySafeApi',
			'ministrySafePollingTrigger',
			'ministrySafeTrigger',
			'ministrySafeWebhookApi',
		]);
	});

	it('has every icon the nodes and credentials name', () => {
		const named = loaded.flatMap((entry) => entry.icons.map((icon) => ({ of: entry.name, ...icon })));
		expect(named.length).toBeGreaterThanOrEqual(loaded.length);
		const missing = named.filter((icon) => icon.path === undefined || !entries.includes(posix.normalize(icon.path)));
		expect(missing).toEqual([]);
	});

	it('ships no dist/package.json, source maps, declarations, tests, sandbox or scripts', () => {
		const unwanted = entries.filter((entry) =>
			/^dist\/package\.json$|\.map$|\.d\.ts$|(^|\/)(test|tests|__tests__|sandbox|scripts)\/|\.test\.[jt]s$/.test(entry),
		);
		expect(unwanted).toEqual([]);
		expect(entries).toContain('package.json');
		expect(entries).toContain(`dist/nodes/MinistrySafe/MinistrySafe.node.json`);
	});

	it(`is under ${MAX_TARBALL_BYTES / 1024} KB`, () => {
		expect(statSync(tarball).size).toBeLessThan(MAX_TARBALL_BYTES);
	});
});
