// The who-may-serve templates' comparisons, through n8n's engine: each template's Compliance node run by n8n-core
// against the sandbox over real HTTP (with its Always Output Data), and its Code node "What changed" run as n8n's
// task runner runs it, with n8n's data proxy over what the nodes before it put out (the table's or sheet's rows as
// n8n's Data Table and Google Sheets nodes read them). Each morning writes only the rows whose compliance changed, and
// a morning with nobody from MinistrySafe marks every row. The nightly sync, on a staff sheet that holds the Google
// Sheet template's columns, decides exactly what it decided without them. The whole templates run in a real n8n:
// test/e2e/templates.e2e.test.ts.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { exampleWorkflows } from '../../scripts/n8n-runtime';
import { organizationBody } from '../sandbox/helpers';
import { runCodeNode } from '../helpers/codeNode';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';
import { allUsers, type UserRecord } from '../helpers/staffList';
import { GONE, NOTHING, whoMayServeRow } from '../helpers/whoMayServe';

const sandbox = useSandbox();

const TABLE = 'msExampleComplianceDataTable';
const SHEET = 'msExampleComplianceGoogleSheet';
const MORNING = 'Every morning at 5:00';
const CHECK = "Check everyone's compliance";
const WHAT_CHANGED = 'What changed';

function template(id: string) {
	const found = exampleWorkflows().find((workflow) => workflow.id === id);
	if (!found) throw new Error(`examples/ has no ${id}`);
	return found;
}
function nodeOf(id: string, name: string) {
	const node = template(id).nodes.find((candidate) => candidate.name === name);
	if (!node) throw new Error(`No node ${name} in ${id}`);
	return node as { parameters: INodeParameters; typeVersion: number; alwaysOutputData?: boolean; executeOnce?: boolean };
}

/** What a template's Compliance node puts out, run by n8n's engine as the template sets it (Always Output Data). */
async function compliance(id: string, credential: { url: string; apiKey: string } = sandbox(), asSet = true): Promise<IDataObject[]> {
	const node = nodeOf(id, CHECK);
	const result = await runActionNode({
		parameters: node.parameters,
		credential,
		typeVersion: node.typeVersion,
		alwaysOutputData: asSet && node.alwaysOutputData,
	});
	expect(result.error).toBeUndefined();
	return jsonOf(result);
}

/** The key of an Organization with nobody in it: what a credential for the wrong Organization reads. */
async function emptyOrganization(): Promise<{ url: string; apiKey: string }> {
	const created = ok(await sandboxClients(sandbox()).api.post('/organizations', { json: organizationBody() })) as IDataObject;
	return { url: sandbox().url, apiKey: String(created.organization_api_key) };
}

/** The schedule's item, as n8n's Schedule Trigger puts it out in n8n's default time zone (the workflows keep it). */
const morning = { timestamp: '2026-11-29T05:00:00.123-05:00', Timezone: 'America/New_York (UTC-05:00)' };

/** A Training of the user's completed now: their compliance changes (pending or missing no more). */
async function completeTraining(user: UserRecord): Promise<void> {
	const { api, control } = sandboxClients(sandbox());
	ok(await api.post(`/users/${user.id}/assign_training`, { form: { survey_code: 'standard' } }));
	const trainings = ok(await api.get(`/users/${user.id}/trainings`)) as IDataObject[];
	const open = trainings.find((training) => training.complete_date === null);
	ok(await control.post(`/trainings/${String(open?.id)}/complete`, { json: { score: 100 } }));
}

describe('the compliance Data Table template', () => {
	type Row = IDataObject & { id: number };
	const COLUMNS = ['Name', 'May_serve', 'Why_not', 'Runs_out_on', 'Runs_out', 'Status', 'Summary', 'External_ID'];

	/** The Code node on what the morning's nodes put out; the table as n8n's Data Table node reads it (one empty item for none). */
	const whatChangedItems = async (people: IDataObject[], table: Row[]) =>
		await runCodeNode(template(TABLE), WHAT_CHANGED, { [MORNING]: [morning], [CHECK]: people, 'Read the table': table.length > 0 ? table : [{}] });
	/** The rows it writes, in order: the new ones, then the changes (one item holds both lists, made rows by Split Out). */
	async function whatChanged(people: IDataObject[], table: Row[]): Promise<IDataObject[]> {
		const [lists, ...more] = await whatChangedItems(people, table);
		expect(more).toEqual([]);
		return [...(lists.new_rows as IDataObject[]), ...(lists.changed_rows as IDataObject[])];
	}

	/** The table after the writes: a new row for each item without an id (the next ids), the others changed in place. */
	function applied(table: Row[], written: IDataObject[]): Row[] {
		const rows = table.map((row) => ({ ...row }));
		let next = Math.max(0, ...rows.map((row) => row.id)) + 1;
		for (const { id, ...cells } of written) {
			if (id === undefined) rows.push({ id: next++, ...cells });
			else Object.assign(rows.find((row) => row.id === id) as Row, cells);
		}
		return rows;
	}

	const byKey = (rows: IDataObject[]) => new Map(rows.map((row) => [String(row.External_ID), row]));

	it('makes its columns in the order a coordinator reads them, named as n8n allows', () => {
		const columns = (nodeOf(TABLE, 'Create the table if it is not there').parameters.columns as { column: Array<{ name: string; type: string }> }).column;
		expect(columns.map((column) => column.name)).toEqual(COLUMNS);
		// n8n's rule for a Data Table column's name (DATA_TABLE_COLUMN_REGEX and _MAX_LENGTH in @n8n/api-types, the
		// same in n8n 2.8 and 2.41): a letter, then letters, digits and underscores, 63 at most; no spaces.
		for (const { name } of columns) expect(name).toMatch(/^[a-zA-Z][a-zA-Z0-9_]{0,62}$/);
		expect(new Set(columns.map((column) => column.type))).toEqual(new Set(['string']));
	});

	it('the first morning: the last-check row first, then a row a person, every cell said (none empty or null)', async () => {
		const people = await compliance(TABLE);
		const users = await allUsers(sandbox());
		expect(people).toHaveLength(users.length);

		const items = await whatChangedItems(people, []);
		const written = await whatChanged(people, []);

		// One item holds the lists: no node tests an expression a person.
		expect(items).toEqual([{ new_rows: written, changed_rows: [] }]);
		expect(written).toHaveLength(users.length + 1);
		const [lastCheck, ...rows] = written;
		expect(lastCheck).toEqual({
			Name: 'Last check 2026-11-29 05:00 EST',
			May_serve: NOTHING,
			Why_not: `${users.length} people checked: ${people.filter((entry) => entry.compliant).length} may serve, ${people.filter((entry) => !entry.compliant).length} may not`,
			Runs_out_on: NOTHING,
			Runs_out: NOTHING,
			Status: 'last check',
			Summary: expect.stringMatching(/^Checked 2026-11-29T05:00:00\.123-05:00, America\/New_York \(UTC-05:00\): 25 added, 0 changed, 0 no longer in MinistrySafe\. /),
			External_ID: '(last check)',
		});
		expect(rows).toEqual(people.map(whoMayServeRow));
		expect(rows.some((row) => row.May_serve === 'yes') && rows.some((row) => row.May_serve === 'no')).toBe(true);
		for (const row of written) for (const column of COLUMNS) expect([typeof row[column], row[column]]).toEqual(['string', expect.stringMatching(/\S/)]);
	});

	it('the next morning, nothing changed: only the last-check row is written, in place', async () => {
		const people = await compliance(TABLE);
		const table = applied([], await whatChanged(people, []));

		const written = await whatChanged(people, table);

		expect(written).toEqual([{ ...table[0], Summary: expect.stringContaining(': 0 added, 0 changed, 0 no longer in MinistrySafe.') }]);
	});

	it('a morning after changes: the rows of the person whose compliance changed and of the one deactivated, then the last check', async () => {
		const users = await allUsers(sandbox());
		const table = applied([], await whatChanged(await compliance(TABLE), []));
		const before = byKey(table);
		const [changing, leaving] = users.filter((user) => before.get(user.external_id)?.May_serve === 'no');
		await completeTraining(changing);
		ok(await sandboxClients(sandbox()).api.delete(`/users/${leaving.id}`));

		const people = await compliance(TABLE);
		const written = await whatChanged(people, table);

		const changed = people.find((entry) => entry.external_id === changing.external_id) as IDataObject;
		expect(whoMayServeRow(changed)).not.toEqual(before.get(changing.external_id));
		expect(written).toEqual([
			{ id: before.get(changing.external_id)?.id, ...whoMayServeRow(changed) },
			{
				id: before.get(leaving.external_id)?.id,
				Name: `${leaving.first_name} ${leaving.last_name}`,
				May_serve: 'no',
				Why_not: GONE,
				Runs_out_on: NOTHING,
				Runs_out: NOTHING,
				Status: 'no longer in MinistrySafe',
				Summary: GONE,
				External_ID: leaving.external_id,
			},
			expect.objectContaining({ id: 1, Summary: expect.stringContaining(': 0 added, 1 changed, 1 no longer in MinistrySafe.') }),
		]);
		// The row of someone gone is marked once; the morning after, only the last check again.
		expect(await whatChanged(people, applied(table, written))).toEqual([expect.objectContaining({ id: 1, External_ID: '(last check)' })]);
	});

	it('two rows with one External ID (a copy made by hand) both say what MinistrySafe says', async () => {
		const people = await compliance(TABLE);
		const table = applied([], await whatChanged(people, []));
		const someone = table.find((row) => row.May_serve === 'no') as Row;
		const copied = applied(table, [{ ...someone, id: undefined, May_serve: 'yes', Why_not: NOTHING }]);

		const written = await whatChanged(people, copied);

		expect(written.map((row) => row.id)).toEqual([copied.length, 1]);
		expect(written[0]).toMatchObject({ External_ID: someone.External_ID, May_serve: 'no', Why_not: someone.Why_not });
	});

	it('n8n gives the next node nothing when Compliance finds nobody, unless Always Output Data: the template sets it', async () => {
		const wrongOrganization = await emptyOrganization();
		// Without it, no node after Compliance would run: every row would keep its last answer (review S1).
		expect(await compliance(TABLE, wrongOrganization, false)).toEqual([]);
		expect(await compliance(TABLE, wrongOrganization)).toEqual([{}]);
		expect(nodeOf(TABLE, CHECK).alwaysOutputData).toBe(true);
		// The table's read runs once (not once a person), and gives its next node an item when the table is empty.
		expect(nodeOf(TABLE, 'Read the table')).toMatchObject({ alwaysOutputData: true, executeOnce: true });
	});

	it('a morning with nobody from MinistrySafe marks every person row, none left saying yes, and says so in the last check', async () => {
		const table = applied([], await whatChanged(await compliance(TABLE), []));
		expect(table.filter((row) => row.May_serve === 'yes').length).toBeGreaterThan(0);

		const written = await whatChanged(await compliance(TABLE, await emptyOrganization()), table);

		const people = table.slice(1);
		expect(written.slice(0, -1)).toEqual(people.map((row) => ({ ...row, May_serve: 'no', Why_not: GONE, Runs_out_on: NOTHING, Runs_out: NOTHING, Status: 'no longer in MinistrySafe', Summary: GONE })));
		expect(written.at(-1)).toMatchObject({
			id: 1,
			Why_not: '0 people checked: 0 may serve, 0 may not',
			Summary: expect.stringContaining(`: 0 added, 0 changed, ${people.length} no longer in MinistrySafe.`),
		});
	});
});

describe('the compliance Google Sheet template', () => {
	const ID = 'Employee ID';
	const CHANGED_ON = 'Changed on';
	// n8n's default time zone, which the workflow keeps (no time zone of its own).
	const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

	const whatChanged = async (people: IDataObject[], sheet: IDataObject[]) =>
		await runCodeNode(template(SHEET), WHAT_CHANGED, { [MORNING]: [morning], [CHECK]: people, 'Read the staff sheet': sheet });

	/** The cells for a person, as the sheet should hold them; '' clears a cell (Google Sheets leaves one as it was for null). */
	const cellsFor = (entry: IDataObject | undefined) =>
		entry
			? {
					'May serve': entry.compliant ? 'yes' : 'no',
					Compliance: entry.status,
					'Runs out': entry.compliant ? entry.runs_out : '',
					'Runs out on': entry.compliant ? entry.runs_out_on : '',
					'Compliance summary': entry.summary,
				}
			: { 'May serve': 'no', Compliance: 'not in MinistrySafe', 'Runs out': '', 'Runs out on': '', 'Compliance summary': 'No MinistrySafe user has this Employee ID' };

	/** A day as Google Sheets' Read node gives a date cell back by default: its serial number (days since 1899-12-30). */
	const serial = (day: IDataObject[string]) => (typeof day === 'string' && day !== '' ? (Date.parse(`${day}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000 : day);

	/** The staff sheet as the Read node gives it, each row with what an earlier morning wrote beside the person. */
	async function sheetAfterAMorning(people: IDataObject[]): Promise<IDataObject[]> {
		const users = await allUsers(sandbox());
		const byExternalId = new Map(people.map((entry) => [entry.external_id, entry]));
		return users.map((user, index) => {
			const cells = cellsFor(byExternalId.get(user.external_id));
			return {
				row_number: index + 2,
				// An ID the sheet holds as a number comes back as one.
				[ID]: /^\d+$/.test(user.external_id) ? Number(user.external_id) : user.external_id,
				'First Name': user.first_name,
				'Last Name': user.last_name,
				...cells,
				'Runs out on': serial(cells['Runs out on']),
				[CHANGED_ON]: 46000,
			};
		});
	}

	it('a morning where nothing changed writes nothing, dates read back as serial numbers and numeric IDs included', async () => {
		const people = await compliance(SHEET);
		const sheet = await sheetAfterAMorning(people);
		expect(sheet.some((row) => typeof row['Runs out on'] === 'number') && sheet.some((row) => typeof row[ID] === 'number')).toBe(true);

		expect(await whatChanged(people, sheet)).toEqual([]);
	});

	it('writes, by row number, only the rows that changed; a second row with the same Employee ID gets its own (review S2)', async () => {
		const people = await compliance(SHEET);
		const sheet = await sheetAfterAMorning(people);
		const someone = people.find((entry) => entry.compliant) as IDataObject;
		const mine = sheet.find((row) => String(row[ID]) === someone.external_id) as IDataObject;
		const stale = { ...mine, 'May serve': 'no', Compliance: 'noncompliant' };
		const rows = [
			...sheet.map((row) => (row === mine ? stale : row)),
			// The same person in a second ministry, further down, and someone MinistrySafe does not have.
			{ ...stale, row_number: sheet.length + 2 },
			{ ...mine, row_number: sheet.length + 3, [ID]: 'NOT-IN-MS' },
			// A line with no ID (a heading, a blank line) is no one's: left as it is.
			{ row_number: sheet.length + 4, [ID]: '', 'First Name': 'Volunteers' },
		];

		const written = await whatChanged(people, rows);

		expect(written).toEqual([
			{ row_number: mine.row_number, ...cellsFor(someone), [CHANGED_ON]: today },
			{ row_number: sheet.length + 2, ...cellsFor(someone), [CHANGED_ON]: today },
			{ row_number: sheet.length + 3, ...cellsFor(undefined), [CHANGED_ON]: today },
		]);
	});

	it('a morning with nobody from MinistrySafe says no on every row with an ID', async () => {
		const people = await compliance(SHEET);
		const sheet = await sheetAfterAMorning(people);

		const nobody = await compliance(SHEET, await emptyOrganization());

		expect(nobody).toEqual([{}]);
		expect(await whatChanged(nobody, sheet)).toEqual(sheet.map((row) => ({ row_number: row.row_number, ...cellsFor(undefined), [CHANGED_ON]: today })));
	});

	it("writes each row through the Google Sheets node by its row number, so the key's first match is never the only one", () => {
		expect(nodeOf(SHEET, 'Write beside each person').parameters).toMatchObject({
			operation: 'update',
			columns: { mappingMode: 'autoMapInputData', matchingColumns: ['row_number'] },
		});
		expect(nodeOf(SHEET, CHECK).alwaysOutputData).toBe(true);
		expect(nodeOf(SHEET, 'Read the staff sheet').executeOnce).toBe(true);
	});
});

/**
 * What the template's cells read back as, in Google Sheets' words: it writes as a user types (USER_ENTERED), so a day
 * becomes a date, which the Read node gives as a serial number (its default, unformatted values) or as text.
 */
const CELLS: IDataObject[] = [
	{ 'May serve': 'yes', Compliance: 'compliant', 'Runs out': 'training', 'Runs out on': 46392, 'Compliance summary': 'Training valid until 2027-01-05; background check valid until 2030-09-06', 'Changed on': 46000 },
	{ 'May serve': 'yes', Compliance: 'expiring', 'Runs out': 'background check', 'Runs out on': '2026-12-01', 'Compliance summary': 'Training valid until 2027-01-05; background check expires 2026-12-01', 'Changed on': '2026-11-28' },
	{ 'May serve': 'no', Compliance: 'noncompliant', 'Runs out': '', 'Runs out on': '', 'Compliance summary': 'Training expired 2026-03-05; background check missing', 'Changed on': '2026-11-28' },
	{ 'May serve': 'no', Compliance: 'not in MinistrySafe', 'Runs out': '', 'Runs out on': '', 'Compliance summary': 'No MinistrySafe user has this Employee ID', 'Changed on': '2026-11-28' },
];

describe('the nightly sync template on a staff sheet the compliance template wrote to', () => {
	it('is given the columns the compliance template writes, and only those', async () => {
		const written = await runCodeNode(template(SHEET), WHAT_CHANGED, {
			[MORNING]: [morning],
			[CHECK]: [{}],
			'Read the staff sheet': [{ row_number: 2, 'Employee ID': 'E1' }],
		});
		expect(written.map((row) => Object.keys(row).filter((key) => key !== 'row_number'))).toEqual([Object.keys(CELLS[0])]);
	});

	it('decides exactly what it decided without them: the same items, nothing else read into a person', async () => {
		const sync = nodeOf('msExampleGoogleSheetSync', 'Sync users');
		const users = await allUsers(sandbox());
		const staff = users.filter((user) => user.tags.includes('Staff'));
		// Everyone but two Staff (to be deactivated), one renamed, and a newcomer the service does not have yet.
		const listed = users.filter((user) => !staff.slice(0, 2).includes(user));
		const people = listed.map((user, index) => (index === 0 ? { ...user, last_name: `${user.last_name}-Moved` } : user));
		people.push({ ...people[1], external_id: 'TPL-COMPLIANCE-NEW', email: 'nora.compliance@example.org', first_name: 'Nora' });
		const rows = people.map((person, index) => ({
			row_number: index + 2,
			'Employee ID': person.external_id,
			'First Name': person.first_name,
			'Last Name': person.last_name,
			Email: person.email,
			'User Type': person.user_type ?? 'employee',
		}));
		const run = async (items: IDataObject[]) => {
			const result = await runActionNode({ parameters: sync.parameters, items, credential: sandbox(), typeVersion: sync.typeVersion });
			expect(result.error).toBeUndefined();
			return result.items.map((item) => item.json);
		};

		const before = await run(rows);
		const after = await run(rows.map((row, index) => ({ ...row, ...CELLS[index % CELLS.length] })));

		// The summary accounts for every column of the list: the compliance columns, none of them read.
		const withoutColumns = (items: IDataObject[]) => items.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => key !== 'columns')));
		expect(withoutColumns(after)).toEqual(withoutColumns(before));
		const added = Object.keys(CELLS[0]);
		expect((after.at(-1)?.columns as IDataObject[]).filter(({ column }) => added.includes(String(column)))).toEqual(added.map((column) => ({ column, reading: 'not read' })));
		expect(before.at(-1)).toMatchObject({ action: 'summary', dry_run: true, counts: { created: 1, updated: 1, deactivated: 2, skipped: 0 } });
		expect(sentRequests(sandbox()).every((request) => request.method === 'GET')).toBe(true);
	});
});
