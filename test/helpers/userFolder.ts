// The throw-away n8n user folders of the fast tests: one per test file (n8n-core reads its folder when first loaded,
// test/setup-env.ts), all inside one folder for the run, made before any test process starts and removed when the run
// ends (test/globalSetup.ts, test/globalTeardown.ts), whatever each file's tests did. A folder given in
// N8N_USER_FOLDER is used and kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUN_FOLDER_VARIABLE = 'MINISTRYSAFE_TEST_USER_FOLDERS';

export function makeRunUserFolders(): void {
	process.env[RUN_FOLDER_VARIABLE] ??= mkdtempSync(join(tmpdir(), 'ms-n8n-'));
}

export function removeRunUserFolders(): void {
	const folder = process.env[RUN_FOLDER_VARIABLE];
	if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
}

export function useThrowawayUserFolder(): void {
	process.env.N8N_USER_FOLDER ??= mkdtempSync(join(process.env[RUN_FOLDER_VARIABLE] ?? tmpdir(), 'ms-n8n-'));
}
