// Before any end-to-end test: the n8n that N8N_RUNTIME selects installed (on a fresh clone this installs it, with
// progress lines) and the package built, since the tests load dist/ as n8n would load it from npm.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_DIR, ensureRuntime, selectedRuntime } from '../../scripts/n8n-runtime';
import { TODAY_VARIABLE } from '../../sandbox/seed';

export default async function globalSetup(): Promise<void> {
	// One day for every sandbox of the run; n8n keeps the real clock, so this is today unless given.
	process.env[TODAY_VARIABLE] ??= new Date().toISOString().slice(0, 10);
	const runtime = selectedRuntime();
	console.log(`\nEnd-to-end tests on n8n ${runtime.n8nVersion} (N8N_RUNTIME=${runtime.name})`);
	await ensureRuntime((line) => console.log(line), runtime);
	const builtNode = join(REPO_DIR, 'dist', 'nodes', 'MinistrySafe', 'MinistrySafe.node.js');
	if (!existsSync(builtNode)) throw new Error(`${builtNode} is missing: run npm run build before npm run test:e2e`);
}
