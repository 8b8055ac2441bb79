// One poll: read the settings, then either the test event (manual mode, nothing remembered) or the events since the
// remembered snapshot, which the poll replaces. A failing read throws before the snapshot is replaced, so a failed
// poll changes nothing and its events are found by the next one. One poll at a time: unlessAlreadyPolling.
import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { today } from '../shared/values';
import { type EventContext, pollingEvents } from './events';
import { configurationKey, readPollingSettings } from './settings';
import { loadSnapshot, saveSnapshot, unlessAlreadyPolling } from './state';

export async function pollMinistrySafe(context: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readPollingSettings(context);
	const timeZone = context.getTimezone();
	const event: EventContext = { context, settings, timeZone, today: today(timeZone) };
	const handler = pollingEvents[settings.event];

	if (context.getMode() === 'manual') {
		const sample = await handler.sample(event);
		return sample.length > 0 ? [context.helpers.returnJsonArray(sample)] : null;
	}

	const key = configurationKey(context, settings);
	return await unlessAlreadyPolling(context, async () => {
		const { items, snapshot } = await handler.poll(event, loadSnapshot(context, key));
		saveSnapshot(context, key, snapshot);
		return items.length > 0 ? [context.helpers.returnJsonArray(items)] : null;
	});
}
