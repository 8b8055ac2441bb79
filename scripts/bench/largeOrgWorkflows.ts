// The large-organisation benchmark's workflows (npm run bench:n8n), saved as a user saves them and run from their
// manual trigger as the editor runs them: User > Get Many, User > Sync (dry run and applied) fed by a staff list read
// from an HR system over HTTP, and Compliance > Get Report. Each step's last node is the one measured. The HR system is
// a small server on 127.0.0.1 that serves the staff list as JSON, as an HR system's directory endpoint does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { csvExport } from '../../test/helpers/csvExport';
import type { CredentialFile, WorkflowFile } from '../n8n-runtime';
import { NODE_TYPES, exampleWorkflows } from '../n8n-runtime';

/** The manual trigger's name in every workflow: what "Execute workflow" starts from. */
export const MANUAL_TRIGGER = 'When clicking ‘Execute workflow’';
/** The share of the staff list that differs from the service: 2%, a night's worth of changes in a large district. */
export const CHANGED_EVERY = 50;

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

/** The Data Table the compliance template writes: n8n's name for it, which the benchmark reads it back by. */
export const COMPLIANCE_TABLE = 'MinistrySafe compliance';

/** A template as a user imports it, with the benchmark's credential, and the schedule "Execute workflow" starts it from. */
function scheduledTemplate(templateId: string, id: string, name: string): { workflow: WorkflowFile; trigger: string } {
	const template = exampleWorkflows().find((workflow) => workflow.id === templateId);
	const trigger = template?.nodes.find((node) => node.type === 'n8n-nodes-base.scheduleTrigger')?.name as string | undefined;
	if (!template || !trigger) throw new Error(`examples/ has no template ${templateId} with a schedule`);
	const nodes = template.nodes.map((node) => (node.credentials ? { ...node, credentials: { ministrySafeApi: CREDENTIAL } } : node));
	return { workflow: { ...template, id, name, nodes }, trigger };
}

/** The share of people whose compliance changes between two mornings: 1%. */
export const COMPLIANCE_CHANGED_EVERY = 100;

/**
 * A morning's changes in MinistrySafe: every COMPLIANCE_CHANGED_EVERY-th User completes a Training today (assigned and
 * completed through the sandbox's API, as the service would record it), so their training is valid from today and their
 * compliance (its summary at least, often the answer) is not what it was. A few Users at a time.
 */
export async function changeCompliance(sandbox: { url: string; apiKey: string }): Promise<string> {
	const call = async (path: string, init: { method?: string; json?: unknown; form?: string } = {}) => {
		const response = await fetch(`${sandbox.url}${path}`, {
			method: init.method ?? 'GET',
			headers: {
				Authorization: `Token token=${sandbox.apiKey}`,
				...(init.json ? { 'content-type': 'application/json' } : init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
			},
			body: init.json ? JSON.stringify(init.json) : init.form,
			signal: AbortSignal.timeout(60_000),
		});
		if (!response.ok) throw new Error(`The sandbox answered ${response.status} to ${init.method ?? 'GET'} ${path}`);
		return (await response.json()) as unknown;
	};
	const first = (await call('/api/v2/users/with_page?page=1')) as { pages: number };
	const ids: number[] = [];
	for (let page = 1; page <= first.pages; page++) {
		for (const [index, user] of ((await call(`/api/v2/users?page=${page}`)) as Array<{ id: number }>).entries()) {
			if (((page - 1) * 100 + index) % COMPLIANCE_CHANGED_EVERY === 0) ids.push(user.id);
		}
	}
	const completeOne = async (id: number) => {
		await call(`/api/v2/users/${id}/assign_training`, { method: 'POST', form: 'survey_code=standard' });
		const trainings = (await call(`/api/v2/users/${id}/trainings`)) as Array<{ id: number; complete_date: string | null }>;
		const open = trainings.filter((training) => training.complete_date === null);
		await call(`/sandbox/trainings/${open[open.length - 1].id}/complete`, { method: 'POST', json: { score: 100 } });
	};
	for (let next = 0; next < ids.length; next += 10) await Promise.all(ids.slice(next, next + 10).map(completeOne));
	return `${ids.length.toLocaleString('en-US')} Users completed a Training (1 in ${COMPLIANCE_CHANGED_EVERY})`;
}

/**
 * The template "who may serve, in an n8n Data Table", run from its own schedule: the first run makes the table and
 * writes a row a person, the next, after a morning's changes in MinistrySafe (1%), writes only the rows that changed
 * (what every later morning does). The measured node says what the run wrote: its items are the rows.
 */
export function complianceTableSteps(): Step[] {
	const { workflow, trigger } = scheduledTemplate('msExampleComplianceDataTable', 'benchLargeComplianceTable', 'Bench: who may serve, in a Data Table');
	const measured = 'What changed';
	return [
		{ label: 'Compliance > Get Many into a Data Table, first run (the table made, a row a person)', kind: 'complianceTable', measured, trigger, workflow },
		{
			label: 'Compliance > Get Many into a Data Table, the next morning (1% changed: only their rows written)',
			kind: 'complianceTableAgain',
			measured,
			trigger,
			workflow,
			before: changeCompliance,
		},
	];
}

/**
 * The template "who may serve, in your Google Sheet", run from its own schedule with both Google Sheets nodes pinned,
 * as a user pins them: the staff list as the sheet's rows, and the write (what it would send to Google is its input,
 * the measured node's output). What n8n does between: Get Many, and what changed on the sheet (every row: the sheet
 * has none of the template's columns yet).
 */
export function complianceSheetStep(staffList: Pick<StaffListServer, 'rows'>): Step {
	const { workflow, trigger } = scheduledTemplate('msExampleComplianceGoogleSheet', 'benchLargeComplianceSheet', 'Bench: who may serve, in a Google Sheet');
	const sheet = staffList.rows.map((row, index) => ({ json: { row_number: index + 2, ...row } }));
	return {
		label: 'Compliance > Get Many beside each person in a Google Sheet (the sheet, without the columns yet, and the write pinned)',
		kind: 'complianceSheet',
		measured: 'What changed',
		trigger,
		workflow: { ...workflow, pinData: { 'Read the staff sheet': sheet, 'Write beside each person': [{ json: {} }] } },
	};
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

export interface StaffListServer {
	url: string;
	/** The same list as a CSV export (a header line, then a person a line). */
	csvUrl: string;
	/** How many rows the list has (a person each). */
	people: number;
	/** The rows, as the JSON array serves them. */
	rows: Array<Record<string, string | null>>;
	/** How many rows differ from the service. */
	changed: number;
	close(): Promise<void>;
}

type ApiUser = { external_id: string | null; first_name: string; last_name: string; email: string; user_type: string | null };

/**
 * The Organization's Users as a staff list with an HR export's column names, every CHANGED_EVERY-th person with a new
 * last name, served as one JSON array on 127.0.0.1. The Users are read through the sandbox's API, 10 pages at a time.
 */
export async function serveStaffList(sandbox: { url: string; apiKey: string }, userCount: number): Promise<StaffListServer> {
	const pages = Math.ceil(userCount / 100);
	const users: ApiUser[] = [];
	for (let first = 1; first <= pages; first += 10) {
		const batch = await Promise.all(
			Array.from({ length: Math.min(10, pages - first + 1) }, async (_, offset) => {
				const response = await fetch(`${sandbox.url}/api/v2/users?page=${first + offset}`, {
					headers: { Authorization: `Token token=${sandbox.apiKey}` },
					signal: AbortSignal.timeout(60_000),
				});
				if (!response.ok) throw new Error(`The sandbox answered ${response.status} for page ${first + offset}`);
				return (await response.json()) as ApiUser[];
			}),
		);
		users.push(...batch.flat());
	}
	let changed = 0;
	const rows = users
		.filter((user) => user.external_id)
		.map((user, index) => {
			const moved = index % CHANGED_EVERY === 0;
			if (moved) changed++;
			return {
				'Employee ID': user.external_id,
				'First Name': user.first_name,
				'Last Name': moved ? `${user.last_name}-Moved` : user.last_name,
				Email: user.email,
				// Blank where the service has none: a type cannot be changed later, so Sync leaves it.
				'User Type': user.user_type ?? '',
			};
		});
	const body = JSON.stringify(rows);
	const csv = csvExport(rows);
	const server: Server = createServer((request, response) => {
		const asCsv = request.url?.startsWith('/staff.csv') ?? false;
		const answer = asCsv ? csv : body;
		response.writeHead(200, {
			'content-type': asCsv ? 'text/csv' : 'application/json',
			'content-length': Buffer.byteLength(answer),
			...(asCsv ? { 'content-disposition': 'attachment; filename="staff.csv"' } : {}),
		});
		response.end(answer);
	});
	await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/staff`,
		csvUrl: `http://127.0.0.1:${port}/staff.csv`,
		people: rows.length,
		rows,
		changed,
		close: () => new Promise((resolveClose) => server.close(() => resolveClose())),
	};
}

