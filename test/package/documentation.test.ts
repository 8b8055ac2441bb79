// Every documentation link the editor shows (a credential's "Open docs", a node's documentation in the node panel)
// leads somewhere real: links into this package's README must name a heading the README has.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { MinistrySafeApi } from '../../credentials/MinistrySafeApi.credentials';
import { MinistrySafeWebhookApi } from '../../credentials/MinistrySafeWebhookApi.credentials';

const REPO = join(__dirname, '..', '..');
const packageJson = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { homepage: string };
const readme = readFileSync(join(REPO, 'README.md'), 'utf8');

/** GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N} _-]/gu, '')
		.replace(/ /g, '-');

const readmeAnchors = new Set(
	readme
		.replace(/^```[\s\S]*?^```/gm, '')
		.split('\n')
		.filter((line) => /^#{1,6} /.test(line))
		.map((line) => anchorOf(line.replace(/^#+ /, ''))),
);

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

const links: Array<[string, string]> = [
	['MinistrySafe API credential', new MinistrySafeApi().documentationUrl],
	['MinistrySafe Webhook API credential', new MinistrySafeWebhookApi().documentationUrl],
	...codexLinks(),
];

test('the README anchors are read from its headings', () => {
	expect(readmeAnchors).toContain('ministrysafe-api');
	expect(readmeAnchors).toContain('webhooks-the-ministrysafe-trigger');
});

test.each(links)('%s links to a heading of this package README (%s)', (_where, url) => {
	const [page, anchor] = url.split('#');
	expect(page).toBe(packageJson.homepage);
	expect(readmeAnchors).toContain(anchor);
});
