// Before any end-to-end test: the n8n that N8N_RUNTIME selects installed (on a fresh clone this installs it, with
// progress lines), the built package packed once for the run: every n8n installs that tarball into its user folder as
// n8n's installer does (scripts/harness/runtime/packageInstall.ts), so the tests see what users get; and the keeper of
// the run's shared n8n (sharedN8n.ts), which starts it when a test file first asks. Folders a killed run left in the
// temporary folder go first (scripts/harness/runtime/temporary.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import {
	PACKED_HERE_PREFIX,
	REPO_DIR,
	TARBALL_VARIABLE,
	ensureRuntime,
	ownedTemporaryFolder,
	packPackage,
	removeLeftOverFolders,
	selectedRuntime,
} from '../../scripts/n8n-runtime';
import { TODAY_VARIABLE } from '../../sandbox/seed';
import { startSharedN8nKeeper } from './sharedN8n';

export default async function globalSetup(): Promise<void> {
	// One day for every sandbox of the run; n8n keeps the real clock, so this is today unless given.
	process.env[TODAY_VARIABLE] ??= new Date().toISOString().slice(0, 10);
	removeLeftOverFolders();
	const runtime = selectedRuntime();
	console.log(`\nEnd-to-end tests on n8n ${runtime.n8nVersion} (N8N_RUNTIME=${runtime.name})`);
	await ensureRuntime((line) => console.log(line), runtime);
	const builtNode = join(REPO_DIR, 'dist', 'nodes', 'MinistrySafe', 'MinistrySafe.node.js');
	if (!existsSync(builtNode)) throw new Error(`${builtNode} is missing: run npm run build before npm run test:e2e`);
	// A tarball given in the variable is tested as it is (one made elsewhere); one packed here is removed by
	// globalTeardown.ts.
	if (process.env[TARBALL_VARIABLE]) console.log(`Installing the given ${process.env[TARBALL_VARIABLE]}`);
	else process.env[TARBALL_VARIABLE] = await packPackage(REPO_DIR, ownedTemporaryFolder(PACKED_HERE_PREFIX));
	await startSharedN8nKeeper();
}
