// A staff list read column by column (nodes/MinistrySafe/staffList/columns/listColumns.ts and key.ts, node version
// 1.3): each column's kind decided once, from its name and all of its values; the key chosen by the IDs the service
// has, never by position; every column accounted for. Headers as the named systems export them.
import type { IDataObject } from 'n8n-workflow';

import { chooseKey, readingsWithKey } from '../../nodes/MinistrySafe/staffList/columns/key';
import { readListColumns } from '../../nodes/MinistrySafe/staffList/columns/listColumns';
import type { LeavingReader } from '../../nodes/MinistrySafe/staffList/meaning/leaving';
import { statusReader } from '../../nodes/MinistrySafe/staffList/meaning/status';

const reader = (leavers: string[] = [], staying: string[] = []): LeavingReader => ({ statuses: statusReader({ leavers, staying }), today: Date.UTC(2026, 10, 28) / 86_400_000 });
const read = (rows: IDataObject[], leavers: string[] = [], staying: string[] = []) => readListColumns(rows, [...new Set(rows.flatMap(Object.keys))], reader(leavers, staying));
const readings = (rows: IDataObject[], leavers?: string[]) => Object.fromEntries(read(rows, leavers).readings.map(({ column, reading }) => [column, reading]));

/** Infinite Campus's staff extract: PersonID is Campus's database key, staffNumber the district's own (https://kb.infinitecampus.com/help/staff-attendance-extract-massachusetts). */
const CAMPUS: IDataObject[] = [
	{ personID: '48211', staffStateID: 'S-1', staffNumber: '10012', lastName: 'Thompson', firstName: 'Mateo', email: 'mateo@example.org', startDate: '10/15/2020', endDate: '' },
	{ personID: '48212', staffStateID: 'S-2', staffNumber: '10021', lastName: 'Lee', firstName: 'Richard', email: 'richard@example.org', startDate: '08/01/2019', endDate: '06/30/2026' },
	{ personID: '48213', staffStateID: 'S-3', staffNumber: 'N-77', lastName: 'Kim', firstName: 'Grace', email: 'grace@example.org', startDate: '08/12/2026', endDate: '08/31/2026' },
];

/** Active Directory's user export (Get-ADUser | Export-Csv): Enabled and userAccountControl say who left. */
const AD: IDataObject[] = [
	{ SamAccountName: 'swalker', GivenName: 'Sofía', Surname: 'Walker', EmailAddress: 's@example.org', EmployeeID: '10002', Enabled: 'FALSE', userAccountControl: '514', Description: 'Former Staff - disabled 10/31/2026' },
	{ SamAccountName: 'nadeyemi', GivenName: 'Ngozi', Surname: 'Adeyemi', EmailAddress: 'n@example.org', EmployeeID: 'AD-1', Enabled: 'TRUE', userAccountControl: '512', Description: 'Teacher' },
];

describe('each column read once, by the words of its name and its values', () => {
	test("Infinite Campus: two ID-like columns are both the key's candidates (never the state's ID), the dates' order proved by the list", () => {
		const columns = read(CAMPUS);
		expect(columns.fields.external_id).toEqual(['personID', 'staffNumber']);
		expect(columns.leaving).toEqual([
			{ column: 'startDate', kind: 'hireDate', order: 'month first' },
			{ column: 'endDate', kind: 'endDate', order: 'month first' },
		]);
		expect(readings(CAMPUS)).toMatchObject({ staffStateID: 'not read', startDate: 'hire date (month first)', endDate: 'end date (month first)' });
	});

	test('Active Directory: Enabled is an active flag, userAccountControl an account-control bit mask, every column accounted for', () => {
		expect(readings(AD)).toEqual({
			SamAccountName: 'not read',
			GivenName: 'first_name',
			Surname: 'last_name',
			EmailAddress: 'email',
			EmployeeID: 'external_id',
			Enabled: 'active flag',
			userAccountControl: 'account control (disabled: left)',
			Description: 'not read',
		});
	});

	test("MinistryPlatform: its own status, type and end-date columns (MinistryPlatform-Community/MPNext: models)", () => {
		const rows = [{ Contact_ID: '1', First_Name: 'James', Last_Name: 'Garcia', Email_Address: 'j@example.org', Contact_Status: 'Active', Participant_Type: 'Former Member', Participant_End_Date: '9/14/2026' }];
		expect(readings(rows)).toMatchObject({ Contact_Status: 'status', Participant_Type: 'user_type', Participant_End_Date: 'end date (month first)' });
	});

	test('a column whose name says nothing is a status when its values can only be statuses: people there beside leavers', () => {
		const rows = [
			{ 'Employee ID': '1', Membership: 'Member', Gender: 'F' },
			{ 'Employee ID': '2', Membership: 'Former Attender', Gender: 'M' },
			{ 'Employee ID': '3', Membership: 'Visitor', Gender: 'F' },
		];
		expect(readings(rows)).toMatchObject({ Membership: 'status (by its values)', Gender: 'not read' });
	});

	test("a column whose values the user named is read as a status, whatever its name (the user's words in any column)", () => {
		const rows = [{ 'Employee ID': '1', Roster: 'Here' }, { 'Employee ID': '2', Roster: 'Gone' }];
		expect(readings(rows)).toMatchObject({ Roster: 'not read' });
		expect(readings(rows, ['Gone'])).toMatchObject({ Roster: 'status (by its values)' });
	});

	test('a column that only looks like one is named as unknown, never passed over; one about something else is not read', () => {
		const rows = [{ 'Employee ID': '1', 'Active Ministry Team': 'Y', 'Marital Status': 'Married', 'Background Check Status': 'Clear', SSN: '123-45-6789' }];
		expect(readings(rows)).toEqual({
			'Employee ID': 'external_id',
			'Active Ministry Team': "unknown: looks like an active flag, but 'ministry team' in its name is not known (name its values, or rename it)",
			'Marital Status': 'not read: about something else (marital)',
			'Background Check Status': 'not read: about something else (background, check)',
			SSN: 'not read: a tax or government ID',
		});
		expect(read(rows).leaving).toEqual([{ column: 'Active Ministry Team', kind: 'activeFlag', looksLike: true }]);
	});

	test("a column that only looks like one, every value of which the user named, is read by those values and says so", () => {
		const rows = [
			{ 'Employee ID': '1', 'Active Ministry Team': 'Y' },
			{ 'Employee ID': '2', 'Active Ministry Team': 'N' },
		];
		const named = Object.fromEntries(read(rows, ['N'], ['Y']).readings.map(({ column, reading }) => [column, reading]));
		expect(named['Active Ministry Team']).toBe('active flag (by the values you named)');
		// One value not named: still unknown, and named.
		const halfNamed = Object.fromEntries(read(rows, ['N']).readings.map(({ column, reading }) => [column, reading]));
		expect(halfNamed['Active Ministry Team']).toMatch(/^unknown: looks like an active flag/);
	});

	test("a date column's order: its own dates first, then the list's; dates that prove both say the order is not known", () => {
		const rows = [
			{ 'Employee ID': '1', 'Hire Date': '03/04/2020', 'Termination Date': '31/10/2026', 'Date of Birth': '12/25/1980' },
			{ 'Employee ID': '2', 'Hire Date': '05/06/2021', 'Termination Date': '10/31/2026', 'Date of Birth': '12/25/1981' },
		];
		expect(read(rows).leaving).toEqual([
			{ column: 'Hire Date', kind: 'hireDate' },
			{ column: 'Termination Date', kind: 'endDate' },
		]);
		expect(readings(rows)['Termination Date']).toBe('end date (day and month order not known: its dates say both)');
		const one = [{ 'Employee ID': '1', 'Hire Date': '03/04/2020', 'Date of Birth': '12/25/1980' }];
		expect(read(one).leaving).toEqual([{ column: 'Hire Date', kind: 'hireDate', order: 'month first' }]);
	});
});

describe('the key: the column whose IDs the service has for the same people, never the first one', () => {
	const users = [
		{ id: 1, external_id: '10012', first_name: 'Mateo', last_name: 'Thompson', email: 'mateo@example.org' },
		{ id: 2, external_id: '10021', first_name: 'Richard', last_name: 'Lee', email: 'richard@example.org' },
		// An internal number that happens to be an External ID here, for someone else: it does not count.
		{ id: 3, external_id: '48213', first_name: 'Other', last_name: 'Person', email: 'other@example.org' },
	];

	test('Infinite Campus: staffNumber, whose IDs the service has, over personID (first in the row)', () => {
		const choice = chooseKey(CAMPUS, read(CAMPUS), users);
		expect(choice).toEqual({
			key: { column: 'staffNumber', ids: 3, known: 2 },
			candidates: [
				{ column: 'personID', ids: 3, known: 0 },
				{ column: 'staffNumber', ids: 3, known: 2 },
			],
		});
		const columns = readingsWithKey(read(CAMPUS), choice as Exclude<typeof choice, { undecided: unknown } | undefined>);
		expect(columns.slice(0, 3)).toEqual([
			{ column: 'personID', reading: "not read: another ID (the key is 'staffNumber')" },
			{ column: 'staffStateID', reading: 'not read' },
			{ column: 'staffNumber', reading: 'external_id (the key: 2 of 3 IDs in MinistrySafe)' },
		]);
	});

	test('a new organisation (the service has none of them): undecided, every candidate counted', () => {
		expect(chooseKey(CAMPUS, read(CAMPUS), [])).toEqual({
			undecided: [
				{ column: 'personID', ids: 3, known: 0 },
				{ column: 'staffNumber', ids: 3, known: 0 },
			],
		});
	});

	test("with none known, the column named as the service names the key decides ('Employee ID' beside 'Badge ID')", () => {
		const rows = [{ 'Badge ID': 'B1', 'Employee ID': 'E1', Email: 'a@example.org' }];
		expect(chooseKey(rows, read(rows), [])).toMatchObject({ key: { column: 'Employee ID' } });
	});

	test('two columns with the same IDs are one key written twice: the known one is taken', () => {
		const rows = [{ 'Employee ID': '10012', 'Employee Number': '10012', Email: 'mateo@example.org' }];
		expect(chooseKey(rows, read(rows), users)).toMatchObject({ key: { column: 'Employee ID', known: 1 } });
	});

	test('the column the options name is the key, alone', () => {
		expect(chooseKey(CAMPUS, read(CAMPUS), [], 'personID')).toEqual({ key: { column: 'personID', ids: 3, known: 0 }, candidates: [{ column: 'personID', ids: 3, known: 0 }] });
	});
});
