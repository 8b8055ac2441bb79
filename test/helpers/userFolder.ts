// The throw-away n8n user folder of each test file: made before n8n-core is loaded (test/setup-env.ts), removed when
// the file's tests end (test/setup-after-env.ts). A folder given in N8N_USER_FOLDER is used and kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MADE_HERE = 'MINISTRYSAFE_TEST_THROWAWAY_USER_FOLDER';

export function useThrowawayUserFolder(): void {
	if (process.env.N8N_USER_FOLDER !== undefined) return;
	process.env.N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'ms-n8n-'));
	process.env[MADE_HERE] = process.env.N8N_USER_FOLDER;
}

export function removeThrowawayUserFolder(): void {
	const folder = process.env[MADE_HERE];
	if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
}
