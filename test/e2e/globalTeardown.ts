// After the end-to-end tests, passed or failed: the shared n8n stopped (sharedN8n.ts), and the tarball globalSetup
// packed removed with its folder (a given one stays).
import { rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';

import { PACKED_HERE_PREFIX, TARBALL_VARIABLE } from '../../scripts/n8n-runtime';
import { stopSharedN8nKeeper } from './sharedN8n';

export default async function globalTeardown(): Promise<void> {
	await stopSharedN8nKeeper();
	const tarball = process.env[TARBALL_VARIABLE];
	if (tarball && basename(dirname(tarball)).startsWith(`${PACKED_HERE_PREFIX}-`)) {
		rmSync(dirname(tarball), { recursive: true, force: true });
	}
}
