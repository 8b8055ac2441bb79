// What a staff list's values mean at node version 1.3 (nodes/MinistrySafe/staffList/meaning/status.ts, type.ts and
// words.ts), table by table, each value with the public source that writes it so: vendors' export and API
// documentation, importers and migration guides. A value is read only when the whole of it is understood
// (contract.md "Reading a value as it is meant"): the user's own values first, then the built-in words, negation read,
// codes only as the whole value, and a leaver's word deciding wherever it stands (the safe side).
import { STAYING_STATUSES, statusesNamedTwice, statusReader, type NamedStatuses } from '../../nodes/MinistrySafe/staffList/meaning/status';
import { typeReader, typesNamedTwice, type NamedTypes } from '../../nodes/MinistrySafe/staffList/meaning/type';
import { keyOf, wordsOf } from '../../nodes/MinistrySafe/staffList/words/valueWords';

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

const FELLOWSHIP_ONE = 'Fellowship One statuses as Rock RMS imports them: Inactive Member, Inactive, Deceased, Dropped (SparkDevNetwork/Slingshot: Slingshot.F1/Slingshot.F1/Utilities/Translators/API/F1Person.cs)';
const SERVANT_KEEPER = 'Servant Keeper MEM_STATUS as Rock RMS imports it: Active Member, Regular Attender, Inactive Attender, Inactive Visitor, Transferred, Deceased, non attending youth (SparkDevNetwork/Slingshot: Slingshot.ServantKeeper/.../SkPerson.cs)';
const ROCK_REASONS = 'Rock RMS Record Status Reason defaults: No Longer Attending, No Activity, Moved, Deceased (https://community.rockrms.com/documentation/bookcontent/5/360)';
const ELVANTO = 'Elvanto Status: Active, Contact, Archived, Deceased (http://support.elvanto.com/support/discussions/topics/1000054485)';
const WEB_CHURCH_MANAGER = 'Web Church Manager Membership Status: Regular Attender, Active Member, Shut-in Member, Absent Member, Former Member, Moved, Former Attender, Inactive, Deceased (http://shininglighttech.com/help/Directory/MembershipStatus.html)';
const FINICITY = 'payroll verification employmentStatusName: Active, No Longer Employed, Leave, Inactive (wark99/Code-Generator-Test-Bench: gen/docs/PayrollEmploymentRecord)';
const BAMBOO_STATUS = 'BambooHR employmentHistoryStatus ("Employment Status"), account-defined: Full-Time, Part-Time, Terminated (https://documentation.bamboohr.com/docs/list-of-field-names)';
const PAYCHEX = 'Paychex Flex statusType INACTIVE is still employed (leave, seasonal, student on break): craigvenz/PaychexApi src/Models/Workers/WorkerStatusReason.cs';
const GUSTO = 'Gusto current_employment_status full_time, part_time_under_twenty_hours, seasonal (NangoHQ/integration-templates: integrations/gusto/mappers/to-standard-employee.ts)';
const REVIEW = "the review of release 1.1.0 (D1, D2): values read wrongly by one word of them";
const SUCCESSFACTORS = 'SAP SuccessFactors emplStatus A, D Dormant (still there), U/P leave, S suspended, T, R (NangoHQ/integration-templates: integrations/sap-success-factors/mappers/to-standard-employee.ts)';
const OKTA = 'Okta user status ACTIVE, STAGED, PROVISIONED, RECOVERY, PASSWORD_EXPIRED, LOCKED_OUT, SUSPENDED, DEPROVISIONED (https://developer.okta.com/docs/reference/api/users/)';
const CAMPSITE = 'CampSite lead statuses Fired, Lead, Pending, Quit (https://support.campmanagement.com/hc/en-us/articles/4461732894605)';
const CAMPFRONT = 'CampFront employment stages Applied, Shortlisted, Offered, At contract, Hired, At camp, Alumni, Rejected, Withdrawn (https://help.campfront.com/en/articles/9618627-managing-employments)';
const VOLUNTEERMATTERS = 'VolunteerMatters contact status Active, Banned, Exit, Felony Hold, Hold (https://support.volunteermatters.com/hc/en-us/articles/360041083414)';
const BETTER_IMPACT = 'Better Impact profile statuses Applicant, In Process, Accepted, Inactive – Short term, Inactive – Long term, Archived, Removed (https://www.betterimpact.com/help-community-impact-advertiser/profile-status-how-they-are-used/)';
const INFINITE_CAMPUS_ID = 'Infinite Campus (Idaho ISEE) Staff Type Active, Exiting, Previously Exited, Inactive (https://kb.infinitecampus.com/help/staff-demographics-isee-extracts-idaho)';
const BREEZE = 'Breeze ChMS Status: Active, Inactive, Member, No Longer Attends, Visitor (https://support.breezechms.com/hc/en-us/articles/360001535753-Organizing-Your-Church-s-Data-in-Breeze)';
const HIBOB = "HiBob: 'Employee terminated' fires for Terminated or Garden leave (https://apidocs.hibob.com/reference/post_webhook_employee-left)";
const PERSONIO = 'Personio status active, onboarding, leave, inactive (https://developer.personio.de/changelog/status-filter-in-list-persons-endpoint)';
const CAMPSITE_UK = 'Campsite HR employment status active, part-time, zero-hours, inactive (https://camp-site.co.uk/docs/features/hr/records)';
const CAMP_ISSUE = "a camp's export in the issue of 2026-11-29 (Hired, Returning, Not Returning, Withdrew, CIT, Year-Round) and a newcomer's run of that export through the upload template";

/** The options as a node that never set them has them: they name nothing, their words are built-in ones. */
const NONE: NamedStatuses = { leavers: [], staying: [] };
const statusOf = (value: string, named = NONE) => statusReader(named).read(value);
const typeOf = (value: string, named: NamedTypes = { volunteers: [], employees: [] }) => typeReader(named).read(value);

describe('a value\'s words: case, accents and punctuation ignored; a key runs them together', () => {
	test.each([
		['Full-Time', ['full', 'time'], 'fulltime'],
		['FULLTIME', ['fulltime'], 'fulltime'],
		['José', ['jose'], 'jose'],
		['N/A', ['n', 'a'], 'na'],
		['  ', [], ''],
	])('%j: %j, %j', (value, words, key) => {
		expect(wordsOf(value)).toEqual(words);
		expect(keyOf(value)).toBe(key);
	});
});

describe('statuses of people who left (a leaver word, not negated, wherever it stands)', () => {
	test.each([
		['T', PAYLOCITY],
		['t', PEOPLESOFT],
		['TERM', 'UKG and ADP exports abbreviate Terminated so (the issue: UKG Employment Status T / TERM)'],
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
		['Former Attender', WEB_CHURCH_MANAGER],
		['Inactive Member', FELLOWSHIP_ONE],
		['Inactive Visitor', SERVANT_KEEPER + ': a leaver word decides, whatever else the value says'],
		['Inactive - Rehire Eligible', 'the safe side: contract.md "Reading a value as it is meant"'],

		['No Longer Attending', PCO],
		['No Longer Employed', FINICITY + ': "Employed" inside a leaver phrase'],
		['Moved', ROCK_REASONS],
		['Transferred', SERVANT_KEEPER],
		['Dropped', FELLOWSHIP_ONE],
		['Archived', ELVANTO],
		['tobedeleted', ONEROSTER],
		['Not Active', 'a leaver phrase of its own (HR exports)'],
		['Left', "node version 1.2's default of 'Statuses That Mean Left'"],
		['Separated', "node version 1.2's default of 'Statuses That Mean Left'"],
		['DEPROVISIONED', OKTA],
		['Fired', CAMPSITE],
		['Quit', CAMPSITE],
		['Exit', VOLUNTEERMATTERS],
		['Banned', VOLUNTEERMATTERS + ': a banned person must never be invited'],
		['Previously Exited', INFINITE_CAMPUS_ID],
		['Removed', BETTER_IMPACT],
		['Rejected', CAMPFRONT + ': never hired'],
		['Withdrawn', CAMPFRONT],
		['Withdrew', CAMP_ISSUE],
		['Not Returning', CAMP_ISSUE + ': a phrase of its own, not a negated word'],
		['No Longer Attends', BREEZE],
		['Garden Leave', HIBOB],
	])('%j has left (%s)', (value) => {
		expect(statusOf(value)).toBe('left');
	});
});

describe('statuses of people still there: every word understood, all saying so', () => {
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
		['Active Member', WEB_CHURCH_MANAGER],
		['Active - Leave', 'ADP Position Status Active and Leave together (contract.md "Reading a value as it is meant")'],
		['Attendee', ROCK],
		['Regular Attender', "Planning Center membership types as churches name them (the option's default): " + PCO],
		['Full-Time', BAMBOO_STATUS],
		['Part-time', BAMBOO_STATUS],
		['Hired', CAMPFRONT],
		['At camp', CAMPFRONT],
		['Accepted', BETTER_IMPACT],
		['onboarding', PERSONIO],
		['Returning', CAMP_ISSUE],
		['zero-hours', CAMPSITE_UK],
		['Dormant', SUCCESSFACTORS],
		['Active - Short Term', 'still there for now is still there'],
	])('%j is still there (%s)', (value) => {
		expect(statusOf(value)).toBe('staying');
	});
});

describe('statuses the node does not know: every word not understood, negated, or a code inside a longer value', () => {
	test.each([
		['Pending', ROCK],
		['Suspended', CSU],
		['Probationary', LINKML],
		['Visitor', PCO_MIGRATION],
		['Contact', ELVANTO],
		['S', PEOPLESOFT],
		['U', PEOPLESOFT],
		['P', 'PeopleSoft P Leave With Pay, but Pending elsewhere (Dynamics): a letter that means two things is not guessed'],
		['X', 'a code of no source'],
		['1', 'PowerSchool staff Status 1 Current, 2 No longer here (https://ps-compliance.powerschool-docs.com/pssis-ok/latest/staff-setup): a number says nothing by itself'],
		['N/A', REVIEW + ': the A of N/A is no code'],
		['Non-Active', REVIEW + ': negation never reads as the word it negates'],
		['Non Active', REVIEW],
		['Nonactive', REVIEW + ': joined on, too'],
		['Not Currently Active', REVIEW],
		['Not Current', REVIEW],
		['Not Employed', REVIEW + '; X12 584 NE Not Employed'],
		['Not Terminated', 'a negated leaver word is not left either'],
		['Non-member Staff', PCO_MIGRATION + ': not a member, and staff says no status'],
		['Active Visitor', 'contract.md "Reading a value as it is meant": Visitor is not understood'],
		['Absent Member', WEB_CHURCH_MANAGER + ': away at college or in the military'],
		['Ex Officio Member', PCO_MIGRATION + ': ex officio is not understood'],
		['A Active', 'a code counts only as the whole value'],
		['No', 'a negation with nothing after it'],
		['D', SUCCESSFACTORS + '; but Deceased in ' + PAYLOCITY + ': a letter that means two things is not guessed'],
		['Inactive – Short term', BETTER_IMPACT + ': a volunteer away for a while, still part of the organisation'],
		['Inactive - Long Term', BETTER_IMPACT],
		['Active - Pending Termination', 'not left yet: a leaver word beside a word that says "for now" does not decide'],
		['Terminated - Pending', 'likewise'],
		['Hold', VOLUNTEERMATTERS + ': held, not left'],
		['SUSPENDED', OKTA + ': paused, not left'],
		['Alumni', CAMPFRONT + ': the season ended; whether the person left depends on the organisation'],
		['Applicant', BETTER_IMPACT + ': not yet there'],
		['Lead', CAMPSITE + ': an applicant, never hired'],
	])('%j is unknown (%s)', (value) => {
		expect(statusOf(value)).toBe('unknown');
	});

	test('a blank value says nothing', () => {
		expect(statusOf('  ')).toBeUndefined();
	});
});

describe("the list's own words first (the options, or the upload form's answers)", () => {
	test.each<[string, NamedStatuses, string, string]>([
		['Inactive', { leavers: [], staying: ['Inactive'] }, 'staying', PAYCHEX + ': Inactive named as still there is still there'],
		['Inactive Member', { leavers: [], staying: ['Inactive'] }, 'staying', 'a named word replaces the built-in one among the value\'s words too'],
		['R', { leavers: [], staying: ['R'] }, 'staying', 'a school that writes R for Rehired: the built-in code R no longer says Retired'],
		['1', { leavers: ['2'], staying: ['1'] }, 'staying', 'PowerSchool Status 1 (Current), named'],
		['2', { leavers: ['2'], staying: ['1'] }, 'left', 'PowerSchool Status 2 (No longer here), named'],
		['Gone Away', { leavers: ['Gone'], staying: [] }, 'left', 'a leaver word the user named decides wherever it stands, as a built-in one does (the safe side)'],
		['Not Gone', { leavers: ['Gone'], staying: [] }, 'unknown', 'and is read negated as a built-in one is'],
		['Serving', { leavers: [], staying: ['Serving'] }, 'staying', 'a word of the organisation'],
		['Serving Member', { leavers: [], staying: ['Serving'] }, 'staying', 'with a built-in word that says the same'],
		['Active', { leavers: [], staying: ['Serving'] }, 'staying', 'the built-in words stay when the option names others'],
		['T', { leavers: [], staying: ['Serving'] }, 'left', 'the built-in leaver codes stay'],
	])('%j with %j: %s (%s)', (value, named, meaning) => {
		expect(statusOf(value, named)).toBe(meaning);
	});

	test('a value named on both sides is found, whatever its case and punctuation', () => {
		expect(statusesNamedTwice({ leavers: ['Inactive', 'Gone'], staying: ['inactive', 'Serving'] })).toEqual(['inactive']);
		expect(statusesNamedTwice({ leavers: ['Gone'], staying: ['Serving'] })).toEqual([]);
	});

	test("the staying option's default is what the built-in words hold: named, it changes nothing", () => {
		const asDefault = { leavers: [], staying: STAYING_STATUSES.split(',').map((word) => word.trim()) };
		for (const value of ['A', 'Active', 'On Leave', 'Regular Attender', 'Terminated', 'Visitor']) expect(statusOf(value, asDefault)).toBe(statusOf(value));
	});
});

describe('types: a whole value that says one type, or unknown', () => {
	test.each<[string, 'volunteer' | 'employee' | 'unknown', string]>([
		['Volunteer', 'volunteer', X12_584],
		['VOL', 'volunteer', ISSUE],
		['Volunteers', 'volunteer', ISSUE],
		['Unpaid', 'volunteer', 'a volunteer word: unpaid staff'],
		['Employee', 'employee', WORKDAY],
		['Contingent Worker', 'employee', ORACLE],
		['Staff', 'employee', ISSUE],
		['Year-Round', 'employee', CAMP_ISSUE + '; year-round staff beside seasonal ones (Campflow staff badges, https://help.campflow.com)'],
		['Pastor', 'employee', ISSUE],
		['FT', 'employee', ISSUE],
		['PT', 'employee', ISSUE],
		['Full-Time', 'employee', X12_584],
		['Part-time', 'employee', X12_584],
		['Full-Time Employee', 'employee', 'contract.md "Reading a value as it is meant"'],
		['Regular Full Time', 'employee', 'Workday worker sub-type Regular with its time type'],
		['Regular', 'employee', 'Workday worker sub-type Regular; ' + UKG],
		['REG', 'employee', UKG],
		['TMP', 'employee', UKG],
		['Temporary', 'employee', SCHEMA_ORG],
		['Seasonal', 'employee', BAMBOO],
		['Contractor', 'employee', BAMBOO],
		['CON', 'employee', UKG],
		['Non-exempt', 'employee', BAMBOO + ': an employee class of its own, not a negation'],
		['Clergy', 'employee', 'contract.md "Node version 1.3" (Pastor, Clergy and the like)'],
		['Teacher', 'unknown', 'contract.md "Reading a value as it is meant": a school\'s paid staff, a church\'s volunteer; ' + ONEROSTER],
		['CIT', 'unknown', CAMP_ISSUE + ': a counselor in training is unpaid at some camps, paid or paying tuition at others (https://www.congocamp.org/the-cit-program, https://slovenskicamps.com/counselors-in-training)'],
		['LIT', 'unknown', 'a leader in training, likewise'],
		['Sunday School Teacher', 'unknown', REVIEW],
		['Regular Attender', 'unknown', REVIEW + ': a membership, not an employee'],
		['Non-Employee', 'unknown', REVIEW + ': negation'],
		['Non-Paid', 'unknown', REVIEW],
		['Not Paid', 'unknown', REVIEW],
		['Non-Staff', 'unknown', REVIEW],
		['Youth Pastor', 'unknown', 'youth is not understood: the user names it'],
		['Children Ministry Volunteer', 'unknown', 'ministry is not understood: the user names it'],
		['Minister', 'unknown', 'contract.md: its meaning depends on the organisation'],
		['Coach', 'unknown', 'contract.md: its meaning depends on the organisation'],
		['Per Diem', 'unknown', HL7_0066 + ': not a type word, so not guessed'],
		['Intern', 'unknown', UKG + ' (INT): paid or not depends on the organisation'],
		['part_time_under_twenty_hours', 'unknown', GUSTO + ': not every word understood'],
		['STU', 'unknown', UKG],
		['Greeter', 'unknown', 'a church role that says neither'],
		['Volunteer Staff', 'unknown', 'both: not guessed, the type is for ever'],
		['FT Staff', 'unknown', 'a code counts only as the whole value'],
		['Student', 'unknown', ONEROSTER],
	])('%j means %s (%s)', (value, type) => {
		expect(typeOf(value)).toBe(type);
	});

	test("the user's own values first: named as volunteer, a value that holds an employee word is a volunteer", () => {
		const named = { volunteers: ['Regular Attender', 'Greeter'], employees: ['Intern'] };
		expect(typeOf('Regular Attender', named)).toBe('volunteer');
		expect(typeOf('Greeter Volunteer', named)).toBe('volunteer');
		expect(typeOf('Intern', named)).toBe('employee');
		expect(typeOf('Regular', named)).toBe('employee');
		expect(typeOf('Paid Intern', named)).toBe('employee');
		expect(typeOf('Greeter Staff', named)).toBe('unknown');
	});

	test('a value named both volunteer and employee is found', () => {
		expect(typesNamedTwice({ volunteers: ['Greeter', 'Usher'], employees: ['GREETER'] })).toEqual(['GREETER']);
	});
});
