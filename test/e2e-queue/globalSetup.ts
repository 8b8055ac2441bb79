// Before the end-to-end suite in queue mode: every test file's environment is the queue topology
// (N8N_E2E_TOPOLOGY=queue, read by test/e2e/n8nUnderTest.ts), PostgreSQL and Redis are installed, and the same checks as
// the single-process suite (n8n installed, the package built).
import e2eGlobalSetup from '../e2e/globalSetup';
import { ensureSystemPrograms } from '../../scripts/harness/queue/system';

export default async function globalSetup(): Promise<void> {
	process.env.N8N_E2E_TOPOLOGY = 'queue';
	await ensureSystemPrograms((line) => console.log(line));
	await e2eGlobalSetup();
}
