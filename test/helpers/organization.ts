// A valid Create an Organization, as the node's parameters (contract.md names) and as the JSON the service receives.
import type { INodeParameters } from 'n8n-workflow';

export const organizationParameters: INodeParameters = {
	resource: 'organization',
	operation: 'create',
	name: 'Grace Camp',
	address: '1 Lake Road',
	city: 'Austin',
	state: 'tx',
	country: 'US',
	zip: '73301',
	hearFrom: 'A friend',
	sizeOfOrg: '200-1000',
	phone: '1 (512) 555-0100',
	billingEmail: 'billing@grace.example.org',
	organizationType: 'Camp',
	ssaFirstName: 'Ruth',
	ssaLastName: 'Hill',
	ssaEmail: 'ruth@grace.example.org',
	ssaUsername: 'ruth',
	ssaType: 'contractor_licensee',
	additionalFields: {},
};

/** `organizationParameters` as the service's JSON body: the state upper-cased, the phone as its eleven digits. */
export const organizationJson = {
	organization: {
		name: 'Grace Camp',
		address: '1 Lake Road',
		city: 'Austin',
		state: 'TX',
		country: 'US',
		zip: '73301',
		hear_from: 'A friend',
		size_of_org: '200-1000',
		phone: '15125550100',
		billing_email: 'billing@grace.example.org',
		organization_type: 'Camp',
		ssa: {
			first_name: 'Ruth',
			last_name: 'Hill',
			email: 'ruth@grace.example.org',
			username: 'ruth',
			type: 'contractor_licensee',
		},
	},
};
