// Before any test file: one day for every sandbox this run starts (in any worker, or a child process), so that no
// test depends on the day or the hour it runs, and sandboxes started either side of midnight UTC agree. Set
// MINISTRYSAFE_SANDBOX_TODAY yourself (YYYY-MM-DD) to run the suite as on another day, e.g. 2031-06-15.
import { TODAY_ENV } from '../sandbox/seed';

export function pinSandboxToday(): void {
	process.env[TODAY_ENV] ||= new Date().toISOString().slice(0, 10);
}

export default function globalSetup(): void {
	pinSandboxToday();
	console.log(`\nSandboxes date their demo data from ${process.env[TODAY_ENV]} (${TODAY_ENV})`);
}
