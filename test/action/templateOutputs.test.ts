// The nightly-sync and weekly-report templates at node version 1.3 say what they said at 1.2 (the version they shipped
// with), while their executions stay small for a large organisation. Each template's own nodes are run by n8n's engine
// against the sandbox over real HTTP, at 1.3 as shipped and at 1.2 as shipped before, on the same staff list; the
// template's Filter ("Only changes") is applied as its conditions say.
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { exampleWorkflows } from '../../scripts/n8n-runtime';
import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { visibleText } from '../helpers/emailHtml';
import { runActionNode } from '../helpers/n8n';
import { sentRequests, useSandbox } from '../helpers/sandbox';
import { allUsers as listUsers, type UserRecord } from '../helpers/staffList';

const sandbox = useSandbox();
const templates = exampleWorkflows();
const template = (id: string) => {
	const found = templates.find((workflow) => workflow.id === id);
	if (!found) throw new Error(`No template ${id}`);
	return found;
};
const nodeOf = (id: string, name: string) => {
	const node = template(id).nodes.find((candidate) => candidate.name === name);
	if (!node) throw new Error(`No node ${name} in ${id}`);
	return node as { parameters: INodeParameters; typeVersion: number };
};

interface Condition {
	leftValue: string;
	rightValue: string;
	operator: { type: string; operation: string };
}

/**
 * The template's Filter node on these items, as its conditions say. Only what the templates use is read (a field of
 * the item compared as text, all conditions together): anything else fails here rather than being guessed.
 */
function filtered(id: string, items: INodeExecutionData[], conditionsOf: (conditions: Condition[]) => Condition[] = (all) => all) {
	const { conditions } = nodeOf(id, 'Only changes').parameters as unknown as { conditions: { combinator: string; conditions: Condition[] } };
	expect(conditions.combinator).toBe('and');
	const checks = conditionsOf(conditions.conditions).map((condition) => {
		const field = /^=\{\{ \$json\.(\w+) \}\}$/.exec(condition.leftValue)?.[1];
		expect([field, condition.operator]).toEqual([expect.any(String), { type: 'string', operation: 'notEquals' }]);
		return (json: IDataObject) => json[field as string] !== condition.rightValue;
	});
	return items.filter((item) => checks.every((check) => check(item.json)));
}

/** Rows as each template's source node puts them out. */
const SOURCES: Record<string, (user: Pick<UserRecord, 'external_id' | 'first_name' | 'last_name' | 'email'>, index: number) => IDataObject> = {
	msExampleGoogleSheetSync: (user, index) => ({
		row_number: index + 2,
		'Employee ID': user.external_id,
		'First Name': user.first_name,
		'Last Name': user.last_name,
		Email: user.email,
		'User Type': 'employee',
	}),
	msExampleBambooHrSync: (user) => ({
		id: user.external_id,
		displayName: `${user.first_name} ${user.last_name}`,
		firstName: user.first_name,
		lastName: user.last_name,
		jobTitle: 'Staff',
		workEmail: user.email,
		department: 'Ministry',
	}),
};

describe.each(Object.keys(SOURCES))('the nightly sync template %s at node version 1.3', (id) => {
	it("'Only changes' passes exactly what it passed at 1.2, while 'Sync users' puts out only those and the summary", async () => {
		const sync = nodeOf(id, 'Sync users');
		expect(sync.typeVersion).toBe(1.3);
		const users = await listUsers(sandbox());
		const staff = users.filter((user) => user.tags.includes('Staff'));
		// Everyone but two Staff (deactivated, in a dry run would be), one renamed, one newcomer.
		const listed = users.filter((user) => !staff.slice(0, 2).includes(user));
		const people = listed.map((user, index) => (index === 0 ? { ...user, last_name: `${user.last_name}-Moved` } : user));
		people.push({ external_id: `TPL-${id}`, first_name: 'Nora', last_name: 'Nightly', email: `nora.${id.toLowerCase()}@example.org` } as UserRecord);
		const rows = people.map((person, index) => SOURCES[id](person, index));

		const run = async (typeVersion: number) => {
			const result = await runActionNode({ parameters: sync.parameters, items: rows, credential: sandbox(), typeVersion });
			expect(result.error).toBeUndefined();
			return result.items;
		};
		const before = await run(1.2);
		const now = await run(1.3);
		// The template as it shipped with 1.2: its Filter had the first condition alone.
		const passedBefore = filtered(id, before, (conditions) => conditions.slice(0, 1));
		const passedNow = filtered(id, now);
		expect(passedNow).toEqual(passedBefore);
		expect(passedNow.map((item) => item.json.action).sort()).toEqual(['created', 'deactivated', 'deactivated', 'updated']);
		expect(before).toHaveLength(rows.length + 2);
		// What the night's execution saves of 'Sync users': those, and the summary.
		expect(now.map((item) => item.json.action)).toEqual([...passedNow.map((item) => item.json.action), 'summary']);
		expect(now.at(-1)?.json).toMatchObject({
			action: 'summary',
			dry_run: true,
			counts: { created: 1, updated: 1, unchanged: listed.length - 1, deactivated: 2, skipped: 0 },
			unknown_values: [],
		});
		expect(sentRequests(sandbox()).every((request) => request.method === 'GET')).toBe(true);
	});
});

describe('the weekly expiring report template at node version 1.3', () => {
	const report = nodeOf('msExampleExpiringReport', 'Compliance report');
	const run = async (typeVersion: number, parameters: INodeParameters, target: Sandbox) => {
		const result = await runActionNode({ parameters, credential: target, timezone: 'UTC', typeVersion });
		expect(result.error).toBeUndefined();
		return result.items[0].json as { summary: string; counts: unknown; groups: unknown; due: IDataObject[]; html: string; text: string };
	};

	it('emails and posts what it did at 1.2, with an item under 200 KB at 2,000 people', async () => {
		expect(report.typeVersion).toBe(1.3);
		const large = await startSandbox({ users: 2000 });
		try {
			const { dueLimit, ...shippedBefore } = report.parameters;
			expect(dueLimit).toBe(100);
			const before = await run(1.2, shippedBefore, large);
			const now = await run(1.3, report.parameters, large);
			expect(before.due.length).toBeGreaterThan(1000);
			expect(now.text).toBe(before.text);
			expect(now.summary).toBe(before.summary);
			expect([now.counts, now.groups]).toEqual([before.counts, before.groups]);
			// The email names the same 100 people; only where to find the rest changed.
			expect(visibleText(now.html)).toBe(
				visibleText(before.html).replace("more: the node's 'due' output lists everyone", "more: 'Get Many' lists everyone"),
			);
			expect(now.due).toEqual(before.due.slice(0, 100));
			expect(Buffer.byteLength(JSON.stringify(now))).toBeLessThan(200 * 1024);
		} finally {
			await large.stop();
		}
	}, 180_000);
});
