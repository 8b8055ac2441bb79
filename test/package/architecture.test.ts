// The package's shape as rules over its import graph, read with TypeScript's own parser (ts.preProcessFile): each node
// keeps to its own folder, what nodes share lives in nodes/shared/ and knows no node, nothing imports in a circle, and
// no product file grows past what a reader takes in at once. CONTRIBUTING.md's code map describes the folders.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import * as ts from 'typescript';

const REPO = join(__dirname, '..', '..');
const SHARED = 'nodes/shared';
const MAX_LINES = 300;

function sourcesUnder(folder: string): string[] {
	return readdirSync(join(REPO, folder)).flatMap((name) => {
		const path = `${folder}/${name}`;
		if (statSync(join(REPO, path)).isDirectory()) return sourcesUnder(path);
		return name.endsWith('.ts') ? [path] : [];
	});
}

const productFiles = [...sourcesUnder('nodes'), ...sourcesUnder('credentials')];

/** The repository path a relative import names (a .ts file, a folder's index.ts, or a .json file). */
function resolved(from: string, specifier: string): string {
	const base = join(dirname(from), specifier).replace(/\\/g, '/');
	const candidates = [`${base}.ts`, `${base}/index.ts`, base, base.replace(/\.js$/, '.ts')];
	return candidates.find((path) => existsSync(join(REPO, path)) && statSync(join(REPO, path)).isFile()) ?? `${base} (missing)`;
}

/** Each product file's relative imports, `import type` and re-exports included. */
const imports = new Map(
	productFiles.map((file) => {
		const text = readFileSync(join(REPO, file), 'utf8');
		const { importedFiles } = ts.preProcessFile(text, true, true);
		const local = importedFiles.map(({ fileName }) => fileName).filter((name) => name.startsWith('.'));
		return [file, [...new Set(local.map((name) => resolved(file, name)))]];
	}),
);
const arrows = [...imports].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

/** The node a file belongs to: the folder of nodes/ it is in, when that folder holds a *.node.ts. */
function nodeOf(file: string): string | undefined {
	const [top, folder] = file.split('/');
	if (top !== 'nodes' || folder === undefined) return undefined;
	const names = readdirSync(join(REPO, 'nodes', folder));
	return names.some((name) => name.endsWith('.node.ts')) ? folder : undefined;
}
const inShared = (file: string) => file.startsWith(`${SHARED}/`);

test('the import graph was read: every node, the shared folder and every relative import resolved', () => {
	const nodes = new Set(productFiles.map(nodeOf).filter(Boolean));
	expect([...nodes].sort()).toEqual(['MinistrySafe', 'MinistrySafePollingTrigger', 'MinistrySafeTrigger']);
	expect(productFiles.filter(inShared).length).toBeGreaterThan(0);
	expect(arrows.length).toBeGreaterThan(100);
	expect(arrows.filter(({ to }) => to.endsWith('(missing)')).map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
});

test('no node imports from inside another node: what two nodes use is in nodes/shared/', () => {
	const crossing = arrows.filter(({ from, to }) => nodeOf(from) && nodeOf(to) && nodeOf(from) !== nodeOf(to));
	expect(crossing.map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
});

test('nodes/shared/ imports no node, and credentials/ import nothing from nodes/', () => {
	const upward = arrows.filter(
		({ from, to }) => (inShared(from) && nodeOf(to)) || (from.startsWith('credentials/') && to.startsWith('nodes/')),
	);
	expect(upward.map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
});

test('nothing in nodes/ or credentials/ imports in a circle', () => {
	const cycles: string[] = [];
	const state = new Map<string, 'open' | 'done'>();
	const visit = (file: string, path: string[]) => {
		if (state.get(file) === 'done') return;
		if (state.get(file) === 'open') {
			cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
			return;
		}
		state.set(file, 'open');
		for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
		state.set(file, 'done');
	};
	for (const file of productFiles) visit(file, []);
	expect(cycles).toEqual([]);
});

test(`no file in nodes/ or credentials/ is over ${MAX_LINES} lines`, () => {
	const long = productFiles
		.map((file) => ({ file, lines: readFileSync(join(REPO, file), 'utf8').split('\n').length - 1 }))
		.filter(({ lines }) => lines > MAX_LINES);
	expect(long.map(({ file, lines }) => `${relative('.', file)}: ${lines} lines`)).toEqual([]);
});

/** The action node's floors, top down: a folder imports only from the floors below it (and from nodes/shared/). */
const ACTION_FLOORS = [
	['nodes/MinistrySafe/MinistrySafe.node.ts', 'nodes/MinistrySafe/methods/'],
	['nodes/MinistrySafe/actions/'],
	['nodes/MinistrySafe/staffList/'],
	['nodes/MinistrySafe/users/'],
	['nodes/MinistrySafe/items/', 'nodes/MinistrySafe/chatSafe.ts'],
];
const floorOf = (file: string, floors: string[][]) => floors.findIndex((floor) => floor.some((place) => file.startsWith(place)));

test('the action node stands on floors: the operations above the staff list, both above the User and the item they share', () => {
	const placed = productFiles.filter((file) => nodeOf(file) === 'MinistrySafe');
	expect(placed.filter((file) => floorOf(file, ACTION_FLOORS) < 0)).toEqual([]);
	const upward = arrows.filter(({ from, to }) => nodeOf(from) === 'MinistrySafe' && nodeOf(to) === 'MinistrySafe' && floorOf(to, ACTION_FLOORS) < floorOf(from, ACTION_FLOORS));
	expect(upward.map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
});

/** The staff list's rooms, top down, in the order a row travels back from what the editor shows to a word. */
const STAFF_LIST = 'nodes/MinistrySafe/staffList';
const STAFF_LIST_FLOORS = [['parameters'], ['item'], ['decision'], ['row'], ['columns'], ['meaning', 'file'], ['cells'], ['words']].map((rooms) =>
	rooms.map((room) => `${STAFF_LIST}/${room}/`),
);

test("inside the staff list nothing points back up: from the editor's parameters down to the words of a value", () => {
	const inside = productFiles.filter((file) => file.startsWith(`${STAFF_LIST}/`));
	expect(inside.filter((file) => floorOf(file, STAFF_LIST_FLOORS) < 0)).toEqual([]);
	const upward = arrows.filter(
		({ from, to }) => from.startsWith(`${STAFF_LIST}/`) && to.startsWith(`${STAFF_LIST}/`) && floorOf(to, STAFF_LIST_FLOORS) < floorOf(from, STAFF_LIST_FLOORS),
	);
	expect(upward.map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
});
