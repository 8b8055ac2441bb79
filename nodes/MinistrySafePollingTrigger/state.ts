// What the trigger remembers between polls, in the workflow's static data ('node'), and the written limit on its size.
//
// n8n 2.8 saves static data when the workflow is activated (after the activation poll) and when a poll emits, never
// after an empty poll: a restart goes back to the state of the last emit. So the state holds only what has been seen
// (record ids, their status, a high-water mark), never a time cursor, and every poll compares the service's records
// with it. Replaying from an older state then finds exactly the events not emitted since it was saved.
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

/** Changes when the layout below changes: an older state is then recorded afresh (a baseline). */
const STATE_VERSION = 1;

/**
 * The most the saved state may take, in characters of JSON. n8n writes all of a workflow's static data to its database
 * row on every emit, so it must stay small. It holds 10,000 Users and their records with room to spare
 * (test/polling/scale.test.ts keeps the sandbox's 10,000 under it; the sizes are in docs/benchmarks.md, "The polling
 * trigger's saved state").
 */
export const MAX_STATE_CHARS = 150_000;
/** Room left in the limit for the version, the configuration key and the snapshot's own fields. */
const OVERHEAD_CHARS = 1_000;
export const SNAPSHOT_BUDGET_CHARS = MAX_STATE_CHARS - OVERHEAD_CHARS;

/** The snapshot of the events' records as last recorded, or undefined when there is none for this configuration. */
export function loadSnapshot(context: IPollFunctions, configurationKey: string): IDataObject | undefined {
	const data = context.getWorkflowStaticData('node');
	if (data.version !== STATE_VERSION || data.configuration !== configurationKey) return undefined;
	const snapshot = data.snapshot;
	return snapshot && typeof snapshot === 'object' && !Array.isArray(snapshot) ? (snapshot as IDataObject) : undefined;
}

/** Replaces the state; top-level assignments, so that n8n sees the change when it next saves. */
export function saveSnapshot(context: IPollFunctions, configurationKey: string, snapshot: IDataObject): void {
	const data = context.getWorkflowStaticData('node');
	data.version = STATE_VERSION;
	data.configuration = configurationKey;
	data.snapshot = snapshot;
}

/** A poll still running after this long is taken to be stuck, and no longer holds others back. */
const RUNNING_POLL_EXPIRES_MS = 10 * 60 * 1000;

/**
 * The polls running in this n8n process, by workflow and trigger node, each with the time it started. Kept here, not
 * in the static data: n8n saves the static data after an activation while a scheduled poll may already be running, and
 * a mark saved then would hold back every poll for ten minutes after the next restart.
 */
const runningPolls = new Map<string, { since: number }>();

/**
 * Runs a poll unless another one of this trigger is still running, and then gives null. n8n starts a poll on every
 * Poll Times tick whether or not the previous one has finished (a slow service, a rate limit's waits): two polls from
 * the same snapshot would report the same events twice.
 */
export async function unlessAlreadyPolling<T>(context: IPollFunctions, poll: () => Promise<T>): Promise<T | null> {
	const key = `${context.getWorkflow().id ?? ''}:${context.getNode().id}`;
	const running = runningPolls.get(key);
	if (running && Date.now() - running.since < RUNNING_POLL_EXPIRES_MS) return null;
	const mark = { since: Date.now() };
	runningPolls.set(key, mark);
	try {
		return await poll();
	} finally {
		// Only this poll's own mark: a poll taken for stuck may end after the next one has started.
		if (runningPolls.get(key) === mark) runningPolls.delete(key);
	}
}

/**
 * Record ids as text: sorted, each the difference from the one before in base 36, joined by dots. Ids of one
 * Organization's recent records lie close together, so most take two or three characters instead of seven or more.
 */
export function encodeIds(ids: Iterable<number>): string {
	const sorted = [...new Set(ids)].sort((a, b) => a - b);
	let previous = 0;
	const parts: string[] = [];
	for (const id of sorted) {
		parts.push((id - previous).toString(36));
		previous = id;
	}
	return parts.join('.');
}

export function decodeIds(text: unknown): Set<number> {
	const ids = new Set<number>();
	if (typeof text !== 'string' || text === '') return ids;
	let current = 0;
	for (const part of text.split('.')) {
		current += parseInt(part, 36);
		ids.add(current);
	}
	return ids;
}

/** A remembered record: its id and the date the list's window filters on (ms). */
export interface WindowEntry {
	id: number;
	at: number;
}

/**
 * The snapshot `build` makes of the entries, within the size budget. Overflow decision: when all of them do not fit,
 * the newest that fit are kept and `floor` is raised above the newest dropped one; records older than the floor are
 * ignored from then on, as if the look-back were shorter. A dropped record can then miss an event, but no record is
 * ever reported twice, which is the promise workflows rely on. 10,000 Users never reach it (MAX_STATE_CHARS).
 */
export function fitSnapshot<T extends WindowEntry>(
	entries: T[],
	floor: number | undefined,
	build: (kept: T[]) => IDataObject,
	budget = SNAPSHOT_BUDGET_CHARS,
): IDataObject {
	const withFloor = (snapshot: IDataObject, value: number | undefined) =>
		value === undefined ? snapshot : { ...snapshot, floor: value };
	const size = (snapshot: IDataObject) => JSON.stringify(snapshot).length;

	const whole = withFloor(build(entries), floor);
	if (size(whole) <= budget) return whole;

	const newestFirst = [...entries].sort((a, b) => b.at - a.at || b.id - a.id);
	// The largest count of newest entries that fits, cut between two dates so that the floor separates them cleanly.
	let low = 0;
	let high = newestFirst.length - 1;
	while (low < high) {
		const count = Math.ceil((low + high) / 2);
		const raised = newestFirst[count].at + 1;
		if (size(withFloor(build(newestFirst.slice(0, count)), raised)) <= budget) low = count;
		else high = count - 1;
	}
	let kept = low;
	while (kept > 0 && newestFirst[kept - 1].at === newestFirst[kept].at) kept--;
	return withFloor(build(newestFirst.slice(0, kept)), newestFirst[kept].at + 1);
}

/** The date a record's window filters on, in ms; a record without one counts as new (it is never dropped first). */
export function entryTime(value: unknown): number {
	const time = typeof value === 'string' ? Date.parse(value) : NaN;
	return Number.isFinite(time) ? time : Number.MAX_SAFE_INTEGER;
}

/** Records at or above the floor (records below it are no longer remembered: fitSnapshot). */
export const aboveFloor = (floor: unknown) => (time: number) => typeof floor !== 'number' || time >= floor;
