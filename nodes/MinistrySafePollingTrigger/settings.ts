// The trigger's parameters, read and checked once per poll. A wrong value fails the poll (and so the activation) with
// an error naming the field; nothing is read from the service first.
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listed, quoted } from '../shared/wording';
import { valuesOf } from '../shared/descriptions';
import { textList, wholeNumber } from '../shared/values';

/** The Trigger On choices, as the editor lists them; their values are the events the trigger knows. */
export const POLLING_EVENT_OPTIONS = [
	{
		name: 'Background Check Status Changed',
		value: 'backgroundCheckStatusChanged',
		description: "A background check changed status, or a new one was ordered ('previous_status' is then null)",
	},
	{
		name: 'Training Completed',
		value: 'trainingCompleted',
		description: "A training was completed (passed or not: see 'winner' and 'score')",
	},
	{
		name: 'Training Renewal Due',
		value: 'trainingRenewalDue',
		description: "A user's latest passed training comes within 'Expiring Within (Days)' of running out",
	},
	{
		name: 'User Created',
		value: 'userCreated',
		description: 'A user was created, in n8n or anywhere else',
	},
] as const;
export const POLLING_EVENTS = valuesOf(POLLING_EVENT_OPTIONS);
/** Each event's name in the editor, by its value (the canvas subtitle). */
export const POLLING_EVENT_LABELS = Object.fromEntries(POLLING_EVENT_OPTIONS.map(({ name, value }) => [value, name]));
export type PollingEventName = (typeof POLLING_EVENTS)[number];

export const DEFAULT_LOOK_BACK_DAYS = 90;
export const DEFAULT_VALIDITY_MONTHS = 24;
export const DEFAULT_NOTICE_DAYS = 30;

export interface PollingSettings {
	event: PollingEventName;
	/** Background Check statuses to report changes into, lower case; empty: every change. */
	statuses: string[];
	lookBackDays: number;
	renewal: { validityMonths: number; noticeDays: number; surveyCodes: string[] };
}

export function readPollingSettings(context: IPollFunctions): PollingSettings {
	const invalid = (label: string, problem: string) =>
		new NodeOperationError(context.getNode(), `${quoted(label)} ${problem}`, {
			description: `Correct ${quoted(label)} in the MinistrySafe Polling Trigger's parameters. Nothing was read from MinistrySafe.`,
		});
	const count = (value: unknown, fallback: number, label: string, min: number, max: number): number => {
		if (value === undefined || value === null || value === '') return fallback;
		const number = wholeNumber(value);
		if (number === undefined || number < min || number > max) {
			throw invalid(label, `must be a whole number from ${min} to ${max}`);
		}
		return number;
	};

	const event = context.getNodeParameter('event', '') as PollingEventName;
	// In the editor's words: a value no option has comes from an imported or hand-edited workflow.
	if (!POLLING_EVENTS.includes(event)) {
		throw invalid('Trigger On', `must be one of ${listed(POLLING_EVENT_OPTIONS.map(({ name }) => name), 'or')}`);
	}
	const options = (context.getNodeParameter('options', {}) ?? {}) as IDataObject;
	const renewal = (context.getNodeParameter('renewal', {}) ?? {}) as IDataObject;
	return {
		event,
		statuses: textList(context.getNodeParameter('statuses', '')).map((status) => status.toLowerCase()),
		lookBackDays: count(options.lookBackDays, DEFAULT_LOOK_BACK_DAYS, 'Look-Back (Days)', 1, 3650),
		renewal: {
			validityMonths: count(
				renewal.trainingValidityMonths,
				DEFAULT_VALIDITY_MONTHS,
				'Training Validity (Months)',
				1,
				240,
			),
			noticeDays: count(renewal.noticeDays, DEFAULT_NOTICE_DAYS, 'Expiring Within (Days)', 0, 3650),
			surveyCodes: textList(renewal.surveyCodes),
		},
	};
}

/**
 * What the remembered records mean: a state recorded under another event, look-back, renewal rule or credential
 * describes other records, so the trigger records afresh (a baseline) when this changes. The status filter is not
 * part of it: the Background Check snapshot holds every status.
 */
export function configurationKey(context: IPollFunctions, settings: PollingSettings): string {
	const credential = context.getNode().credentials?.ministrySafeApi?.id ?? '';
	const { event, lookBackDays, renewal } = settings;
	return JSON.stringify({
		event,
		credential,
		lookBackDays: event === 'userCreated' ? undefined : lookBackDays,
		renewal: event === 'trainingRenewalDue' ? { ...renewal, surveyCodes: [...renewal.surveyCodes].sort() } : undefined,
	});
}
