// A column's name read as words (nodes/MinistrySafe/staffList/words/nameWords.ts, node version 1.3): the forms systems
// write one name in, each with the public source that writes it so.
import { nameWords } from '../../nodes/MinistrySafe/staffList/words/nameWords';

describe("a column's name as words: spaces, punctuation and camelCase, a system's marks dropped, abbreviations read", () => {
	test.each<[string, string[], string]>([
		['Termination Date', ['termination', 'date'], 'ADP Workforce Now report headers'],
		['termination_date', ['termination', 'date'], 'Paycom employee fields (https://developer.paycom.com)'],
		['terminationDate', ['termination', 'date'], 'BambooHR terminationDate (https://documentation.bamboohr.com/docs/list-of-field-names)'],
		['TERM_DT', ['term', 'date'], "database abbreviations: Dt for date (PeopleSoft's TERMINATION_DT)"],
		['personID', ['person', 'id'], 'Infinite Campus staff extracts (https://kb.infinitecampus.com/help/staff-attendance-extract-massachusetts)'],
		['staffNumber', ['staff', 'number'], 'Infinite Campus Person.staffNumber'],
		['HTTPStatus', ['http', 'status'], 'an acronym before a word'],
		['accountEnabled', ['account', 'enabled'], 'Microsoft Entra ID (https://learn.microsoft.com/en-us/graph/api/resources/user)'],
		['userAccountControl', ['user', 'account', 'control'], 'Active Directory'],
		['EMPL_STATUS', ['employee', 'status'], 'PeopleSoft EMPL_STATUS (https://pt.dbtutor.com/hcm/wcs_pro_status.htm)'],
		['ACTIVE_FLG', ['active', 'flag'], 'a database flag'],
		['Active_Ind', ['active', 'indicator'], 'a database indicator'],
		['EmpNbr', ['employee', 'number'], 'an abbreviated employee number'],
		['Emp No', ['employee', 'number'], 'an abbreviated employee number'],
		['Employee #', ['employee', 'number'], "'#' read as number"],
		['Active (Y/N)', ['active', 'y', 'n'], 'a flag whose name says its values'],
		['Status [READ ONLY]', ['status'], "Google Workspace's user export (https://support.google.com/a/answer/7348070): a note in square brackets"],
		['Email (2)', ['email'], "a file's repeated column, numbered by the reader"],
		['GW_Volunteers__Volunteer_Status__c', ['volunteer', 'status'], "Volunteers for Salesforce: a managed package's namespace and __c"],
		['hs_lifecyclestage', ['lifecyclestage'], "HubSpot's hs_ prefix"],
		['CnBio_Inactive', ['inactive'], "Raiser's Edge: CnBio_ the constituent's own fields (https://www.blackbaud.com/files/support/helpfiles/re/re7enterprise/export.pdf)"],
		['Prénom', ['prenom'], 'accents dropped'],
	])('%j: %j (%s)', (name, words) => {
		expect(nameWords(name)).toEqual(words);
	});
});
