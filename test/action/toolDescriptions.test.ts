// What an AI agent reads about each operation: n8n describes the node as a tool by the operation's action (when the
// tool's description is set automatically), and the operation's description says what it does and returns.
import type { INode } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node';
import { resources } from '../../nodes/MinistrySafe/actions/resources';

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
