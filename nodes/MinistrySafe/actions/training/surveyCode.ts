import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { fetchSurveyCodes } from '../../../shared/loadOptions';
import { quoted } from '../../../shared/wording';
import { serviceList } from '../common/descriptions';

/** The Training to assign or resend, from the codes the Organization may use (GET /survey_codes). */
export function surveyCodeField(overrides: Partial<INodeProperties>): INodeProperties {
	return {
		displayName: 'Survey Code Name or ID',
		name: 'surveyCode',
		type: 'options',
		// Assign and Resend: the user comes first.
		typeOptions: serviceList('getSurveyCodes', 'user.value'),
		default: '',
		description:
			'The training, by its code. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		...overrides,
	};
}

/**
 * The service's "Invalid survey code", said with the field's label and the codes the Organization may use (one
 * lookup), so the error says which code to use. When the lookup fails, the service's words stay.
 */
export async function withKnownCodes(context: IExecuteFunctions, error: unknown, code: string | undefined): Promise<unknown> {
	if (!(error instanceof NodeApiError) || !/survey code/i.test(error.message)) return error;
	try {
		const codes = await fetchSurveyCodes.call(context);
		const listed = codes.map((entry) => `${String(entry.code)} (${String(entry.description ?? '')})`).join(', ');
		if (code !== undefined) error.message = `${quoted('Survey Code Name or ID')} ${code} is not a Training the Organization may use`;
		error.description = `Choose one of the Organization's codes in ${quoted('Survey Code Name or ID')}: ${listed}. The service's full answer is in the details below.`;
	} catch {
		// The list could not be read: the service's answer as it came is still the clearest thing to show.
	}
	return error;
}
