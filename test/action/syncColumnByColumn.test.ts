// Sync at node version 1.3 reads a staff list column by column (contract.md "A list read column by column"), run by
// n8n's engine against the sandbox over real HTTP, as a workflow runs it: the key never by position, every status,
// flag and date as the exporting system meant it (JSON booleans, Excel serial days, "no date", day and month order),
// column names by their words, the user's words in any column, every column accounted for, characters a file lost
// named, and every unknown value with all its people. Each export as the named system writes it
// (test/unit/leaving.test.ts, listColumns.test.ts and dates.test.ts give the sources).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runDay } from '../helpers/clock';
import { csvExport } from '../helpers/csvExport';
import { type InputFile, jsonOf, runActionNode } from '../helpers/n8n';
import { sentWrites, useSandbox } from '../helpers/sandbox';
import { allUsers as listUsers, mappedAutomatically, type UserRecord } from '../helpers/staffList';

const sandbox = useSandbox();
const allUsers = () => listUsers(sandbox());
const writes = () => sentWrites(sandbox());

/** Sync at 1.3, Map Automatically, a Dry Run unless told; on input items, or on one file when `file` is given. */
async function runSync(items: IDataObject[], parameters: INodeParameters = {}, file?: InputFile, continueOnFail = false) {
	return runActionNode({
		parameters: {
			resource: 'user',
			operation: 'sync',
			dryRun: true,
			columns: mappedAutomatically,
			newUserType: 'volunteer',
			...(file ? { staffList: 'file' } : {}),
			...parameters,
		},
		items: file ? [{}] : items,
		files: file ? [file] : undefined,
		credential: sandbox(),
		typeVersion: 1.3,
		continueOnFail,
	});
}
async function outputOf(items: IDataObject[], parameters: INodeParameters = {}, file?: InputFile) {
	const result = await runSync(items, { ...parameters, options: { includeUnchanged: true, ...(parameters.options as IDataObject) } }, file);
	expect(result.error).toBeUndefined();
	const output = jsonOf(result);
	return { people: output.filter(({ action }) => action !== 'summary'), summary: output.at(-1) as IDataObject };
}
const csvFile = (rows: IDataObject[], fileName = 'staff.csv'): InputFile => ({ bytes: csvExport(rows), fileName, mimeType: 'text/csv' });
const actions = (people: IDataObject[]) => people.map(({ external_id, action }) => [external_id, action]);
type Person = Pick<UserRecord, 'external_id' | 'first_name' | 'last_name' | 'email'>;
const newcomer = (n: number): Person => ({ external_id: `COL-${n}`, first_name: `New${n}`, last_name: 'Column', email: `new.column.${n}@example.org` });
/** A US date (MM/DD/YYYY) `days` from the run's day. */
const usDate = (days: number) => {
	const day = runDay(days);
	return `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/${day.getUTCFullYear()}`;
};
/** Excel's serial day `days` from the run's day (day 25569 is 1970-01-01). */
const excelDay = (days: number) => Math.round(runDay(days).getTime() / 86_400_000) + 25_569;

describe('the key, never by position', () => {
	/** An Infinite Campus staff extract: Campus's own personID first, the district's staffNumber after it. */
	const campusRow = (person: Person, personID: string, columns: IDataObject = {}) => ({
		personID,
		staffStateID: `S${personID}`,
		staffNumber: person.external_id,
		lastName: person.last_name,
		firstName: person.first_name,
		email: person.email,
		...columns,
	});

	it("matches on the column whose IDs MinistrySafe has (staffNumber), not the first ID-like one (personID): nobody created again, the leaver deactivated, and the summary says which column was the key", async () => {
		const [stays, renamed, leaver] = await allUsers();
		const rows = [
			campusRow(stays, '48211', { endDate: '' }),
			campusRow({ ...renamed, last_name: `${renamed.last_name}-Moved` }, '48212', { endDate: '' }),
			campusRow(leaver, '48213', { endDate: '06/30/2020' }),
			campusRow(newcomer(1), '48214', { endDate: '' }),
		];
		const { people, summary } = await outputOf([], { dryRun: false }, csvFile(rows, 'campus-staff.csv'));
		expect(actions(people)).toEqual([
			[stays.external_id, 'unchanged'],
			[renamed.external_id, 'updated'],
			[leaver.external_id, 'deactivated'],
			['COL-1', 'created'],
		]);
		expect(people.every(({ external_id_field }) => external_id_field === 'staffNumber')).toBe(true);
		expect(summary.key).toEqual({ column: 'staffNumber', ids: 4, known: 3 });
		expect(summary.columns).toEqual([
			{ column: 'personID', reading: "not read: another ID (the key is 'staffNumber')" },
			{ column: 'staffStateID', reading: 'not read' },
			{ column: 'staffNumber', reading: 'external_id (the key: 3 of 4 IDs in MinistrySafe)' },
			{ column: 'lastName', reading: 'last_name' },
			{ column: 'firstName', reading: 'first_name' },
			{ column: 'email', reading: 'email' },
			{ column: 'endDate', reading: 'end date (month first)' },
		]);
		expect(writes().map((write) => write.split(' ')[0]).sort()).toEqual(['DELETE', 'POST', 'PUT']);
	});

	it('two ID-like columns of which MinistrySafe has no IDs: nothing is sent, the candidates are named, and Continue On Fail gives them for a form to ask', async () => {
		const rows = [campusRow(newcomer(2), '48215'), campusRow(newcomer(3), '48216')];
		const failed = await runSync([], {}, csvFile(rows));
		expect(failed.error?.message).toBe(
			"More than one column could hold each person's ID, and MinistrySafe has the IDs of none of them: 'personID' (0 of 2 IDs in MinistrySafe), 'staffNumber' (0 of 2 IDs in MinistrySafe) [item 0]",
		);
		expect(failed.error?.description).toMatch(/^Set 'External ID Column' \(under 'Options'\) to the column that holds each person's ID in your own system/);
		const item = jsonOf(await runSync([], {}, csvFile(rows), true));
		expect(item).toEqual([
			expect.objectContaining({
				key_candidates: [
					{ column: 'personID', ids: 2, known: 0 },
					{ column: 'staffNumber', ids: 2, known: 0 },
				],
				mapped_columns: { first_name: 'firstName', last_name: 'lastName', email: 'email' },
			}),
		]);
		expect(writes()).toEqual([]);
		const chosen = await outputOf([], { options: { externalIdColumn: 'staffNumber' } }, csvFile(rows));
		expect(actions(chosen.people)).toEqual([
			['COL-2', 'created'],
			['COL-3', 'created'],
		]);
	});
});

describe('every status, flag and date as the exporting system meant it', () => {
	it("Active Directory: Enabled FALSE and userAccountControl 514 say left (known deactivated, a newcomer not created); the user's '66050' too", async () => {
		const [disabled, enabled, disabledBits] = await allUsers();
		const ad = (person: Person, enabledFlag: string, control: string) => ({
			SamAccountName: person.first_name.toLowerCase(),
			GivenName: person.first_name,
			Surname: person.last_name,
			EmailAddress: person.email,
			EmployeeID: person.external_id,
			Enabled: enabledFlag,
			userAccountControl: control,
		});
		const rows = [ad(disabled, 'FALSE', '514'), ad(enabled, 'TRUE', '512'), ad(disabledBits, '', '66050'), ad(newcomer(4), 'FALSE', '514'), ad(newcomer(5), 'TRUE', '66048')];
		const { people, summary } = await outputOf([], {}, { bytes: csvExport(rows), fileName: 'ad-users.csv' });
		expect(people.map(({ external_id, action, reason }) => [external_id, action, reason])).toEqual([
			[disabled.external_id, 'deactivated', "Left: 'Enabled' is FALSE"],
			[enabled.external_id, 'unchanged', null],
			[disabledBits.external_id, 'deactivated', "Left: 'userAccountControl' is 66050"],
			['COL-4', 'skipped', "Left ('Enabled' is FALSE), and the organization has no user with this External ID: nothing to deactivate"],
			['COL-5', 'created', null],
		]);
		expect((summary.columns as IDataObject[]).filter(({ column }) => ['Enabled', 'userAccountControl'].includes(String(column)))).toEqual([
			{ column: 'Enabled', reading: 'active flag' },
			{ column: 'userAccountControl', reading: 'account control (disabled: left)' },
		]);
	});

	it('JSON and databases give booleans (review R1): Active false deactivates, is_deleted true creates nobody', async () => {
		const [inactive, active] = await allUsers();
		const item = (person: Person, flags: IDataObject) => ({ employee_id: person.external_id, first_name: person.first_name, last_name: person.last_name, email: person.email, ...flags });
		const { people } = await outputOf([item(inactive, { active: false }), item(active, { active: true }), item(newcomer(6), { is_deleted: true }), item(newcomer(7), { is_deleted: false })]);
		expect(people.map(({ external_id, action, reason }) => [external_id, action, reason])).toEqual([
			[inactive.external_id, 'deactivated', "Left: 'active' is false"],
			[active.external_id, 'unchanged', null],
			['COL-6', 'skipped', "Left ('is_deleted' is true), and the organization has no user with this External ID: nothing to deactivate"],
			['COL-7', 'created', null],
		]);
	});

	it("a workbook's dates as Extract From File gives them, Excel serial days (review R3): a past one deactivates, a later one keeps", async () => {
		const [left, staying] = await allUsers();
		const item = (person: Person, day: number) => ({ 'Employee ID': person.external_id, 'First Name': person.first_name, 'Last Name': person.last_name, Email: person.email, 'Termination Date': day });
		const { people } = await outputOf([item(left, excelDay(-30)), item(staying, excelDay(200)), item(newcomer(8), excelDay(-30)), item(newcomer(9), excelDay(200))]);
		expect(actions(people)).toEqual([
			[left.external_id, 'deactivated'],
			[staying.external_id, 'unchanged'],
			['COL-8', 'skipped'],
			['COL-9', 'created'],
		]);
	});

	it('"no date" as SQL Server, Dynamics GP and Excel write it (review R4) is no date: nobody deactivated', async () => {
		const users = (await allUsers()).slice(0, 4);
		const rows = users.map((user, index) => ({ 'Employee ID': user.external_id, 'First Name': user.first_name, 'Last Name': user.last_name, Email: user.email, 'Termination Date': ['1900-01-01', '1/1/1900', '12/30/1899', '0001-01-01'][index] }));
		const { people } = await outputOf(rows);
		expect(people.map(({ action }) => action)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged']);
	});

	it("a date that reads two ways takes the order the list's other dates prove (review R2): a short-tenure leaver is not created, a rehired person not deactivated", async () => {
		const [rehired] = await allUsers();
		const year = runDay(-400).getUTCFullYear();
		const row = (person: Person, hired: string, ended: string) => ({ 'Employee ID': person.external_id, 'First Name': person.first_name, 'Last Name': person.last_name, Email: person.email, 'Hire Date': hired, 'Termination Date': ended });
		// 03/15 and 10/31 prove month first for the list: hired Jan 5, left Mar 15 / left Jan 5, rehired Mar 15.
		const rows = [row(newcomer(10), `01/05/${year}`, `03/15/${year}`), row(rehired, `03/15/${year}`, `01/05/${year}`), row(newcomer(11), `10/31/${year}`, '')];
		const { people, summary } = await outputOf(rows);
		expect(actions(people)).toEqual([
			['COL-10', 'skipped'],
			[rehired.external_id, 'unchanged'],
			['COL-11', 'created'],
		]);
		expect((summary.columns as IDataObject[]).slice(-2)).toEqual([
			{ column: 'Hire Date', reading: 'hire date (month first)' },
			{ column: 'Termination Date', reading: 'end date (month first)' },
		]);
	});
});

describe("column names by their words, and the user's words in any column", () => {
	it("a church system's own columns (MinistryPlatform): Contact_Status, Participant_Type 'Former Member', Participant_End_Date", async () => {
		const [inactive, formerMember, ended, member] = await allUsers();
		const row = (person: Person, columns: IDataObject) => ({ Contact_ID: `MP-${person.external_id}`, Employee_ID: person.external_id, First_Name: person.first_name, Last_Name: person.last_name, Email_Address: person.email, Contact_Status: 'Active', ...columns });
		const rows = [
			row(inactive, { Contact_Status: 'Inactive', Participant_Type: 'Member' }),
			row(formerMember, { Participant_Type: 'Former Member' }),
			row(ended, { Participant_Type: 'Member', Participant_End_Date: usDate(-20) }),
			row(member, { Participant_Type: 'Member', Participant_End_Date: usDate(60) }),
		];
		const { people } = await outputOf([], {}, csvFile(rows, 'ministryplatform-contacts.csv'));
		expect(people.map(({ external_id, action, reason }) => [external_id, action, reason])).toEqual([
			[inactive.external_id, 'deactivated', "Left: 'Contact_Status' is Inactive"],
			[formerMember.external_id, 'deactivated', "Left: 'Participant_Type' is Former Member"],
			[ended.external_id, 'deactivated', `Left: 'Participant_End_Date' is ${usDate(-20)}`],
			[member.external_id, 'unchanged', null],
		]);
	});

	it("names written as databases and directories write them: EMPL_STATUS, TERM_DT, accountEnabled", async () => {
		const [terminated, dated, disabled, stays] = await allUsers();
		const row = (person: Person, columns: IDataObject) => ({ EMPLID: person.external_id, FIRST_NAME: person.first_name, LAST_NAME: person.last_name, EMAIL_ADDR: person.email, EMPL_STATUS: 'A', TERM_DT: '', accountEnabled: 'true', ...columns });
		const options = { options: { externalIdColumn: 'EMPLID' } };
		const rows = [row(terminated, { EMPL_STATUS: 'T' }), row(dated, { TERM_DT: '2021-07-31' }), row(disabled, { accountEnabled: 'false' }), row(stays, {})];
		const { people } = await outputOf([], options, csvFile(rows));
		expect(actions(people)).toEqual([
			[terminated.external_id, 'deactivated'],
			[dated.external_id, 'deactivated'],
			[disabled.external_id, 'deactivated'],
			[stays.external_id, 'unchanged'],
		]);
	});

	it("a value named in 'Statuses That Mean Left' says left in whichever column it stands: a camp's Roster 'Released', a type column's 'Alumni'", async () => {
		const [released, alumni, stays] = await allUsers();
		const row = (person: Person, columns: IDataObject) => ({ 'Employee ID': person.external_id, 'First Name': person.first_name, 'Last Name': person.last_name, Email: person.email, Roster: 'Hired', 'Staff Type': 'Seasonal', ...columns });
		const rows = [row(released, { Roster: 'Released' }), row(alumni, { 'Staff Type': 'Alumni' }), row(stays, {})];
		const before = await outputOf(rows);
		expect(actions(before.people)).toEqual([
			[released.external_id, 'unchanged'],
			[alumni.external_id, 'unchanged'],
			[stays.external_id, 'unchanged'],
		]);
		const { people, summary } = await outputOf(rows, { options: { leaverStatuses: 'Released, Alumni', includeUnchanged: true } });
		expect(actions(people)).toEqual([
			[released.external_id, 'deactivated'],
			[alumni.external_id, 'deactivated'],
			[stays.external_id, 'unchanged'],
		]);
		expect((summary.columns as IDataObject[]).find(({ column }) => column === 'Roster')).toEqual({ column: 'Roster', reading: 'status (by its values)' });
	});
});

describe('every column accounted for, never passed over', () => {
	it('a column that only looks like a flag: a newcomer with a value in it is not created, a known person named, and the summary names the column', async () => {
		const [known] = await allUsers();
		const row = (person: Person, team: string) => ({ 'Employee ID': person.external_id, 'First Name': person.first_name, 'Last Name': person.last_name, Email: person.email, 'Active Ministry Team': team });
		const { people, summary } = await outputOf([row(known, 'Y'), row(newcomer(12), 'Y'), row(newcomer(13), 'N')]);
		expect(people.map(({ external_id, action, unknown_column }) => [external_id, action, unknown_column])).toEqual([
			[known.external_id, 'unchanged', 'Active Ministry Team'],
			['COL-12', 'skipped', 'Active Ministry Team'],
			['COL-13', 'created', undefined],
		]);
		expect((summary.columns as IDataObject[]).at(-1)).toEqual({
			column: 'Active Ministry Team',
			reading: "unknown: looks like an active flag, but 'ministry team' in its name is not known (name its values, or rename it)",
		});
	});

	it("every unknown value's people, also on rows of people who left anyway: the count and the names agree (a camp's list)", async () => {
		const [leaving, known] = await allUsers();
		const row = (person: Person, status: string, type: string) => ({ 'Employee ID': person.external_id, 'First Name': person.first_name, 'Last Name': person.last_name, Email: person.email, Status: status, 'Staff Type': type });
		const rows = [row(leaving, 'Not Returning', 'CIT'), row(known, 'Returning', 'CIT'), row(newcomer(14), 'Hired', 'Year-Round')];
		const { people, summary } = await outputOf(rows, { newUserType: 'fromColumns' });
		expect(actions(people)).toEqual([
			[leaving.external_id, 'deactivated'],
			[known.external_id, 'unchanged'],
			['COL-14', 'created'],
		]);
		const named = (person: Person) => ({ external_id: person.external_id, first_name: person.first_name, last_name: person.last_name });
		expect(summary.unknown_values).toEqual([{ field: 'user_type', column: 'Staff Type', value: 'CIT', rows: 2, people: [named(leaving), named(known)], more_people: 0 }]);
	});

	it("characters a file lost are named (Excel's plain CSV): nobody created with them, nothing written over a name MinistrySafe has", async () => {
		const [known] = await allUsers();
		const lostName = known.first_name.replace(/^./, '?');
		const row = (person: Person, first: string) => ({ 'Employee ID': person.external_id, 'First Name': first, 'Last Name': person.last_name, Email: person.email });
		const rows = [row(known, lostName), row({ ...newcomer(15), last_name: 'Wi?niewski' }, '?ukasz')];
		const { people, summary } = await outputOf([], { dryRun: false }, { bytes: csvExport(rows), fileName: 'staff.csv' });
		expect(people.map(({ external_id, action, lost_characters }) => [external_id, action, lost_characters])).toEqual([
			[known.external_id, 'unchanged', [{ field: 'first_name', column: 'First Name', value: lostName }]],
			[
				'COL-15',
				'skipped',
				[
					{ field: 'first_name', column: 'First Name', value: '?ukasz' },
					{ field: 'last_name', column: 'Last Name', value: 'Wi?niewski' },
				],
			],
		]);
		expect(people[1].reason).toMatch(/^Not created: 'First Name' is \?ukasz, 'Last Name' is Wi\?niewski, where the file lost letters/);
		expect(summary.more_lost_characters).toBe(0);
		expect(writes()).toEqual([]);
		expect((await allUsers()).find(({ external_id }) => external_id === known.external_id)?.first_name).toBe(known.first_name);
	});

	it("a report's title with a comma above the header (review R6) is passed over", async () => {
		const [known] = await allUsers();
		const text = `Active Staff as of Nov 28, 2026\r\n${csvExport([{ 'Employee ID': known.external_id, 'First Name': known.first_name, 'Last Name': known.last_name, Email: known.email, Status: 'Terminated' }])}`;
		const { people } = await outputOf([], {}, { bytes: text, fileName: 'report.csv' });
		expect(people.map(({ external_id, action, file_row }) => [external_id, action, file_row])).toEqual([[known.external_id, 'deactivated', 3]]);
	});
});
