// The soak's workflows, as users build them: the MinistrySafe Trigger (plain, and with Include Full Record, which reads
// the User from the service), the Polling Trigger on n8n's Poll Times, a Webhook -> MinistrySafe action, and the
// workflows activated, deactivated and deleted over and over, each with both triggers.
import type { WorkflowFile } from '../../n8n-runtime';
import { NODE_TYPES, PACKAGE_NAME } from '../../n8n-runtime';

type Node = Record<string, unknown>;
type Credential = { id: string; name: string };

const POLLING_TYPE = `${PACKAGE_NAME}.ministrySafePollingTrigger`;
/** Every minute: n8n 2.41 refuses Poll Times more often than that. */
const EVERY_MINUTE = '0 * * * * *';
export const POLLING_WORKFLOWS = 3;

export const WEBHOOK_PLAIN = 'soakWebhookPlain';
export const WEBHOOK_FULL_RECORD = 'soakWebhookFullRecord';
export const ACTION = 'soakAction';

/** The webhookId of a MinistrySafe Trigger in the soak (its URL: /webhook/<webhookId>/webhook). */
export const webhookIdOf = (workflowId: string) => `${workflowId}-hook`;

function ourTrigger(workflowId: string, credential: Credential, includeFullRecord: boolean): Node {
	return {
		id: `${workflowId}-trigger`,
		name: 'MinistrySafe Trigger',
		type: NODE_TYPES.trigger,
		typeVersion: 1,
		position: [0, 0],
		webhookId: webhookIdOf(workflowId),
		parameters: { events: ['quizCompleted', 'backgroundCheckReady', 'userCreated'], authentication: 'none', includeFullRecord },
		...(includeFullRecord ? { credentials: { ministrySafeApi: credential } } : {}),
	};
}

function pollingTrigger(workflowId: string, credential: Credential): Node {
	return {
		id: `${workflowId}-poll`,
		name: 'MinistrySafe Polling Trigger',
		type: POLLING_TYPE,
		typeVersion: 1,
		position: [0, 300],
		parameters: { pollTimes: { item: [{ mode: 'custom', cronExpression: EVERY_MINUTE }] }, event: 'userCreated' },
		credentials: { ministrySafeApi: credential },
	};
}

const file = (id: string, name: string, nodes: Node[], connections: Record<string, unknown> = {}): WorkflowFile => ({
	id,
	name,
	active: false,
	settings: { executionOrder: 'v1' },
	nodes,
	connections,
});

/** The workflows active for the whole soak. */
export function soakWorkflows(credential: Credential): WorkflowFile[] {
	const action: Node = {
		id: `${ACTION}-get`,
		name: 'MinistrySafe',
		type: NODE_TYPES.action,
		typeVersion: 1.1,
		position: [220, 0],
		parameters: { resource: 'user', operation: 'get', user: { __rl: true, mode: 'id', value: '={{ $json.body.id }}' } },
		credentials: { ministrySafeApi: credential },
	};
	const webhook: Node = {
		id: `${ACTION}-start`,
		name: 'Start',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: `${ACTION}-hook`,
		parameters: { httpMethod: 'POST', path: ACTION, responseMode: 'lastNode', responseData: 'noData', options: {} },
	};
	return [
		file(WEBHOOK_PLAIN, 'Soak: MinistrySafe Trigger', [ourTrigger(WEBHOOK_PLAIN, credential, false)]),
		file(WEBHOOK_FULL_RECORD, 'Soak: MinistrySafe Trigger, Include Full Record', [
			ourTrigger(WEBHOOK_FULL_RECORD, credential, true),
		]),
		...Array.from({ length: POLLING_WORKFLOWS }, (_unused, index) =>
			file(`soakPolling${index + 1}`, `Soak: Polling Trigger ${index + 1}`, [pollingTrigger(`soakPolling${index + 1}`, credential)]),
		),
		file(ACTION, 'Soak: Webhook -> MinistrySafe, Get User', [webhook, action], {
			Start: { main: [[{ node: 'MinistrySafe', type: 'main', index: 0 }]] },
		}),
	];
}

/** A workflow with both triggers, created for one activation and deactivation, then deleted (public API body). */
export function cycledWorkflow(cycle: number, credential: Credential): Omit<WorkflowFile, 'id' | 'active'> {
	const id = `soakCycle${cycle}`;
	const { name, settings, nodes } = file(id, `Soak: both triggers, cycle ${cycle}`, [
		ourTrigger(id, credential, true),
		pollingTrigger(id, credential),
	]);
	return { name, settings, nodes, connections: {} };
}
