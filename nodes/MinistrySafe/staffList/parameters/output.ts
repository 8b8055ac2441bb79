// Sync's option about its output at node version 1.3 (item/output.ts puts it out).
import type { INodeProperties } from 'n8n-workflow';

import { fromVersion1_3 } from '../../items/versions';

/** The option in Sync's Options that brings back an item per person. */
export const includeUnchangedOption: INodeProperties = {
	displayName: 'Include Unchanged Users',
	name: 'includeUnchanged',
	type: 'boolean',
	displayOptions: fromVersion1_3,
	default: false,
	description:
		"Whether to also output an item for each user that is unchanged. Either way, the last item is a summary: the count of each action, and each status and type value of the list with what it was read as. Defaults to off.",
};
