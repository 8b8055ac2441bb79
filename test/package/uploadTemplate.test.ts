// The upload template's form and its Sync nodes agree: every answer an expression reads is a field of the form, and an
// answer about statuses still there adds to Sync's own default (set, 'Statuses That Mean Still There' replaces its
// default, so the expression carries it; a changed default in the node fails here until the template follows).
import { exampleWorkflows } from '../../scripts/n8n-runtime';
import { STAYING_STATUSES } from '../../nodes/MinistrySafe/staffList/person/status';

const upload = exampleWorkflows().find((workflow) => workflow.id === 'msExampleUploadStaffList');
if (!upload) throw new Error('examples/ has no msExampleUploadStaffList');
const FORM_ANSWER = /\$\('Upload your staff list'\)\.first\(\)\.json\.(\w+)/g;

const form = upload.nodes.find((node) => node.name === 'Upload your staff list') as unknown as {
	parameters: { formFields: { values: Array<{ fieldName?: string; fieldType?: string }> } };
};
const fieldNames = form.parameters.formFields.values.filter((field) => field.fieldType !== 'html').map((field) => field.fieldName);
const syncNodes = upload.nodes.filter((node) => node.type === 'n8n-nodes-ministrysafe.ministrySafe') as unknown as Array<{
	name: string;
	parameters: { options: Record<string, string> };
}>;

describe('the upload template', () => {
	it('reads only answers its form asks for', () => {
		const read = upload.nodes.flatMap((node) => [...JSON.stringify(node.parameters).matchAll(FORM_ANSWER)].map((match) => match[1]));
		expect(read.length).toBeGreaterThan(10);
		expect([...new Set(read)].filter((name) => !fieldNames.includes(name))).toEqual([]);
	});

	it.each(syncNodes.map((node) => [node.name, node.parameters.options] as const))(
		'%s: what the form says a value means reaches its options, a status still there added to the default',
		(_name, options) => {
			expect(options.leaverStatuses).toBe("={{ $('Upload your staff list').first().json.left_values }}");
			expect(options.stayingStatuses).toBe(
				`={{ ['${STAYING_STATUSES}', $('Upload your staff list').first().json.staying_values].filter((values) => values).join(', ') }}`,
			);
		},
	);

	it('gives the node that reads types from the file what the form says a volunteer and an employee are', () => {
		const fromFile = syncNodes.find((node) => node.name === 'Sync, type from the file');
		expect(fromFile?.parameters.options).toMatchObject({
			volunteerTypes: "={{ $('Upload your staff list').first().json.volunteer_values }}",
			employeeTypes: "={{ $('Upload your staff list').first().json.employee_values }}",
		});
	});
});
