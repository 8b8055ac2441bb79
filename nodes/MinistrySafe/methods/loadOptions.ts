import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { fetchLevels } from '../actions/backgroundCheck/getLevels.operation';
import { fetchOrganizationTypes } from '../actions/organization/getTypes.operation';
import { fetchSurveyCodes } from '../actions/training/getSurveyCodes.operation';
import { apiRequestAllItems } from '../transport';

/** Every Tag of the Organization, for filters and Tag fields. */
export async function getTags(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const tags = (await apiRequestAllItems.call(this, '/tags')) as IDataObject[];
	return tags.map(({ name }) => ({ name: String(name), value: String(name) }));
}

export async function getSurveyCodes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const codes = await fetchSurveyCodes.call(this);
	// The title is what people recognise; the code (what the service takes) and the languages go in the grey line.
	return codes.map(({ code, description, language }) => ({
		name: typeof description === 'string' && description.trim() !== '' ? description : String(code),
		value: String(code),
		description: [`Code: ${String(code)}`, Array.isArray(language) ? `Languages: ${language.join(', ')}` : undefined]
			.filter(Boolean)
			.join('. '),
	}));
}

export async function getLevels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const levels = await fetchLevels.call(this);
	return levels.map((level) => ({ name: `Level ${level}`, value: level }));
}

export async function getOrganizationTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const types = await fetchOrganizationTypes.call(this);
	return types.map((type) => ({ name: type, value: type }));
}
