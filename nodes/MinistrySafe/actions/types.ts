import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * One operation: its entry in the Operation dropdown, its parameters, and what it does for one input item.
 * The router owns the loop over items, Continue On Fail and pairedItem, so an operation only turns item
 * `itemIndex` into the records it produces.
 */
export interface Operation {
	/** The dropdown entry; `action` is what n8n shows in the node list and to AI agents. */
	option: { name: string; action: string; description: string };
	/** The operation's own parameters; `defineResource` shows them only for this resource and operation. */
	properties: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

/** A resource: the parameters it adds to the node, and its operations by value. */
export interface Resource {
	description: INodeProperties[];
	operations: Record<string, Operation>;
}
