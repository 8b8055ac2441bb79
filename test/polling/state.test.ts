// The state's written limit and its overflow decision: when the records do not fit, the newest are kept and a floor
// is raised above the newest dropped one, so that a dropped record can never come back as new.
import {
	MAX_STATE_CHARS,
	SNAPSHOT_BUDGET_CHARS,
	aboveFloor,
	decodeIds,
	encodeIds,
	fitSnapshot,
} from '../../nodes/MinistrySafePollingTrigger/state';

it('keeps ids exactly, in little room', () => {
	const ids = [300001, 300002, 300010, 9_007_199_254_740_991, 1, 300002];
	expect([...decodeIds(encodeIds(ids))]).toEqual([1, 300001, 300002, 300010, 9_007_199_254_740_991]);
	expect(decodeIds('')).toEqual(new Set());
	const dense = Array.from({ length: 20_000 }, (_, index) => 700001 + index * 3);
	expect(encodeIds(dense).length).toBeLessThan(45_000);
	expect(SNAPSHOT_BUDGET_CHARS).toBeLessThan(MAX_STATE_CHARS);
});

it('keeps everything that fits, with the floor it had', () => {
	const entries = [
		{ id: 1, at: 100 },
		{ id: 2, at: 200 },
	];
	const build = (kept: typeof entries) => ({ ids: encodeIds(kept.map(({ id }) => id)) });
	expect(fitSnapshot(entries, undefined, build)).toEqual({ ids: '1.1' });
	expect(fitSnapshot(entries, 50, build)).toEqual({ ids: '1.1', floor: 50 });
});

it('on overflow keeps the newest, cuts between two dates, and raises the floor above every dropped record', () => {
	// Ids 1-1000, ten to a date; far too many for a budget of 200 characters.
	const entries = Array.from({ length: 1000 }, (_, index) => ({ id: index + 1, at: Math.floor(index / 10) * 1000 }));
	const build = (kept: typeof entries) => ({ ids: encodeIds(kept.map(({ id }) => id)) });
	const snapshot = fitSnapshot(entries, undefined, build, 200);

	expect(JSON.stringify(snapshot).length).toBeLessThanOrEqual(200);
	const kept = decodeIds(snapshot.ids);
	expect(kept.size).toBeGreaterThan(0);
	expect(kept.size % 10).toBe(0);
	const floor = snapshot.floor as number;
	const isRemembered = aboveFloor(floor);
	for (const { id, at } of entries) expect(kept.has(id)).toBe(isRemembered(at));
	// The newest of all is kept.
	expect(kept.has(1000)).toBe(true);
});
