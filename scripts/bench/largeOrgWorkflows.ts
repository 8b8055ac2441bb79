// The large-organisation benchmark's workflows (npm run bench:n8n), saved as a user saves them and run from their
// manual trigger as the editor runs them: User > Get Many, User > Sync (dry run and applied) fed by a staff list read
// from an HR system over HTTP (staffListServer.ts), and Compliance > Get Report. Each step's last node is the one
// measured. The who-may-serve templates' steps: whoMayServeSteps.ts.
import type { CredentialFile, WorkflowFile } from '../n8n-runtime';
import { NODE_TYPES } from '../n8n-runtime';
import type { StaffListServer } from './staffListServer';

/** The manual trigger's name in every workflow: what "Execute workflow" starts from. */
export const MANUAL_TRIGGER = 'When clicking ‘Execute workflow’';
export const CREDENTIAL = { id: 'benchLargeOrgApi', name: 'MinistrySafe sandbox (large organisation)' };

export function largeOrgCredentials(sandbox: { url: string; apiKey: string }): CredentialFile[] {
	return [{ ...CREDENTIAL, type: 'ministrySafeApi', data: { environment: 'custom', baseUrl: sandbox.url, apiKey: sandbox.apiKey } }];
}

export interface Step {
	/** The row's label in the table. */
	label: string;
	workflow: WorkflowFile;
	/** The node whose output the editor is asked to show, and whose output size is printed. */
	measured: string;
	/** The node that reads the staff list, when there is one: its output is the list itself. */
	source?: string;
	/** Sync's applied run changes the service: it runs after the dry runs, once. */
	kind: 'floor' | 'getMany' | 'syncDryRun' | 'syncFileDryRun' | 'syncApplied' | 'report' | 'complianceTable' | 'complianceTableAgain' | 'complianceSheet';
	/** The trigger "Execute workflow" starts from: the manual trigger, or a template's own schedule. */
	trigger?: string;
	/** What happens in the service before the run (logged): a morning's changes. */
	before?: (sandbox: { url: string; apiKey: string }) => Promise<string>;
}

type Node = Record<string, unknown>;

function manualWorkflow(id: string, name: string, nodes: Node[]): WorkflowFile {
	const all: Node[] = [
		{ id: `${id}-manual`, name: MANUAL_TRIGGER, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		...nodes.map((node, index) => ({ id: `${id}-${index}`, position: [240 * (index + 1), 0], ...node })),
	];
	const connections: Record<string, unknown> = {};
	for (let index = 1; index < all.length; index++) {
		connections[all[index - 1].name as string] = { main: [[{ node: all[index].name, type: 'main', index: 0 }]] };
	}
	return { id, name, active: false, settings: { executionOrder: 'v1' }, nodes: all, connections };
}

/** Our node at a version, with the benchmark's credential. */
const ministrySafe = (name: string, typeVersion: number, parameters: Record<string, unknown>): Node => ({
	name,
	type: NODE_TYPES.action,
	typeVersion,
	parameters,
	credentials: { ministrySafeApi: CREDENTIAL },
});

/** The HR system's directory, read as a user reads one with the HTTP Request node: a JSON array, one item a person. */
const readStaffList = (url: string): Node => ({
	name: 'Read the staff list',
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	parameters: { url, options: {} },
});

/**
 * The same directory's CSV export, downloaded as a file (HTTP Request's response format File), as a nightly Sync of a
 * large organisation reads it from node version 1.3: n8n keeps the file in its binary data store, not in the execution.
 */
const downloadStaffFile = (url: string): Node => ({
	name: 'Download the staff list',
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	parameters: { url, options: { response: { response: { responseFormat: 'file' } } } },
});

/** The steps at a node version (1.3, the newest, for the targets; 1.2 for the figures before). */
export function largeOrgSteps(staffList: Pick<StaffListServer, 'url' | 'csvUrl'>, typeVersion: number): Step[] {
	const staffListUrl = staffList.url;
	const suffix = typeVersion === 1.3 ? '' : ` (node version ${typeVersion})`;
	const id = (name: string) => `benchLarge${name}${String(typeVersion).replace('.', '')}`;
	const sync = (dryRun: boolean, fromFile = false) =>
		ministrySafe('Sync users', typeVersion, {
			resource: 'user',
			operation: 'sync',
			dryRun,
			...(fromFile ? { staffList: 'file' } : {}),
			columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: ['external_id'] },
			options: {},
		});
	// Node version 1.3 reads the list as a file; before it, a file is read into items first.
	const fileSteps = typeVersion >= 1.3;
	return [
		{
			label: `User > Get Many, Return All${suffix}`,
			kind: 'getMany',
			measured: 'Get many users',
			workflow: manualWorkflow(id('GetMany'), `Bench: Get Many${suffix}`, [
				ministrySafe('Get many users', typeVersion, { resource: 'user', operation: 'getAll', returnAll: true, filters: {} }),
			]),
		},
		{
			label: `User > Sync, Dry Run, Map Automatically (2% changed)${suffix}`,
			kind: 'syncDryRun',
			measured: 'Sync users',
			source: 'Read the staff list',
			workflow: manualWorkflow(id('SyncDry'), `Bench: Sync dry run${suffix}`, [readStaffList(staffListUrl), sync(true)]),
		},
		...(fileSteps
			? [
					{
						label: `User > Sync, Dry Run, the staff list as a file (2% changed)${suffix}`,
						kind: 'syncFileDryRun' as const,
						measured: 'Sync users',
						source: 'Download the staff list',
						workflow: manualWorkflow(id('SyncFileDry'), `Bench: Sync dry run from a file${suffix}`, [downloadStaffFile(staffList.csvUrl), sync(true, true)]),
					},
				]
			: []),
		{
			label: `User > Sync, applied${fileSteps ? ', the staff list as a file' : ''} (2% changed)${suffix}`,
			kind: 'syncApplied',
			measured: 'Sync users',
			source: fileSteps ? 'Download the staff list' : 'Read the staff list',
			workflow: manualWorkflow(
				id('SyncApplied'),
				`Bench: Sync applied${suffix}`,
				fileSteps ? [downloadStaffFile(staffList.csvUrl), sync(false, true)] : [readStaffList(staffListUrl), sync(false)],
			),
		},
		{
			label: `Compliance > Get Report${suffix}`,
			kind: 'report',
			measured: 'Compliance report',
			workflow: manualWorkflow(id('Report'), `Bench: Get Report${suffix}`, [
				ministrySafe('Compliance report', typeVersion, { resource: 'compliance', operation: 'getReport', filters: {}, settings: {} }),
			]),
		},
	];
}

/**
 * The editor's own floor in the same run: a one-item execution of n8n's Edit Fields node, opened the same way. What the
 * editor needs for any execution on this machine at this moment, whatever the package does.
 */
export function editorFloorStep(): Step {
	return {
		label: 'The editor alone: a one-item execution (Edit Fields)',
		kind: 'floor',
		measured: 'One field',
		workflow: manualWorkflow('benchLargeFloor', 'Bench: the editor alone', [
			{
				name: 'One field',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				parameters: { assignments: { assignments: [{ id: 'bench-floor', name: 'ok', value: 'yes', type: 'string' }] }, options: {} },
			},
		]),
	};
}
