// Every documentation link the editor shows (a credential's "Open docs", a node's documentation in the node panel, the
// trigger's setup notice) leads somewhere real: a heading of this package's README or of one of its docs/ pages. The
// pages' own links resolve too, every docs/ page can be reached from the README, and the README stays a page a user
// reads in five minutes.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

import { MinistrySafeApi } from '../../credentials/MinistrySafeApi.credentials';
import { MinistrySafeWebhookApi } from '../../credentials/MinistrySafeWebhookApi.credentials';

const REPO = join(__dirname, '..', '..');
const packageJson = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { homepage: string };
/** A page of the repository as GitHub shows it: the README at the homepage, any other file under /blob/main/. */
const BLOB = `${packageJson.homepage}/blob/main/`;
const README_MAX_LINES = 350;

const read = (path: string) => readFileSync(join(REPO, path), 'utf8');
const withoutCode = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2. */
function anchorsOf(markdown: string): Set<string> {
	const seen = new Map<string, number>();
	const anchors = new Set<string>();
	for (const line of markdown.replace(/^```[\s\S]*?^```/gm, '').split('\n')) {
		if (!/^#{1,6} /.test(line)) continue;
		const anchor = line
			.replace(/^#+ /, '')
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{N} _-]/gu, '')
			.replace(/ /g, '-');
		const count = seen.get(anchor) ?? 0;
		seen.set(anchor, count + 1);
		anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
	}
	return anchors;
}

/** The user-facing pages: the README, CONTRIBUTING and docs/*.md (the specification under docs/spec/ is apart). */
const pages = [
	'README.md',
	'CONTRIBUTING.md',
	...readdirSync(join(REPO, 'docs'))
		.filter((file) => file.endsWith('.md'))
		.map((file) => `docs/${file}`),
];

/** Relative links of a page ([text](target), images too), as repository paths with their anchors. */
function relativeLinks(page: string): Array<{ target: string; anchor: string | undefined }> {
	return [...withoutCode(read(page)).matchAll(/\]\(([^)\s]+)\)/g)]
		.map((match) => match[1])
		.filter((href) => !/^[a-z]+:/i.test(href))
		.map((href) => {
			const [path, anchor] = href.split('#');
			return { target: path === '' ? page : normalize(join(dirname(page), path)).replace(/\/$/, ''), anchor };
		});
}

function codexLinks(): Array<[string, string]> {
	const nodesDir = join(REPO, 'nodes');
	return readdirSync(nodesDir).flatMap((node) =>
		readdirSync(join(nodesDir, node))
			.filter((file) => file.endsWith('.node.json'))
			.flatMap((file) => {
				const codex = JSON.parse(readFileSync(join(nodesDir, node, file), 'utf8')) as {
					resources: Record<string, Array<{ url: string }>>;
				};
				return Object.entries(codex.resources).flatMap(([kind, links]) =>
					links.map(({ url }): [string, string] => [`${file} ${kind}`, url]),
				);
			}),
	);
}

/** Links written into the nodes' and credentials' source, such as the trigger's setup notice. */
function sourceLinks(): Array<[string, string]> {
	const files = (dir: string): string[] =>
		readdirSync(join(REPO, dir)).flatMap((entry) => {
			const path = `${dir}/${entry}`;
			return statSync(join(REPO, path)).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
		});
	const homepage = packageJson.homepage.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	return [...files('nodes'), ...files('credentials')].flatMap((file) =>
		[...read(file).matchAll(new RegExp(`${homepage}[^'"\`\\s<>]*`, 'g'))].map((match): [string, string] => [
			file,
			match[0],
		]),
	);
}

const editorLinks: Array<[string, string]> = [
	['MinistrySafe API credential', new MinistrySafeApi().documentationUrl],
	['MinistrySafe Webhook API credential', new MinistrySafeWebhookApi().documentationUrl],
	...codexLinks(),
	...sourceLinks(),
];

test('the anchors are read from the headings, as GitHub makes them', () => {
	expect(anchorsOf(read('README.md'))).toContain('ministrysafe-api');
	expect(anchorsOf(read('docs/triggers.md'))).toContain('webhooks-the-ministrysafe-trigger');
	expect(anchorsOf('# A: b, c\n## Twice\n## Twice\n```\n# not a heading\n```')).toEqual(
		new Set(['a-b-c', 'twice', 'twice-1']),
	);
});

test('the trigger setup notice is among the links checked', () => {
	expect(editorLinks.map(([, url]) => url)).toContain(`${BLOB}docs/triggers.md#set-it-up-step-by-step`);
});

test.each(editorLinks)('%s links to a heading of this package documentation (%s)', (_where, url) => {
	const [page, anchor] = url.split('#');
	const file = page === packageJson.homepage ? 'README.md' : page.startsWith(BLOB) ? page.slice(BLOB.length) : page;
	expect(pages).toContain(file);
	expect(anchorsOf(read(file))).toContain(anchor);
});

const pageLinks = pages.flatMap((page) =>
	relativeLinks(page).map(({ target, anchor }): [string, string, string | undefined] => [
		page,
		anchor === undefined ? target : `${target}#${anchor}`,
		anchor,
	]),
);

test.each(pageLinks)('%s: the link to %s resolves', (_page, link, anchor) => {
	const target = link.split('#')[0];
	expect(existsSync(join(REPO, target))).toBe(true);
	if (anchor !== undefined) expect(anchorsOf(read(target))).toContain(anchor);
});

test('every docs/ page can be reached from the README', () => {
	const reached = new Set(['README.md']);
	const queue = ['README.md'];
	while (queue.length > 0) {
		for (const { target } of relativeLinks(queue.shift() as string)) {
			if (pages.includes(target) && !reached.has(target)) {
				reached.add(target);
				queue.push(target);
			}
		}
	}
	expect(pages.filter((page) => !reached.has(page))).toEqual([]);
});

test(`the README is for users: at most ${README_MAX_LINES} lines, with the two commands to try it`, () => {
	const readme = read('README.md');
	expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
	expect(readme).toMatch(/^npm run dev\b/m);
	expect(readme).toMatch(/^npm test\b/m);
});
