import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { fetchCustomPackages } from '../actions/backgroundCheck/customPackages';
import { fetchLevels } from '../actions/backgroundCheck/getLevels.operation';
import { fetchOrganizationTypes } from '../actions/organization/getTypes.operation';
import { fetchSurveyCodes } from '../actions/training/getSurveyCodes.operation';
import { apiRequestAllItems } from '../../shared/transport';

/**
 * n8n asks for a dropdown's entries as soon as the node opens, before a credential is chosen: the list then says what
 * to do instead of failing ("Error fetching options"), and fills once the credential is there. For a node just added,
 * n8n may choose the credential itself while this answer is under way and then not ask again: the list reloads when
 * the field above it changes (serviceList in actions/common/descriptions.ts), or with the field's Refresh List.
 */
const CHOOSE_A_CREDENTIAL: INodePropertyOptions[] = [
	{
		name: 'Choose a MinistrySafe API Credential First',
		value: '',
		description: 'With one chosen above, fill in the field above this list, or refresh the list, to load it',
	},
];
const hasCredential = (context: ILoadOptionsFunctions) => Boolean(context.getNode().credentials?.ministrySafeApi);

/** Every Tag of the Organization, for filters and Tag fields. */
export async function getTags(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	if (!hasCredential(this)) return CHOOSE_A_CREDENTIAL;
	const tags = (await apiRequestAllItems.call(this, '/tags')) as IDataObject[];
	return tags.map(({ name }) => ({ name: String(name), value: String(name) }));
}

const filled = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

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

export async function getLevels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	if (!hasCredential(this)) return CHOOSE_A_CREDENTIAL;
	const levels = await fetchLevels.call(this);
	return levels.map((level) => ({ name: `Level ${level}`, value: level }));
}

export async function getOrganizationTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	if (!hasCredential(this)) return CHOOSE_A_CREDENTIAL;
	const types = await fetchOrganizationTypes.call(this);
	return types.map((type) => ({ name: type, value: type }));
}

/** The Organization's custom background check packages, by name; the value is the code the order takes. */
export async function getCustomPackages(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	if (!hasCredential(this)) return CHOOSE_A_CREDENTIAL;
	const packages = await fetchCustomPackages.call(this);
	return packages.map(({ code, name, price }) => ({
		name: filled(name) ?? String(code),
		value: String(code),
		description: [`Code: ${String(code)}`, typeof price === 'number' ? `Price: ${price}` : undefined].filter(Boolean).join('. '),
	}));
}
