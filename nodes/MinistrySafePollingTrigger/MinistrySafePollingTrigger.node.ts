import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getSurveyCodes } from '../shared/loadOptions';
import { pollMinistrySafe } from './poll';
import { properties } from './properties';
import { POLLING_EVENT_LABELS } from './settings';

/**
 * Polls MinistrySafe on n8n's Poll Times (added by n8n to every `polling` node) and starts the workflow once per event.
 *
 * What one poll costs, in requests (100 records a page; the figures at 10,000 Users are in docs/benchmarks.md, "One
 * poll at 10,000 Users"):
 * - User Created: 1 (the last page of /users/with_page), plus 1 per further page of new Users.
 * - Training Completed and Background Check Status Changed: 1 per 100 records assigned or ordered in the look-back
 *   (90 days by default), plus 1.
 * - Training Renewal Due: 1 per 100 Trainings assigned in the look-back before the completion day now entering its
 *   notice window, plus 1 per newly due Training (at most 50 a poll).
 * "Fetch Test Event" reads the look-back window (Training Renewal Due: every Training) once and remembers nothing.
 */
export class MinistrySafePollingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'MinistrySafe Polling Trigger',
		name: 'ministrySafePollingTrigger',
		icon: { light: 'file:../../icons/ministrySafe.svg', dark: 'file:../../icons/ministrySafe.dark.svg' },
		group: ['trigger'],
		version: 1,
		// The event as the editor names it ("Training Completed"), not its value.
		subtitle: `={{ (${JSON.stringify(POLLING_EVENT_LABELS)})[$parameter["event"]] || $parameter["event"] }}`,
		description:
			'Starts the workflow when MinistrySafe records change, checked on a schedule: completed trainings, background check statuses, new users and trainings due for renewal',
		defaults: { name: 'MinistrySafe Polling Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'ministrySafeApi', required: true }],
		properties,
	};

	methods = { loadOptions: { getSurveyCodes } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollMinistrySafe(this);
	}
}
