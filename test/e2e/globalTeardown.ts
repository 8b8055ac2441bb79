// After the end-to-end tests: the tarball globalSetup packed and its folder are removed (a given one stays).
import { rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';

import { PACKED_HERE_PREFIX, TARBALL_VARIABLE } from '../../scripts/n8n-runtime';

export default function globalTeardown(): void {
	const tarball = process.env[TARBALL_VARIABLE];
	if (tarball && basename(dirname(tarball)).startsWith(PACKED_HERE_PREFIX)) {
		rmSync(dirname(tarball), { recursive: true, force: true });
	}
}
