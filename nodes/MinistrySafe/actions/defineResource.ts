import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Operation, Resource } from './types';

/**
 * Builds a resource from its operations: the Operation dropdown (sorted by name, as n8n lists them) and each
 * operation's parameters, shown only when that operation is chosen. Adding an operation is one entry here. The
 * default must be one of the operations: the compiler refuses any other name.
 */
export function defineResource<Name extends string>(
	resource: string,
	operations: Record<Name, Operation>,
	defaultOperation: NoInfer<Name>,
): Resource {
	const operationSelector: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: Object.entries<Operation>(operations)
			.map(([value, { option }]) => ({ ...option, value }))
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOperation,
	};
	const properties = Object.entries<Operation>(operations).flatMap(([operation, { properties: own }]) =>
		updateDisplayOptions({ show: { resource: [resource], operation: [operation] } }, own),
	);
	return { description: [operationSelector, ...properties], operations };
}
