// After the end-to-end tests: the run's packed tarball and its folder are removed.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';

import { TARBALL_VARIABLE } from '../../scripts/n8n-runtime';

export default function globalTeardown(): void {
	const tarball = process.env[TARBALL_VARIABLE];
	if (tarball) rmSync(dirname(tarball), { recursive: true, force: true });
}
