// The lists the editor loads from the service that more than one node shows, and what every such list does before a
// credential is chosen.
import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { apiRequest } from './transport';

/**
 * n8n asks for a dropdown's entries as soon as the node opens, before a credential is chosen: the list then says what
 * to do instead of failing ("Error fetching options"), and fills once the credential is there. For a node just added,
 * n8n may choose the credential itself while this answer is under way and then not ask again: the list reloads when
 * the field above it changes (serviceList in nodes/MinistrySafe/actions/common/descriptions.ts), or with the field's
 * Refresh List.
 */
export const CHOOSE_A_CREDENTIAL: INodePropertyOptions[] = [
	{
		name: "Choose a MinistrySafe API Credential in 'Credential to Connect With' First",
		value: '',
		description:
			"'Credential to Connect With' is at the top of this panel. With a credential chosen there, fill in the field above this list, or refresh the list, to load it.",
	},
];
export const hasCredential = (context: ILoadOptionsFunctions) => Boolean(context.getNode().credentials?.ministrySafeApi);

/** Text with something in it, trimmed; undefined for blanks and anything not text. */
export const filled = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The training codes the Organization may assign, with their languages and descriptions. */
export async function fetchSurveyCodes(this: IExecuteFunctions | ILoadOptionsFunctions): Promise<IDataObject[]> {
	return (await apiRequest.call(this, 'GET', '/survey_codes', { expect: 'a list of records' })) as IDataObject[];
}

export async function getSurveyCodes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	if (!hasCredential(this)) return CHOOSE_A_CREDENTIAL;
	const codes = await fetchSurveyCodes.call(this);
	// The title is what people recognise: the live service's name ("Sexual Abuse Awareness Training"), else the
	// description; the code (what the service takes) and the languages go in the grey line.
	return codes.map(({ code, name, description, language }) => ({
		name: filled(name) ?? filled(description) ?? String(code),
		value: String(code),
		description: [`Code: ${String(code)}`, Array.isArray(language) ? `Languages: ${language.join(', ')}` : undefined]
			.filter(Boolean)
			.join('. '),
	}));
}
