// Run with tsx by savedDefaults.test.ts, in a child process: prints, as JSON, the description of every node (every
// version of a versioned node) that the package.json in the folder given names, loaded from that folder's TypeScript
// sources. The same script reads a release's sources (from git) and today's, so both are read the same way.
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

import type { INodeType, INodeTypeDescription, IVersionedNodeType } from 'n8n-workflow';

export interface DescribedNode {
	/** The node's name (the type without the package). */
	name: string;
	/** Its versions: each with the description n8n uses at that version. */
	versions: Array<{ version: number; description: INodeTypeDescription }>;
	/** The version n8n gives a node added now. */
	defaultVersion: number;
}

function versionsOf(description: INodeTypeDescription): number[] {
	return Array.isArray(description.version) ? description.version : [description.version];
}

function describeNode(instance: INodeType | IVersionedNodeType): DescribedNode {
	if ('nodeVersions' in instance) {
		// A versioned node (n8n's VersionedNodeType): one INodeType per version.
		const versions = Object.entries(instance.nodeVersions).flatMap(([, type]) =>
			versionsOf(type.description).map((version) => ({
				version,
				description: type.description,
			})),
		);
		return {
			name: instance.description.name,
			versions,
			defaultVersion: instance.description.defaultVersion ?? Math.max(...versions.map(({ version }) => version)),
		};
	}
	const versions = versionsOf(instance.description);
	return {
		name: instance.description.name,
		versions: versions.map((version) => ({
			version,
			description: instance.description,
		})),
		defaultVersion: instance.description.defaultVersion ?? Math.max(...versions),
	};
}

async function main(): Promise<void> {
	const root = resolve(process.argv[2]);
	const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };
	const described: DescribedNode[] = [];
	for (const file of manifest.n8n.nodes) {
		// dist/nodes/X/X.node.js is built from nodes/X/X.node.ts, whose class is named X.
		const source = join(root, file.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
		const exported = (await import(source)) as Record<string, new () => INodeType | IVersionedNodeType>;
		described.push(describeNode(new exported[basename(file, '.node.js')]()));
	}
	process.stdout.write(JSON.stringify(described));
}

void main();
