// The workflows in examples/ as `npm run dev` imports them: each uses our nodes at their newest version (a user who
// imports one gets Simplify, Return All and the Columns of Sync), and refers to our credentials by the ids that
// `npm run dev` and the end-to-end tests create, so that every example runs there as it is.
import type { IDataObject, INodeParameters, INodeTypeDescription } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node.js';
import { MinistrySafePollingTrigger } from '../../nodes/MinistrySafePollingTrigger/MinistrySafePollingTrigger.node.js';
import { MinistrySafeTrigger } from '../../nodes/MinistrySafeTrigger/MinistrySafeTrigger.node.js';
import { EXAMPLE_CREDENTIAL_IDS, NODE_TYPES, PACKAGE_NAME, exampleWorkflows } from '../../scripts/n8n-runtime';
import { jsonOf, type NodeRunResult, runActionNode } from '../helpers/n8n';
import { ok, sandboxClients, useSandbox } from '../helpers/sandbox';

const newest = (description: INodeTypeDescription) =>
	Math.max(...(Array.isArray(description.version) ? description.version : [description.version]));

const NEWEST_VERSION: Record<string, number> = {
	[NODE_TYPES.action]: newest(new MinistrySafe().description),
	// n8n makes the AI tool of a node usable as a tool, at the node's own versions.
	[`${NODE_TYPES.action}Tool`]: newest(new MinistrySafe().description),
	[NODE_TYPES.trigger]: newest(new MinistrySafeTrigger().description),
	[`${PACKAGE_NAME}.ministrySafePollingTrigger`]: newest(new MinistrySafePollingTrigger().description),
};

const OUR_CREDENTIALS: Record<string, string> = {
	ministrySafeApi: EXAMPLE_CREDENTIAL_IDS.api,
	ministrySafeWebhookApi: EXAMPLE_CREDENTIAL_IDS.webhookAuth,
};

const examples = exampleWorkflows();
const ourNodes = examples.flatMap((workflow) =>
	workflow.nodes
		.filter((node) => String(node.type) in NEWEST_VERSION)
		.map((node) => ({ workflow: workflow.id, name: String(node.name), type: String(node.type), node })),
);

describe('the example workflows', () => {
	it('have unique ids, and there are the templates README names', () => {
		const ids = examples.map((workflow) => workflow.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids).toEqual(
			expect.arrayContaining([
				'msExampleUploadStaffList',
				'msExampleVolunteerSignUp',
				'msExampleGoogleSheetSync',
				'msExampleBambooHrSync',
			]),
		);
	});

	it('use our nodes at their newest version', () => {
		const checked = ourNodes;
		expect(checked.length).toBeGreaterThan(10);
		expect(checked.map(({ workflow, name, node }) => `${workflow} / ${name}: ${String(node.typeVersion)}`)).toEqual(
			checked.map(({ workflow, name, type }) => `${workflow} / ${name}: ${NEWEST_VERSION[type]}`),
		);
	});

	it('refer to our credentials by the ids npm run dev creates, so they run there as they are', () => {
		const references = ourNodes.flatMap(({ workflow, name, node }) =>
			Object.entries((node.credentials ?? {}) as Record<string, { id: string }>).map(([type, { id }]) => ({
				node: `${workflow} / ${name}`,
				type,
				id,
			})),
		);
		expect(references.length).toBeGreaterThan(10);
		expect(references).toEqual(references.map((reference) => ({ ...reference, id: OUR_CREDENTIALS[reference.type] })));
	});
});

// The compliance agent's tools, run by n8n's engine against the sandbox with arguments a model would give: each
// returns the fields the agent's instructions rely on (Output: Selected Fields), and no others.
describe('the compliance agent', () => {
	const sandbox = useSandbox({ users: 12 });
	const agent = examples.find((workflow) => workflow.id === 'msExampleComplianceAgent')!;
	const tool = (name: string) => {
		const node = agent.nodes.find((candidate) => candidate.name === name)!;
		expect(node.type).toBe(`${NODE_TYPES.action}Tool`);
		// As n8n runs a tool: the node's own parameters, the model's arguments in the item $fromAI() reads.
		const parameters = node.parameters as INodeParameters;
		return (args: IDataObject) =>
			runActionNode({ parameters, credential: sandbox(), typeVersion: node.typeVersion as number, items: [args] });
	};
	const outputOf = async (result: Promise<NodeRunResult>) => {
		const run = await result;
		expect(run.error).toBeUndefined();
		return jsonOf(run);
	};

	it('finds people with their ID, name, email and External ID only', async () => {
		const [someone] = ok(await sandboxClients(sandbox()).api.get('/users')) as IDataObject[];
		const found = await outputOf(tool('Find people')({ Search: String(someone.last_name) }));
		expect(found).toContainEqual({
			id: someone.id,
			first_name: someone.first_name,
			last_name: someone.last_name,
			email: someone.email,
			external_id: someone.external_id,
		});
	});

	it("checks a person: status and summary, the training's and background check's status and expiry", async () => {
		const [someone] = ok(await sandboxClients(sandbox()).api.get('/users')) as IDataObject[];
		const [checked] = await outputOf(tool('Check a person')({ User_ID: String(someone.id) }));
		expect(Object.keys(checked)).toEqual(['user_id', 'status', 'summary', 'first_name', 'last_name', 'training', 'background_check']);
		for (const record of [checked.training, checked.background_check]) {
			expect(record).toEqual(expect.objectContaining({ status: expect.any(String) }));
			expect(record).toHaveProperty('expires_at');
		}
	});

	it('lists who is due with their status and what is due when, and nothing more', async () => {
		const due = await outputOf(tool('Who is due')({}));
		expect(due.length).toBeGreaterThan(0);
		for (const person of due) {
			expect(Object.keys(person)).toEqual(['user_id', 'status', 'summary', 'first_name', 'last_name', 'email']);
			expect(['expiring', 'noncompliant']).toContain(person.status);
		}
	});
});
