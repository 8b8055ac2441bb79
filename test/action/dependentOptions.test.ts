// Options that depend on another field appear only once that field allows them (issue 17, F17: n8n's "progressively
// disclose complexity"), decided by n8n-workflow's own display rules, as the editor's Add Option / Add Field list does.
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node';

const description = new MinistrySafe().description;

/** The names of a collection's options the editor offers for a node with these parameters. */
function offered(parameters: INodeParameters, collection: string): string[] {
	const root = NodeHelpers.getNodeParameters(description.properties, parameters, true, false, null, description) ?? {};
	const shownCollections = description.properties.filter(
		(property) => property.name === collection && NodeHelpers.displayParameter(root, property, null, description),
	);
	expect(shownCollections).toHaveLength(1);
	const values = (root[collection] ?? {}) as INodeParameters;
	return ((shownCollections[0].options ?? []) as INodeProperties[])
		.filter((option) => NodeHelpers.displayParameter(values, option, null, description, root))
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

it('Organization > Create offers Other Type Description only for the type Other', () => {
	const createOrganization = (organizationType: string) => ({ resource: 'organization', operation: 'create', organizationType });
	expect(offered(createOrganization('Church'), 'additionalFields')).not.toContain('otherTypeDescription');
	expect(offered(createOrganization('Other'), 'additionalFields')).toContain('otherTypeDescription');
});
