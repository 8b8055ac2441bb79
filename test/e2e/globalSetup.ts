// Before any end-to-end test: n8n installed (on a fresh clone this installs it, with progress lines) and the
// package built, since the tests load dist/ as n8n would load it from npm.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_DIR, ensureRuntime } from '../../scripts/n8n-runtime';

export default async function globalSetup(): Promise<void> {
	await ensureRuntime((line) => console.log(line));
	const builtNode = join(REPO_DIR, 'dist', 'nodes', 'MinistrySafe', 'MinistrySafe.node.js');
	if (!existsSync(builtNode)) throw new Error(`${builtNode} is missing: run npm run build before npm run test:e2e`);
}
