// What a whole-list operation (Sync) hands the router: steps, each paired with the input items it comes from.
import type { IDataObject } from 'n8n-workflow';

/**
 * One step of a whole-list operation: the input items it comes from, and what it does (a request, or nothing) to
 * produce its records. The router runs the steps in order, exactly as it runs items: a failing step is one failure
 * (Continue On Fail), and its records pair with `items`.
 */
export interface ListStep {
	items: number[];
	run(): Promise<IDataObject | IDataObject[]>;
}
