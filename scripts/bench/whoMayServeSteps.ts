// The who-may-serve templates' steps of the large-organisation benchmark (npm run bench:n8n): each template as a user
// imports it, run from its own schedule, and a morning's changes in MinistrySafe between two runs.
import type { WorkflowFile } from '../n8n-runtime';
import { exampleWorkflows } from '../n8n-runtime';
import { CREDENTIAL, type Step } from './largeOrgWorkflows';
import type { StaffListServer } from './staffListServer';

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
