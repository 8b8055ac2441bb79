// The upload template's own logic on what Sync really puts out: its flow followed node by node (test/helpers/
// templateFlow.ts), its Code nodes and expressions as n8n runs them, its Sync nodes run by n8n's engine against the
// sandbox over real HTTP. An Excel workbook's rows as Extract From File gives them ('Header Row' off: a title row
// stays a row; dates as Excel's serial days) reach Sync as CSV; the ending page says which column each person was
// matched on, names every unknown value's people and what the file lost, and lists how every column was read; the
// next page asks which column holds the ID, the candidates first, when several could; an empty file is the
// uploader's to mend. test/e2e/templates.e2e.test.ts runs the same template in a real n8n, both versions.
import type { IDataObject } from 'n8n-workflow';

import { exampleWorkflows } from '../../scripts/n8n-runtime';
import { runDay } from '../helpers/clock';
import { csvExport } from '../helpers/csvExport';
import { sentWrites, useSandbox } from '../helpers/sandbox';
import { allUsers as listUsers, type UserRecord } from '../helpers/staffList';
import { type FlowPage, type FlowRun, runFlow, UNANSWERED } from '../helpers/templateFlow';
import { APPLY, DRY_RUN, EMPLOYEES } from '../helpers/uploadForm';

const sandbox = useSandbox();
const upload = exampleWorkflows().find((workflow) => workflow.id === 'msExampleUploadStaffList');
if (!upload) throw new Error('examples/ has no msExampleUploadStaffList');

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Upload {
	/** The file's name and its bytes (a CSV's text). */
	name: string;
	content?: string;
	/** A workbook's first sheet as Extract From File gives it with 'Header Row' off and 'Include Empty Cells' on. */
	sheet?: unknown[][];
	people?: string;
	mode?: string;
	/** The form's last fields: what values of the file mean, by field name. */
	meanings?: IDataObject;
	answer?: (page: FlowPage) => IDataObject | typeof UNANSWERED | undefined;
}

/** The form sent with a file, as n8n's Form Trigger puts it out: the answers, and the file in `staff_list`. */
function sent({ name, content = '', sheet, people = EMPLOYEES, mode = DRY_RUN, meanings = {}, answer }: Upload): Promise<FlowRun> {
	const bytes = Buffer.from(sheet ? 'PK (a workbook: its rows are given as Extract From File reads them)' : content, 'utf8');
	const mimeType = sheet ? XLSX : 'text/csv';
	return runFlow(upload as NonNullable<typeof upload>, {
		trigger: {
			json: { staff_list: { filename: name, mimetype: mimeType, size: bytes.length }, people, mode, left_values: '', staying_values: '', volunteer_values: '', employee_values: '', ...meanings },
			binary: { staff_list: { data: bytes.toString('base64'), mimeType, fileName: name, fileExtension: name.split('.').pop() } },
		},
		sandbox: sandbox(),
		extracted: sheet ? { 'Extract from Excel': sheet } : undefined,
		answer,
	});
}

const lines = (run: FlowRun) => run.ending?.message.split('\n') ?? [];
const fullName = (user: Pick<UserRecord, 'first_name' | 'last_name'>) => `${user.first_name} ${user.last_name}`;
const section = (run: FlowRun, heading: string) => {
	const all = lines(run);
	const at = all.indexOf(heading);
	return at < 0 ? [] : all.slice(at + 1, all.indexOf('', at) < 0 ? undefined : all.indexOf('', at));
};
/** Excel's serial day `days` from the run's day (day 25569 is 1970-01-01), as a date cell is read without cellDates. */
const excelDay = (days: number) => Math.round(runDay(days).getTime() / 86_400_000) + 25_569;
const usable = async () => (await listUsers(sandbox())).filter((user) => /^\d+$/.test(user.external_id) && user.user_type && !/[<>&'?]/.test(fullName(user)));

describe('an Excel workbook through the upload template', () => {
	it("hands Sync every row as CSV, the title passed over and the date cells read as dates: a past termination date deactivates a known person and creates nobody new, a later one keeps", async () => {
		const [leaver, stays] = await usable();
		const header = ['Employee ID', 'First Name', 'Last Name', 'Email', 'Termination Date', 'Hire Date', 'Notes'];
		const sheet = [
			['Staff Report - First Baptist, Springfield', '', '', '', '', '', ''],
			['', '', '', '', '', '', ''],
			header,
			[leaver.external_id, leaver.first_name, leaver.last_name, leaver.email, excelDay(-30), excelDay(-900), ''],
			// An ID as a number cell, and a note with a comma, a quote and a line break.
			[Number(stays.external_id), stays.first_name, stays.last_name, stays.email, excelDay(200), excelDay(-400), 'Says "hi",\nthen leaves'],
			['XL-NEW-1', 'Nadia', 'Leftearly', 'nadia.leftearly@example.org', excelDay(-3), excelDay(-60), ''],
			['XL-NEW-2', 'Omar', 'Newhire', 'omar.newhire@example.org', '', excelDay(-5), true],
		];

		const run = await sent({ name: 'staff.xlsx', sheet });

		const [file] = run.outputs.get('Excel as CSV') ?? [];
		expect(file.binary?.staff_list).toMatchObject({ fileName: 'staff.xlsx.csv', mimeType: 'text/csv' });
		expect(Buffer.from(String(file.binary?.staff_list.data), 'base64').toString('utf8')).toBe(
			[
				'"Staff Report - First Baptist, Springfield",,,,,,',
				',,,,,,',
				header.join(','),
				`${leaver.external_id},${leaver.first_name},${leaver.last_name},${leaver.email},${excelDay(-30)},${excelDay(-900)},`,
				`${stays.external_id},${stays.first_name},${stays.last_name},${stays.email},${excelDay(200)},${excelDay(-400)},"Says ""hi"",\nthen leaves"`,
				`XL-NEW-1,Nadia,Leftearly,nadia.leftearly@example.org,${excelDay(-3)},${excelDay(-60)},`,
				`XL-NEW-2,Omar,Newhire,omar.newhire@example.org,,${excelDay(-5)},TRUE`,
				'',
			].join('\r\n'),
		);
		const sync = run.outputs.get('Sync employees') ?? [];
		expect(sync.map(({ json }) => [json.external_id ?? json.action, json.action])).toEqual([
			[leaver.external_id, 'deactivated'],
			['XL-NEW-1', 'skipped'],
			['XL-NEW-2', 'created'],
			['summary', 'summary'],
		]);
		expect(run.ending?.title).toBe('What would change');
		expect(lines(run)).toEqual(
			expect.arrayContaining([
				`Matched on 'Employee ID': 2 of 4 IDs are in MinistrySafe.`,
				'Would create 1 employee: Omar Newhire',
				`Would deactivate 1: ${fullName(leaver)}`,
				'1 (Nadia Leftearly) left and is not in MinistrySafe: nobody would be added.',
				'Unchanged: 1',
			]),
		);
		expect(section(run, 'How the columns of your file were read:')).toEqual([
			"Employee ID: each person's ID: matched on it",
			'First Name: first name',
			'Last Name: last name',
			'Email: email',
			'Termination Date: the day the person leaves (on or before today: left)',
			'Hire Date: hire date (after the day the person left: hired again)',
			'Not read: Notes',
		]);
		expect(sentWrites(sandbox())).toEqual([]);
	});

	it('whose ID column has a name no rule reads: the next page asks, and the answer reads the same workbook again', async () => {
		const sheet = [
			['File #', 'Preferred Name', 'Last Name', 'Work Email'],
			['XL-ADP-1', 'Ana', 'Adpson', 'ana.adpson@example.org'],
			['XL-ADP-2', 'Bo', 'Adpson', 'bo.adpson@example.org'],
		];

		const run = await sent({ name: 'adp.xlsx', sheet, answer: () => ({ id_column: 'File #' }) });

		expect(run.pages.map((page) => page.title)).toEqual(["Which column holds each person's ID?"]);
		expect(lines(run)).toEqual(expect.arrayContaining([`Matched on 'File #': 0 of 2 IDs are in MinistrySafe.`, 'Would create 2 employees: Ana Adpson, Bo Adpson']));
		expect(sentWrites(sandbox())).toEqual([]);
	});

	it('an empty sheet, or one with column names only: the page says the file has no one on it, to the uploader', async () => {
		const noOne = 'Your file has no one on it: no row below its column names. Check the export (its filters, or the sheet it was saved from), and send the file again (nothing has changed).';
		for (const sheet of [[], [['Employee ID', 'First Name', 'Last Name', 'Email']]]) {
			const run = await sent({ name: 'empty.xlsx', sheet });
			expect(run.ending).toEqual({ title: 'The staff list needs a change', message: noOne });
		}
		const csv = await sent({ name: 'empty.csv', content: 'Employee ID,First Name,Last Name,Email\r\n' });
		expect(csv.ending?.message).toBe(noOne);
		expect(sentWrites(sandbox())).toEqual([]);
	});
});

describe('the ending page', () => {
	/** An Infinite Campus staff extract: Campus's own personID first, the district's staffNumber after it. */
	const campus = (people: Array<Pick<UserRecord, 'external_id' | 'first_name' | 'last_name' | 'email'>>, columns: (index: number) => IDataObject = () => ({})) =>
		csvExport(
			people.map((person, index) => ({
				personID: String(48211 + index),
				staffNumber: person.external_id,
				lastName: person.last_name,
				firstName: person.first_name,
				email: person.email,
				...columns(index),
			})),
		);

	it('says which column each person was matched on and how many of its IDs MinistrySafe has, and how every column was read', async () => {
		const [first, second, third] = await usable();
		const newcomer = { external_id: 'IC-NEW-1', first_name: 'Hung', last_name: 'Tran', email: 'hung.tran@example.org' };
		const content = campus([first, second, third, newcomer], (index) => ({ maritalStatus: 'M', Enabled: index === 2 ? 'FALSE' : 'TRUE', endDate: '' }));

		const run = await sent({ name: 'campus.csv', content });

		expect(lines(run)).toEqual(
			expect.arrayContaining([
				"Matched on 'staffNumber': 3 of 4 IDs are in MinistrySafe.",
				'Would create 1 employee: Hung Tran',
				`Would deactivate 1: ${fullName(third)}`,
			]),
		);
		expect(lines(run)).not.toContain(expect.stringMatching(/^If MinistrySafe already has your people/));
		expect(section(run, 'How the columns of your file were read:')).toEqual([
			"personID: another ID, not read (matched on 'staffNumber')",
			"staffNumber: each person's ID: matched on it",
			'lastName: last name',
			'firstName: first name',
			'email: email',
			'maritalStatus: not read: about something else (marital)',
			'Enabled: whether the person is active (yes or no)',
			'endDate: the day the person leaves (on or before today: left)',
		]);
	});

	it('a list MinistrySafe has none of: the dry run says that applying would add them all, and how to match on other IDs', async () => {
		const run = await sent({ name: 'new.csv', content: csvExport([{ 'Employee ID': 'NEW-ORG-1', 'First Name': 'Ida', 'Last Name': 'Neworg', Email: 'ida.neworg@example.org' }]) });

		expect(lines(run).slice(0, 2)).toEqual([
			"Matched on 'Employee ID': 0 of 1 ID is in MinistrySafe.",
			'If MinistrySafe already has your people, it has them under other IDs, and applying would add them again: rename the column that holds those IDs to "External ID" in your export, and send it again.',
		]);
	});

	it("names every row's person of an unknown value, the count and the names agreeing, and skipped people apart from those updated", async () => {
		const [known, other] = await usable();
		const newcomers = Array.from({ length: 12 }, (_, index) => ({ external_id: `UNK-${index + 1}`, first_name: `Una${index + 1}`, last_name: 'Known', email: `una${index + 1}.known@example.org` }));
		const rows = [
			{ 'Employee ID': known.external_id, 'First Name': known.first_name, 'Last Name': `${known.last_name}-Moved`, Email: known.email, Status: 'XJ' },
			{ 'Employee ID': other.external_id, 'First Name': other.first_name, 'Last Name': other.last_name, Email: other.email, Status: 'Active' },
			...newcomers.map((person) => ({ 'Employee ID': person.external_id, 'First Name': person.first_name, 'Last Name': person.last_name, Email: person.email, Status: 'XJ' })),
		];

		const run = await sent({ name: 'status.csv', content: csvExport(rows) });

		const named = [fullName({ ...known, last_name: `${known.last_name}-Moved` }), ...newcomers.slice(0, 9).map(fullName)];
		expect(lines(run).filter((line) => line.includes("'XJ'"))).toEqual([`Status 'XJ' (13 rows: ${named.join(', ')} and 3 more) is not known.`]);
		expect(lines(run)).toEqual(
			expect.arrayContaining([
				`Would update 1: ${named[0]} (last_name)`,
				'Would skip 12:',
				`12 (${newcomers.slice(0, 10).map(fullName).join(', ')} and 2 more): a value in their rows is not known (below), so nobody would be added.`,
			]),
		);
		expect(section(run, 'How the values in your file were read:')).toEqual(['Status: XJ (13) not known; Active (1) still there']);
	});

	it('names the names the file lost letters of, and says to save the export as CSV UTF-8; nobody is added with one', async () => {
		const [known] = await usable();
		const rows = [
			{ 'Employee ID': known.external_id, 'First Name': known.first_name, 'Last Name': `${known.last_name.slice(0, 1)}?${known.last_name.slice(2)}`, Email: known.email },
			{ 'Employee ID': 'LOST-1', 'First Name': '?ukasz', 'Last Name': 'Wi?niewski', Email: 'lukasz.wisniewski@example.org' },
		];

		const run = await sent({ name: 'excel-plain.csv', content: csvExport(rows) });

		expect(lines(run)).toEqual(
			expect.arrayContaining([
				'Would skip 1:',
				'1 (?ukasz Wi?niewski): letters of a name were lost in the file (below), so nobody would be added.',
				`3 names or emails in the file lost letters ('?' where a letter was): ${rows[0]['Last Name']} (Last Name, row 2), ?ukasz (First Name, row 3), Wi?niewski (Last Name, row 3). Nobody would be added with such a name, and no name MinistrySafe has would be written over. Excel's "CSV (Comma delimited)" loses every letter it cannot hold: save the export as "CSV UTF-8" (or send the Excel workbook itself), and send it again.`,
			]),
		);
		expect(run.outputs.get('Sync employees')?.map(({ json }) => json.action)).toEqual(['unchanged', 'skipped', 'summary']);
	});

	it("an Active Directory export: its own accounts named by their rows as no one's, a person on two rows said once, Enabled and userAccountControl listed as read", async () => {
		const [disabled, twice] = await usable();
		const account = (name: string, person?: Pick<UserRecord, 'external_id' | 'first_name' | 'last_name' | 'email'>, enabled = true) => ({
			SamAccountName: name,
			EmployeeID: person?.external_id ?? '',
			GivenName: person?.first_name ?? '',
			Surname: person?.last_name ?? '',
			mail: person?.email ?? '',
			Enabled: enabled ? 'TRUE' : 'FALSE',
			userAccountControl: enabled ? '512' : '514',
		});
		const content = csvExport([
			account('Administrator'),
			account('Guest', undefined, false),
			account('krbtgt', undefined, false),
			account('sofia', disabled, false),
			account('will', twice),
			account('will.two', twice),
			account('ngozi', { external_id: 'AD-NEW-1', first_name: 'Ngozi', last_name: 'Adeyemi', email: 'ngozi.adeyemi@example.org' }),
		]);

		const run = await sent({ name: 'ad-users.csv', content });

		expect(lines(run)).toEqual(
			expect.arrayContaining([
				'Would create 1 employee: Ngozi Adeyemi',
				`Would deactivate 1: ${fullName(disabled)}`,
				'Would skip 5:',
				"3 (row 2, row 3, row 4): no ID, name or email in these rows (a directory's own accounts, such as Administrator or Guest, have none): nobody would be added.",
				`2 (${fullName(twice)}, ${fullName(twice)}): the same ID is on more than one row of the file, and none of those rows would be used. Keep one row for each person in your export, and send it again.`,
			]),
		);
		expect(section(run, 'How the columns of your file were read:')).toEqual([
			"EmployeeID: each person's ID: matched on it",
			'GivenName: first name',
			'Surname: last name',
			'mail: email',
			'Enabled: whether the person is active (yes or no)',
			'userAccountControl: account control (a disabled account: left)',
			'Not read: SamAccountName',
		]);
	});

	it('a column that looks like an active flag but whose name is not wholly understood: named as not known with what to do, its new people not added', async () => {
		const [known] = await usable();
		const rows = [
			{ 'Employee ID': known.external_id, 'First Name': known.first_name, 'Last Name': known.last_name, Email: known.email, 'Active Ministry Team': 'N' },
			{ 'Employee ID': 'AMT-1', 'First Name': 'Tess', 'Last Name': 'Teamer', Email: 'tess.teamer@example.org', 'Active Ministry Team': 'Y' },
		];

		const run = await sent({ name: 'church.csv', content: csvExport(rows) });

		expect(section(run, 'How the columns of your file were read:')).toContain(
			"Active Ministry Team: not known: it looks like whether the person is active (yes or no), but 'ministry team' in its name is not known. Say what its values mean in the form's last fields, or rename the column in your export",
		);
		// Its "no" says nothing (not on that team); anything else is not known until the uploader says what it means.
		expect(lines(run)).toEqual(
			expect.arrayContaining([
				"Active Ministry Team 'Y' (1 row: Tess Teamer) is not known.",
				'1 (Tess Teamer): a value in the row is not known (below), so nobody would be added.',
				'Unchanged: 1',
			]),
		);
		expect(lines(run)).not.toContain(expect.stringMatching(/^Would (create|deactivate)/));

		// As the page says: 'Y' said on the form to mean still there.
		const answered = await sent({ name: 'church.csv', content: csvExport(rows), meanings: { staying_values: 'Y' } });
		expect(lines(answered)).toContain('Would create 1 employee: Tess Teamer');
		expect(lines(answered).join('\n')).not.toContain('not known');
		expect(section(answered, 'How the columns of your file were read:')).toContain(
			"Active Ministry Team: whether the person is active (yes or no), by the values named on the form alone (the words 'ministry team' in its name are not understood)",
		);
	});

	it('a termination date that reads two ways, one before today and one after, in a file that never says which: named, and the advice is to write it year first', async () => {
		const today = runDay(0);
		const year = today.getUTCFullYear();
		const day = (month: number, date: number) => Date.UTC(year, month - 1, date);
		const pairs = Array.from({ length: 144 }, (_, index) => [Math.floor(index / 12) + 1, (index % 12) + 1]);
		const [first, second] = pairs.find(([a, b]) => day(a, b) <= today.getTime() !== day(b, a) <= today.getTime()) as number[];
		const written = `${String(first).padStart(2, '0')}/${String(second).padStart(2, '0')}/${year}`;

		const run = await sent({
			name: 'dates.csv',
			content: csvExport([{ 'Employee ID': 'DATE-1', 'First Name': 'Dana', 'Last Name': 'Twoways', Email: 'dana.twoways@example.org', 'Termination Date': written }]),
		});

		expect(lines(run)).toEqual(
			expect.arrayContaining([
				`Termination Date '${written}' (1 row: Dana Twoways) is not known.`,
				'A date that is not known (one that reads two ways, such as 5/6/2026 in a file whose other dates do not say whether the day or the month comes first) neither adds nor deactivates anyone: write it as year-month-day (2026-05-06) in your export, and send the file again.',
			]),
		);
		// The form's last fields are for statuses and types: a date is mended in the export.
		expect(lines(run).join('\n')).not.toContain('Other values in the file that mean');
	});

	it("escapes the file's text: a column name or a value is never HTML", async () => {
		const run = await sent({
			name: 'tags.csv',
			content: csvExport([{ 'Employee ID': 'ESC-1', 'First Name': 'Theo', 'Last Name': 'Ray & <Sons>', Email: 'theo.ray@example.org', Status: '<i>XJ</i>', '<b>Dept</b>': 'Youth' }]),
		});

		const message = run.ending?.message ?? '';
		expect(message).not.toMatch(/<(b|i|Sons)>/);
		expect(lines(run)).toEqual(
			expect.arrayContaining(["Status '&lt;i&gt;XJ&lt;/i&gt;' (1 row: Theo Ray &amp; &lt;Sons&gt;) is not known.", 'Not read: &lt;b&gt;Dept&lt;/b&gt;']),
		);
	});
});

describe('the next page, when several columns could hold the ID', () => {
	it('says how many of each one\'s IDs MinistrySafe has and lists them first; nothing is sent before the answer, and the answer is the key', async () => {
		const newcomers = [1, 2].map((n) => ({ personID: `4821${n}`, Department: 'Youth', staffNumber: `NEWD-${n}`, lastName: 'Campus', firstName: `New${n}`, email: `new${n}.campus@example.org` }));
		const content = csvExport(newcomers);

		const stopped = await sent({ name: 'campus.csv', content });
		expect(sentWrites(sandbox())).toEqual([]);
		const [asked] = stopped.pages;
		expect(asked.title).toBe("Which column holds each person's ID?");
		expect(asked.description).toBe(
			"More than one column of your file could hold each person's ID: 'personID' (0 of its 2 IDs are in MinistrySafe), 'staffNumber' (0 of its 2 IDs are in MinistrySafe). Choose the one that holds the IDs your organization uses for each person in MinistrySafe: a person matched on the wrong one would be added a second time. Or rename that column to Employee ID in your export and send the file again. Answer within an hour: after that, nothing is changed and the file must be sent again.",
		);
		expect(asked.fields).toEqual([
			expect.objectContaining({
				fieldName: 'id_column',
				fieldOptions: { values: ['personID', 'staffNumber', 'Department', 'lastName', 'firstName', 'email'].map((option) => ({ option })) },
			}),
		]);

		const answered = await sent({ name: 'campus.csv', content, mode: APPLY, answer: () => ({ id_column: 'staffNumber' }) });
		expect(lines(answered)).toEqual(expect.arrayContaining(["Matched on 'staffNumber': 0 of 2 IDs are in MinistrySafe.", 'Created 2 employees: New1 Campus, New2 Campus']));
		expect(sentWrites(sandbox())).toEqual(['POST /api/v2/users', 'POST /api/v2/users']);
	});

	it('waits an hour: left unanswered, the upload ends there with nothing sent, and the page is not asked again (review S3)', async () => {
		const page = upload?.nodes.find((node) => node.name === 'Which column holds the ID?');
		expect(page?.parameters).toMatchObject({ limitWaitTime: true, limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'hours' });
		const content = csvExport([{ 'File #': 'ADP-7', 'First Name': 'Una', 'Last Name': 'Waite', Email: 'una.waite@example.org' }]);

		const run = await sent({ name: 'adp.csv', content, mode: APPLY, answer: () => UNANSWERED });
		expect(run.pages.map((asked) => asked.title)).toEqual(["Which column holds each person's ID?"]);
		expect(run.outputs.get('The file again, with the answer')).toEqual([]);
		expect(run.ending).toBeUndefined();
		expect(sentWrites(sandbox())).toEqual([]);
	});
});
