// No saved workflow changes meaning on an upgrade (decisions.md 35). n8n saves a node's parameters without those at
// their default, and fills the defaults in again from the installed package when it loads the workflow: a default
// that changed at a released node version silently changes what every node saved at it does. So, for the last
// release (built from this repository's history) and today's sources: every node, every version the release had, and
// every resource, operation and event it offered, saved as n8n saves it with nothing else set, then read back as n8n
// reads it (n8n-workflow's getNodeParameters) under the release and under today's code. Any difference fails.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { INodeParameters, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { REPO_DIR } from '../../scripts/n8n-runtime';
import { RELEASES, releaseCommit } from '../helpers/release';
import type { DescribedNode } from './savedDefaults/describeNodes';

const run = promisify(execFile);

/** The parameters that choose what a node does, one value each: a saved node is one of their combinations. */
const SELECTORS = ['resource', 'operation', 'event'];

/** Every node of the package in `root` (its package.json and TypeScript sources), read by describeNodes.ts. */
async function describeNodes(root: string): Promise<DescribedNode[]> {
	const { stdout } = await run(
		join(REPO_DIR, 'node_modules', '.bin', 'tsx'),
		[join(__dirname, 'savedDefaults', 'describeNodes.ts'), root],
		{ cwd: root, maxBuffer: 64 * 1024 * 1024 },
	);
	return JSON.parse(stdout) as DescribedNode[];
}

/** The release's files that make its nodes (from git, without a build), beside this checkout's node_modules. */
async function releaseSources(commit: string, folder: string): Promise<string> {
	const source = join(folder, 'release');
	mkdirSync(source, { recursive: true });
	const archive = join(folder, 'release.tar');
	await run('git', ['archive', '--format=tar', '-o', archive, commit, 'package.json', 'nodes', 'credentials'], {
		cwd: REPO_DIR,
	});
	await run('tar', ['-xf', archive, '-C', source]);
	symlinkSync(join(REPO_DIR, 'node_modules'), join(source, 'node_modules'), 'dir');
	return source;
}

const resolve = (
	description: INodeTypeDescription,
	version: number,
	values: INodeParameters,
	returnDefaults: boolean,
) =>
	NodeHelpers.getNodeParameters(
		description.properties,
		values,
		returnDefaults,
		false,
		{ typeVersion: version },
		description,
	) ?? {};

/** Every combination of the selectors' values that the version offers, as far as each is shown. */
function choices(description: INodeTypeDescription, version: number): INodeParameters[] {
	const found: INodeParameters[] = [];
	const visit = (chosen: INodeParameters) => {
		const resolved = resolve(description, version, chosen, true);
		const next = description.properties.find(
			(property) =>
				SELECTORS.includes(property.name) &&
				property.type === 'options' &&
				!(property.name in chosen) &&
				NodeHelpers.displayParameter(resolved, property, { typeVersion: version }, description),
		);
		if (next === undefined) {
			found.push(chosen);
			return;
		}
		for (const option of (next.options ?? []) as INodePropertyOptions[])
			visit({ ...chosen, [next.name]: option.value });
	};
	visit({});
	return found;
}

const label = (chosen: INodeParameters) =>
	Object.entries(chosen)
		.map(([name, value]) => `${name} '${String(value)}'`)
		.join(', ') || 'with nothing to choose';

/** What changes for each saved node of `released` when today's code reads it: one line per parameter. */
function differences(released: DescribedNode[], today: DescribedNode[], tag: string): string[] {
	const found: string[] = [];
	for (const node of released) {
		const now = today.find(({ name }) => name === node.name);
		for (const { version, description } of node.versions) {
			const where = `${description.displayName} (${node.name}) version ${version}`;
			const nowDescription = now?.versions.find((entry) => entry.version === version)?.description;
			if (nowDescription === undefined) {
				found.push(`${where}: today's package no longer has it`);
				continue;
			}
			for (const chosen of choices(description, version)) {
				const before = resolve(description, version, chosen, true);
				// What n8n stores for the node: only what differs from the release's defaults.
				const saved = resolve(description, version, before, false);
				const after = resolve(nowDescription, version, saved, true);
				// A notice is text in the panel, never a setting.
				const notices = new Set(
					[...description.properties, ...nowDescription.properties]
						.filter(({ type }) => type === 'notice')
						.map(({ name }) => name),
				);
				for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
					if (notices.has(name)) continue;
					const was = JSON.stringify(before[name]);
					const is = JSON.stringify(after[name]);
					// A collection added since, with nothing in it, sets nothing: what the node does without it is the code's.
					const addedEmpty = was === undefined && is === '{}';
					if (was !== is && !addedEmpty) {
						found.push(
							`${where}, ${label(chosen)}: '${name}' was ${was ?? 'not there'} in ${tag}, is ${is ?? 'not there'} now`,
						);
					}
				}
			}
		}
	}
	return found;
}

let folder: string;
let today: DescribedNode[];
/** Each release's nodes, by tag. */
const released = new Map<string, DescribedNode[]>();

beforeAll(async () => {
	folder = mkdtempSync(join(tmpdir(), 'ministrysafe-saved-defaults-'));
	const [now, ...releases] = await Promise.all([
		describeNodes(REPO_DIR),
		...RELEASES.map((release) => releaseSources(releaseCommit(release), join(folder, release.tag)).then(describeNodes)),
	]);
	today = now;
	RELEASES.forEach(({ tag }, index) => released.set(tag, releases[index]));
}, 180_000);

afterAll(() => {
	if (folder) rmSync(folder, { recursive: true, force: true });
});

describe.each(RELEASES.map(({ tag }) => tag))('a node saved with %s at its defaults', (tag) => {
	it('is read from the release: its nodes and what each offers', () => {
		const nodes = released.get(tag) as DescribedNode[];
		expect(nodes.map(({ name }) => name)).toEqual(expect.arrayContaining(['ministrySafe', 'ministrySafeTrigger']));
		const action = nodes.find(({ name }) => name === 'ministrySafe') as DescribedNode;
		const [{ version, description }] = action.versions;
		expect(choices(description, version).length).toBeGreaterThan(20);
	});

	it('means the same under today’s code: every node, version, resource, operation and event', () => {
		expect(differences(released.get(tag) as DescribedNode[], today, tag)).toEqual([]);
	});
});
