// Once per test run, before any test process starts: the day the whole run lives on (see helpers/clock.ts). A day
// given in MINISTRYSAFE_SANDBOX_TODAY is kept, so a run can be made to live on any day (2031-03-07, say).
import { TODAY_VARIABLE } from '../sandbox/seed';

export default function globalSetup(): void {
	process.env[TODAY_VARIABLE] ??= new Date().toISOString().slice(0, 10);
}
