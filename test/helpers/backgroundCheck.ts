// Ordering a Background Check without QuickApp as a workflow does it, every field mapped from the input item: shared
// by the Background Check tests and the tests of the input checks.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

/** An input item with a valid order: the User, the level, and the applicant's details. */
export const applicantItem: IDataObject = {
	user: '1001',
	level: 2,
	type: 'prospective',
	first: 'Ada',
	last: 'Okafor',
	mail: 'ada.okafor@example.org',
	street: '12 Elm Street',
	city: 'Plano',
	county: 'Collin',
	state: 'tx',
	zip: '75001',
	ssn: '123-45-6789',
	dob: '3/7/1990',
	dl: 'D1234567',
	dlState: 'TX',
};

/** The node's parameters for that order: Create without QuickApp, each field an expression reading the item. */
export const orderFromItem: INodeParameters = {
	resource: 'backgroundCheck',
	operation: 'create',
	user: { __rl: true, mode: 'id', value: '={{ $json.user }}' },
	package: 'level',
	level: '={{ $json.level }}',
	quickapp: false,
	childServing: true,
	employeeType: '={{ $json.type }}',
	firstName: '={{ $json.first }}',
	lastName: '={{ $json.last }}',
	email: '={{ $json.mail }}',
	address: '={{ $json.street }}',
	city: '={{ $json.city }}',
	county: '={{ $json.county }}',
	state: '={{ $json.state }}',
	zip: '={{ $json.zip }}',
	ssn: '={{ $json.ssn }}',
	dob: '={{ $json.dob }}',
	driverLicense: '={{ $json.dl }}',
	driverLicenseState: '={{ $json.dlState }}',
};
