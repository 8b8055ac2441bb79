// What the polling trigger declares to n8n's editor: the canvas subtitle, evaluated as n8n evaluates it.
import { type INode, Workflow } from 'n8n-workflow';

import { MinistrySafePollingTrigger } from '../../nodes/MinistrySafePollingTrigger/MinistrySafePollingTrigger.node';
import { nodeTypesOf } from '../helpers/n8n';

const trigger = new MinistrySafePollingTrigger();

it.each([
	['trainingCompleted', 'Training Completed'],
	['backgroundCheckStatusChanged', 'Background Check Status Changed'],
	['trainingRenewalDue', 'Training Renewal Due'],
	['userCreated', 'User Created'],
])('the canvas subtitle names %s as the editor does: %s', (event, label) => {
	const node: INode = {
		id: '1',
		name: 'Polling',
		type: 'ministrySafePollingTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: { event },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypesOf({ ministrySafePollingTrigger: trigger }),
	});
	expect(workflow.expression.getSimpleParameterValue(node, trigger.description.subtitle, 'internal', {})).toBe(label);
});
