// Comments cite the specification by file and row or section ("decisions.md 16", "api-v2.md 6"): each citation must
// lead to something in this repository (docs/spec/), so a reader of a clone can follow it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const REPO = join(__dirname, '..', '..');
const SPEC = join(REPO, 'docs', 'spec');
const SOURCE_FOLDERS = ['nodes', 'credentials', 'sandbox', 'scripts', 'test', '.ci', '.github'];

function filesUnder(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		if (name === 'node_modules') return [];
		return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|js|mjs|json|yml|sh)$|^run$/.test(name) ? [path] : [];
	});
}

const sources = SOURCE_FOLDERS.flatMap((folder) => filesUnder(join(REPO, folder))).map((path) => ({
	path: relative(REPO, path),
	text: readFileSync(path, 'utf8'),
}));
const specText = (file: string) => readFileSync(join(SPEC, file), 'utf8');
const decisionRows = new Set([...specText('decisions.md').matchAll(/^\| (\d+) \|/gm)].map(([, row]) => Number(row)));
const apiSections = new Set([...specText('api-v2.md').matchAll(/^## (\d+)\./gm)].map(([, section]) => Number(section)));

test('every Markdown file a comment names is in docs/spec/, docs/ or at the top of the repository', () => {
	const folders = [SPEC, join(REPO, 'docs'), REPO].map((folder) => readdirSync(folder));
	const missing = sources.flatMap(({ path, text }) =>
		[...text.matchAll(/\b([\w-]+\.md)\b/g)]
			.map(([, file]) => file)
			.filter((file) => !folders.some((names) => names.includes(file)))
			.map((file) => `${path}: ${file}`),
	);
	expect(missing).toEqual([]);
});

test('every row of decisions.md and section of api-v2.md a comment cites exists', () => {
	const cited = sources.flatMap(({ path, text }) => [
		...[...text.matchAll(/decisions\.md,? (?:rows? )?(\d+)/g)].map(([, row]) => ({ path, ok: decisionRows.has(Number(row)), what: `decisions.md ${row}` })),
		...[...text.matchAll(/api-v2\.md,? (?:section )?(\d+)/g)].map(([, section]) => ({ path, ok: apiSections.has(Number(section)), what: `api-v2.md ${section}` })),
	]);
	expect(cited.length).toBeGreaterThan(50);
	expect(cited.filter(({ ok }) => !ok).map(({ path, what }) => `${path}: ${what}`)).toEqual([]);
});

test('no comment points outside the repository', () => {
	// Import specifiers left out: nodes/shared/ is the package's own folder, and a node imports from it.
	const prose = (text: string) => text.replace(/(from |import\()'[^']*'/g, '');
	expect(sources.filter(({ text }) => /\.\.\/shared\/|shared\/(spec|notes)\//.test(prose(text))).map(({ path }) => path)).toEqual([]);
});

test('no comment in nodes/ or credentials/ cites a tracker number: it says the reason instead', () => {
	const product = sources.filter(({ path }) => /^(nodes|credentials)\//.test(path));
	expect(product.length).toBeGreaterThan(50);
	const citing = product.flatMap(({ path, text }) => [...text.matchAll(/\bissues? #?\d+/gi)].map(([cited]) => `${path}: ${cited}`));
	expect(citing).toEqual([]);
});
