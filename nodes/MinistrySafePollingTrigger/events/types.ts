import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { CalendarDay } from '../../shared/values';
import type { PollingSettings } from '../settings';

export interface EventContext {
	context: IPollFunctions;
	settings: PollingSettings;
	timeZone: string;
	today: CalendarDay;
}

export interface PollResult {
	/** The new events, each the record as the service returned it plus `event` and the event's own fields. */
	items: IDataObject[];
	/** What to remember for the next poll. */
	snapshot: IDataObject;
}

export interface PollingEvent {
	/**
	 * Compares the service's records with the snapshot. Without a snapshot (the baseline) it only records what exists:
	 * no items, and no reads beyond the lists themselves.
	 */
	poll(event: EventContext, snapshot: IDataObject | undefined): Promise<PollResult>;
	/** "Fetch Test Event": the most recent matching record as an item, or none; remembers nothing. */
	sample(event: EventContext): Promise<IDataObject[]>;
}

/** A record's numeric id (the service's ids are integers); undefined when it has none. */
export function idOf(record: IDataObject): number | undefined {
	const id = Number(record.id);
	return Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}
