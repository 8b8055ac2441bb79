// Sync's rules as tables: what changed between a User and a row (changesOf), and what Sync does with each row and
// each User the list leaves out (planSync). Pure: no service, nothing sent; the sync tests drive the same through n8n.
import type { IDataObject } from 'n8n-workflow';

import { changesOf, planSync, type SyncDecision, type SyncOptions, type SyncRow } from '../../nodes/MinistrySafe/actions/user/syncPlan';
import type { NewUser } from '../../nodes/MinistrySafe/actions/user/shared';

/** Ann as the Organization holds her. */
const ann: IDataObject = {
	id: 11,
	external_id: 'E1',
	first_name: 'Ann',
	last_name: 'Lee',
	email: 'Ann@Example.org',
	user_type: 'employee',
	tags: ['Staff', 'Choir'],
};
const bob: IDataObject = { id: 12, external_id: 'E2', first_name: 'Bob', last_name: 'Ray', email: 'bob@example.org', tags: ['Staff'] };
const cat: IDataObject = { id: 13, external_id: 'E3', first_name: 'Cat', last_name: 'Orr', email: 'cat@example.org', tags: [] };

/** Ann as a row of the list asks for her: the same, unless `changed` says otherwise. */
const annWanted = (changed: Partial<NewUser> = {}): NewUser => ({
	first_name: 'Ann',
	last_name: 'Lee',
	email: 'ann@example.org',
	external_id: 'E1',
	...changed,
});

describe('changesOf: the fields of a row that differ from the User', () => {
	test.each<[string, IDataObject, NewUser, ReturnType<typeof changesOf>]>([
		['nothing differs', ann, annWanted(), {}],
		['an email differing only in case', ann, annWanted({ email: 'ANN@example.ORG' }), {}],
		['an email differing only in surrounding spaces', ann, annWanted({ email: ' ann@example.org ' }), {}],
		['Tags asked in another order', ann, annWanted({ tag_list: 'Choir,Staff' }), {}],
		['no Tags asked: Tags are left as they are', ann, annWanted(), {}],
		['a first name', ann, annWanted({ first_name: 'Anne' }), { first_name: { from: 'Ann', to: 'Anne' } }],
		['a last name, case counts', ann, annWanted({ last_name: 'LEE' }), { last_name: { from: 'Lee', to: 'LEE' } }],
		['an email', ann, annWanted({ email: 'ann.lee@example.org' }), { email: { from: 'Ann@Example.org', to: 'ann.lee@example.org' } }],
		[
			'Tags: one more, both sorted',
			ann,
			annWanted({ tag_list: 'Staff,Choir,Board' }),
			{ tags: { from: ['Choir', 'Staff'], to: ['Board', 'Choir', 'Staff'] } },
		],
		['Tags on a User who has none', cat, { ...annWanted({ tag_list: 'Staff' }), first_name: 'Cat', last_name: 'Orr', email: 'cat@example.org' }, { tags: { from: [], to: ['Staff'] } }],
		[
			'a field the User lacks: from null',
			{ id: 14, external_id: 'E4', first_name: 'Dee', email: 'dee@example.org' },
			{ first_name: 'Dee', last_name: 'Fox', email: 'dee@example.org', external_id: 'E4' },
			{ last_name: { from: null, to: 'Fox' } },
		],
		['User Type is never a change (it cannot be changed through the API)', ann, annWanted({ user_type: 'volunteer' }), {}],
	])('%s', (_rule, existing, wanted, changes) => {
		expect(changesOf(existing, wanted)).toEqual(changes);
	});
});

const row = (item: number, user: NewUser): SyncRow => ({ item, externalId: user.external_id, user });
const keepAll: SyncOptions = { deactivateMissing: false, maxDeactivations: 10 };
/** A decision as the table says it: action, External ID, User ID, and the reason when there is one. */
const brief = (decision: SyncDecision) => [decision.items, decision.action, decision.externalId, decision.userId, decision.reason];

/** What Sync says of a new User that node version 1.2 would create without a User Type. */
const NO_TYPE_ADVICE =
	"No 'User Type': the item gives none and 'User Type for New Users' is 'From Columns'. The API cannot set it later: choose a type there, or map a 'User Type' column";

describe('planSync: what Sync does with each row', () => {
	test.each<[string, SyncRow[], Array<ReturnType<typeof brief>>]>([
		['a row whose External ID no User has: created', [row(0, annWanted({ external_id: 'N1', email: 'new@example.org' }))], [[[0], 'created', 'N1', null, null]]],
		['a row the same as its User: unchanged', [row(0, annWanted())], [[[0], 'unchanged', 'E1', 11, null]]],
		['a row with another name: updated', [row(0, annWanted({ first_name: 'Anne' }))], [[[0], 'updated', 'E1', 11, null]]],
		[
			'a row asking for another User Type: unchanged, and said why',
			[row(0, annWanted({ user_type: 'volunteer' }))],
			[[[0], 'unchanged', 'E1', 11, 'User Type cannot be changed through the API: it stays employee (asked: volunteer)']],
		],
		['an item that could not be read: skipped with its reason', [{ item: 0, externalId: 'E1', invalid: "'Email' is not an email" }], [[[0], 'skipped', 'E1', 11, "'Email' is not an email"]]],
		['an item without a User nor a reason: skipped', [{ item: 0 }], [[[0], 'skipped', null, null, 'The item could not be read']]],
		[
			'two rows with one External ID: neither applied',
			[row(0, annWanted({ first_name: 'Anne' })), row(1, annWanted({ first_name: 'Annie' }))],
			[
				[[0], 'skipped', 'E1', 11, 'Duplicate External ID E1 in the list (items 0, 1): none of them was applied'],
				[[1], 'skipped', 'E1', 11, 'Duplicate External ID E1 in the list (items 0, 1): none of them was applied'],
			],
		],
		[
			"an email that is another User's: skipped, never guessed",
			[row(0, annWanted({ external_id: 'N1', email: 'BOB@example.org' }))],
			[
				[
					[0],
					'skipped',
					'N1',
					null,
					'The email belongs to User 12 with External ID E2; External ID cannot be changed through the API, so nothing was changed. Correct the list or the User in MinistrySafe',
				],
			],
		],
	])('%s', (_rule, rows, decisions) => {
		expect(planSync(rows, [ann, bob], keepAll).map(brief)).toEqual(decisions);
	});

	test.each<[string, NewUser, SyncDecision['create'], SyncDecision['update']]>([
		['created: the whole User to create', annWanted({ external_id: 'N1', email: 'n1@example.org', tag_list: 'Staff' }), annWanted({ external_id: 'N1', email: 'n1@example.org', tag_list: 'Staff' }), undefined],
		['updated: only the changed fields, no Tags when they did not change', annWanted({ last_name: 'Li' }), undefined, { user: { last_name: 'Li' }, tag_list: undefined }],
		['updated: Tags alone, as the row lists them', annWanted({ tag_list: 'Staff' }), undefined, { user: {}, tag_list: 'Staff' }],
	])('what is sent when %s', (_rule, wanted, create, update) => {
		const [decision] = planSync([row(0, wanted)], [ann], keepAll);
		expect([decision.create, decision.update]).toEqual([create, update]);
	});

	test.each<[string, SyncOptions['columns'], string | undefined, string | null]>([
		['before node version 1.2, the row is created as it is', undefined, undefined, null],
		['node version 1.2, no User Type for new Users: said', { automatic: true }, undefined, NO_TYPE_ADVICE],
		['node version 1.2, a User Type for new Users: it is set', { automatic: true, newUserType: 'volunteer' }, 'volunteer', null],
	])('a new User: %s', (_rule, columns, userType, reason) => {
		const [decision] = planSync([row(0, annWanted({ external_id: 'N1', email: 'n1@example.org' }))], [], { ...keepAll, columns });
		expect([decision.action, decision.create?.user_type, decision.reason]).toEqual(['created', userType, reason]);
	});
});

describe('planSync: the Users the list leaves out', () => {
	const everyone = [ann, bob, cat];
	const annOnly = [row(0, annWanted()), row(1, { ...annWanted(), external_id: 'N1', email: 'n1@example.org' })];
	/** The decisions about Users not in the list (after one decision per row), as `User ID: action (reason)`. */
	const missing = (rows: SyncRow[], options: SyncOptions) =>
		planSync(rows, everyone, options)
			.slice(rows.length)
			.map((decision) => `${decision.userId}: ${decision.action} (${decision.reason})`);

	test.each<[string, SyncOptions, string[]]>([
		['Deactivate Missing Users off: nobody', { deactivateMissing: false, maxDeactivations: 10 }, []],
		['on, within Max Deactivations: each deactivated', { deactivateMissing: true, maxDeactivations: 10 }, ['12: deactivated (Not in the list)', '13: deactivated (Not in the list)']],
		['on, exactly Max Deactivations: each deactivated', { deactivateMissing: true, maxDeactivations: 2 }, ['12: deactivated (Not in the list)', '13: deactivated (Not in the list)']],
		[
			'on, one more than Max Deactivations: none, each said why',
			{ deactivateMissing: true, maxDeactivations: 1 },
			[
				"12: skipped (2 users are missing from the list, more than 'Max Deactivations' (1): none was deactivated)",
				"13: skipped (2 users are missing from the list, more than 'Max Deactivations' (1): none was deactivated)",
			],
		],
		['only those with a Tag, its case ignored', { deactivateMissing: true, deactivateOnlyTag: 'STAFF', maxDeactivations: 1 }, ['12: deactivated (Not in the list)']],
	])('%s', (_rule, options, decisions) => {
		expect(missing(annOnly, options)).toEqual(decisions);
	});

	test('a User whose email is on a row with another External ID is never deactivated, nor counted against the cap', () => {
		const rows = [row(0, annWanted()), row(1, { ...annWanted(), external_id: 'N2', email: 'bob@example.org' })];
		expect(missing(rows, { deactivateMissing: true, maxDeactivations: 1 })).toEqual([
			'12: skipped (Not in the list, but its email is on item 1 with another External ID: not deactivated)',
			'13: deactivated (Not in the list)',
		]);
	});

	test('a decision about a missing User names every item of the list', () => {
		const [, , deactivated] = planSync(annOnly, [ann, cat], { deactivateMissing: true, maxDeactivations: 1 });
		expect(deactivated).toMatchObject({ items: [0, 1], action: 'deactivated', externalId: 'E3', userId: 13, changes: {} });
	});
});
