import type { INodeProperties } from 'n8n-workflow';

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
