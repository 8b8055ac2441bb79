// Leaving said in any column (node version 1.3, contract.md "Reading a value as it is meant"): the columns real exports
// say a person left in, found by name (nodes/MinistrySafe/staffList/columns/leavingNames.ts), and what their values say
// (person/leaving.ts): active flags, flags of people gone, termination and end dates, a later hire date. Each name and
// value with the public source that writes it so (the research behind them: vendors' help centres and API references,
// Rock RMS's importers of other church systems, and integrations that read the exports).
import { cellOf } from '../../nodes/MinistrySafe/staffList/cells/cell';
import type { DayMonthOrder } from '../../nodes/MinistrySafe/staffList/cells/dates';
import { leavingKindOf, leavingNameOf } from '../../nodes/MinistrySafe/staffList/columns/leavingNames';
import { type LeavingCell, type LeavingKind, type LeavingReader, rowStatus, type StatusCell, statusCellsOf } from '../../nodes/MinistrySafe/staffList/meaning/leaving';
import { statusReader } from '../../nodes/MinistrySafe/staffList/meaning/status';

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
const AD = 'Active Directory: Get-ADUser Enabled True/False, userAccountControl 512 enabled / 514 disabled, 66048 / 66050 with a password that never expires, 546 / 66082 disabled, 16 a lock-out (https://learn.microsoft.com/en-us/troubleshoot/windows-server/active-directory/useraccountcontrol-manipulate-account-properties)';
const ENTRA = 'Microsoft Entra ID user: accountEnabled, employeeLeaveDateTime, deletedDateTime (https://learn.microsoft.com/en-us/graph/api/resources/user)';
const ONEROSTER = "OneRoster users.csv enabledUser 'true'/'false' (https://pastebin.com/HvXuPUTA, ClassLink OneRoster v1p1 user)";
const MINISTRY_PLATFORM = 'MinistryPlatform Contacts and Participants: Contact_Status (Active, Inactive, Deceased), Participant_End_Date, Spouse_Contact_Status (MinistryPlatform-Community/MPNext: models)';
const GOOGLE = 'Google Workspace user export: Status [READ ONLY] Active / Suspended / Archived (https://support.google.com/a/answer/7348070)';
const SALESFORCE = "Volunteers for Salesforce: GW_Volunteers__Volunteer_Status__c (SalesforceFoundation/Volunteers-for-Salesforce: objects/Contact)";
const MERGE = 'Merge HRIS employee: remote_was_deleted, termination_date (https://docs.merge.dev/hris/employees/)';
const DYNAMICS_GP = 'Microsoft Dynamics GP UPR00100: INACTIVE 0/1, DEMPINAC the day inactivated, 1900-01-01 when none (https://docs.microsoft.com/en-us/dynamics-gp/)';
const RAISERS_EDGE = "Raiser's Edge export: CnBio_ the constituent, CnRelInd_ a relative, CnPh_ a phone (https://www.blackbaud.com/files/support/helpfiles/re/re7enterprise/export.pdf)";
const PAYCOM = 'Paycom employee fields: termination_date, previous_termination_date, employee_terminal_group (a time clock) (https://developer.paycom.com)';
const CAMPFLOW = 'Campflow staff Term: First Half, Second Half, Full Season (https://help.campflow.com)';
const V4S = 'Volunteers for Salesforce Last_Volunteer_Date__c: the last shift, not leaving (SalesforceFoundation/Volunteers-for-Salesforce)';
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
		['Enabled', 'activeFlag', AD],
		['accountEnabled', 'activeFlag', ENTRA],
		['enabledUser', 'activeFlag', ONEROSTER],
		['userAccountControl', 'accountControl', AD],
		['employeeLeaveDateTime', 'endDate', ENTRA + ": the day the employee leaves ('leave' alone is an absence)"],
		['deletedDateTime', 'endDate', ENTRA],
		['Contact_Status', 'status', MINISTRY_PLATFORM],
		['Participant_End_Date', 'endDate', MINISTRY_PLATFORM],
		['Status [READ ONLY]', 'status', GOOGLE],
		['GW_Volunteers__Volunteer_Status__c', 'status', SALESFORCE + ": a managed package's namespace and __c dropped"],
		['remote_was_deleted', 'goneFlag', MERGE],
		['TERM_DT', 'endDate', 'the database abbreviations Dt and Term (PeopleSoft TERMINATION_DT, ADP TERM_DT)'],
		['EMPL_STATUS', 'status', 'PeopleSoft EMPL_STATUS (https://pt.dbtutor.com/hcm/wcs_pro_status.htm)'],
		['INACTIVE', 'goneFlag', DYNAMICS_GP],
		['DEMPINAC', 'endDate', DYNAMICS_GP],
		['CnBio_Inactive', 'goneFlag', RAISERS_EDGE],
		['Suspended', 'heldFlag', GOOGLE + ': held, which says nothing certain'],
		['Termination Reason', 'status', 'ADP and Paycom termination reasons: read as words (Resigned, Retirement)'],
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
		['Background Check Status', 'a check, not the person'],
		['Leave End Date', 'the end of an absence (Paycom leave_end)'],
		['LockedOut', AD + ': a sign-in locked for now'],
		['Last_Volunteer_Date__c', V4S],
		['previous_termination_date', PAYCOM],
		['employee_terminal_group', PAYCOM],
		['Spouse_Contact_Status', MINISTRY_PLATFORM + ': the spouse'],
		['CnRelInd_1_01_Deceased', RAISERS_EDGE + ': a relative'],
		['CnPh_1_01_Inactive', RAISERS_EDGE + ': a phone'],
		['Term', CAMPFLOW],
		['Date of Birth', 'a date about something else'],
		['Last Login', 'a sign-in'],
	])('%j is not one (%s)', (name) => {
		expect(leavingKindOf(name)).toBeUndefined();
	});

	test.each([
		['Ministry Status', 'status', ['ministry']],
		['Active Ministry Team', 'activeFlag', ['ministry', 'team']],
		['Contract End Date', 'endDate', ['contract']],
	])("%j only looks like one: its name holds words not understood, and the list names it", (name, kind, unread) => {
		const read = leavingNameOf(name);
		if (kind === 'endDate') expect(read).toEqual({ elsewhere: ['contract'] });
		else expect(read).toEqual({ kind, whole: false, unread });
	});
});

/** A run's reader with the built-in words only, on 2026-11-28. */
const TODAY = Date.UTC(2026, 10, 28) / 86_400_000;
const reader: LeavingReader = { statuses: statusReader({ leavers: [], staying: [] }), today: TODAY };
const cell = (column: string, kind: LeavingKind, value: unknown, order?: DayMonthOrder, looksLike?: true): LeavingCell[] => {
	const read = cellOf(value);
	return read === undefined ? [] : [{ column, kind, cell: read, ...(order ? { order } : {}), ...(looksLike ? { looksLike } : {}) }];
};
/** What one cell says on its own (as the only cell of its row), with the reader given. */
const meaning = (kind: LeavingKind, value: unknown, with_: LeavingReader = reader, order?: DayMonthOrder) =>
	statusCellsOf(cell('Column', kind, value, order), with_)[0]?.meaning;

describe('what a flag says', () => {
	test.each<[LeavingKind, unknown, string | undefined, string]>([
		['activeFlag', '1', 'staying', FACTS],
		['activeFlag', '0', 'left', FACTS],
		['activeFlag', 'true', 'staying', CCB],
		['activeFlag', 'false', 'left', CCB],
		['activeFlag', true, 'staying', 'JSON and databases give a boolean, not text'],
		['activeFlag', false, 'left', 'the review of 1.2.0 (R1): a boolean false was read as a blank, and a leaver created'],
		['activeFlag', 1, 'staying', 'a number from a database'],
		['activeFlag', 0, 'left', 'a number from a database'],
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
		['goneFlag', true, 'left', 'the review of 1.2.0 (R1): a JSON true in is_deleted'],
		['goneFlag', false, 'staying', 'a JSON false'],
		['goneFlag', 'yes', 'left', ELVANTO],
		['goneFlag', 'no', 'staying', ELVANTO],
		['goneFlag', '2019-03-15', 'left', CCB + ': a date in the column says when'],
		['goneFlag', '2026-03-15T10:22:31Z', 'left', ENTRA + ': a deletion timestamp'],
		['goneFlag', 'Archived', 'unknown', 'a word is no flag'],
		['heldFlag', 'TRUE', 'unknown', GOOGLE + ': held for now says nothing certain: named'],
		['heldFlag', 'FALSE', 'staying', 'not held'],
		['accountControl', '512', 'staying', AD],
		['accountControl', 514, 'left', AD],
		['accountControl', '66048', 'staying', AD],
		['accountControl', '66050', 'left', AD],
		['accountControl', '546', 'left', AD],
		['accountControl', '66082', 'left', AD],
		['accountControl', '528', 'staying', AD + ': locked out (16) is not disabled'],
		['accountControl', 'Disabled', 'unknown', 'no number: named'],
	])('%s %j: %s (%s)', (kind, value, expected) => {
		expect(meaning(kind, value)).toBe(expected);
	});

	test("the user's own values come first, in any column", () => {
		const named: LeavingReader = { statuses: statusReader({ leavers: ['2', '514', 'FALSE'], staying: ['1', 'Maybe'] }), today: TODAY };
		expect(meaning('activeFlag', 'Maybe', named)).toBe('staying');
		expect(meaning('status', '2', named)).toBe('left');
		expect(meaning('accountControl', '514', named)).toBe('left');
		expect(meaning('endDate', 'FALSE', named)).toBe('left');
	});

	test('a column that only looks like one: yes is unknown unless named, no says nothing', () => {
		const looks = (value: unknown, with_ = reader) => statusCellsOf(cell('Active Ministry Team', 'activeFlag', value, undefined, true), with_);
		expect(looks('Y')).toEqual([{ column: 'Active Ministry Team', value: 'Y', kind: 'activeFlag', meaning: 'unknown', looksLike: true }]);
		expect(looks(false)).toEqual([]);
		expect(looks('Y', { statuses: statusReader({ leavers: [], staying: ['Y'] }), today: TODAY })[0].meaning).toBe('staying');
	});
});

describe('what an end date says: on or before today, left; later, still there; never a guess', () => {
	test.each<[unknown, string | undefined, string]>([
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
		['1900-01-01', undefined, 'the review of 1.2.0 (R4): SQL Server and Dynamics GP write it for no date (' + DYNAMICS_GP + ')'],
		['1/1/1900', undefined, 'the same, as a US export writes it'],
		['12/30/1899', undefined, 'Excel and Access: day 0 of their calendar'],
		['0001-01-01', undefined, '.NET DateTime.MinValue'],
		[46096, 'left', 'the review of 1.2.0 (R3): a workbook\'s date as Extract From File gives it, Excel day 46096 = 2026-03-15'],
		['46568', 'staying', 'Excel day 46568 = 2027-06-30, as a CSV of that workbook writes it'],
		[0, undefined, 'Excel day 0, an empty date cell (1/0/1900)'],
		['2026', 'unknown', 'a year alone is no day'],
		['1850-06-01', 'unknown', 'no staff list speaks of a day before 1901 but to say "no date": named'],
		['TBD', 'unknown', 'no date: named'],
		['2026-02-30', 'unknown', 'no such day'],
	])('%j: %s (%s)', (value, expected) => {
		expect(meaning('endDate', value)).toBe(expected);
	});

	test('an end date before a later hire date is an old one: the person came back (' + WORKDAY_REHIRE + ')', () => {
		const row = (end: string, hired: string) => statusCellsOf([...cell('Termination Date', 'endDate', end), ...cell('Hire Date', 'hireDate', hired)], reader);
		expect(row('2023-06-30', '2024-05-01')[0].meaning).toBe('staying');
		expect(row('2025-06-30', '2024-05-01')[0].meaning).toBe('left');
		expect(statusCellsOf(cell('Hire Date', 'hireDate', '2024-05-01'), reader)).toEqual([]);
	});
});

describe("dates that read two ways: the order the list proves, else both readings of the row, else unknown (review R2)", () => {
	const row = (end: string, hired: string, order?: DayMonthOrder) =>
		statusCellsOf([...cell('Termination Date', 'endDate', end, order), ...cell('Hire Date', 'hireDate', hired, order)], reader).map(({ meaning: said, twoWays }) => [said, twoWays]);
	test.each<[string, string, DayMonthOrder | undefined, unknown[][], string]>([
		['03/15/2026', '01/05/2026', 'month first', [['left', undefined]], 'hired Jan 5, left Mar 15: 03/15 proves month first for the list (columns/listColumns.ts), and the hire date is read so'],
		['03/15/2026', '01/05/2026', undefined, [['unknown', true]], 'with nothing proving the order, the hire date reads Jan 5 or May 1, and the row two ways'],
		['03/04/2026', '01/05/2026', undefined, [['unknown', true]], 'hired Jan 5 or May 1, left Mar 4 or Apr 3: the readings disagree, and nothing proves the order'],
		['03/04/2026', '01/05/2026', 'month first', [['left', undefined]], 'the list proves month first: hired Jan 5, left Mar 4'],
		['03/04/2026', '01/05/2026', 'day first', [['staying', undefined]], 'the list proves day first: left 3 April, rehired 1 May'],
		['08/31/2026', '08/12/2026', 'month first', [['left', undefined]], "the newcomer's Grace Kim (problem 4): hired Aug 12 (the file's 10/15/2026 proves month first), left Aug 31: never created"],
		['03/04/2020', '01/02/2019', undefined, [['left', undefined]], 'both readings of the row say the same: left, whatever the order'],
	])('%s, hired %s, order %s: %j (%s)', (end, hired, order, expected) => {
		expect(row(end, hired, order)).toEqual(expected);
	});
});

describe("a row's status from all its cells: left wins; still there only when no cell is unknown", () => {
	const status = (column: string, value: string, meaningOf: StatusCell['meaning']): StatusCell => ({ column, kind: 'status', value, meaning: meaningOf });
	test.each<[string, StatusCell[], string | undefined, string[]]>([
		['an active status and a past termination date', [status('Status', 'Active', 'staying'), status('Termination Date', '2026-10-31', 'left')], 'left', ['Termination Date']],
		['an active flag of no beside an active status', [status('Status', 'Active', 'staying'), status('Active', 'No', 'left')], 'left', ['Active']],
		['an unknown status beside an active flag', [status('Status', 'U', 'unknown'), status('Active', 'Yes', 'staying')], 'unknown', ['Status']],
		['every unknown cell named', [status('Status', 'U', 'unknown'), status('Record Status', 'Pending', 'unknown')], 'unknown', ['Status', 'Record Status']],
		['all still there', [status('Status', 'Active', 'staying'), status('Active', 'Yes', 'staying')], 'staying', ['Status', 'Active']],
		['no cell', [], undefined, []],
	])('%s', (_rule, cells, expected, columns) => {
		const row = rowStatus(cells);
		expect(row?.meaning).toBe(expected);
		expect((row?.cells ?? []).map(({ column }) => column)).toEqual(columns);
	});
});
