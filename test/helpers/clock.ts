// The day a whole test run lives on. The global setup fixes it once (MINISTRYSAFE_SANDBOX_TODAY: today in UTC, or the
// day given), every sandbox of the run seeds from it, and each test process moves its own clock (the node's) onto the
// same day, so no test depends on the day or the hour it runs, and a run across midnight agrees with itself.
import timekeeper from 'timekeeper';

import { TODAY_VARIABLE } from '../../sandbox/seed';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Everything jest can fake except Date: timers, ticks and performance run for real. */
export const ALL_BUT_DATE = [
	'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval',
	'clearInterval', 'setTimeout', 'clearTimeout',
] as const;

/** The run's day, YYYY-MM-DD. */
export function runToday(): string {
	const day = process.env[TODAY_VARIABLE];
	if (!day) throw new Error(`${TODAY_VARIABLE} is not set: the test run's global setup sets it`);
	return day;
}

/** The run's day `days` from today (negative: before), as Date.parse reads it at midnight UTC. */
export function runDay(days = 0): Date {
	return new Date(Date.parse(`${runToday()}T00:00:00Z`) + days * DAY_MS);
}

/**
 * This process's clock on the run's day (the time of day kept, and ticking), when that is not today already: Date
 * alone moves (timekeeper's travel), so timers and measured durations run as always.
 */
export function useRunClock(): void {
	const realDay = Math.floor(Date.now() / DAY_MS) * DAY_MS;
	const offset = Date.parse(`${runToday()}T00:00:00Z`) - realDay;
	if (offset !== 0) timekeeper.travel(Date.now() + offset);
}
