import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { backgroundCheckReadyId, quizEventId, userCreatedId } from '../shared/eventIds';

export type MinistrySafeEvent = 'quizCompleted' | 'backgroundCheckReady' | 'userCreated';

/** The Trigger On choices, as the editor lists them (sorted by name). */
export const EVENT_OPTIONS: Array<INodePropertyOptions & { value: MinistrySafeEvent }> = [
	{
		name: 'Background Check Ready',
		value: 'backgroundCheckReady',
		description: 'A background check is ready to be reviewed',
	},
	{
		name: 'Quiz Completed',
		value: 'quizCompleted',
		description: 'A user passed a training',
	},
	{
		name: 'User Created',
		value: 'userCreated',
		description: 'A user was created',
	},
];

/** An event's name as people read it, for the canvas subtitle. */
export const EVENT_LABELS = Object.fromEntries(EVENT_OPTIONS.map(({ name, value }) => [value, name]));

export interface EventDefinition {
	event: MinistrySafeEvent;
	/**
	 * Fields that only this event's payload carries (api-v2.md section 6). The service sends no event-type field, so
	 * the shape is all there is to go on.
	 */
	signature: string[];
	/** The record behind the event, for "Include Full Record": what it is, its API path, the payload field with its ID. */
	record: { label: string; path: string; idField: string };
	/** The occurrence's `event_id`, the same as the polling trigger gives it (contract.md "Event IDs (both triggers)"). */
	eventId: (payload: IDataObject) => string;
}

const EVENT_DEFINITIONS: EventDefinition[] = [
	{
		event: 'quizCompleted',
		signature: ['score', 'survey_code', 'certificate_url'],
		record: { label: 'User', path: '/users', idField: 'user_id' },
		// The service sends this event only for a successful completion (api-v2.md 6).
		eventId: (payload) => quizEventId(true, payload.user_id, payload.survey_code, payload.complete_date),
	},
	{
		event: 'backgroundCheckReady',
		signature: ['results_url'],
		record: { label: 'Background Check', path: '/background_checks', idField: 'id' },
		eventId: (payload) => backgroundCheckReadyId(payload.id),
	},
	{
		event: 'userCreated',
		signature: ['organization_id', 'first_name', 'last_name'],
		record: { label: 'User', path: '/users', idField: 'id' },
		eventId: (payload) => userCreatedId(payload.id),
	},
];

/**
 * The event a webhook payload reports: the one event whose signature fields are all present. A payload that matches
 * none, or more than one, is not recognised (undefined): starting a workflow on a guess would be worse than not
 * starting it.
 */
export function recogniseEvent(payload: IDataObject): EventDefinition | undefined {
	const matches = EVENT_DEFINITIONS.filter(({ signature }) =>
		signature.every((field) => Object.prototype.hasOwnProperty.call(payload, field)),
	);
	return matches.length === 1 ? matches[0] : undefined;
}
