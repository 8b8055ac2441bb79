import type { INodeProperties } from 'n8n-workflow';

import { backgroundCheck } from './backgroundCheck/BackgroundCheck.resource';
import { compliance } from './compliance/Compliance.resource';
import { organization } from './organization/Organization.resource';
import { tag } from './tag/Tag.resource';
import { training } from './training/Training.resource';
import type { Resource } from './types';
import { user } from './user/User.resource';

/** Every resource of the node by its value (contract.md). */
export const resources: Record<string, Resource> = { user, training, backgroundCheck, compliance, tag, organization };

export const resourceSelector: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Background Check', value: 'backgroundCheck' },
		{ name: 'Compliance', value: 'compliance' },
		{ name: 'Organization', value: 'organization' },
		{ name: 'Tag', value: 'tag' },
		{ name: 'Training', value: 'training' },
		{ name: 'User', value: 'user' },
	],
	default: 'user',
};

/**
 * The canvas subtitle, in Title Case as n8n's node UI design asks ("Get Sign-In Link: User"): the chosen operation's
 * name and the resource's, as built-in nodes show `operation: resource`, with the names the editor shows rather than
 * the internal values. An expression, because n8n evaluates the subtitle against the node's parameters.
 */
export function actionSubtitle(): string {
	const resourceNames = Object.fromEntries(
		(resourceSelector.options as Array<{ name: string; value: string }>).map(({ name, value }) => [value, name]),
	);
	const subtitles = Object.fromEntries(
		Object.entries(resources).flatMap(([resource, { operations }]) =>
			Object.entries(operations).map(([operation, { option }]) => [
				`${resource}.${operation}`,
				`${option.name}: ${resourceNames[resource]}`,
			]),
		),
	);
	return `={{ (${JSON.stringify(subtitles)})[$parameter["resource"] + "." + $parameter["operation"]] }}`;
}
