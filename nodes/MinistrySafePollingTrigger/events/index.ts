import type { PollingEventName } from '../settings';
import { backgroundCheckStatusChanged } from './backgroundCheckStatusChanged';
import { trainingCompleted } from './trainingCompleted';
import { trainingRenewalDue } from './trainingRenewalDue';
import type { PollingEvent } from './types';
import { userCreated } from './userCreated';

export type { EventContext, PollingEvent } from './types';

export const pollingEvents: Record<PollingEventName, PollingEvent> = {
	trainingCompleted,
	backgroundCheckStatusChanged,
	userCreated,
	trainingRenewalDue,
};
