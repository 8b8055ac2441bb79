import type { DayWindow } from '../api';
import type { EventContext } from './types';

/**
 * One day more than the look-back: the lists compare dates in the service's time zone, which may be a day off the
 * workflow's.
 */
export const MARGIN_DAYS = 1;

/** Records assigned or ordered within the look-back, up to today. */
export const lookBackWindow = ({ today, settings }: EventContext): DayWindow => ({
	from: today - settings.lookBackDays - MARGIN_DAYS,
});
