// Map Automatically's rule (nodes/MinistrySafe/staffList/columns/autoMap.ts), table by table: each table reads as the rule
// it checks. Rank 0 is the best; a field that fills nothing has no rank.
import { autoMapped, type AutoColumn, candidatesFor, rankOf } from '../../nodes/MinistrySafe/staffList/columns/autoMap';
import { comparable, withoutNote } from '../../nodes/MinistrySafe/staffList/words/nameWords';

const ADP_HEADER = 'ADP Workforce Now report header: Worker Category Code, Worker Category Description (carthage-college/django-djequis: djequis/cc_adp_rec/cc_adp_utilities.py, djequis/adp/jobrec.py)';

describe('comparable: case, spaces, underscores and punctuation ignored, # read as number', () => {
	test.each([
		['First Name', 'firstname'],
		['first_name', 'firstname'],
		['firstName', 'firstname'],
		[' EMAIL ', 'email'],
		['Employee #', 'employeenumber'],
		['Work Contact: Work Email', 'workcontactworkemail'],
		['Tax ID (SSN)', 'taxidssn'],
		['E-mail', 'email'],
	])('%j compares as %j', (name, expected) => {
		expect(comparable(name)).toBe(expected);
	});
});

describe("External ID: the service's names, then the names exports give a person's ID, never someone else's or a tax ID", () => {
	test.each([
		['external_id', 0],
		['External ID', 0],
		['Employee ID', 1],
		['employee_id', 1],
		['Associate ID', 2],
		['Employee Code', 2],
		['Employee_Code', 2],
		['Employee #', 2],
		['Employee Number', 2],
		['Person ID', 2],
		['Individual ID', 2],
		['individual_id', 2],
		['Staff Number', 2],
		["a system's own: Breeze ID", 3],
		['Remote ID', 3],
		['gusto_employee_id', 3],
		['sourcedId', 3],
		['Teacher_id', 2],
		['ID', 4],
		['Id', 4],
	])('%s: rank %s', (field, rank) => {
		expect(rankOf('external_id', field.replace("a system's own: ", ''))).toBe(rank);
	});

	test.each([
		['Household ID'],
		['Family ID'],
		['family_id'],
		['PrimaryFamilyId'],
		['Reports To Associate ID'],
		['Supervisor ID'],
		['Manager ID'],
		['manager_id'],
		['Campus ID'],
		['PrimaryCampusId'],
		['School ID'],
		['School_id'],
		['Location ID'],
		['Department ID'],
		['Position ID'],
		['Emergency Contact ID'],
		['Tax ID'],
		['Tax ID (SSN)'],
		['SSN'],
		['SS_Number'],
		['Social Security Number'],
		['National Insurance Number'],
		['Federal ID'],
		['TIN'],
		['Email ID'],
		['Paid'],
		['Valid'],
		['Payroll Provider ID#'],
	])('never %s', (field) => {
		expect(rankOf('external_id', field)).toBeUndefined();
	});
});

describe('First Name: the first name before a legal or given one, a nickname or preferred name only without them', () => {
	test.each([
		['first_name', 0],
		['First Name', 0],
		['FirstName', 0],
		['Legal First Name', 1],
		['Legal_Firstname', 1],
		['Given Name', 1],
		['givenName', 1],
		['Employee First Name', 2],
		['Preferred Name', 3],
		['Nickname', 3],
		['NickName', 3],
		['preferred_first_name', 3],
	])('%s: rank %s', (field, rank) => {
		expect(rankOf('first_name', field)).toBe(rank);
	});

	test.each([['Emergency Contact First Name'], ['Spouse First Name'], ['Supervisor First Name'], ['Middle Name']])('never %s', (field) => {
		expect(rankOf('first_name', field)).toBeUndefined();
	});
});

describe('Last Name: the last name, a legal one, a surname or family name', () => {
	test.each([
		['last_name', 0],
		['Last Name', 0],
		['Legal Last Name', 1],
		['Legal_Lastname', 1],
		['Surname', 1],
		['familyName', 1],
		['Employee Last Name', 2],
	])('%s: rank %s', (field, rank) => {
		expect(rankOf('last_name', field)).toBe(rank);
	});

	test.each([['Parent Last Name'], ['Preferred Surname'], ['Family ID']])('never %s', (field) => {
		expect(rankOf('last_name', field)).toBeUndefined();
	});
});

describe('Email: a work email first, then the plain one, then any other of the person, a personal or home one last', () => {
	test.each([
		['Work Email', 0],
		['work_email', 0],
		['Work Contact: Work Email', 0],
		['Business Email', 0],
		['School Email', 0],
		['email', 1],
		['Email Address', 1],
		['E-mail', 1],
		['Teacher_email', 2],
		['Employee Email', 2],
		['Personal Email', 3],
		['Home Email', 3],
		['Personal Contact: Personal Email', 3],
	])('%s: rank %s', (field, rank) => {
		expect(rankOf('email', field)).toBe(rank);
	});

	test.each([['Emergency Contact Email'], ['Supervisor Email'], ['Parent Email'], ['Spouse Email']])('never %s', (field) => {
		expect(rankOf('email', field)).toBeUndefined();
	});
});

describe('Status: the named statuses only, never a marital or tax status', () => {
	test.each([
		['Status', 0],
		['status', 0],
		['Employment Status', 1],
		['Employee_Status', 1],
		['Position Status', 2],
		['Record Status', 2],
		['RecordStatus', 2],
		['Membership Status', 2],
	])('%s: rank %s', (field, rank) => {
		expect(rankOf('status', field)).toBe(rank);
	});

	test.each([['Marital Status'], ['Tax Filing Status'], ['Veterans Status'], ['Connection Status'], ['Background Check Status']])(
		'never %s',
		(field) => {
			expect(rankOf('status', field)).toBeUndefined();
		},
	);
});

describe('autoMapped: the best rank wins, and of equal ranks the first field of the row', () => {
	const columns: AutoColumn[] = ['external_id', 'first_name', 'last_name', 'email', 'status'];
	test.each([
		[['Household ID', 'Person ID', 'ID'], 'external_id', 'Person ID'],
		[['ID', 'Breeze ID'], 'external_id', 'Breeze ID'],
		[['Teacher_id', 'State_teacher_id'], 'external_id', 'Teacher_id'],
		[['Employee ID', 'external_id'], 'external_id', 'external_id'],
		[['Preferred Name', 'Legal First Name'], 'first_name', 'Legal First Name'],
		[['Given Name', 'First Name'], 'first_name', 'First Name'],
		[['Personal Email', 'Email', 'Work Email'], 'email', 'Work Email'],
		[['Home Email', 'Email Address'], 'email', 'Email Address'],
		[['Employment Status', 'Status'], 'status', 'Status'],
	])('of %j, %s is read from %j', (fields, column, expected) => {
		expect(autoMapped(fields, columns)[column as AutoColumn]).toBe(expected);
	});

	test.each([[['SSN', 'Tax ID', 'Household ID', 'Marital Status']]])('of %j, nothing is read', (fields) => {
		expect(autoMapped(fields, columns)).toEqual({});
	});
});

describe("User Type at node version 1.3: the columns exports give a person's type or role", () => {
	test.each([
		['User Type', 0, 'the service\'s label'],
		['user_type', 0, 'the service\'s name'],
		['Employee Type', 1, 'UKG Pro employeeTypeCode, https://developers.apideck.com/apis/hris/ukg-pro/gotchas'],
		['Worker Type', 1, 'Workday workerType, https://raw.githubusercontent.com/api-evangelist/workday-integrations/refs/heads/main/json-structure/workday-integrations-worker-structure.json'],
		['workerType', 1, 'the same, as an API names it'],
		['Employment Type', 1, 'Kombo employment_type for Workday custom reports, https://docs.kombo.dev/hris/connectors/workdaycustomreport'],
		['Person Type', 1, 'contract.md "Node version 1.3"'],
		['Staff Type', 1, 'contract.md "Node version 1.3"'],
		['Member Type', 1, 'Planning Center membership types, https://help.planningcenter.com/en/138562-manage-membership.html'],
		['Role', 1, 'OneRoster users.csv role (groton-school/sky-api.oneroster ORUserModel); a roster\'s Role (the issue)'],
		['Volunteer or Staff', 1, 'contract.md "Node version 1.3"'],
		['Volunteer/Staff', 1, 'the same written with a slash'],
		['Worker Category Description', 1, ADP_HEADER],
		['Employment Type', 1, 'HiBob work.employmentType, Namely employee_type (NangoHQ/integration-templates: integrations/hibob-service-user, namely-pat mappers)'],
		['Employee Class', 1, 'contract.md "Reading a value as it is meant" (ADP and Paycom employee classes)'],
		['Worker Category Code', 2, ADP_HEADER + ': a code, read only when the description is blank (at Carthage College T is tenure, not terminated)'],
	])('%s: rank %s (%s)', (field, rank) => {
		expect(rankOf('user_type', field, true)).toBe(rank);
	});

	test.each([['Employee Type'], ['Role'], ['Worker Type']])('%s fills nothing at 1.2', (field) => {
		expect(rankOf('user_type', field)).toBeUndefined();
	});

	test.each([['Type'], ['Job Type'], ['Role Start Date'], ['Family Role'], ['Marital Status'], ['Pay Type']])('never %s', (field) => {
		expect(rankOf('user_type', field, true)).toBeUndefined();
	});
});

describe('field names with a note in square brackets at the end (node version 1.3)', () => {
	test.each([
		['First Name [Required]', 'First Name'],
		['Status [READ ONLY]', 'Status'],
		['Employee ID [Required] [Key]', 'Employee ID'],
		['Email [optional] ', 'Email'],
		['[Legacy] Person ID', '[Legacy] Person ID'],
		['Person [ID]', 'Person'],
	])('%j is mapped as %j', (field, name) => {
		expect(withoutNote(field)).toBe(name);
	});

	test.each<[string, AutoColumn, number]>([
		['First Name [Required]', 'first_name', 1],
		['Last Name [Required]', 'last_name', 1],
		['Status [READ ONLY]', 'status', 0],
		['Person ID [Required]', 'external_id', 2],
	])('%s fills %s at rank %s from 1.3, nothing at 1.2', (field, column, rank) => {
		expect(rankOf(column, field, true)).toBe(rank);
		expect(rankOf(column, field)).toBeUndefined();
	});

	test("an email field's note no longer lowers its rank: 'Email [Required]' is rank 1 from 1.3, a lesser email before", () => {
		expect(rankOf('email', 'Email [Required]', true)).toBe(1);
		expect(rankOf('email', 'Email [Required]')).toBe(2);
	});

	test('an SSN with a note is still never read', () => {
		expect(rankOf('external_id', 'SSN [Required]', true)).toBeUndefined();
	});
});

describe('legal names first (node version 1.3): a legal or given name before the name a person goes by', () => {
	test.each<[string[], AutoColumn, string[], string]>([
		[['First Name', 'Given Name', 'Nickname'], 'first_name', ['Given Name', 'First Name', 'Nickname'], "Planning Center People: 'First Name' is the preferred name, 'Given Name' the formal one (https://help.planningcenter.com/en/138557-prepare-a-csv-file-for-import.html)"],
		[['Preferred Name', 'Legal First Name', 'First Name'], 'first_name', ['Legal First Name', 'First Name', 'Preferred Name'], 'ADP Workforce Now reports: Legal First Name, First Name, Preferred Name (carthage-college/django-djequis: djequis/cc_adp_rec/cc_adp_utilities.py)'],
		[['Last Name', 'Legal Last Name'], 'last_name', ['Legal Last Name', 'Last Name'], 'ADP Workforce Now: Legal Last Name (the same report)'],
		[['PREFERREDNAME', 'FIRST_NAME'], 'first_name', ['FIRST_NAME', 'PREFERREDNAME'], 'PowerSchool staff: First_Name is the legal name, Preferred Name a nickname (https://ps-compliance.powerschool-docs.com/pssis-ca/latest/school-staff-setup)'],
	])('%j: %s from %j (%s)', (fields, column, ranked) => {
		expect(candidatesFor(column, fields, true)).toEqual(ranked);
	});

	test('at 1.2, as released: First Name before Given Name', () => {
		expect(candidatesFor('first_name', ['Given Name', 'First Name'])).toEqual(['First Name', 'Given Name']);
	});
});

describe("a file's repeated column ('Email (2)') is read as the first of its name (node version 1.3)", () => {
	test.each<[string, AutoColumn, number]>([
		['Email (2)', 'email', 1],
		['Status (3)', 'status', 0],
		['Employee ID (2)', 'external_id', 1],
	])('%s fills %s at rank %s', (field, column, rank) => {
		expect(rankOf(column, field, true)).toBe(rank);
	});

	test('a name that merely ends in a number in brackets is not one at 1.2', () => {
		expect(rankOf('email', 'Email (2)')).toBe(2);
	});
});

describe('email per row (node version 1.3): every email field, best first, so a row blank in one takes the next', () => {
	test.each([
		[['Home Email', 'Work Email', 'Email'], ['Work Email', 'Email', 'Home Email']],
		[['Personal Email', 'Email Address'], ['Email Address', 'Personal Email']],
		[['Spouse Email', 'Email'], ['Email']],
	])('%j ranks as %j', (fields, ranked) => {
		expect(candidatesFor('email', fields, true)).toEqual(ranked);
	});
});
