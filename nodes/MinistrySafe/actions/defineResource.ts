import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { outputProperties } from './common/output';
import type { Operation, Resource } from './types';

/** An operation's own parameters, with Simplify or Output before its collections (Options, Filters) when it has records. */
function parametersOf(operation: Operation): INodeProperties[] {
	if (operation.kind === 'list' || !operation.output) return operation.properties;
	const own = operation.properties;
	const firstCollection = own.findIndex(({ type }) => type === 'collection' || type === 'fixedCollection');
	const at = firstCollection === -1 ? own.length : firstCollection;
	return [...own.slice(0, at), ...outputProperties(operation.output), ...own.slice(at)];
}

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
	const properties = Object.entries<Operation>(operations).flatMap(([name, operation]) =>
		updateDisplayOptions({ show: { resource: [resource], operation: [name] } }, parametersOf(operation)),
	);
	return { description: [operationSelector, ...properties], operations };
}
