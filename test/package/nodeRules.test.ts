// n8n's node rules (eslint-plugin-n8n-nodes-base, the sets n8n's verification applies) on each node's description as
// n8n loads it: the Operation options that actions/defineResource.ts builds at run time included, which eslint never
// sees in the source. Each description is written out as a literal class, as a node would be written by hand, and
// linted with the same rules and exclusions as the source (eslint.config.mjs).
import { ESLint, type Linter } from 'eslint';
import type { ICredentialType, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';

import { MinistrySafeApi } from '../../credentials/MinistrySafeApi.credentials';
import { MinistrySafeWebhookApi } from '../../credentials/MinistrySafeWebhookApi.credentials';
import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node.js';
import { MinistrySafePollingTrigger } from '../../nodes/MinistrySafePollingTrigger/MinistrySafePollingTrigger.node.js';
import { MinistrySafeTrigger } from '../../nodes/MinistrySafeTrigger/MinistrySafeTrigger.node.js';

const REPO = join(__dirname, '..', '..');

/**
 * The rules, loaded as outside a test run: under NODE_ENV=test (jest's) the plugin takes every file for
 * "Test.node.ts", a trigger, and so checks the wrong things.
 */
let linter: ESLint;
let credentialLinter: ESLint;
beforeAll(async () => {
	const testEnvironment = process.env.NODE_ENV;
	process.env.NODE_ENV = 'production';
	const { default: n8nNodesBase } = await import('eslint-plugin-n8n-nodes-base');
	process.env.NODE_ENV = testEnvironment;
	const linterWith = (rules: Linter.RulesRecord): ESLint =>
		new ESLint({
			cwd: REPO,
			overrideConfigFile: true,
			overrideConfig: [
				{
					files: ['**/*.ts'],
					languageOptions: { parser: tseslint.parser as Linter.Parser },
					plugins: { 'n8n-nodes-base': n8nNodesBase },
					rules,
				},
			],
		});
	// The same rule set and exclusions as eslint.config.mjs applies to nodes/.
	linter = linterWith({
		...n8nNodesBase.configs.nodes.rules,
		'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
		'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
	});
	// The credentials' rules, and the nodes' rules on parameters (a credential's fields are parameters too: the
	// audit of 2026-11-25 ran both sets), with the exclusion eslint.config.mjs (and n8n's own node CLI) makes.
	credentialLinter = linterWith({
		...Object.fromEntries(
			Object.entries(n8nNodesBase.configs.nodes.rules).filter(([rule]) => rule.startsWith('n8n-nodes-base/node-param-')),
		),
		...n8nNodesBase.configs.credentials.rules,
		'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
	});
});

/** A value as TypeScript source: keys unquoted where they can be, as a hand-written description has them. */
export function literal(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
	if (value !== null && typeof value === 'object') {
		const entries = Object.entries(value).filter(([, entry]) => entry !== undefined && typeof entry !== 'function');
		return `{ ${entries.map(([key, entry]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${literal(entry)}`).join(', ')} }`;
	}
	return JSON.stringify(value) ?? 'undefined';
}

/** The description as the source of a node class, in the file where n8n's rules expect a node. */
export function nodeSource(className: string, description: INodeTypeDescription): string {
	return [
		"import type { ICredentialType, INodeType, INodeTypeDescription } from 'n8n-workflow';",
		'',
		`export class ${className} implements INodeType {`,
		`\tdescription: INodeTypeDescription = ${literal(description)};`,
		'}',
		'',
	].join('\n');
}

/**
 * A credential as n8n loads it, as the source of a credential class: its fields, one per line, as written by hand
 * (the Environment options' descriptions, say, are built from a constant in the source, which eslint never reads).
 */
export function credentialSource(className: string, credential: ICredentialType): string {
	const fields = Object.entries(credential).filter(([, value]) => value !== undefined && typeof value !== 'function');
	return [
		"import type { ICredentialType, INodeProperties } from 'n8n-workflow';",
		'',
		`export class ${className} implements ICredentialType {`,
		...fields.map(([key, value]) => `\t${key}${key === 'properties' ? ': INodeProperties[]' : ''} = ${literal(value)};`),
		'}',
		'',
	].join('\n');
}

async function problemsOf(className: string, description: INodeTypeDescription): Promise<string[]> {
	return await lintedProblems(linter, nodeSource(className, description), join(REPO, 'nodes', className, `${className}.node.ts`));
}

async function credentialProblemsOf(className: string, credential: ICredentialType): Promise<string[]> {
	return await lintedProblems(
		credentialLinter,
		credentialSource(className, credential),
		join(REPO, 'credentials', `${className}.credentials.ts`),
	);
}

async function lintedProblems(eslint: ESLint, text: string, filePath: string): Promise<string[]> {
	const [result] = await eslint.lintText(text, { filePath });
	return result.messages.map((message) => {
		const source = text.split('\n')[message.line - 1] ?? '';
		const near = source.slice(Math.max(0, message.column - 60), message.column + 60);
		return `${message.ruleId ?? 'parse'}: ${message.message} near …${near}…`;
	});
}

const NODES: Array<[string, INodeType]> = [
	['MinistrySafe', new MinistrySafe()],
	['MinistrySafeTrigger', new MinistrySafeTrigger()],
	['MinistrySafePollingTrigger', new MinistrySafePollingTrigger()],
];

it.each(NODES)("%s: n8n's node rules find nothing in the description as n8n loads it", async (className, node) => {
	expect(await problemsOf(className, node.description as INodeTypeDescription)).toEqual([]);
});

const CREDENTIALS: Array<[string, ICredentialType]> = [
	['MinistrySafeApi', new MinistrySafeApi()],
	['MinistrySafeWebhookApi', new MinistrySafeWebhookApi()],
];

// The audit of 2026-11-25 (new problem 14): the Environment options' descriptions were bare URLs, which the
// credentials' rules find only in the credential as loaded.
it.each(CREDENTIALS)("%s: n8n's credential rules find nothing in the credential as n8n loads it", async (className, credential) => {
	expect(await credentialProblemsOf(className, credential)).toEqual([]);
});

it('would find a credential rule broken: the check itself works', async () => {
	const credential = new MinistrySafeApi();
	const environment = credential.properties.find((property) => property.name === 'environment')!;
	(environment.options as Array<{ description?: string }>)[0].description = 'https://safetysystem.abusepreventionsystems.com';
	expect(await credentialProblemsOf('MinistrySafeApi', credential)).toEqual(
		expect.arrayContaining([expect.stringMatching(/^n8n-nodes-base\/node-param-description-lowercase-first-char/)]),
	);
});

it('would find a rule broken: the check itself works', async () => {
	const { description } = new MinistrySafe();
	const broken = JSON.parse(JSON.stringify(description)) as INodeTypeDescription;
	const operation = broken.properties.find((property) => property.name === 'operation') as { options: Array<{ action: string; description: string }> };
	operation.options[0].action = 'Create A User';
	expect(await problemsOf('MinistrySafe', broken)).toEqual(
		expect.arrayContaining([expect.stringMatching(/^n8n-nodes-base\/node-param-operation-option-action-miscased/)]),
	);
});
