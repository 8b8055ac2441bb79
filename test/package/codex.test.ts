// The codex file beside each node (nodes/X/X.node.json) is what n8n's node panel and its reviewers read about the node:
// its `nodeVersion` must be the version n8n gives a node added now.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeTypeDescription } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node.js';
import { MinistrySafePollingTrigger } from '../../nodes/MinistrySafePollingTrigger/MinistrySafePollingTrigger.node.js';
import { MinistrySafeTrigger } from '../../nodes/MinistrySafeTrigger/MinistrySafeTrigger.node.js';
import { PACKAGE_NAME, REPO_DIR } from '../../scripts/n8n-runtime';

/** The version a node added now gets: its defaultVersion, else its newest. */
const defaultVersion = (description: INodeTypeDescription) =>
	description.defaultVersion ??
	Math.max(...(Array.isArray(description.version) ? description.version : [description.version]));

const nodes = [
	{ folder: 'MinistrySafe', description: new MinistrySafe().description },
	{ folder: 'MinistrySafeTrigger', description: new MinistrySafeTrigger().description },
	{ folder: 'MinistrySafePollingTrigger', description: new MinistrySafePollingTrigger().description },
];

describe.each(nodes)('the codex file of $folder', ({ folder, description }) => {
	const codex = JSON.parse(readFileSync(join(REPO_DIR, 'nodes', folder, `${folder}.node.json`), 'utf8')) as {
		node: string;
		nodeVersion: string;
	};

	it('names the node', () => {
		expect(codex.node).toBe(`${PACKAGE_NAME}.${description.name}`);
	});

	it("gives the node's default version as its nodeVersion (written with one decimal, as n8n writes it)", () => {
		expect(codex.nodeVersion).toBe(defaultVersion(description).toFixed(1));
	});
});
