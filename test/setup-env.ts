// n8n-core reads its configuration when first loaded: give it a throw-away user folder and a fixed encryption key.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'ms-n8n-'));
process.env.N8N_ENCRYPTION_KEY ??= 'ministrysafe-test-encryption-key';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
