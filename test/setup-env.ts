// n8n-core reads its configuration when first loaded: give it a throw-away user folder and a fixed encryption key.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { useRunClock } from './helpers/clock';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'ms-n8n-'));
process.env.N8N_ENCRYPTION_KEY ??= 'ministrysafe-test-encryption-key';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';

// This process's clock (the node's) on the run's day, as the sandboxes are.
useRunClock();
