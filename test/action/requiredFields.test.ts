// The fields the service requires are marked required by display rules (F18): n8n's own parameter checks,
// the ones behind the editor's red triangle and the check before a run, list exactly those left empty.
import type { INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node';
import { runActionNode } from '../helpers/n8n';
import { sentRequests, useSandbox } from '../helpers/sandbox';

const description = new MinistrySafe().description;

/** The parameters n8n reports as missing for a Create Background Check node with these values. */
function missing(parameters: INodeParameters): string[] {
	const node: INode = {
		id: 'check',
		name: 'MinistrySafe',
		type: 'n8n-nodes-ministrysafe.ministrySafe',
		typeVersion: 1.1,
		position: [0, 0],
		parameters: {
			resource: 'backgroundCheck',
			operation: 'create',
			user: { __rl: true, mode: 'id', value: '42' },
			...parameters,
		},
	};
	// With every default filled in, as the editor and n8n's Workflow have the node.
	node.parameters = NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, node, description) ?? {};
	const issues = NodeHelpers.getNodeParametersIssues(description.properties, node, description);
	return Object.keys(issues?.parameters ?? {}).sort();
}

const APPLICANT = ['address', 'city', 'county', 'dob', 'email', 'firstName', 'lastName', 'ssn', 'state', 'zip'];

it("marks the applicant's details required when QuickApp is off, and the level ordered", () => {
	expect(missing({ quickapp: false })).toEqual([...APPLICANT, 'level'].sort());
	expect(missing({ quickapp: false, package: 'custom' })).toEqual([...APPLICANT, 'customPackageCode'].sort());
});

it('asks for none of them with QuickApp on, or when they come from expressions', () => {
	expect(missing({ quickapp: true, level: 3 })).toEqual([]);
	const fromItem = Object.fromEntries(APPLICANT.map((name) => [name, `={{ $json.${name} }}`]));
	expect(missing({ quickapp: false, level: '={{ $json.level }}', ...fromItem })).toEqual([]);
	// n8n shows whatever an expression decides (its display rules): with QuickApp from the item, the details must be
	// mapped from the item too, as QuickApp's hint says; items with QuickApp on then leave them out.
	expect(missing({ quickapp: '={{ $json.quickapp }}', level: 3 })).toEqual(APPLICANT);
	expect(missing({ quickapp: '={{ $json.quickapp }}', level: 3, ...fromItem })).toEqual([]);
});

describe('in a run', () => {
	const sandbox = useSandbox({ users: 3 });

	it('n8n stops before the node sends anything when a required field is empty', async () => {
		const run = runActionNode({
			parameters: {
				resource: 'backgroundCheck',
				operation: 'create',
				user: { __rl: true, mode: 'id', value: '1' },
				level: 1,
				quickapp: false,
			},
			credential: sandbox(),
			typeVersion: 1.1,
		});
		await expect(run).rejects.toThrow(/issues/i);
		expect(sentRequests(sandbox())).toEqual([]);
	});
});
