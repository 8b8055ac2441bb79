// Leaving said in any column (node version 1.3, contract.md "Reading a value as it is meant"): the columns real exports
// say a person left in, found by name (nodes/MinistrySafe/staffList/row/leavingColumns.ts), and what their values say
// (person/leaving.ts): active flags, flags of people gone, termination and end dates, a later hire date. Each name and
// value with the public source that writes it so (the research behind them: vendors' help centres and API references,
// Rock RMS's importers of other church systems, and integrations that read the exports).
import { calendarDayReadings, isoDate } from '../../nodes/shared/values';
import { latestHire, leavingMeaning, type LeavingKind, type LeavingReader, rowStatus, type StatusCell } from '../../nodes/MinistrySafe/staffList/person/leaving';
import { statusReader } from '../../nodes/MinistrySafe/staffList/person/status';
import { leavingKindOf } from '../../nodes/MinistrySafe/staffList/row/leavingColumns';

const ROCK_SLINGSHOT = 'Rock RMS import format: RecordStatus, IsDeceased (SparkDevNetwork/Rock: Documentation/slingshot-file-format)';
const CCB = 'Church Community Builder active true/false, deceased a date (SparkDevNetwork/Slingshot: Slingshot.CCB/.../CcbPerson.cs)';
const ACS = "ACS People Suite ActiveRecord: 'A' is active (SparkDevNetwork/Slingshot: Slingshot.ACS/.../AcsPerson.cs)";
const WORKDAY = 'Workday Get_Workers: Active, Terminated, Retired as 1/0 (https://xsoar.pan.dev/docs/reference/integrations/workday)';
const FACTS = 'FACTS SIS Staff.Active 1/0 (rcmcdonald91/FACTS-To-CSV-Sync: sql/teachers.sql)';
const UKG_ACTIVE = 'UKG Pro isActive (NangoHQ/integration-templates: integrations/ukg-pro/mappers/to-employee.ts); derived drvIsActive Y/N in UltiPro exports';
const ASURE = 'Asure HCM status code table: Active Employee?, Terminated Employee? (https://online5.asurehcm.com/Help/HELP/webhelpfile/339c.htm)';
const ADP_ARCHIVED = 'ADP Workforce Now report header: Archived Employee (carthage-college/django-djequis: djequis/cc_adp_rec/cc_adp_utilities.py)';
const ADP_DECEASED = 'ADP Workforce Now deceased_indicator (https://fivetran.com/docs/connectors/applications/adp-workforce-now/connector-schema)';
const ELVANTO = 'Elvanto people flags archived, deceased as yes/no (http://support.elvanto.com/support/discussions/topics/1000054485)';
const ADP_TERM = 'ADP Workforce Now report: Termination Date, M/D/YYYY, blank for active staff (carthage-college/django-djequis: cc_adp_utilities.py)';
const BAMBOO = 'BambooHR terminationDate, yyyy-mm-dd; 0000-00-00 for everyone still employed (https://documentation.bamboohr.com/docs/field-types)';
const PCO = 'Planning Center People inactivated_at, the Inactive Date (https://help.planningcenter.com/en/138580-inactivate-or-delete-a-profile.html)';
const ROCK_REASON = 'Rock RMS Record Status Reason (InactiveReason): No Longer Attending, Moved, Deceased (https://community.rockrms.com/documentation/bookcontent/5/360)';
const PAYLOCITY = 'Paylocity Status Code and Status Type (https://developer.paylocity.com/integrations/docs/employee-status)';
const NAMELY = 'Namely departure_date (NangoHQ/integration-templates: integrations/namely-pat/mappers/to-standard-employee.ts)';
const FINICITY = 'payroll verification employmentEndDate (wark99/Code-Generator-Test-Bench: gen/docs/PayrollEmploymentRecord)';
const INFINITE_CAMPUS = 'Infinite Campus District Employment End Date (https://kb.infinitecampus.com/help/staff-assignment-import-maine)';
const SHEPHERDS_STAFF = "Shepherd's Staff Date Removed (https://shepherdsstaff.zendesk.com/hc/en-us/articles/360037699073-Remove-a-Person-from-Membership)";
const REALM = 'Realm (ACS) date of death (https://help.acst.com/en/realm/help-topics/profiles/record-a-death/mark-deceased)';
const ELEXIO = 'Elexio Community dateDied (SparkDevNetwork/Slingshot: Slingshot.ElexioCommunity/.../ElexioCommunityPerson.cs)';
const WORKDAY_REHIRE = 'Workday: a Resignation_Date kept on a rehired, active worker; a term_date kept after a rehire (https://github.com/Netflix/iep/pull/287)';
const ROCK_DATES = 'Rock RMS writes dates as 5/10/1997 12:00:00 AM (SparkDevNetwork/Rock: Documentation/slingshot-file-format)';
const SERVANT_KEEPER_DATES = 'Servant Keeper dates yyyyMMdd (SparkDevNetwork/Slingshot: Slingshot.ServantKeeper/.../SkPerson.cs)';
const TEAMSNAP_DATES = 'TeamSnap imports: MM/DD/YYYY in the US, DD/MM/YYYY in Canada and elsewhere (https://helpme.teamsnap.com/article/113-import-organization-roster-members)';
const EXCEL_YEARS = "Excel's two-digit years: 00-29 in the 2000s, 30-99 in the 1900s (https://learn.microsoft.com/en-us/office/troubleshoot/excel/two-digit-year-numbers)";

describe('the columns that can say a person left, by the names exports give them', () => {
	test.each<[string, LeavingKind, string]>([
		['Status', 'status', 'every HR export'],
		['Employment Status', 'status', 'UKG, BambooHR'],
		['Position Status', 'status', 'ADP Workforce Now (TEAMSchools/teamster: rpt_lattice__users.sql)'],
		['RecordStatus', 'status', ROCK_SLINGSHOT],
		['Member Status', 'status', 'MemNet (https://memnet.zendesk.com/hc/en-au/articles/115006809128)'],
		['Membership Status', 'status', 'Web Church Manager (http://shininglighttech.com/help/Directory/MembershipStatus.html)'],
		['Status Type', 'status', PAYLOCITY],
		['Status Code', 'status', PAYLOCITY],
		['Inactive Reason', 'status', ROCK_REASON],
		['Active', 'activeFlag', FACTS],
		['active', 'activeFlag', CCB],
		['Is Active', 'activeFlag', UKG_ACTIVE],
		['isActive', 'activeFlag', UKG_ACTIVE],
		['Active Record', 'activeFlag', ACS],
		['Active Employee?', 'activeFlag', ASURE],
		['Inactive', 'goneFlag', 'ACS PDS Inactive check box (https://help.acst.com/en/pds/diooffice/diooffice-user-guide/members-and-constituents/member-and-constituent-processes/activate-or-inactivate-member-records)'],
		['Archived Employee', 'goneFlag', ADP_ARCHIVED],
		['Terminated', 'goneFlag', WORKDAY],
		['Retired', 'goneFlag', WORKDAY],
		['IsDeceased', 'goneFlag', ROCK_SLINGSHOT],
		['Deceased Indicator', 'goneFlag', ADP_DECEASED],
		['Deceased', 'goneFlag', CCB],
		['Termination Date', 'endDate', ADP_TERM],
		['terminationDate', 'endDate', BAMBOO],
		['Inactive Date', 'endDate', PCO],
		['Departure Date', 'endDate', NAMELY],
		['Employment End Date', 'endDate', FINICITY],
		['End Date', 'endDate', INFINITE_CAMPUS],
		['Date Removed', 'endDate', SHEPHERDS_STAFF],
		['Date of Death', 'endDate', REALM],
		['dateDied', 'endDate', ELEXIO],
		['Termination Date [READ ONLY]', 'endDate', 'a note in square brackets, as other names (contract.md "Node version 1.3")'],
		['Rehire Date', 'hireDate', WORKDAY_REHIRE],
		['Hire Date', 'hireDate', 'ADP, BambooHR, Paychex (Hire Date)'],
	])('%j: %s (%s)', (name, kind) => {
		expect(leavingKindOf(name)).toBe(kind);
	});

	test.each([
		['Membership', 'Planning Center membership: a relationship (Member, Visitor), not a status (https://help.planningcenter.com/en/138562-manage-membership.html)'],
		['Connection Status', 'Rock RMS connection status: a relationship, not a status (the Rock documentation)'],
		['Staff Status', 'PowerSchool StaffStatus 1 Teacher, 2 Staff: a role, where Status 1 is a current person (https://ps-compliance.powerschool-docs.com/pssis-ok/latest/staff-setup)'],
		['ACTIVE_IND', "Servant Keeper's ACTIVE_IND: 1 means inactive (SparkDevNetwork/Slingshot: SkPerson.cs): never read"],
		['Leave Date', 'the start of a leave in Checkwriters, the leaving day in Aeries: never read'],
		['Resignation Date', WORKDAY_REHIRE + ': never read'],
		['Last Day Worked', 'before the termination date with paid notice (Workday): never read'],
		['LOA Leave Date', 'Paychex: a leave of absence starts'],
		['Is Email Active?', 'Rock RMS import: the email, not the person (KingdomFirst/Excavator: SampleCSVs/Individual.csv)'],
		['Marital Status', 'not about leaving'],
	])('%j is not one (%s)', (name) => {
		expect(leavingKindOf(name)).toBeUndefined();
	});
});

/** A run's reader with the built-in words only, on 2026-11-28. */
const TODAY = calendarDayReadings('2026-11-28')[0];
const reader: LeavingReader = { statuses: statusReader({ leavers: [], staying: [] }), today: TODAY };
const meaning = (kind: LeavingKind, value: string, hired?: number) => leavingMeaning(kind, value, reader, hired);

describe('what a flag says', () => {
	test.each<[LeavingKind, string, string | undefined, string]>([
		['activeFlag', '1', 'staying', FACTS],
		['activeFlag', '0', 'left', FACTS],
		['activeFlag', 'true', 'staying', CCB],
		['activeFlag', 'false', 'left', CCB],
		['activeFlag', 'TRUE', 'staying', 'Excel writes TRUE and FALSE'],
		['activeFlag', 'Y', 'staying', UKG_ACTIVE],
		['activeFlag', 'N', 'left', UKG_ACTIVE],
		['activeFlag', 'Yes', 'staying', 'contract.md: yes/no'],
		['activeFlag', 'A', 'staying', ACS],
		['activeFlag', 'I', 'left', 'contract.md: A/I'],
		['activeFlag', 'Inactive', 'left', 'a status in an active column is read as a status'],
		['activeFlag', 'Maybe', 'unknown', 'neither: named'],
		['activeFlag', '', undefined, 'a blank says nothing'],
		['goneFlag', '1', 'left', WORKDAY],
		['goneFlag', '0', 'staying', WORKDAY],
		['goneFlag', 'True', 'left', ROCK_SLINGSHOT],
		['goneFlag', 'yes', 'left', ELVANTO],
		['goneFlag', 'no', 'staying', ELVANTO],
		['goneFlag', '2019-03-15', 'left', CCB + ': a date in the column says when'],
		['goneFlag', 'Archived', 'unknown', 'a word is no flag'],
	])('%s %j: %s (%s)', (kind, value, expected) => {
		expect(meaning(kind, value)).toBe(expected);
	});

	test("the user's own values come first, in any column", () => {
		const named: LeavingReader = { statuses: statusReader({ leavers: ['2'], staying: ['1', 'Maybe'] }), today: TODAY };
		expect(leavingMeaning('activeFlag', 'Maybe', named)).toBe('staying');
		expect(leavingMeaning('status', '2', named)).toBe('left');
	});
});

describe('what an end date says: on or before today, left; later, still there; never a guess', () => {
	test.each<[string, string | undefined, string]>([
		['2026-10-31', 'left', BAMBOO],
		['2026-11-28', 'left', 'today itself: the last day is over by the nightly run'],
		['2027-01-31', 'staying', 'a date to come: contract.md "a later date says nothing"'],
		['10/31/2026', 'left', ADP_TERM],
		['31/10/2026', 'left', TEAMSNAP_DATES + ': day first, unambiguous'],
		['03/04/2026', 'left', TEAMSNAP_DATES + ': March 4th or 3 April, both past'],
		['03/04/2027', 'staying', 'both to come'],
		['12/01/2026', 'unknown', TEAMSNAP_DATES + ': December 1st is to come, 12 January has passed: named, never guessed'],
		['5/10/1997 12:00:00 AM', 'left', ROCK_DATES],
		['20190315', 'left', SERVANT_KEEPER_DATES],
		['2019-03-15T00:00:00.0000000', 'left', ROCK_DATES + ' (attribute values)'],
		['28.10.2026', 'left', 'day first with dots, as much of Europe writes'],
		['Oct 31, 2026', 'left', 'a month name'],
		['31-Oct-26', 'left', EXCEL_YEARS],
		['0000-00-00', undefined, BAMBOO + ': no date'],
		['TBD', 'unknown', 'no date: named'],
		['2026-02-30', 'unknown', 'no such day'],
	])('%j: %s (%s)', (value, expected) => {
		expect(meaning('endDate', value)).toBe(expected);
	});

	test('an end date before a later hire date is an old one: the person came back (' + WORKDAY_REHIRE + ')', () => {
		const hired = latestHire(['2020-01-06', '2024-05-01']);
		expect(hired).toBe(calendarDayReadings('2024-05-01')[0]);
		expect(meaning('endDate', '2023-06-30', hired)).toBe('staying');
		expect(meaning('endDate', '2025-06-30', hired)).toBe('left');
		expect(meaning('hireDate', '2024-05-01')).toBeUndefined();
	});
});

describe('calendarDayReadings: the days a written date may be', () => {
	test.each<[string, string[]]>([
		['2026-11-28', ['2026-11-28']],
		['11/28/2026', ['2026-11-28']],
		['28/11/2026', ['2026-11-28']],
		['03/04/2026', ['2026-03-04', '2026-04-03']],
		['04/04/2026', ['2026-04-04']],
		['1/2/99', ['1999-01-02', '1999-02-01']],
		['1/2/29', ['2029-01-02', '2029-02-01']],
		['November 28, 2026', ['2026-11-28']],
		['28 Nov 2026', ['2026-11-28']],
		['Sept 1, 2026', ['2026-09-01']],
		['13/13/2026', []],
		['Smarch 1, 2026', []],
	])('%j: %j', (written, days) => {
		expect(calendarDayReadings(written).map(isoDate).sort()).toEqual(days);
	});
});

describe("a row's status from all its cells: left wins; still there only when no cell is unknown", () => {
	const cell = (column: string, value: string, meaningOf: StatusCell['meaning']): StatusCell => ({ column, kind: 'status', value, meaning: meaningOf });
	test.each<[string, StatusCell[], string | undefined, string[]]>([
		['an active status and a past termination date', [cell('Status', 'Active', 'staying'), cell('Termination Date', '2026-10-31', 'left')], 'left', ['Termination Date']],
		['an active flag of no beside an active status', [cell('Status', 'Active', 'staying'), cell('Active', 'No', 'left')], 'left', ['Active']],
		['an unknown status beside an active flag', [cell('Status', 'U', 'unknown'), cell('Active', 'Yes', 'staying')], 'unknown', ['Status']],
		['every unknown cell named', [cell('Status', 'U', 'unknown'), cell('Record Status', 'Pending', 'unknown')], 'unknown', ['Status', 'Record Status']],
		['all still there', [cell('Status', 'Active', 'staying'), cell('Active', 'Yes', 'staying')], 'staying', ['Status', 'Active']],
		['no cell', [], undefined, []],
	])('%s', (_rule, cells, expected, columns) => {
		const status = rowStatus(cells);
		expect(status?.meaning).toBe(expected);
		expect((status?.cells ?? []).map(({ column }) => column)).toEqual(columns);
	});
});
