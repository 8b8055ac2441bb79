import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ItemInput } from '../../items/inputs';

/**
 * The Start Date and End Date filters of a list (api-v2.md: start_date and end_date, mm/dd/yyyy, both days included).
 * `dateMeaning` says which date of a record they compare, for example "assigned" (decisions.md 24).
 */
export function dateRangeFilters(dateMeaning: string): INodeProperties[] {
	const filter = (displayName: string, name: string, bound: string): INodeProperties => ({
		displayName,
		name,
		type: 'dateTime',
		default: '',
		description: `Only records ${dateMeaning} on or ${bound} this day (in the workflow's time zone). Also accepts text as MM/DD/YYYY.`,
	});
	return [filter('Start Date', 'startDate', 'after'), filter('End Date', 'endDate', 'before')];
}

/** MM/DD/YYYY -> YYYYMMDD, which sorts as the dates do. */
const sortable = (date: string) => `${date.slice(6)}${date.slice(0, 2)}${date.slice(3, 5)}`;

/** The item's date filters as the service's query: zero-padded MM/DD/YYYY in the workflow's time zone (decisions.md 16). */
export function dateRangeQuery(input: ItemInput): IDataObject {
	const startDate = input.date('filters.startDate', 'Start Date');
	const endDate = input.date('filters.endDate', 'End Date');
	if (startDate && endDate && sortable(startDate) > sortable(endDate)) {
		throw input.invalid('End Date', "must not be before 'Start Date'");
	}
	return { start_date: startDate, end_date: endDate };
}
