// A staff list as Sync and Create or Update read one, the demo Organization's Users to build it from, and Sync at
// node version 1.3 run on input items or on files.
import type { IDataObject, INodeParameters, ResourceMapperValue } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { userColumnFields } from '../../nodes/MinistrySafe/staffList/parameters/columns';
import { type InputFile, runActionNode } from './n8n';
import { ok, sandboxClients } from './sandbox';

export type UserRecord = {
	id: number;
	external_id: string;
	first_name: string;
	last_name: string;
	email: string;
	user_type: string | null;
	tags: string[];
};

/** A row of a staff list with the service's field names (the columns Sync's expressions read before version 1.2). */
export type Row = { external_id?: string; first_name?: string; last_name?: string; email?: string; user_type?: string; tags?: string };

/** Every User of the demo Organization, read through the API, with the request log cleared afterwards. */
export async function allUsers(sandbox: Sandbox): Promise<UserRecord[]> {
	const { api } = sandboxClients(sandbox);
	const users: UserRecord[] = [];
	for (let page = 1; ; page++) {
		const batch = ok(await api.get('/users', { query: { page } })) as UserRecord[];
		users.push(...batch);
		if (batch.length < 100) break;
	}
	sandbox.clearRequests();
	return users;
}

export const rowOf = (user: UserRecord): Row => ({
	external_id: user.external_id,
	first_name: user.first_name,
	last_name: user.last_name,
	email: user.email,
});

/** The row as an HR export names its columns. */
export const hrExportRowOf = (row: Row) => ({
	'First Name': row.first_name,
	'Last Name': row.last_name,
	Email: row.email,
	'Employee ID': row.external_id,
});

/** Node version 1.2's `columns` as the editor saves it: Map Automatically, matched on External ID. */
export const mappedAutomatically: ResourceMapperValue = {
	mappingMode: 'autoMapInputData',
	value: null,
	matchingColumns: ['external_id'],
	schema: userColumnFields(),
	attemptToConvertTypes: false,
	convertFieldsToString: false,
};

/** `columns` with Map Each Column Manually: a value or an expression per field. */
export const mappedBelow = (value: Record<string, string>): ResourceMapperValue => ({ ...mappedAutomatically, mappingMode: 'defineBelow', value });

/** Sync at 1.3 with Map Automatically, on input items or on one file per item (Dry Run on unless said). */
export const syncAt1_3 = (
	sandbox: Sandbox,
	input: { items: IDataObject[]; files?: Array<InputFile | undefined> },
	parameters: INodeParameters = {},
	continueOnFail = false,
) =>
	runActionNode({
		parameters: { resource: 'user', operation: 'sync', dryRun: true, columns: mappedAutomatically, newUserType: 'volunteer', ...parameters },
		items: input.items,
		files: input.files,
		credential: sandbox,
		typeVersion: 1.3,
		continueOnFail,
	});

/** Sync at 1.3 reading its list from one file ('Staff List' set to a file). */
export const syncFromFile = (sandbox: Sandbox, file: InputFile, parameters: INodeParameters = {}, continueOnFail = false) =>
	syncAt1_3(sandbox, { items: [{}], files: [file] }, { staffList: 'file', ...parameters }, continueOnFail);
