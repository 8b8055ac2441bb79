// Sync's output at node version 1.3 (docs/operations.md, "Sync's output"), run by n8n's engine against the sandbox over
// real HTTP: items only for what changed, would change, was skipped or failed, and one last item, paired with every
// input item, that counts each action; 'Include Unchanged Users' gives every person's item as at 1.2, which keeps its
// output exactly. A nightly Sync of a large organisation then saves a few items, not one per person.
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { RunActionOptions } from '../helpers/n8n';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { sentRequests, useSandbox } from '../helpers/sandbox';
import { allUsers as listUsers, mappedBelow, type Row, rowOf, type UserRecord } from '../helpers/staffList';

const sandbox = useSandbox();
const allUsers = () => listUsers(sandbox());
const methods = () => sentRequests(sandbox()).map(({ method, path }) => `${method} ${path}`);

/** The columns mapped by hand, as a BambooHR or Google Sheet template maps them: the output, not the mapping, is tested here. */
const columns = mappedBelow({
	external_id: '={{ $json.external_id }}',
	first_name: '={{ $json.first_name }}',
	last_name: '={{ $json.last_name }}',
	email: '={{ $json.email }}',
	user_type: '={{ $json.user_type }}',
});

/** Sync at the version, Dry Run as given (on unless said). */
const runSync = (typeVersion: number, items: Row[], parameters: INodeParameters = {}, extra: Partial<RunActionOptions> = {}) =>
	runActionNode({
		parameters: { resource: 'user', operation: 'sync', dryRun: true, columns, ...parameters },
		items: items as IDataObject[],
		credential: sandbox(),
		typeVersion,
		...extra,
	});

const newcomer = (id: string): Row => ({ external_id: id, first_name: 'Ada', last_name: `Okafor-${id}`, email: `${id.toLowerCase()}@example.org`, user_type: 'volunteer' });
/** The summary's values at a glance for these lists: only the newcomers give a type (every other row is a User's own). */
const newcomerTypes = (rows: number) => ({
	unknown_values: [],
	values: [{ column: 'user_type', field: 'user_type', values: [{ value: 'volunteer', rows, reading: 'volunteer' }], more_values: 0 }],
});
const pairedWith = (item: INodeExecutionData) => [item.pairedItem].flat().map((paired) => (paired as { item: number }).item);

/** Everyone in the Organization as a row, one renamed, one newcomer, and one row without an External ID. */
async function staffList(): Promise<{ users: UserRecord[]; rows: Row[] }> {
	const users = await allUsers();
	const rows: Row[] = users.map(rowOf);
	rows[1] = { ...rows[1], first_name: `${String(rows[1].first_name)}-Jo` };
	rows.push(newcomer('HR-OUT-1'), { first_name: 'No', last_name: 'Key', email: 'no.key@example.org' });
	return { users, rows };
}

describe('Sync at node version 1.3', () => {
	it('puts out only what would change or was skipped, then one summary with the counts, paired with every input item', async () => {
		const { users, rows } = await staffList();
		const everyone = await runSync(1.2, rows);
		const small = await runSync(1.3, rows);
		expect(small.error).toBeUndefined();
		// 1.2: one item per row, unchanged ones too.
		expect(everyone.items).toHaveLength(rows.length);
		const unchanged = jsonOf(everyone).filter((json) => json.action === 'unchanged').length;
		expect(unchanged).toBe(users.length - 1);

		// 1.3: the same items but the unchanged, in the same order and pairing, then the summary.
		const changedAt12 = everyone.items.filter((item) => item.json.action !== 'unchanged');
		expect(small.items.slice(0, -1)).toEqual(changedAt12);
		expect(jsonOf(small).slice(0, -1).map(({ action }) => action)).toEqual(['updated', 'created', 'skipped']);
		const summary = small.items.at(-1) as INodeExecutionData;
		expect(summary.json).toEqual({
			action: 'summary',
			dry_run: true,
			counts: { created: 1, updated: 1, unchanged, deactivated: 0, skipped: 1 },
			...newcomerTypes(1),
		});
		expect(pairedWith(summary)).toEqual(rows.map((_, item) => item));
		expect(methods().every((line) => line.startsWith('GET '))).toBe(true);
	});

	it("with 'Include Unchanged Users', every person's item exactly as at 1.2, then the summary", async () => {
		const { rows } = await staffList();
		const everyone = await runSync(1.2, rows, { options: { includeUnchanged: true } });
		const withUnchanged = await runSync(1.3, rows, { options: { includeUnchanged: true } });
		expect(withUnchanged.items.slice(0, -1)).toEqual(everyone.items);
		expect(withUnchanged.items.at(-1)?.json).toMatchObject({ action: 'summary', dry_run: true, counts: { created: 1, updated: 1, skipped: 1 } });
	});

	it('applied: counts what was done, with no dry_run; deactivations and the cap are counted too', async () => {
		const { users, rows } = await staffList();
		const staff = users.filter((user) => user.tags.includes('Staff'));
		expect(staff.length).toBeGreaterThan(3);
		// Two Staff left out of the list: under the cap, both deactivated.
		const leftOut = new Set(staff.slice(0, 2).map((user) => user.external_id));
		const list = rows.filter((row) => !leftOut.has(row.external_id as string));
		const applied = await runSync(1.3, list, { dryRun: false, options: { deactivateMissing: true, deactivateOnlyTag: 'Staff' } });
		expect(applied.error).toBeUndefined();
		const output = jsonOf(applied);
		expect(output.map(({ action }) => action).sort()).toEqual(['created', 'deactivated', 'deactivated', 'skipped', 'summary', 'updated']);
		expect(output.at(-1)).toEqual({
			action: 'summary',
			counts: { created: 1, updated: 1, unchanged: users.length - 3, deactivated: 2, skipped: 1 },
			...newcomerTypes(1),
		});
		expect(methods().filter((line) => !line.startsWith('GET ')).map((line) => line.split(' ')[0]).sort()).toEqual(['DELETE', 'DELETE', 'POST', 'PUT']);

		// Over the cap: nobody is deactivated, each is reported as skipped, and counted so.
		const capped = await runSync(1.3, rows.filter((row) => !staff.some((user) => user.external_id === row.external_id)), {
			options: { deactivateMissing: true, deactivateOnlyTag: 'Staff', maxDeactivations: 1 },
		});
		const stillActive = staff.length - 2;
		expect(jsonOf(capped).at(-1)).toMatchObject({ counts: { deactivated: 0, skipped: 1 + stillActive } });
	});

	it('with Continue On Fail, a step that failed is its error item and is not counted; the summary still comes last', async () => {
		const { users, rows } = await staffList();
		// The service wants a dot in the email's domain; the node's own check does not, so the service refuses it.
		const list = [...rows.slice(0, -1), { ...newcomer('HR-LOCAL'), email: 'lo@localhost' }];
		const failing = await runSync(1.3, list, { dryRun: false }, { continueOnFail: true });
		expect(failing.error).toBeUndefined();
		const output = jsonOf(failing);
		expect(output.map((json) => json.action ?? (json.error ? 'error' : undefined))).toEqual(['updated', 'created', 'error', 'summary']);
		expect(failing.items[2].pairedItem).toEqual({ item: list.length - 1 });
		expect(output.at(-1)).toEqual({
			action: 'summary',
			counts: { created: 1, updated: 1, unchanged: users.length - 1, deactivated: 0, skipped: 0 },
			...newcomerTypes(2),
		});

		// Without it, the run stops at the failure, as at 1.2, and puts out nothing.
		const stopped = await runSync(1.3, [{ ...newcomer('HR-LOCAL-2'), email: 'lo2@localhost' }], { dryRun: false });
		expect(stopped.error?.message).toBe("The service rejected the request: 'Email' is not a valid e-mail address [item 0]");
		expect(stopped.items).toEqual([]);
	});
});
