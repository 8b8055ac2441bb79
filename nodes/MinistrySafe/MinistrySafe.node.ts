import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { requestOptionsField } from './actions/common/descriptions';
import { actionSubtitle, resources, resourceSelector } from './actions/resources';
import { router } from './actions/router';
import { listSearch, loadOptions, resourceMapping } from './methods';

export class MinistrySafe implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'MinistrySafe',
		name: 'ministrySafe',
		icon: { light: 'file:../../icons/ministrySafe.svg', dark: 'file:../../icons/ministrySafe.dark.svg' },
		group: ['transform'],
		// Each version adds what would change a saved workflow (actions/common/versions.ts); older nodes stay as they were.
		version: [1, 1.1, 1.2, 1.3],
		defaultVersion: 1.3,
		subtitle: actionSubtitle(),
		description:
			'Manage users, trainings and background checks in MinistrySafe / Abuse Prevention Systems',
		defaults: { name: 'MinistrySafe' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'ministrySafeApi', required: true }],
		properties: [
			resourceSelector,
			...Object.values(resources).flatMap((resource) => resource.description),
			requestOptionsField,
		],
	};

	methods = { listSearch, loadOptions, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
