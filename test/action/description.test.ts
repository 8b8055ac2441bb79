// What the action node declares to n8n's editor: the canvas subtitle, evaluated as n8n evaluates it.
import { type INode, Workflow } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node.js';
import { defineResource } from '../../nodes/MinistrySafe/actions/defineResource';
import { resources } from '../../nodes/MinistrySafe/actions/resources';
import { nodeTypesOf } from '../helpers/n8n';

const { description } = new MinistrySafe();

function subtitleFor(resource: string, operation: string): unknown {
	const node: INode = {
		id: '1',
		name: 'MinistrySafe',
		type: 'ministrySafe',
		typeVersion: 1,
		position: [0, 0],
		parameters: { resource, operation },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypesOf({ ministrySafe: new MinistrySafe() }),
	});
	return workflow.expression.getSimpleParameterValue(node, description.subtitle, 'internal', {});
}

const operations = Object.entries(resources).flatMap(([resource, { operations: byName }]) =>
	Object.entries(byName).map(([operation, { option }]) => [resource, operation, option.name] as const),
);
const resourceNames = new Map(
	(description.properties.find((property) => property.name === 'resource')?.options as Array<{ name: string; value: string }>).map(
		({ name, value }) => [value, name],
	),
);

// n8n's node UI design: "Subtitle | Title case", as `operation: resource` (N5).
test.each(operations)('the subtitle of %s / %s is "<operation>: <resource>" in Title Case (%s)', (resource, operation, name) => {
	const subtitle = subtitleFor(resource, operation);
	expect(subtitle).toBe(`${name}: ${resourceNames.get(resource)}`);
	// Every word capitalized but the short ones between (or, for).
	const lowerCaseWords = String(subtitle)
		.split(/[\s:]+/)
		.filter((word) => /^[a-z]/.test(word) && !['or', 'for'].includes(word));
	expect(lowerCaseWords).toEqual([]);
});

test('the subtitle of Get Sign-In Link reads as n8n asks', () => {
	expect(subtitleFor('user', 'getSignInLink')).toBe('Get Sign-In Link: User');
});

test("the table is the node's own Operation options, as n8n loads them", () => {
	const offered = description.properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) =>
			(property.options as Array<{ value: string }>).map(
				({ value }) => `${(property.displayOptions?.show?.resource as string[])[0]}.${value}`,
			),
		);
	expect(operations.map(([resource, operation]) => `${resource}.${operation}`).sort()).toEqual(offered.sort());
	expect(offered).toHaveLength(26);
});

test('a resource cannot default to an operation it does not have (checked when the tests compile: npm run typecheck, run by CI)', () => {
	const { get } = resources.user.operations;
	// @ts-expect-error: 'gett' is not one of the operations
	expect(() => defineResource('user', { get }, 'gett')).not.toThrow();
	expect(defineResource('user', { get }, 'get').description[0].default).toBe('get');
});

/** n8n's UX guidelines' words for the standard operations (O9), as each operation's description begins. */
const STANDARD_WORDS: Record<string, RegExp> = {
	Create: /^Create a new /,
	Get: /^Retrieve an? /,
	'Get Many': /^Retrieve a list of /,
	Update: /^Update one or more /,
};

test.each(
	Object.entries(resources).flatMap(([resource, { operations: byName }]) =>
		Object.values(byName)
			.filter(({ option }) => STANDARD_WORDS[option.name] !== undefined)
			.map(({ option }) => [resource, option.name, option.description] as const),
	),
)("%s / %s is described in n8n's words: %s", (_resource, name, text) => {
	expect(text).toMatch(STANDARD_WORDS[name]);
});
