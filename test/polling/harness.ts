/**
 * The polling trigger as n8n 2.8 runs it, in-process: a real Workflow and n8n-core's PollContext with the real request
 * helpers (real HTTP to the sandbox). What n8n's ActiveWorkflowManager adds around `poll()` is reproduced here, as
 * measured in its code: one poll at activation (an error fails the activation), static data saved after the
 * activation poll and after every poll that emits (never after an empty one), the Workflow and its static data kept in
 * memory between scheduled polls, and a restart that starts again from what was saved.
 */
import { PollContext } from 'n8n-core';
import type { IDataObject, INode, INodeParameters, WorkflowActivateMode, WorkflowExecuteMode } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { MinistrySafePollingTrigger } from '../../nodes/MinistrySafePollingTrigger/MinistrySafePollingTrigger.node.js';
import type { Sandbox } from '../../sandbox';
import { PACKAGE, additionalDataFor, nodeTypesOf } from '../helpers/n8n';

export const POLLING_NODE_TYPE = `${PACKAGE}.ministrySafePollingTrigger`;
const NODE_NAME = 'MinistrySafe Polling Trigger';
const STATIC_DATA_KEY = `node:${NODE_NAME}`;

export interface PollingTriggerOptions {
	sandbox: Sandbox;
	/** The node's parameters (contract.md names); n8n fills in the defaults. */
	parameters: INodeParameters;
	/** The workflow's time zone (settings.timezone); default America/Chicago. */
	timezone?: string;
	/** The credential's id in n8n: part of what the remembered state belongs to. */
	credentialId?: string;
	/** Another API key than the sandbox's demo key. */
	apiKey?: string;
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export class PollingTrigger {
	/** The workflow's static data as n8n last wrote it to its database. */
	saved: IDataObject = {};
	/** How many times n8n would have written it. */
	saves = 0;
	private workflow: Workflow | undefined;
	private context: PollContext | undefined;

	constructor(private readonly options: PollingTriggerOptions) {}

	private node(): INode {
		return {
			id: 'polling-trigger',
			name: NODE_NAME,
			type: POLLING_NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: this.options.parameters,
			credentials: { ministrySafeApi: { id: this.options.credentialId ?? '1', name: 'MinistrySafe sandbox' } },
		};
	}

	private newWorkflow(): Workflow {
		return new Workflow({
			id: 'polling-workflow',
			name: 'polling',
			nodes: [this.node()],
			connections: {},
			active: true,
			nodeTypes: nodeTypesOf({ [POLLING_NODE_TYPE]: new MinistrySafePollingTrigger() }),
			staticData: copy(this.saved),
			settings: { timezone: this.options.timezone ?? 'America/Chicago' },
		});
	}

	private newContext(workflow: Workflow, mode: WorkflowExecuteMode, activation: WorkflowActivateMode): PollContext {
		const { sandbox } = this.options;
		const additionalData = additionalDataFor({
			ministrySafeApi: { environment: 'custom', baseUrl: sandbox.url, apiKey: this.options.apiKey ?? sandbox.apiKey },
		});
		const [node] = Object.values(workflow.nodes);
		return new PollContext(workflow, node, additionalData, mode, activation);
	}

	private save(): void {
		if (!this.workflow) return;
		this.saved = copy(this.workflow.staticData as IDataObject);
		this.saves++;
	}

	private async run(context: PollContext): Promise<IDataObject[]> {
		const result = await new MinistrySafePollingTrigger().poll.call(context);
		return result === null ? [] : result[0].map((item) => item.json);
	}

	/**
	 * Publishing (or n8n starting, `init`): a Workflow built from the saved static data, the activation poll, then
	 * n8n's save after activation. Its emitted items are returned (they start an execution, like any emit).
	 */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<IDataObject[]> {
		this.workflow = this.newWorkflow();
		this.context = this.newContext(this.workflow, 'trigger', activation);
		const items = await this.run(this.context);
		this.save();
		return items;
	}

	/** A scheduled poll of the active workflow: state kept in memory, saved only when it emits. */
	async poll(): Promise<IDataObject[]> {
		if (!this.context) throw new Error('Activate the trigger first');
		const items = await this.run(this.context);
		if (items.length > 0) this.save();
		return items;
	}

	/**
	 * A save of the static data as it is in memory now, for n8n's save after an activation made while a scheduled poll,
	 * started in the moments before it, is still running.
	 */
	saveNow(): void {
		this.save();
	}

	/** n8n stops and starts again: what was in memory is gone, the activation (`init`) starts from what was saved. */
	async restart(): Promise<IDataObject[]> {
		return await this.activate('init');
	}

	/** "Fetch Test Event" in the editor: a manual poll on the workflow as it is. */
	async fetchTestEvent(): Promise<IDataObject[]> {
		const workflow = this.workflow ?? this.newWorkflow();
		return await this.run(this.newContext(workflow, 'manual', 'manual'));
	}

	/** The trigger's static data as it is in memory now. */
	state(): IDataObject {
		return copy((this.workflow?.staticData as IDataObject | undefined)?.[STATIC_DATA_KEY] ?? {}) as IDataObject;
	}

	/** The size of what n8n saves for the trigger, in characters of JSON. */
	savedSize(): number {
		return JSON.stringify(this.saved[STATIC_DATA_KEY] ?? {}).length;
	}
}
