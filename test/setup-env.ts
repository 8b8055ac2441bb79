// n8n-core reads its configuration when first loaded: give it a throw-away user folder and a fixed encryption key.
import { useRunClock } from './helpers/clock';
import { useThrowawayUserFolder } from './helpers/userFolder';

useThrowawayUserFolder();
process.env.N8N_ENCRYPTION_KEY ??= 'ministrysafe-test-encryption-key';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';

// This process's clock (the node's) on the run's day, as the sandboxes are.
useRunClock();
