import type { INodeProperties } from 'n8n-workflow';

/**
 * Which Trainings count (Compliance, the polling trigger's renewals): several codes; none chosen means every code. Each
 * use spreads it and says in its own description which Trainings count.
 */
export const surveyCodesField: INodeProperties = {
	displayName: 'Survey Code Names or IDs',
	name: 'surveyCodes',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getSurveyCodes' },
	default: [],
	description:
		'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};

/** The Training to assign or resend, from the codes the Organization may use (GET /survey_codes). */
export function surveyCodeField(overrides: Partial<INodeProperties>): INodeProperties {
	return {
		displayName: 'Survey Code Name or ID',
		name: 'surveyCode',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getSurveyCodes' },
		default: '',
		description:
			'The Training, by its code. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		...overrides,
	};
}
