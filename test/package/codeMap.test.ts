// CONTRIBUTING.md's code map against the tree: every file and folder a row names exists under that row's folder, and
// every folder of the code (nodes, scripts, test, sandbox) is named in some row, so that the map cannot fall behind a
// move or a new folder without this test saying where.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const REPO = join(__dirname, '..', '..');
const contributing = readFileSync(join(REPO, 'CONTRIBUTING.md'), 'utf8');
const mapSection = contributing.slice(contributing.indexOf('## Code map'), contributing.indexOf('### One item'));

/** The map's rows: the folder (or file) in the first cell, and the names in backticks in the second. */
const rows = mapSection
	.split('\n')
	.filter((line) => /^\| `[^`]+` \|/.test(line))
	.map((line) => {
		const [, first, rest] = /^\| `([^`]+)` \|(.*)$/.exec(line) as RegExpExecArray;
		// A row for a kind of folder (`actions/<resource>/`) is checked at the folder that holds them.
		const place = first.replace(/\/?<[^>]+>.*$/, '').replace(/\/$/, '');
		return { place, names: [...rest.matchAll(/`([^`]+)`/g)].map((match) => match[1]) };
	});

/** Every path below a folder, relative to it (folders with a trailing /). */
function pathsUnder(folder: string, prefix = ''): string[] {
	return readdirSync(join(REPO, folder, prefix)).flatMap((name) => {
		if (name === 'node_modules' || name.startsWith('.')) return [];
		const path = `${prefix}${name}`;
		return statSync(join(REPO, folder, path)).isDirectory() ? [`${path}/`, ...pathsUnder(folder, `${path}/`)] : [path];
	});
}

/** A name that points at a file or folder: `x.ts`, `x/`, `a/b.ts`, `a/b/` (not `npm run dev`, `id`, `<name>.operation.ts`). */
const isPathName = (name: string) => /^[\w.-]+(\/[\w.-]+)*(\/|\.(ts|mjs|js|json))$/.test(name);

it('has a row for each part of the tree', () => {
	expect(rows.length).toBeGreaterThan(10);
	for (const place of ['nodes/MinistrySafe', 'nodes/shared', 'credentials', 'sandbox', 'scripts', 'test', 'examples', 'docs']) {
		expect(rows.map((row) => row.place)).toContain(place);
	}
});

it.each(rows.map((row) => [row.place, row] as const))('names only what exists: %s', (place, row) => {
	expect(existsSync(join(REPO, place))).toBe(true);
	if (!statSync(join(REPO, place)).isDirectory()) return;
	const under = pathsUnder(place);
	// A name is found below the row's folder, as a path that ends with it (`routes/` matches `routes/`, `a/routes/`).
	const missing = row.names
		.filter(isPathName)
		.filter((name) => !under.some((path) => path === name || path.endsWith(`/${name}`)) && !existsSync(join(REPO, name)));
	expect(missing).toEqual([]);
});

it('names every folder of the code', () => {
	const named = new Set(rows.flatMap((row) => [row.place, ...row.names.map((name) => name.replace(/\/$/, ''))]));
	const folders = ['nodes', 'scripts', 'test', 'sandbox'].flatMap((root) =>
		pathsUnder(root)
			.filter((path) => path.endsWith('/'))
			.map((path) => `${root}/${path.slice(0, -1)}`),
	);
	// A folder counts as named when the map names its path, its last part (`events/` in its node's row, `user` among
	// the resources) or its last two (`e2e/workflows/`).
	const unnamed = folders.filter((folder) => {
		const parts = folder.split('/');
		return !named.has(folder) && !named.has(parts[parts.length - 1]) && !named.has(parts.slice(-2).join('/'));
	});
	expect(unnamed).toEqual([]);
});
