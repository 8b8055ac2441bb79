// The parts of eslint-plugin-n8n-nodes-base (which ships no types) that the node-rules test uses.
declare module 'eslint-plugin-n8n-nodes-base' {
	import type { ESLint, Linter } from 'eslint';

	const plugin: ESLint.Plugin & { configs: Record<'nodes' | 'credentials' | 'community', { rules: Linter.RulesRecord }> };
	export default plugin;
}
