// Training Renewal Due: a User's latest qualifying Training (completed, passed, of the chosen survey codes) reaches its
// notice window: it runs out `validityMonths` after its completion day, and is due `noticeDays` before that. Reported
// once per Training.
//
// Cheap: a Training entering its window today was completed about validityMonths - noticeDays ago, so only the
// Trainings assigned in the look-back before that completion day are read (the list filters on the assignment date).
// Whether a due Training is still its User's latest is read from that User's Trainings, one request per newly due
// Training, at most MAX_USER_READS_PER_POLL a poll (the others wait for the next poll, inside the window).
import type { IDataObject } from 'n8n-workflow';

import { trainingsAssigned, trainingsOfUser } from '../api';
import { trainingRenewalDueId } from '../../shared/eventIds';
import { isPassedTraining, trainingValidity } from '../../shared/trainings';
import { addMonths, type CalendarDay, isoDate } from '../../shared/values';
import { aboveFloor, decodeIds, encodeIds, entryTime, fitSnapshot } from '../state';
import type { EventContext, PollingEvent } from './types';
import { idOf } from './types';
import { MARGIN_DAYS } from './windows';

export const MAX_USER_READS_PER_POLL = 50;
/** Month arithmetic moves a day by up to 3 days (Jan 31 + 1 month is Feb 28): read that much more. */
const MONTH_MARGIN_DAYS = 3;

interface Renewal {
	training: IDataObject;
	expires: CalendarDay;
	daysLeft: number;
}

const isQualifying = ({ settings }: EventContext, training: IDataObject) =>
	isPassedTraining(training, settings.renewal.surveyCodes);

/** When a qualifying Training runs out, and how many days are left (negative once it has). */
function renewalOf(event: EventContext, training: IDataObject): Renewal | undefined {
	const counted = trainingValidity(training, event.settings.renewal.validityMonths, event.timeZone, event.today);
	return counted && { training, ...counted };
}

const isDue = (event: EventContext, renewal: Renewal) => renewal.daysLeft <= event.settings.renewal.noticeDays;

const item = ({ training, expires, daysLeft }: Renewal): IDataObject => ({
	...training,
	event: 'trainingRenewalDue',
	expires_at: isoDate(expires),
	days_left: daysLeft,
	event_id: trainingRenewalDueId(training.id, isoDate(expires)),
});

const participantIdOf = (training: IDataObject) => {
	const id = Number((training.participant as IDataObject | null | undefined)?.id);
	return Number.isSafeInteger(id) ? id : undefined;
};

/** The latest by completion, then by id. */
const latestFirst = (a: IDataObject, b: IDataObject) =>
	entryTime(b.complete_date) - entryTime(a.complete_date) || (idOf(b) ?? 0) - (idOf(a) ?? 0);

/** Whether the Training is still its User's latest qualifying one; a User who is gone has none. */
async function isLatestOfUser(event: EventContext, training: IDataObject): Promise<boolean> {
	const userId = participantIdOf(training);
	if (userId === undefined) return true;
	const trainings = await trainingsOfUser(event.context, userId);
	if (trainings === undefined) return false;
	const latest = trainings.filter((other) => isQualifying(event, other)).sort(latestFirst)[0];
	return latest === undefined || idOf(latest) === idOf(training);
}

export const trainingRenewalDue: PollingEvent = {
	async poll(event, snapshot) {
		const { validityMonths, noticeDays } = event.settings.renewal;
		// The completion day on which a Training enters its notice window today.
		const entering = addMonths(event.today + noticeDays, -validityMonths);
		const isRemembered = aboveFloor(snapshot?.floor);
		const window = {
			from: entering - event.settings.lookBackDays - MARGIN_DAYS - MONTH_MARGIN_DAYS,
			to: entering + MARGIN_DAYS + MONTH_MARGIN_DAYS,
		};
		const due = (await trainingsAssigned(event.context, window))
			.filter((training) => idOf(training) !== undefined && isQualifying(event, training))
			.filter((training) => isRemembered(entryTime(training.created_at)))
			.map((training) => renewalOf(event, training))
			.filter((renewal): renewal is Renewal => renewal !== undefined && isDue(event, renewal));

		const done = decodeIds(snapshot?.done);
		const items: IDataObject[] = [];
		if (snapshot) {
			const newlyDue = due
				.filter(({ training }) => !done.has(idOf(training) as number))
				.sort((a, b) => a.expires - b.expires || (idOf(a.training) as number) - (idOf(b.training) as number))
				.slice(0, MAX_USER_READS_PER_POLL);
			for (const renewal of newlyDue) {
				// A Training superseded by a later one, or whose User is gone, is done without an event.
				if (await isLatestOfUser(event, renewal.training)) items.push(item(renewal));
				done.add(idOf(renewal.training) as number);
			}
		}
		const entries = due
			.filter(({ training }) => !snapshot || done.has(idOf(training) as number))
			.map(({ training }) => ({ id: idOf(training) as number, at: entryTime(training.created_at) }));
		return {
			items,
			snapshot: fitSnapshot(entries, snapshot?.floor as number | undefined, (kept) => ({
				done: encodeIds(kept.map(({ id }) => id)),
			})),
		};
	},

	/**
	 * Reads every Training once (about one request per 100), so that "latest" is known without a request per User: the
	 * latest qualifying Training of each User whose notice window began most recently, else the one whose begins next.
	 */
	async sample(event) {
		const latestByUser = new Map<number | undefined, IDataObject>();
		for (const training of (await trainingsAssigned(event.context, {})).filter((t) => isQualifying(event, t))) {
			const userId = participantIdOf(training);
			const current = latestByUser.get(userId);
			if (userId === undefined || !current || latestFirst(training, current) < 0) latestByUser.set(userId, training);
		}
		const renewals = [...latestByUser.values()]
			.map((training) => renewalOf(event, training))
			.filter((renewal): renewal is Renewal => renewal !== undefined)
			.sort((a, b) => a.expires - b.expires);
		const due = renewals.filter((renewal) => isDue(event, renewal));
		const chosen = due.length > 0 ? due[due.length - 1] : renewals[0];
		return chosen ? [item(chosen)] : [];
	},
};
