// What nodeHeap.ts asks nodeHeapRun.ts to run, and the lines between which the run's collections are read.
import type { INodeParameters } from 'n8n-workflow';

export const HEAP_RUN_START = '--- node heap run: start ---';
export const HEAP_RUN_END = '--- node heap run: end ---';

/**
 * The operations measured: their label, and the node's parameters (node version 1.3, its defaults otherwise);
 * `staffFile`: the run's one input item holds the benchmark's staff list as a CSV file (2% changed).
 */
export const HEAP_OPERATIONS: Record<string, { label: string; parameters: INodeParameters; staffFile?: true }> = {
	getReport: {
		label: 'Compliance > Get Report',
		parameters: { resource: 'compliance', operation: 'getReport', filters: {}, settings: {} },
	},
	getAll: {
		label: "Compliance > Get Many, Return All (the who-may-serve templates' fields)",
		parameters: {
			resource: 'compliance',
			operation: 'getAll',
			returnAll: true,
			filters: {},
			settings: {},
			output: 'selected',
			fields: ['user_id', 'external_id', 'first_name', 'last_name', 'compliant', 'status', 'runs_out', 'runs_out_on', 'summary'],
		},
	},
	syncFile: {
		label: 'User > Sync, Dry Run, the staff list as a file (2% changed)',
		parameters: {
			resource: 'user',
			operation: 'sync',
			dryRun: true,
			staffList: 'file',
			columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: ['external_id'] },
			options: {},
		},
		staffFile: true,
	},
};
