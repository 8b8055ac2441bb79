// Options that depend on another field appear only once that field allows them (F17: n8n's "progressively
// disclose complexity"), decided by n8n-workflow's own display rules, as the editor's Add Option / Add Field list does.
import type { INode, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node';

const description = new MinistrySafe().description;

/**
 * The names of a collection's options the editor offers for a node with these parameters; with `typeVersion`, for a
 * node of that version (the parameters shown only from a version on are then read too).
 */
function offered(parameters: INodeParameters, collection: string, typeVersion?: number): string[] {
	const node: INode | null =
		typeVersion === undefined ? null : { id: 'node', name: 'MinistrySafe', type: description.name, typeVersion, position: [0, 0], parameters };
	const root = NodeHelpers.getNodeParameters(description.properties, parameters, true, false, node, description) ?? {};
	const shownCollections = description.properties.filter(
		(property) => property.name === collection && NodeHelpers.displayParameter(root, property, node, description),
	);
	expect(shownCollections).toHaveLength(1);
	const values = (root[collection] ?? {}) as INodeParameters;
	return ((shownCollections[0].options ?? []) as INodeProperties[])
		.filter((option) => NodeHelpers.displayParameter(values, option, node, description, root))
		.map(({ name }) => name);
}

const sync = (options: INodeParameters) => ({ resource: 'user', operation: 'sync', options });
const createCheck = (parameters: INodeParameters) => ({ resource: 'backgroundCheck', operation: 'create', ...parameters });

it('Sync offers the tag only once Deactivate Missing Users is on; Max Deactivations always, as it counts leavers too', () => {
	expect(offered(sync({}), 'options')).toEqual(['deactivateMissing', 'maxDeactivations']);
	expect(offered(sync({ deactivateMissing: false }), 'options')).toEqual(['deactivateMissing', 'maxDeactivations']);
	expect(offered(sync({ deactivateMissing: true }), 'options')).toEqual(['deactivateMissing', 'deactivateOnlyTag', 'maxDeactivations']);
});

it('Background Check > Create offers the self-disclosed notes once Applicant Self-Disclosed is on', () => {
	expect(offered(createCheck({}), 'additionalFields')).not.toContain('applicantSelfDisclosedNotes');
	expect(offered(createCheck({ additionalFields: { applicantSelfDisclosed: true } }), 'additionalFields')).toContain(
		'applicantSelfDisclosedNotes',
	);
});

it('Background Check > Create offers Upfront Payment with QuickApp on (the default) or from an expression, not off', () => {
	expect(offered(createCheck({}), 'additionalFields')).toContain('upfrontPayment');
	expect(offered(createCheck({ quickapp: false }), 'additionalFields')).not.toContain('upfrontPayment');
	expect(offered(createCheck({ quickapp: '={{ $json.quickapp }}' }), 'additionalFields')).toContain('upfrontPayment');
});

it('Organization > Create offers Other Type Description only for the type Other, chosen from the list or by name', () => {
	const createOrganization = (mode: string, value: string) => ({
		resource: 'organization',
		operation: 'create',
		organizationType: { __rl: true, mode, value },
	});
	expect(offered(createOrganization('list', 'Church'), 'additionalFields', 1.2)).not.toContain('otherTypeDescription');
	expect(offered(createOrganization('list', 'Other'), 'additionalFields', 1.2)).toContain('otherTypeDescription');
	expect(offered(createOrganization('name', 'Other'), 'additionalFields', 1.2)).toContain('otherTypeDescription');
	// Before node version 1.2, the dropdown's value.
	const fromDropdown = { resource: 'organization', operation: 'create', organizationType: 'Other' };
	expect(offered(fromDropdown, 'additionalFields', 1)).toContain('otherTypeDescription');
});
