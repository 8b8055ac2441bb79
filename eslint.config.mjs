// Lint as n8n's verification scanner does: the community-nodes plugin's recommended rules plus no-console, and the
// legacy n8n-nodes-base rule sets, over nodes/, credentials/ and package.json. Inline disable comments are refused,
// as the scanner ignores them.
import js from '@eslint/js';
import communityNodes from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

const scanned = ['nodes/**/*.ts', 'credentials/**/*.ts'];

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', '.n8n-runtime/**', '.n8n-runtime-current/**', '.node24/**', '.dev/**', 'coverage/**'] },
	{ linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'error' } },
	{
		files: ['**/*.ts'],
		extends: [js.configs.recommended, ...tseslint.configs.recommended],
	},
	{
		files: [...scanned, 'package.json'],
		...communityNodes.configs.recommended,
		ignores: [],
	},
	{
		files: scanned,
		rules: { 'no-console': 'error' },
	},
	{
		files: ['package.json'],
		languageOptions: {
			parser: tseslint.parser,
			parserOptions: { extraFileExtensions: ['.json'] },
		},
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Off in n8n's own node CLI too: it wants n8n-internal doc slugs, community credentials link to a URL.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// The same three rules n8n's own node CLI turns off: they predate NodeConnectionTypes and typeOptions.maxValue.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
);
