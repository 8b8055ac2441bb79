// The templates that act on a MinistrySafe Trigger event act on each event once: the trigger's items go first through
// n8n's Remove Duplicates node across executions, keyed on the event and its record (the fields a retry repeats and a
// new event of the same record does not: its completion date), retried when two first executions collide on its
// memory, and what sends a message ships disabled. How that holds under a burst with two workers: npm run load:queue
// (docs/scale.md).
import { NODE_TYPES, exampleWorkflows } from '../../scripts/n8n-runtime';

type Node = Record<string, unknown> & { name: string; type: string; parameters: Record<string, unknown> };
type Connections = Record<string, { main: Array<Array<{ node: string }>> }>;

const byId = new Map(exampleWorkflows().map((workflow) => [workflow.id, workflow]));
const MESSAGE_NODES = ['n8n-nodes-base.slack', 'n8n-nodes-base.emailSend', 'n8n-nodes-base.microsoftTeams', 'n8n-nodes-base.discord', 'n8n-nodes-base.googleChat'];

describe.each([
	// template id              the event's key: the record's fields
	['msExampleQuizCert', ['user_id', 'survey_code', 'complete_date']],
	['msExampleBgCheckReady', ['id', 'complete_date']],
])('%s', (id, recordFields) => {
	const workflow = byId.get(id);
	const nodes = (workflow?.nodes ?? []) as Node[];
	const connections = (workflow?.connections ?? {}) as Connections;
	const trigger = nodes.find((node) => node.type === NODE_TYPES.trigger);
	const next = (name: string) => (connections[name]?.main ?? []).flat().map((target) => nodes.find((node) => node.name === target.node));

	it('sends every event of the trigger through Remove Duplicates, across executions, before anything else', () => {
		expect(trigger).toBeDefined();
		const [first, ...others] = next(String(trigger?.name));
		expect(others).toEqual([]);
		expect(first).toMatchObject({ type: 'n8n-nodes-base.removeDuplicates', typeVersion: 2 });
		expect(first?.parameters).toMatchObject({ operation: 'removeItemsSeenInPreviousExecutions' });
		expect(first?.parameters.logic ?? 'removeItemsWithAlreadySeenKeyValues').toBe('removeItemsWithAlreadySeenKeyValues');
		// Two executions that start at the same moment can both make n8n's first write of its memory: the one that
		// fails finds the row when it tries again (npm run load:queue showed the collision; docs/scale.md).
		expect(first).toMatchObject({ retryOnFail: true, maxTries: expect.any(Number) });
		expect(Number(first?.maxTries)).toBeGreaterThanOrEqual(2);
		const key = String(first?.parameters.dedupeValue);
		for (const field of ['event', ...recordFields]) expect(key).toContain(`$json.${field} }}`);
	});

	it('ships what sends a message disabled', () => {
		for (const node of nodes.filter((candidate) => MESSAGE_NODES.includes(candidate.type))) expect(node).toMatchObject({ disabled: true });
	});
});
