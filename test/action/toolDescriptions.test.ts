// What an AI agent reads about each operation: n8n describes the node as a tool by the operation's action (when the
// tool's description is set automatically), and the operation's description says what it does and returns.
import { getSchema } from 'n8n-core/dist/execution-engine/node-execution-context/utils/create-node-as-tool';
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node';
import { resources } from '../../nodes/MinistrySafe/actions/resources';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { useSandbox } from '../helpers/sandbox';

const operations = Object.entries(resources).flatMap(([resource, { operations: byName }]) =>
	Object.entries(byName).map(([operation, { option }]) => ({ resource, operation, option })),
);

function toolNode(resource: string, operation: string): INode {
	return {
		id: 'tool',
		name: 'MinistrySafe',
		type: 'n8n-nodes-ministrysafe.ministrySafeTool',
		typeVersion: 1,
		position: [0, 0],
		parameters: { descriptionType: 'auto', resource, operation },
	};
}

describe.each(operations)('$resource $operation', ({ resource, operation, option }) => {
	it("is described to a model by its action, as n8n's tool description", () => {
		expect(NodeHelpers.getToolDescriptionForNode(toolNode(resource, operation), new MinistrySafe())).toBe(
			`${option.action} in MinistrySafe`,
		);
	});

	it('has an action in sentence case and a one-sentence description that says what it returns', () => {
		expect(option.action).toMatch(/^[A-Z][a-z]+( ([a-z0-9'-]+|ID))+$/);
		// One sentence: no full stop inside or at the end (an "e.g." is no full stop).
		expect(option.description.replace(/e\.g\./g, 'eg')).not.toMatch(/\.\s|\.$/);
		// Create or Update says it in n8n's prescribed upsert words (node-param-description-wrong-for-upsert).
		if (operation === 'upsert') expect(option.description).toBe('Create a new user, or update the current one if it already exists (upsert)');
		else expect(option.description).toMatch(/; returns /);
	});
});

// An agent chooses what a tool returns when the workflow lets it: 'Output' and 'Fields' filled by $fromAI() reach
// the tool's schema as n8n builds it, and the arguments the model gives decide the output.
describe('Output as an agent fills it', () => {
	const sandbox = useSandbox({ users: 5 });
	const parameters = {
		resource: 'user',
		operation: 'getAll',
		returnAll: true,
		output: "={{ $fromAI('Output', 'simplified, raw or selected', 'string') }}",
		fields: "={{ $fromAI('Fields', 'With Output selected: the user fields to return, separated by commas', 'string') }}",
	};

	it("is in the tool's schema", () => {
		const schema = getSchema({ ...toolNode('user', 'getAll'), parameters: { descriptionType: 'auto', ...parameters } });
		expect(Object.keys(schema.shape)).toEqual(['Output', 'Fields']);
		expect(schema.shape.Fields.description).toBe('With Output selected: the user fields to return, separated by commas');
	});

	it('gives what the model asked for', async () => {
		const run = (args: IDataObject) =>
			runActionNode({ parameters, credential: sandbox(), typeVersion: 1.2, items: [args] });
		const selected = await run({ Output: 'selected', Fields: 'email' });
		expect(selected.error).toBeUndefined();
		expect(jsonOf(selected).map((user) => Object.keys(user))).toEqual(jsonOf(selected).map(() => ['id', 'email']));
		const refused = await run({ Output: 'selected', Fields: 'email, password' });
		expect(refused.error?.message).toMatch(/^'Fields' names the field 'password', which a user does not have; it has /);
	});
});
