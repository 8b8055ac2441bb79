// What the editor must show for our nodes, computed from the nodes themselves rather than written down: every node
// the package declares (package.json "n8n.nodes", as built in dist/), in every main mode (each combination of the
// values of the parameters that decide what else is shown), with the top-level parameters and the credentials that
// n8n-workflow's NodeHelpers displays in that mode. A node added to the package is covered without changing the test.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import {
	type INodeCredentialDescription,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
	type INodeTypeDescription,
	NodeHelpers,
} from 'n8n-workflow';

import { type CredentialFile, PACKAGE_NAME, REPO_DIR, type WorkflowFile } from '../../scripts/n8n-runtime';

export interface NodeMode {
	/** Also the node's name in the workflow: unique, and says which mode it is. */
	label: string;
	/** The node's type name in n8n. */
	type: string;
	description: INodeTypeDescription;
	/** The values that set the mode: what the saved node carries. */
	parameters: INodeParameters;
	/** The top-level parameters the editor should show in this mode. */
	visible: INodeProperties[];
	/** The credentials the editor should offer in this mode. */
	credentials: INodeCredentialDescription[];
	/** The top-level parameters the editor should flag with its red triangle, as n8n's parameter checks find them. */
	flagged: string[];
}

/** Far more than our nodes have; a mistake in a description must not make the test open thousands of panels. */
const MAX_MODES_PER_NODE = 100;
/** The version a node added in the editor has: the newest (for MinistrySafe, 1.1 with Simplify). */
export const newestVersion = (description: INodeTypeDescription): number =>
	description.defaultVersion ?? Math.max(...[description.version].flat());

/** Loads a built file by its path, as n8n does; synchronous, since the tests are listed from its result. */
const loadBuiltFile = createRequire(__filename);

/** The descriptions of the nodes the package declares, from the built files n8n loads. */
export function packageNodeDescriptions(): INodeTypeDescription[] {
	const manifest = JSON.parse(readFileSync(join(REPO_DIR, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };
	return manifest.n8n.nodes.flatMap((file) => {
		const exported = loadBuiltFile(join(REPO_DIR, file)) as Record<string, new () => INodeType>;
		return Object.values(exported).map((NodeClass) => new NodeClass().description);
	});
}

function displayed(description: INodeTypeDescription, values: INodeParameters, item: INodeProperties | INodeCredentialDescription): boolean {
	// Top-level: the node's values are also the root that a '/name' rule reads.
	return NodeHelpers.displayParameter(values, item, { typeVersion: newestVersion(description) }, description, values);
}

/** The node's values with every default filled in, as the editor has them. */
function withDefaults(description: INodeTypeDescription, parameters: INodeParameters): INodeParameters {
	const node = { typeVersion: newestVersion(description) };
	return NodeHelpers.getNodeParameters(description.properties, parameters, true, false, node, description) ?? {};
}

/** The top-level parameters with issues (a required one left empty, say), by n8n-workflow's own checks. */
function flaggedParameters(description: INodeTypeDescription, values: INodeParameters): string[] {
	const node = {
		id: 'mode',
		name: 'mode',
		type: description.name,
		typeVersion: newestVersion(description),
		position: [0, 0] as [number, number],
		parameters: values,
	};
	const issues = NodeHelpers.getNodeParametersIssues(description.properties, node, description);
	const topLevel = new Set(description.properties.map((property) => property.name));
	return Object.keys(issues?.parameters ?? {}).filter((name) => topLevel.has(name));
}

/** Options and booleans that another top-level parameter or a credential shows or hides by. */
function decidingParameters(description: INodeTypeDescription): INodeProperties[] {
	const deciders = new Set<string>();
	for (const item of [...description.properties, ...(description.credentials ?? [])]) {
		for (const rule of [item.displayOptions?.show, item.displayOptions?.hide]) {
			// A rule may name a parameter from the root of the node's values: '/includeFullRecord'.
			for (const name of Object.keys(rule ?? {})) deciders.add(name.replace(/^\//, ''));
		}
	}
	return description.properties.filter(
		(property) => deciders.has(property.name) && (property.type === 'options' || property.type === 'boolean'),
	);
}

export function nodeModes(description: INodeTypeDescription): NodeMode[] {
	let modes: INodeParameters[] = [{}];
	// In declaration order, as the editor shows them: a parameter only varies where the earlier choices show it.
	for (const property of decidingParameters(description)) {
		modes = modes.flatMap((mode) => {
			if (!displayed(description, withDefaults(description, mode), property)) return [mode];
			const values =
				property.type === 'boolean'
					? [false, true]
					: (property.options ?? []).map((option) => ('value' in option ? option.value : undefined));
			return values.map((value) => ({ ...mode, [property.name]: value }) as INodeParameters);
		});
		if (modes.length > MAX_MODES_PER_NODE) {
			throw new Error(`${description.displayName} has more than ${MAX_MODES_PER_NODE} modes: check its displayOptions`);
		}
	}
	return modes.map((parameters) => modeOf(description, parameters));
}

/** The node in one mode: what its values set, and what the editor must show for them. */
export function modeOf(description: INodeTypeDescription, parameters: INodeParameters, label?: string): NodeMode {
	const values = withDefaults(description, parameters);
	const visible = description.properties.filter(
		(property) => property.type !== 'hidden' && displayed(description, values, property),
	);
	const setting = Object.entries(parameters).map(([name, value]) => `${name}=${String(value)}`);
	return {
		label: label ?? [description.displayName, ...setting].join(' ').slice(0, 120),
		type: `${PACKAGE_NAME}.${description.name}`,
		description,
		parameters,
		// A parameter declared twice (like operation, once per resource) is one field on screen.
		visible: visible.filter((property, index) => visible.findIndex((other) => other.name === property.name) === index),
		credentials: (description.credentials ?? []).filter((credential) => displayed(description, values, credential)),
		flagged: flaggedParameters(description, values),
	};
}

/** One workflow with a node per mode, on a grid, each with every credential of its type from `credentials`. */
export function modesWorkflow(id: string, modes: NodeMode[], credentials: CredentialFile[]): WorkflowFile {
	const columns = Math.ceil(Math.sqrt(modes.length));
	const hex = (index: number): string => index.toString(16).padStart(12, '0');
	return {
		id,
		name: 'e2e: every node in every mode',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {},
		nodes: modes.map((mode, index) => ({
			id: `e2e00000-0000-4000-8000-${hex(index)}`,
			name: mode.label,
			type: mode.type,
			typeVersion: newestVersion(mode.description),
			position: [(index % columns) * 240, Math.floor(index / columns) * 200],
			parameters: mode.parameters,
			...(mode.description.webhooks ? { webhookId: `e2e00000-0000-4000-9000-${hex(index)}` } : {}),
			credentials: Object.fromEntries(
				(mode.description.credentials ?? []).flatMap(({ name }) => {
					const credential = credentials.find((candidate) => candidate.type === name);
					return credential ? [[name, { id: credential.id, name: credential.name }]] : [];
				}),
			),
		})),
	};
}
