import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ListStep } from '../items/listStep';
import type { RecordOutput } from './common/output';

/** The dropdown entry and parameters every operation has. */
interface OperationBase {
	/** The dropdown entry; `action` is what n8n shows in the node list and to AI agents. */
	option: { name: string; action: string; description: string };
	/** The operation's own parameters; `defineResource` shows them only for this resource and operation. */
	properties: INodeProperties[];
}

/**
 * A per-item operation: what it does for one input item. The router owns the loop over items, Continue On Fail and
 * pairedItem, so the operation only turns item `itemIndex` into the records it produces.
 */
export interface ItemOperation extends OperationBase {
	kind?: 'item';
	/** Set when the item's records are Users, Trainings, Background Checks or compliance: the node then offers Output. */
	output?: RecordOutput;
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

/**
 * A whole-list operation: all input items together are its input (Sync reads them as one staff list). `plan` reads
 * what it needs and returns the steps; it does not loop over the steps itself.
 */
export interface ListOperation extends OperationBase {
	kind: 'list';
	plan(this: IExecuteFunctions, itemCount: number): Promise<ListStep[]>;
}

export type Operation = ItemOperation | ListOperation;

/** A resource: the parameters it adds to the node, and its operations by value. */
export interface Resource {
	description: INodeProperties[];
	operations: Record<string, Operation>;
}
