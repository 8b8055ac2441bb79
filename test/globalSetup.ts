// Once per test run, before any test process starts: the day the whole run lives on (see helpers/clock.ts), and the
// folder of the test files' n8n user folders (helpers/userFolder.ts). A day given in MINISTRYSAFE_SANDBOX_TODAY is
// kept, so a run can be made to live on any day (2031-03-07, say).
import { TODAY_VARIABLE } from '../sandbox/seed';
import { makeRunUserFolders } from './helpers/userFolder';

export default function globalSetup(): void {
	process.env[TODAY_VARIABLE] ??= new Date().toISOString().slice(0, 10);
	makeRunUserFolders();
}
