import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { fetchCustomPackages } from '../actions/backgroundCheck/customPackages';
import { fetchLevels } from '../actions/backgroundCheck/getLevels.operation';
import { fetchOrganizationTypes } from '../actions/organization/getTypes.operation';
import { CHOOSE_A_CREDENTIAL, filled, hasCredential } from '../../shared/loadOptions';
import { apiRequestAllItems } from '../../shared/transport';

// The Survey Code list is shared with the polling trigger; the node's methods list it with the others.
export { getSurveyCodes } from '../../shared/loadOptions';

/** Every Tag of the Organization, for filters and Tag fields. */
export async function getTags(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	if (!hasCredential(this)) return CHOOSE_A_CREDENTIAL;
	const tags = (await apiRequestAllItems.call(this, '/tags')) as IDataObject[];
	return tags.map(({ name }) => ({ name: String(name), value: String(name) }));
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
