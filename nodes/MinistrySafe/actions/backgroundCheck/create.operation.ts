import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest, toFormBody } from '../../../shared/transport';
import { serviceList, userLocator } from '../common/descriptions';
import { USER_TYPE_OPTIONS, userTypeField } from '../../users/fields';
import type { ItemInput } from '../../items/inputs';
import { itemInput } from '../../items/inputs';
import { resolveUserId, userReference } from '../common/user';
import type { Operation } from '../types';
import { orderedBackgroundCheckOutput } from '../common/output';

/** The editor's label of each field the service may name in its errors. */
const FIELD_LABELS = {
	user_id: 'User',
	level: 'Level',
	custom_background_check_package_code: 'Custom Package Name or ID',
	quickapp: 'QuickApp',
	child_serving: 'Child Serving',
	employee_type: 'Employee Type',
	first_name: 'First Name',
	last_name: 'Last Name',
	email: 'Email',
	address: 'Street Address',
	city: 'City',
	county: 'County',
	state: 'State',
	zip: 'ZIP Code',
	ssn: 'Social Security Number',
	dob: 'Date of Birth',
	driver_license: 'Driver License Number',
	driver_license_state: 'Driver License State',
	user_type: 'User Type',
	salary_range: 'Salary Range',
	age_over_13: 'Age Over 13',
	applicant_self_disclosed: 'Applicant Self-Disclosed',
	applicant_self_disclosed_notes: 'Applicant Self-Disclosed Notes',
	upfront_payment: 'Upfront Payment',
};

/** Levels whose order needs the applicant's driver's licence (api-v2.md, Create a Background Check). */
const DRIVER_LICENSE_LEVELS = [2, 4, 5, 6, 7];
const PACKAGE_OPTIONS = [
	{ name: 'Custom Package', value: 'custom', description: 'A custom package of the organization, by its code' },
	{ name: 'Level', value: 'level', description: 'One of the levels the organization may order' },
] as const;
const EMPLOYEE_TYPE_OPTIONS = [
	{ name: 'Current', value: 'current', description: 'Already serves in the organization' },
	{ name: 'Prospective', value: 'prospective', description: 'Applying to serve' },
] as const;
/** From the lowest range to the highest, as people read salaries (n8n's node UI design: options in their natural order). */
const SALARY_RANGE_OPTIONS = [
	{ name: 'Under $20k', value: 'under_20k' },
	{ name: '$20k to $25k', value: '20k_25k' },
	{ name: '$25k to $75k', value: '25k_75k' },
	{ name: '$75k or More', value: '75k_plus' },
] as const;

const text = (displayName: string, name: string, extra: Partial<INodeProperties> = {}): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	...extra,
});

/** Sensitive applicant data: hidden as it is typed, and never repeated in an error or an output. */
const secret = (displayName: string, name: string, extra: Partial<INodeProperties> = {}): INodeProperties =>
	text(displayName, name, { typeOptions: { password: true }, ...extra });

/**
 * Without QuickApp the order carries the applicant's details; with it the applicant fills them in. Those the service
 * always requires are marked required, so the editor lists any left empty before a run. n8n shows them when QuickApp
 * is an expression too (it cannot know the value), so they are then mapped from the item as well, as QuickApp's
 * description says. The node still checks each item's values (readApplicant): an expression may give an empty one.
 * The driver's licence depends on the level, so it is checked per item only.
 */
const applicantFields = updateDisplayOptions({ show: { quickapp: [false] } }, [
	text('First Name', 'firstName', { required: true }),
	text('Last Name', 'lastName', { required: true }),
	text('Email', 'email', { placeholder: 'name@email.com', required: true }),
	text('Street Address', 'address', { required: true }),
	text('City', 'city', { required: true }),
	text('County', 'county', { required: true }),
	text('State', 'state', { placeholder: 'e.g. TX', description: 'Two-letter state code', required: true }),
	text('ZIP Code', 'zip', { placeholder: 'e.g. 75001', description: 'Five digits', required: true }),
	secret('Social Security Number', 'ssn', { required: true }),
	secret('Date of Birth', 'dob', {
		placeholder: 'e.g. 03/07/1990',
		description: 'As MM/DD/YYYY, or an ISO date such as 1990-03-07; the day as written, whatever the time zone',
		required: true,
	}),
	secret('Driver License Number', 'driverLicense', {
		description: 'Required for levels 2, 4, 5, 6 and 7, and for custom packages that include a driving record',
	}),
	text('Driver License State', 'driverLicenseState', {
		placeholder: 'e.g. TX',
		description: 'Two-letter state code; required with the driver license number',
	}),
]);

/** The level or custom package ordered; a level comes from GET /background_checks/available_levels. */
function readPackage(input: ItemInput) {
	if (input.choice('package', 'Package', PACKAGE_OPTIONS, true) === 'custom') {
		return { customPackageCode: input.text('customPackageCode', 'Custom Package Name or ID', true) };
	}
	return { level: input.positiveInteger('level', 'Level', true) as number };
}

/** The applicant's details, checked (api-v2.md: required when quickapp is false; state, zip, dob formats). */
function readApplicant(input: ItemInput, level: number | undefined) {
	// In the order the node shows them, so that the problems are listed in that order.
	const details = {
		first_name: input.text('firstName', 'First Name', true),
		last_name: input.text('lastName', 'Last Name', true),
		email: input.email('email', 'Email', true),
		address: input.text('address', 'Street Address', true),
		city: input.text('city', 'City', true),
		county: input.text('county', 'County', true),
		state: input.state('state', 'State', true),
		zip: input.zip('zip', 'ZIP Code', true),
		ssn: input.text('ssn', 'Social Security Number', true),
		dob: input.calendarDate('dob', 'Date of Birth', true),
	};
	const driverLicense = input.text('driverLicense', 'Driver License Number');
	if (driverLicense === undefined && level !== undefined && DRIVER_LICENSE_LEVELS.includes(level)) {
		input.refuse('Driver License Number', `is required for Level ${level}`);
	}
	return {
		...details,
		driver_license: driverLicense,
		driver_license_state: input.state('driverLicenseState', 'Driver License State', driverLicense !== undefined),
	};
}

export const create: Operation = {
	option: {
		name: 'Create',
		action: 'Create a background check for a user',
		description: 'Create a new background check for a user, which orders it from the screening service; returns the new background check with its ID and status processing',
	},
	properties: [
		userLocator,
		{
			displayName: 'Package',
			name: 'package',
			type: 'options',
			options: [...PACKAGE_OPTIONS],
			default: 'level',
			description: 'What to order',
		},
		{
			displayName: 'Level Name or ID',
			name: 'level',
			type: 'options',
			typeOptions: serviceList('getLevels', 'user.value'),
			default: '',
			required: true,
			description:
				'The level to order. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			displayOptions: { show: { package: ['level'] } },
		},
		{
			displayName: 'Custom Package Name or ID',
			name: 'customPackageCode',
			type: 'options',
			typeOptions: serviceList('getCustomPackages', 'user.value'),
			default: '',
			required: true,
			description:
				'The custom package to order, by its code. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			displayOptions: { show: { package: ['custom'] } },
		},
		{
			displayName: 'QuickApp',
			name: 'quickapp',
			type: 'boolean',
			default: true,
			description:
				"Whether the service emails the applicant a form for their own details. When off, enter their details below. When set by an expression, map the details too: items where it is false use them.",
		},
		{
			displayName: 'Child Serving',
			name: 'childServing',
			type: 'boolean',
			default: false,
			description: 'Whether the applicant serves in a role with children',
		},
		{
			displayName: 'Employee Type',
			name: 'employeeType',
			type: 'options',
			options: [...EMPLOYEE_TYPE_OPTIONS],
			default: 'prospective',
			required: true,
		},
		...applicantFields,
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Age Over 13',
					name: 'ageOver13',
					type: 'boolean',
					default: true,
					description: 'Whether the applicant is older than 13',
				},
				{
					displayName: 'Applicant Self-Disclosed',
					name: 'applicantSelfDisclosed',
					type: 'boolean',
					default: false,
					description: 'Whether the applicant disclosed something about their record themselves',
				},
				text('Applicant Self-Disclosed Notes', 'applicantSelfDisclosedNotes', {
					typeOptions: { rows: 3 },
					displayOptions: { show: { applicantSelfDisclosed: [true] } },
					description: 'What the applicant disclosed, in their words',
				}),
				{
					displayName: 'Salary Range',
					name: 'salaryRange',
					type: 'options',
					options: [...SALARY_RANGE_OPTIONS],
					default: 'under_20k',
				},
				{
					displayName: 'Upfront Payment',
					name: 'upfrontPayment',
					type: 'boolean',
					default: false,
					// Offered only with QuickApp on: the applicant pays in QuickApp's form.
					displayOptions: { show: { '/quickapp': [true] } },
					description:
						"Whether the applicant pays for the check (self-pay must be enabled for the organization; needs 'QuickApp')",
				},
				userTypeField,
			],
		},
	],
	output: orderedBackgroundCheckOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const input = itemInput(this, itemIndex);
		// Every field is read, and all their problems are reported together: one run finds every field to correct.
		const fields = input.all(() => {
			input.check(() => userReference(this, itemIndex));
			const ordered = readPackage(input);
			// Yes/no values the order must carry: a guess here would order the wrong check.
			const quickapp = input.flag('quickapp', 'QuickApp', true);
			const upfrontPayment = input.flag('additionalFields.upfrontPayment', 'Upfront Payment');
			if (upfrontPayment && quickapp === false) input.refuse('Upfront Payment', "needs 'QuickApp' to be on");
			return {
				level: ordered.level,
				custom_background_check_package_code: ordered.customPackageCode,
				quickapp,
				child_serving: input.flag('childServing', 'Child Serving', true),
				employee_type: input.choice('employeeType', 'Employee Type', EMPLOYEE_TYPE_OPTIONS, true),
				...(quickapp === false ? readApplicant(input, ordered.level) : {}),
				user_type: input.choice('additionalFields.userType', 'User Type', USER_TYPE_OPTIONS),
				salary_range: input.choice('additionalFields.salaryRange', 'Salary Range', SALARY_RANGE_OPTIONS),
				age_over_13: input.flag('additionalFields.ageOver13', 'Age Over 13'),
				applicant_self_disclosed: input.flag('additionalFields.applicantSelfDisclosed', 'Applicant Self-Disclosed'),
				applicant_self_disclosed_notes: input.text('additionalFields.applicantSelfDisclosedNotes', 'Applicant Self-Disclosed Notes'),
				upfront_payment: upfrontPayment,
			};
		});
		// Every check above runs before the one lookup an employee ID needs, so bad input sends nothing at all.
		const user = await resolveUserId(this, itemIndex);
		return (await apiRequest.call(this, 'POST', '/background_checks', {
			body: toFormBody({ background_check: { user_id: user.id, ...fields } }),
			record: user.label,
			expect: 'a record',
			ifUnsure: `list the Background Checks of ${user.label} (Background Check > Get Many for User)`,
			labels: FIELD_LABELS,
		})) as IDataObject;
	},
};
