// Training Completed: a Training of the look-back window (assigned within it) whose completion appears. The snapshot
// is the set of completed Trainings in the window, so it shrinks as old ones leave the window.
import type { IDataObject } from 'n8n-workflow';

import { participantOf, quizEventId } from '../../shared/eventIds';
import { trainingsAssigned } from '../api';
import { aboveFloor, decodeIds, encodeIds, entryTime, fitSnapshot } from '../state';
import type { PollingEvent } from './types';
import { idOf } from './types';
import { lookBackWindow } from './windows';

const item = (training: IDataObject): IDataObject => ({
	...training,
	event: 'trainingCompleted',
	// A passed completion is the webhook's quiz completed: the same id (contract.md "Event IDs (both triggers)").
	event_id: quizEventId(training.winner === true, participantOf(training), training.survey_code, training.complete_date),
});
const isCompleted = (training: IDataObject) => training.complete_date !== null && training.complete_date !== undefined;
const byCompletion = (a: IDataObject, b: IDataObject) =>
	entryTime(a.complete_date) - entryTime(b.complete_date) || (idOf(a) ?? 0) - (idOf(b) ?? 0);

export const trainingCompleted: PollingEvent = {
	async poll(event, snapshot) {
		const isRemembered = aboveFloor(snapshot?.floor);
		const completed = (await trainingsAssigned(event.context, lookBackWindow(event))).filter(
			(training) => isCompleted(training) && idOf(training) !== undefined && isRemembered(entryTime(training.created_at)),
		);
		const known = decodeIds(snapshot?.completed);
		const items = snapshot
			? completed.filter((training) => !known.has(idOf(training) as number)).sort(byCompletion).map(item)
			: [];
		const entries = completed.map((training) => ({ id: idOf(training) as number, at: entryTime(training.created_at) }));
		return {
			items,
			snapshot: fitSnapshot(entries, snapshot?.floor as number | undefined, (kept) => ({
				completed: encodeIds(kept.map(({ id }) => id)),
			})),
		};
	},

	async sample(event) {
		let completed = (await trainingsAssigned(event.context, lookBackWindow(event))).filter(isCompleted);
		if (completed.length === 0) completed = (await trainingsAssigned(event.context, {})).filter(isCompleted);
		const newest = completed.sort(byCompletion).at(-1);
		return newest ? [item(newest)] : [];
	},
};
