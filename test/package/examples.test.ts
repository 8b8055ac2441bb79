// The workflows in examples/ as `npm run dev` imports them: each uses our nodes at their newest version (a user who
// imports one gets Simplify, Return All and the Columns of Sync), and refers to our credentials by the ids that
// `npm run dev` and the end-to-end tests create, so that every example runs there as it is.
import type { INodeTypeDescription } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node.js';
import { MinistrySafePollingTrigger } from '../../nodes/MinistrySafePollingTrigger/MinistrySafePollingTrigger.node.js';
import { MinistrySafeTrigger } from '../../nodes/MinistrySafeTrigger/MinistrySafeTrigger.node.js';
import { EXAMPLE_CREDENTIAL_IDS, NODE_TYPES, PACKAGE_NAME, exampleWorkflows } from '../../scripts/n8n-runtime';

const newest = (description: INodeTypeDescription) =>
	Math.max(...(Array.isArray(description.version) ? description.version : [description.version]));

const NEWEST_VERSION: Record<string, number> = {
	[NODE_TYPES.action]: newest(new MinistrySafe().description),
	// n8n makes the AI tool of a node usable as a tool, at the node's own versions.
	[`${NODE_TYPES.action}Tool`]: newest(new MinistrySafe().description),
	[NODE_TYPES.trigger]: newest(new MinistrySafeTrigger().description),
	[`${PACKAGE_NAME}.ministrySafePollingTrigger`]: newest(new MinistrySafePollingTrigger().description),
};

const OUR_CREDENTIALS: Record<string, string> = {
	ministrySafeApi: EXAMPLE_CREDENTIAL_IDS.api,
	ministrySafeWebhookApi: EXAMPLE_CREDENTIAL_IDS.webhookAuth,
};

const examples = exampleWorkflows();
const ourNodes = examples.flatMap((workflow) =>
	workflow.nodes
		.filter((node) => String(node.type) in NEWEST_VERSION)
		.map((node) => ({ workflow: workflow.id, name: String(node.name), type: String(node.type), node })),
);

describe('the example workflows', () => {
	it('have unique ids, and there are the templates issue 29 asks for', () => {
		const ids = examples.map((workflow) => workflow.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids).toEqual(
			expect.arrayContaining([
				'msExampleUploadStaffList',
				'msExampleVolunteerSignUp',
				'msExampleGoogleSheetSync',
				'msExampleBambooHrSync',
			]),
		);
	});

	it('use our nodes at their newest version', () => {
		const checked = ourNodes;
		expect(checked.length).toBeGreaterThan(10);
		expect(checked.map(({ workflow, name, node }) => `${workflow} / ${name}: ${String(node.typeVersion)}`)).toEqual(
			checked.map(({ workflow, name, type }) => `${workflow} / ${name}: ${NEWEST_VERSION[type]}`),
		);
	});

	it('refer to our credentials by the ids npm run dev creates, so they run there as they are', () => {
		const references = ourNodes.flatMap(({ workflow, name, node }) =>
			Object.entries((node.credentials ?? {}) as Record<string, { id: string }>).map(([type, { id }]) => ({
				node: `${workflow} / ${name}`,
				type,
				id,
			})),
		);
		expect(references.length).toBeGreaterThan(10);
		expect(references).toEqual(references.map((reference) => ({ ...reference, id: OUR_CREDENTIALS[reference.type] })));
	});
});
