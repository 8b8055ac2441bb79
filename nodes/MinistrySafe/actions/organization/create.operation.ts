import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { itemInput } from '../../items/inputs';
import { beforeVersion1_2, fromVersion1_2 } from '../../items/versions';
import type { Operation } from '../types';

/** Sizes as the service writes them, which are also their labels; from the smallest up (their natural order). */
const SIZE_OPTIONS = ['1-200', '200-1000', '1000-5000', '5000+'].map((size) => ({ name: size, value: size }));
const ADMINISTRATOR_TYPE_OPTIONS = [
	{ name: 'Contractor / Licensee', value: 'contractor_licensee' },
	{ name: 'Employee', value: 'employee' },
	{ name: 'Volunteer', value: 'volunteer' },
] as const;
/** The organization type that needs a description of its own (api-v2.md 4). */
const OTHER_TYPE = 'Other';

/**
 * The Organization Type. Before node version 1.2 a dropdown, which n8n fills as the panel opens: on a node just added,
 * before n8n has filled in the credential it chose, so the list stayed empty until refreshed. From 1.2 a resource
 * locator, whose list is asked for when the user opens it; a node saved earlier keeps its dropdown and its value.
 */
const organizationTypeFields: INodeProperties[] = [
	{
		displayName: 'Organization Type Name or ID',
		name: 'organizationType',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getOrganizationTypes' },
		default: '',
		required: true,
		description:
			'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		displayOptions: beforeVersion1_2,
	},
	{
		displayName: 'Organization Type',
		name: 'organizationType',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'What kind of organization it is: chosen from the types the service offers, or by name (e.g. Church)',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a type...',
				typeOptions: { searchListMethod: 'searchOrganizationTypes', searchable: true },
			},
			{
				displayName: 'By Name',
				name: 'name',
				type: 'string',
				placeholder: 'e.g. Church',
			},
		],
		displayOptions: fromVersion1_2,
	},
];

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
	},
	{
		displayName: 'Address',
		name: 'address',
		type: 'string',
		default: '',
		required: true,
		description: 'Street address',
	},
	{
		displayName: 'City',
		name: 'city',
		type: 'string',
		default: '',
		required: true,
	},
	{
		displayName: 'State',
		name: 'state',
		type: 'string',
		default: '',
		placeholder: 'e.g. TX',
		required: true,
		description: 'Two-letter state code',
	},
	{
		displayName: 'Country',
		name: 'country',
		type: 'string',
		default: 'US',
		required: true,
	},
	{
		displayName: 'ZIP Code',
		name: 'zip',
		type: 'string',
		default: '',
		placeholder: 'e.g. 75201',
		required: true,
		description: 'Five digits',
	},
	{
		displayName: 'Heard From',
		name: 'hearFrom',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. A partner organization',
		description: 'How the organization heard of MinistrySafe. The service asks this of every new organization and refuses one without it.',
	},
	{
		displayName: 'Size of Organization',
		name: 'sizeOfOrg',
		type: 'options',
		options: SIZE_OPTIONS,
		default: '1-200',
		required: true,
	},
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		default: '',
		placeholder: 'e.g. 18005551234',
		required: true,
		description: 'Eleven digits, with the country code',
	},
	{
		displayName: 'Billing Email',
		name: 'billingEmail',
		type: 'string',
		default: '',
		placeholder: 'name@email.com',
		required: true,
	},
	...organizationTypeFields,
	{
		displayName: 'Administrator First Name',
		name: 'ssaFirstName',
		type: 'string',
		default: '',
		required: true,
		description: "First name of the organization's first administrator",
	},
	{
		displayName: 'Administrator Last Name',
		name: 'ssaLastName',
		type: 'string',
		default: '',
		required: true,
	},
	{
		displayName: 'Administrator Email',
		name: 'ssaEmail',
		type: 'string',
		default: '',
		placeholder: 'name@email.com',
		required: true,
	},
	{
		displayName: 'Administrator Username',
		name: 'ssaUsername',
		type: 'string',
		default: '',
		required: true,
	},
	{
		displayName: 'Administrator Type',
		name: 'ssaType',
		type: 'options',
		options: [...ADMINISTRATOR_TYPE_OPTIONS],
		default: 'employee',
		required: true,
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Allow Sign-In Link Creation',
				name: 'allowSignInLinkCreation',
				type: 'boolean',
				default: false,
				description: "Whether the new organization's API key may create sign-in links for its users",
			},
			{
				displayName: 'Other Type Description',
				name: 'otherTypeDescription',
				type: 'string',
				default: '',
				displayOptions: { show: { '/organizationType': [OTHER_TYPE] } },
				description: "What kind of organization it is; required when 'Organization Type' is Other",
			},
			{
				displayName: 'Use Billing Provider',
				name: 'useBillingProvider',
				type: 'boolean',
				default: false,
				description: 'Whether the organization is billed through a billing provider',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Include API Key',
				name: 'includeApiKey',
				type: 'boolean',
				default: false,
				description:
					"Whether to put the new organization's API key in the output. The output is stored with the execution: whoever can see this workflow's executions can read the key, and so can the model when this node is an AI agent's tool. Turn it on only to hand the key straight to a credential.",
			},
		],
	},
];

/** The answer's field that holds the new organization's API key. */
const API_KEY_FIELD = 'organization_api_key';

export const create: Operation = {
	option: {
		name: 'Create',
		action: 'Create an organization',
		description:
			"Create a new organization with its first administrator (needs a key allowed to create organizations); returns the new organization's ID, and its API key when asked",
	},
	properties,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		// The Organization Type's name, whether a dropdown's value or (node version 1.2) a locator's.
		const input = itemInput(this, itemIndex, (name) =>
			this.getNodeParameter(name, itemIndex, null, { extractValue: name === 'organizationType' }),
		);
		const { organization, includeApiKey } = input.all(() => {
			const fields: IDataObject = {
				name: input.text('name', 'Name', true),
				address: input.text('address', 'Address', true),
				city: input.text('city', 'City', true),
				state: input.state('state', 'State', true),
				country: input.text('country', 'Country', true),
				zip: input.zip('zip', 'ZIP Code', true),
				hear_from: input.text('hearFrom', 'Heard From', true),
				size_of_org: input.choice('sizeOfOrg', 'Size of Organization', SIZE_OPTIONS, true),
				phone: input.phone('phone', 'Phone', true),
				billing_email: input.email('billingEmail', 'Billing Email', true),
				organization_type: input.text('organizationType', 'Organization Type', true),
				other_type_description: input.text('additionalFields.otherTypeDescription', 'Other Type Description'),
				allow_sign_in_link_creation: input.flag('additionalFields.allowSignInLinkCreation', 'Allow Sign-In Link Creation'),
				use_billing_provider: input.flag('additionalFields.useBillingProvider', 'Use Billing Provider'),
				ssa: {
					first_name: input.text('ssaFirstName', 'Administrator First Name', true),
					last_name: input.text('ssaLastName', 'Administrator Last Name', true),
					email: input.email('ssaEmail', 'Administrator Email', true),
					username: input.text('ssaUsername', 'Administrator Username', true),
					type: input.choice('ssaType', 'Administrator Type', ADMINISTRATOR_TYPE_OPTIONS, true),
				},
			};
			if (fields.organization_type === OTHER_TYPE && fields.other_type_description === undefined) {
				input.refuse('Other Type Description', `is required when 'Organization Type' is ${OTHER_TYPE}`);
			}
			return { organization: fields, includeApiKey: input.flag('options.includeApiKey', 'Include API Key') === true };
		});
		// The one endpoint that takes JSON (api-v2.md 4): the transport sends a plain object as JSON.
		const answer = (await apiRequest.call(this, 'POST', '/organizations', {
			body: { organization },
			expect: 'a record',
			ifUnsure: `ask the service's support whether an organization named '${String(organization.name)}' exists`,
		})) as IDataObject;
		// Execution data is stored and shown to whoever may read the workflow's executions: the key only when asked.
		if (!includeApiKey) delete answer[API_KEY_FIELD];
		return answer;
	},
};
