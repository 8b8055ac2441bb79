// Before any end-to-end test: the n8n that N8N_RUNTIME selects installed (on a fresh clone this installs it, with
// progress lines) and the package built, since the tests load dist/ as n8n would load it from npm.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_DIR, ensureRuntime, selectedRuntime } from '../../scripts/n8n-runtime';
import { pinSandboxToday } from '../globalSetup';

export default async function globalSetup(): Promise<void> {
	pinSandboxToday();
	const runtime = selectedRuntime();
	console.log(`\nEnd-to-end tests on n8n ${runtime.n8nVersion} (N8N_RUNTIME=${runtime.name})`);
	await ensureRuntime((line) => console.log(line), runtime);
	const builtNode = join(REPO_DIR, 'dist', 'nodes', 'MinistrySafe', 'MinistrySafe.node.js');
	if (!existsSync(builtNode)) throw new Error(`${builtNode} is missing: run npm run build before npm run test:e2e`);
}
