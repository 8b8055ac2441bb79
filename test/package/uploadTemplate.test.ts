// The upload template's form and its Sync nodes agree: every answer an expression reads is a field of the form (of its
// first page, or of the page that asks which column holds the ID), and what the form says a value means reaches the
// Sync nodes' options as the user's own words (contract.md "Reading a value as it is meant": an option's values come
// before the built-in words, which stay; an empty answer names nothing). The form asks for a login, and the Sync nodes
// read CSV, text and JSON files themselves (their encodings, Excel's layouts), Excel workbooks through Extract From File.
import { exampleWorkflows } from '../../scripts/n8n-runtime';

const upload = exampleWorkflows().find((workflow) => workflow.id === 'msExampleUploadStaffList');
if (!upload) throw new Error('examples/ has no msExampleUploadStaffList');
const FORM_ANSWER = /\$\('Upload your staff list'\)\.first\(\)\.json\.(\w+)/g;

const form = upload.nodes.find((node) => node.name === 'Upload your staff list') as unknown as {
	parameters: { formFields: { values: Array<{ fieldName?: string; fieldType?: string }> } };
};
const fieldNames = form.parameters.formFields.values.filter((field) => field.fieldType !== 'html').map((field) => field.fieldName);
const syncNodes = upload.nodes.filter((node) => node.type === 'n8n-nodes-ministrysafe.ministrySafe') as unknown as Array<{
	name: string;
	parameters: { staffList?: string; binaryPropertyName?: string; options: Record<string, string> };
}>;
const nodeNamed = (name: string) => upload.nodes.find((node) => node.name === name) as unknown as { type: string; parameters: Record<string, unknown> };
const PAGE_ANSWER = /\$\('Which column holds the ID\?'\)\.last\(\)\.json\.(\w+)/g;

describe('the upload template', () => {
	it('reads only answers its form asks for', () => {
		const read = upload.nodes.flatMap((node) => [...JSON.stringify(node.parameters).matchAll(FORM_ANSWER)].map((match) => match[1]));
		expect(read.length).toBeGreaterThan(10);
		expect([...new Set(read)].filter((name) => !fieldNames.includes(name))).toEqual([]);
	});

	it.each(syncNodes.map((node) => [node.name, node.parameters.options] as const))(
		'%s: what the form says a value means reaches its options, as the answer alone',
		(_name, options) => {
			expect(options.leaverStatuses).toBe("={{ $('Upload your staff list').first().json.left_values }}");
			expect(options.stayingStatuses).toBe("={{ $('Upload your staff list').first().json.staying_values }}");
		},
	);

	it('asks for a login before the form shows anything (Basic Auth, which every n8n from 2.8 has)', () => {
		const trigger = nodeNamed('Upload your staff list') as unknown as { parameters: { authentication: string }; credentials: Record<string, unknown> };
		expect(trigger.parameters.authentication).toBe('basicAuth');
		expect(Object.keys(trigger.credentials)).toEqual(['httpBasicAuth']);
	});

	it.each(syncNodes.map((node) => [node.name, node.parameters] as const))(
		'%s: reads the uploaded file itself, and the column the next page names as the ID',
		(_name, parameters) => {
			expect(parameters).toMatchObject({ staffList: 'file', binaryPropertyName: 'staff_list' });
			expect(parameters.options.externalIdColumn).toMatch(PAGE_ANSWER);
		},
	);

	it('reads only answers the next page asks for, and asks them by the names the Sync nodes read', () => {
		const read = syncNodes.flatMap((node) => [...JSON.stringify(node.parameters).matchAll(PAGE_ANSWER)].map((match) => match[1]));
		expect([...new Set(read)].sort()).toEqual(['id_column', 'type_column']);
		const questions = String(nodeNamed('Questions about the columns').parameters.jsCode);
		for (const name of read) expect(questions).toContain(`fieldName: '${name}'`);
		expect(nodeNamed('Which column holds the ID?').parameters).toMatchObject({ operation: 'page', defineForm: 'json' });
	});

	it('reads every row of an Excel workbook with Extract From File (a title row a row, no column named __EMPTY) and hands it to Sync as CSV, in the field Sync reads', () => {
		const extract = nodeNamed('Extract from Excel') as ReturnType<typeof nodeNamed> & { alwaysOutputData?: boolean };
		expect(extract.parameters).toEqual({ operation: 'xlsx', binaryPropertyName: 'staff_list', options: { headerRow: false, includeEmptyCells: true } });
		// An empty sheet still reaches Sync (as an empty file), so that the ending page says so.
		expect(extract.alwaysOutputData).toBe(true);
		const excelAsCsv = nodeNamed('Excel as CSV');
		expect(excelAsCsv.type).toBe('n8n-nodes-base.code');
		for (const node of syncNodes) expect(String(excelAsCsv.parameters.jsCode)).toContain(`binary: { ${node.parameters.binaryPropertyName}: {`);
		// The next page's answer reads the same CSV again.
		expect(String(nodeNamed('The file again, with the answer').parameters.jsCode)).toContain("$('Excel as CSV').first()");
	});

	it('gives the node that reads types from the file what the form says a volunteer and an employee are', () => {
		const fromFile = syncNodes.find((node) => node.name === 'Sync, type from the file');
		expect(fromFile?.parameters.options).toMatchObject({
			volunteerTypes: "={{ $('Upload your staff list').first().json.volunteer_values }}",
			employeeTypes: "={{ $('Upload your staff list').first().json.employee_values }}",
			userTypeColumn: expect.stringMatching(PAGE_ANSWER),
		});
	});
});
