// Sync's Map Automatically (node versions 1.2 and 1.3) over the headers of real staff-list exports
// (test/fixtures/hrExports.ts, each with its public source), run by n8n's engine against the sandbox over real HTTP
// as a Dry Run: for each export, the person's key, names and work email are read from the right columns, a leaver is
// found by status, a tax ID is never read, and every item says which column its External ID came from.
import type { IDataObject } from 'n8n-workflow';

import { HR_EXPORTS, type HrExport } from '../fixtures/hrExports';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { sentRequests, useSandbox } from '../helpers/sandbox';
import { allUsers as listUsers, mappedAutomatically, type UserRecord } from '../helpers/staffList';

const sandbox = useSandbox();
const SSN = '123-45-6789';

/** A Dry Run at the version (1.3: every person's item, the summary left out). */
const runDry = async (items: IDataObject[], typeVersion = 1.2) => {
	const result = await runActionNode({
		parameters: { resource: 'user', operation: 'sync', dryRun: true, columns: mappedAutomatically, newUserType: 'employee', options: { includeUnchanged: true } },
		items,
		credential: sandbox(),
		typeVersion,
	});
	return { ...result, items: result.items.filter(({ json }) => json.action !== 'summary') };
};

type Person = Pick<UserRecord, 'external_id' | 'first_name' | 'last_name' | 'email'>;

/** The headers Map Automatically reads at the version. */
const expectedAt = (source: HrExport, typeVersion: number) => ({ ...source.expected, ...(typeVersion >= 1.3 ? source.expected1_3 : {}) });

/** One row of the export: the person in the expected columns, and in every other column a value that would show. */
function rowOf(source: HrExport, person: Person, status: string, typeVersion: number): IDataObject {
	const expected = expectedAt(source, typeVersion);
	const row: IDataObject = {};
	for (const header of source.headers) {
		if (header === expected.external_id) row[header] = person.external_id;
		else if (header === expected.first_name) row[header] = person.first_name;
		else if (header === expected.last_name) row[header] = person.last_name;
		else if (header === expected.email) row[header] = person.email;
		else if (header === expected.status) row[header] = status;
		else if (source.taxIds.includes(header)) row[header] = SSN;
		// Another email, name or ID of the row: read in place of the right one, it would show as a change.
		else if (/mail/i.test(header)) row[header] = `other.${person.external_id}@example.net`;
		else if (/name|first|given|nick/i.test(header)) row[header] = 'Someone Else';
		else if (/id$|#|code|number/i.test(header)) row[header] = 'OTHER-1';
		else row[header] = 'Active';
	}
	return row;
}

describe.each(HR_EXPORTS.flatMap((source) => [[source.system, 1.2, source] as const, [source.system, 1.3, source] as const]))('Map Automatically over %s at node version %s', (_, typeVersion, source) => {
	it('reads the key, names and work email from the right columns, a leaver by status, and no tax ID', async () => {
		const users = await listUsers(sandbox());
		const [stays, leaves] = users;
		const newcomer: Person = { external_id: 'HR-EXPORT-NEW', first_name: 'Nia', last_name: 'Okoro', email: 'nia.okoro@example.org' };
		const rows = [
			rowOf(source, stays, 'Active', typeVersion),
			rowOf(source, newcomer, 'Active', typeVersion),
			...(source.leaver ? [rowOf(source, leaves, source.leaver, typeVersion)] : []),
		];
		const result = await runDry(rows, typeVersion);
		expect(result.error).toBeUndefined();
		const person = ({ action, external_id, external_id_field, first_name, last_name, email, changes }: IDataObject) => ({
			action,
			external_id,
			external_id_field,
			first_name,
			last_name,
			email,
			changes: Object.keys(changes as IDataObject),
		});
		const key = expectedAt(source, typeVersion).external_id;
		const named = ({ external_id, first_name, last_name, email }: Person) => ({ external_id, first_name, last_name, email });
		expect(jsonOf(result).map(person)).toEqual([
			{ action: 'unchanged', ...named(stays), external_id_field: key, changes: [] },
			{ action: 'created', ...named(newcomer), external_id_field: key, changes: ['first_name', 'last_name', 'email', 'external_id', 'user_type'] },
			...(source.leaver ? [{ action: 'deactivated', ...named(leaves), external_id_field: key, changes: [] }] : []),
		]);
		// Nothing but reads; no tax ID anywhere in what the node put out.
		expect(sentRequests(sandbox()).every(({ method }) => method === 'GET')).toBe(true);
		expect(JSON.stringify(result.items)).not.toContain(SSN);
	});
});

describe('a tax ID is never the key', () => {
	it.each([['SSN'], ['Tax ID (SSN)'], ['SS_Number'], ['Social Security Number'], ['National Insurance Number']])(
		"a list whose only ID-like column is '%s' is one error naming the columns, never their values",
		async (header) => {
			const result = await runDry([
				{ [header]: SSN, 'First Name': 'Ann', 'Last Name': 'Lee', 'Work Email': 'ann@example.org' },
				{ [header]: SSN.replace('6789', '6790'), 'First Name': 'Bo', 'Last Name': 'Kim', 'Work Email': 'bo@example.org' },
			]);
			expect(result.error?.message).toBe(
				`No item gives an 'External ID': 'Map Automatically' found no column with each person's ID, and the input's fields are '${header}', 'First Name', 'Last Name' and 'Work Email'`,
			);
			expect(JSON.stringify(result.error)).not.toContain(SSN);
			expect(sentRequests(sandbox())).toEqual([]);
		},
	);
});
