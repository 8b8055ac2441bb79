// What a staff list's values mean at node version 1.3 (nodes/MinistrySafe/staffList/person/values.ts), table by
// table, each value with the public source that writes it so: vendors' export and API documentation, importers and
// migration guides. Statuses are read with the default options ('Statuses That Mean Left' as at 1.2, 'Statuses That
// Mean Still There' as the node fills it); the options' own words come last.
import { LEAVER_STATUSES } from '../../nodes/MinistrySafe/staffList/parameters/values';
import { says, STAYING_STATUSES, statusMeaning, typeMeaning, wordsOf } from '../../nodes/MinistrySafe/staffList/person/values';
import { textList } from '../../nodes/shared/values';

const PAYLOCITY = 'https://developer.paylocity.com/integrations/docs/employee-status (A Active, T Terminated, D Deceased, R Retired, L Leave of Absence, XT Transferred)';
const PEOPLESOFT = 'PeopleSoft EMPL_STATUS, https://pt.dbtutor.com/hcm/wcs_pro_status.htm (A, D, L, P Leave With Pay, R, S Suspended, T, U Terminated With Pay ...)';
const KFS = 'Kuali KFS Employee Status, https://fin.ebsp.msu.edu/kfs-prd/static/help/WordDocuments/documentlayout303.htm (A, D, L On Non-Pay Leave, R, T)';
const CSU = 'CSU CHRS Payroll Status, https://csuchrs.screenstepslive.com/a/2023701-payroll-status (Active, Leave of Absence, Suspended, Retired, Terminated, Deceased)';
const HAWAII = 'University of Hawaii employeeStatus from PeopleSoft HR, https://uhawaii.atlassian.net/wiki/pages/diffpages.action?originalId=13406224&pageId=13408046 (A, F Paid Leave, L Leave Without Pay, T)';
const HL7_0540 = 'HL7 v2 table 0540 Inactive Reason Code, https://hl7.org/fhir/DSTU2/v2/0540/v2-0540.canonical.json (L Leave of Absence, R Retired, T Termination)';
const X12_584 = 'X12 element 584 Employment Status Code, https://stedi.com/edi/x12-004020/element/584 (Active, Inactive, Deceased, Discharged or Terminated for Cause, Resigned, Retired, Terminated, Volunteer, Full-time, Part-time, Seasonal)';
const PCO = 'Planning Center, Manage membership, https://help.planningcenter.com/en/138562-manage-membership.html (membership types; inactive reasons; Deceased); its CSV import guide (Status active/inactive)';
const PCO_MIGRATION = 'Planning Center migration guide, https://coda.io/@sean-neil-barron/planning-center-online-migration-guide/membership-type-32 (Member, Former Member, Member Deceased, Non-member Staff, Visitor)';
const ROCK = 'Rock RMS statuses, https://northridgerochester.com/rock-status-guide-1 (Record Status Active, Inactive, Pending; Connection Status Member, Attendee)';
const MINISTRY_PLATFORM = 'MinistryPlatform Participants, https://staffkb.perimeter.org/docs/Ministry_Platform/Participants (Participant Type Member, Non-Member; Activity Level 05 Inactive)';
const ONEROSTER = 'OneRoster status active / tobedeleted, https://help.claris.com/ja/connect-reference/content/oneroster.html; role teacher (groton-school/sky-api.oneroster ORUserModel)';
const MICROSOFT = 'Dynamics HcmWorkerStatus, https://learn.microsoft.com/en-us/previous-versions/dynamics/ax-2012/reference/gg848013(v=ax.60) (Pending, Employed, Terminated); Business Central Employee Status (Active, Inactive, Terminated)';
const APIDECK = 'Apideck unified employment_status, https://raw.githubusercontent.com/api-evangelist/apideck/refs/heads/main/json-schema/apideck-employmentstatus-schema.json (active, inactive, terminated)';
const LINKML = 'LinkML EmployeeStatusEnum, https://linkml.io/valuesets/elements/EmployeeStatusEnum (Active, On Leave, Probationary, Suspended, Terminated, Retired)';
const WORKDAY = 'Workday worker structure, https://raw.githubusercontent.com/api-evangelist/workday-integrations/refs/heads/main/json-structure/workday-integrations-worker-structure.json (workerType Employee, Contingent Worker)';
const ORACLE = 'Oracle HCM worker types, https://docs.oracle.com/en/cloud/saas/human-resources/24a/fawhr/work-relationships.html (Employee, Contingent Worker: contract or temporary worker; Nonworker: a volunteer or retiree)';
const UKG = 'UKG Pro employeeTypeCode, https://developers.apideck.com/apis/hris/ukg-pro/gotchas (CON contractor, INT internship, REG employee, TMP temp, STU, TES; fullTimeOrPartTimeCode F/P)';
const BAMBOO = 'BambooHR field names, https://documentation.bamboohr.com/docs/list-of-field-names (acaStatusCategory contractor, full-time, intern-eligible, part-time-eligible, seasonal; exempt Exempt / Non-exempt)';
const SCHEMA_ORG = 'schema.org employmentType, https://schema.org/employmentType (full-time, part-time, contract, temporary, seasonal, internship)';
const HL7_0066 = 'HL7 v2 table 0066 via LinkML EmploymentStatus, https://linkml.io/valuesets/elements/EmploymentStatus (Full time employed, Part time employed, Contract, Per Diem)';
const ISSUE = "the issue's exports (UKG-like Employee Type FT, PT, VOL; a roster's Role Volunteer, Staff, Pastor): docs/spec/contract.md 'Node version 1.3'";

/** The options as a node that never set them has them. */
const defaults = { leavers: textList(LEAVER_STATUSES), staying: textList(STAYING_STATUSES) };

describe('a value says a phrase: a run of whole words, case, spaces and punctuation ignored', () => {
	test.each([
		['Full-Time', 'full time', true],
		['FULLTIME', 'Full Time', true],
		['Regular Full Time', 'full time', true],
		['Terminated - Voluntary', 'terminated', true],
		['Inactive', 'active', false],
		['Non-Member', 'member', true],
		['Membership', 'member', false],
		['Leave of Absence', 'leave of absence', true],
		['Exempt', 'ex', false],
		['', 'left', false],
	])('%j says %j: %s', (value, phrase, expected) => {
		expect(says(wordsOf(value), phrase)).toBe(expected);
	});
});

describe('statuses of people who left (built in, on top of the option)', () => {
	test.each([
		['T', PAYLOCITY],
		['t', PEOPLESOFT],
		['TERM', 'UKG and ADP exports abbreviate Terminated so (the issue: UKG Employment Status T / TERM)'],
		['D', PAYLOCITY],
		['R', PAYLOCITY],
		['XT', PAYLOCITY],
		['I', 'PeopleSoft HR_STATUS A/I (Active, Inactive), https://pt.dbtutor.com/hcm/wcs_pro_status.htm'],
		['Terminated', APIDECK],
		['Terminated - Voluntary', 'Workday and ADP termination reasons exported with the status (Terminated - Voluntary / Involuntary): the issue'],
		['Terminated With Pay', PEOPLESOFT],
		['Termination', HL7_0540],
		['Inactive', ROCK],
		['05 Inactive', MINISTRY_PLATFORM],
		['Deceased', CSU],
		['Member Deceased', PCO_MIGRATION],
		['Retired', KFS],
		['Resigned: Personal Reasons', X12_584],
		['Discharged or Terminated for Cause', X12_584],
		['Former Member', PCO_MIGRATION],
		['Inactive Member', 'a leaver word wins over a staying one: contract.md "Node version 1.3"'],
		['No Longer Attending', PCO],
		['tobedeleted', ONEROSTER],
		['Left', 'node version 1.2\'s default of \'Statuses That Mean Left\''],
		['Separated', 'node version 1.2\'s default of \'Statuses That Mean Left\''],
	])('%j has left (%s)', (value) => {
		expect(statusMeaning(value, defaults)).toBe('left');
	});
});

describe('statuses of people still there (the default of Statuses That Mean Still There)', () => {
	test.each([
		['A', PAYLOCITY],
		['Active', APIDECK],
		['active', ONEROSTER],
		['L', PAYLOCITY],
		['Leave of Absence', PAYLOCITY],
		['On Leave', LINKML],
		['Leave With Pay', PEOPLESOFT],
		['On Non-Pay Leave', KFS],
		['Paid Leave', HAWAII],
		['LOA', 'the usual abbreviation of Leave of Absence in HR exports (Asure HCM Employee Status Codes: Short-Term LOA, Long-Term LOA, https://online5.asurehcm.com/Help/HELP/webhelpfile/339c.htm)'],
		['Employed', MICROSOFT],
		['Current', 'school and roster exports (WeBWorK roster status current, https://rdrr.io/github/rpruim/webwork/man/ww_roster.html)'],
		['Member', PCO_MIGRATION],
		['Non-member Staff', PCO_MIGRATION],
		['Attendee', ROCK],
		['Regular Attender', 'Planning Center membership types as churches name them (Regular Attender): ' + PCO],
		['Ex Officio Member', 'a board member by office (a word is whole: no "ex" leaver): ' + PCO_MIGRATION],
	])('%j is still there (%s)', (value) => {
		expect(statusMeaning(value, defaults)).toBe('staying');
	});
});

describe('statuses the node does not know: nobody created or deactivated', () => {
	test.each([
		['Pending', ROCK],
		['Suspended', CSU],
		['Probationary', LINKML],
		['Visitor', PCO_MIGRATION],
		['S', PEOPLESOFT],
		['U', PEOPLESOFT],
		['P', 'PeopleSoft P Leave With Pay, but Pending elsewhere (Dynamics): a letter that means two things is not guessed'],
		['X', 'a code of no source'],
	])('%j is unknown (%s)', (value) => {
		expect(statusMeaning(value, defaults)).toBe('unknown');
	});

	test('the options add their own words, by whole words', () => {
		const words = { leavers: [...defaults.leavers, 'gone'], staying: ['Serving'] };
		expect(statusMeaning('Gone Away', words)).toBe('left');
		expect(statusMeaning('Serving Now', words)).toBe('staying');
		// 'Statuses That Mean Still There' replaces its default: Active is no longer known, T still is.
		expect(statusMeaning('Active', words)).toBe('unknown');
		expect(statusMeaning('T', words)).toBe('left');
		expect(statusMeaning('Inactive Serving', words)).toBe('left');
	});
});

describe('types: volunteer and employee words', () => {
	test.each<[string, 'volunteer' | 'employee' | undefined, string]>([
		['Volunteer', 'volunteer', X12_584],
		['VOL', 'volunteer', ISSUE],
		['Volunteers', 'volunteer', ISSUE],
		['Children Ministry Volunteer', 'volunteer', ISSUE],
		['Employee', 'employee', WORKDAY],
		['Contingent Worker', 'employee', ORACLE],
		['Staff', 'employee', ISSUE],
		['Pastor', 'employee', ISSUE],
		['Youth Pastor', 'employee', ISSUE],
		['FT', 'employee', ISSUE],
		['PT', 'employee', ISSUE],
		['Full-Time', 'employee', X12_584],
		['Part-time', 'employee', X12_584],
		['part-time-eligible', 'employee', BAMBOO],
		['Regular', 'employee', 'Workday worker sub-type Regular; ' + UKG],
		['REG', 'employee', UKG],
		['TMP', 'employee', UKG],
		['Temporary', 'employee', SCHEMA_ORG],
		['Seasonal', 'employee', BAMBOO],
		['Contractor', 'employee', BAMBOO],
		['CON', 'employee', UKG],
		['Non-exempt', 'employee', BAMBOO],
		['Teacher', 'employee', ONEROSTER],
		['Clergy', 'employee', 'contract.md "Node version 1.3" (Pastor, Clergy, Teacher and the like)'],
		['Per Diem', undefined, HL7_0066 + ': not a type word, so not guessed'],
		['Intern', undefined, UKG + ' (INT): paid or not depends on the organisation'],
		['STU', undefined, UKG],
		['Greeter', undefined, 'a church role that says neither'],
		['Volunteer Staff', undefined, 'both: not guessed, the type is for ever'],
		['Student', undefined, ONEROSTER],
	])('%j means %s (%s)', (value, type) => {
		expect(typeMeaning(value)).toBe(type);
	});

	test("the options' words add to the built-in ones", () => {
		expect(typeMeaning('Helper', { volunteers: ['helper'], employees: [] })).toBe('volunteer');
		expect(typeMeaning('Intern', { volunteers: [], employees: ['Intern'] })).toBe('employee');
		expect(typeMeaning('Paid Intern', { volunteers: [], employees: [] })).toBe('employee');
	});
});
