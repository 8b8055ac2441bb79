// Sync's rules as tables: what changed between a User and a row (changesOf), and what Sync does with each row and
// each User the list leaves out (planSync). Pure: no service, nothing sent; the sync tests drive the same through n8n.
import type { IDataObject } from 'n8n-workflow';

import { changesOf } from '../../nodes/MinistrySafe/staffList/decision/changes';
import { planSync as planSyncWith } from '../../nodes/MinistrySafe/staffList/decision/plan';
import type { SyncDecision, SyncOptions } from '../../nodes/MinistrySafe/staffList/decision/types';
import type { SyncRow } from '../../nodes/MinistrySafe/staffList/row/staffRow';
import type { ColumnsSettings } from '../../nodes/MinistrySafe/staffList/columns/settings';
import type { NewUser } from '../../nodes/MinistrySafe/users/newUser';
import { type LeavingReader, statusCellsOf } from '../../nodes/MinistrySafe/staffList/meaning/leaving';
import { statusReader } from '../../nodes/MinistrySafe/staffList/meaning/status';
import { typeReader } from '../../nodes/MinistrySafe/staffList/meaning/type';

/** Every decision, as a run that keeps them all (before node version 1.3, or with Include Unchanged Users) has them. */
const planSync = (...args: Parameters<typeof planSyncWith>) => planSyncWith(...args).decisions;

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

/** A row that gives this User, its External ID read from 'Employee ID'. */
const row = (item: number, user: NewUser): SyncRow => ({
	item,
	externalId: user.external_id,
	externalIdField: 'Employee ID',
	person: { first_name: user.first_name, last_name: user.last_name, email: user.email },
	user,
});
/** A row whose 'Status' is this. */
const withStatus = (item: number, user: NewUser, status: string): SyncRow => ({ ...row(item, user), status });
/** A row that could not be read: what could be read of it, and why. */
const unread = (item: number, externalId: string | undefined, invalid?: string): SyncRow => ({
	item,
	externalId,
	externalIdField: externalId === undefined ? null : 'Employee ID',
	person: { first_name: 'Ann', last_name: 'Lee', email: null },
	invalid,
});
/** 'Statuses That Mean Left' as Sync reads its default: lower case. */
const LEAVER_STATUSES = ['terminated', 'inactive', 'left', 'former', 'separated'];
const keepAll: SyncOptions = { deactivateMissing: false, maxDeactivations: 10, leaverStatuses: LEAVER_STATUSES };
/** A decision as the table says it: action, External ID, User ID, and the reason when there is one. */
const brief = (decision: SyncDecision) => [decision.items, decision.action, decision.externalId, decision.userId, decision.reason];

/** Node version 1.2's settings for Sync, with this 'User Type for New Users'. */
const atVersion1_2 = (newUserType: ColumnsSettings['newUserType']): ColumnsSettings => ({
	automatic: true,
	sync: true,
	newUserType,
	at1_3: false,
	mappings: new Map(),
});

/** What Sync says of a new User that node version 1.2 would create without a User Type (columns.ts). */
const NO_TYPE_ADVICE =
	"Not created: no 'User Type' is given, and the service cannot set a user's type later. Map a 'User Type' column, or choose 'Employee' or 'Volunteer' under 'User Type for New Users' ('No Type (Cannot Be Set Later)' creates users without one)";

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
		['an item that could not be read: skipped with its reason', [unread(0, 'E1', "'Email' is not an email")], [[[0], 'skipped', 'E1', 11, "'Email' is not an email"]]],
		['an item without a User nor a reason: skipped', [unread(0, undefined)], [[[0], 'skipped', null, null, 'The item could not be read']]],
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
		[
			"a row whose Status means left: its User deactivated, the row's other fields not applied",
			[withStatus(0, annWanted({ first_name: 'Changed' }), 'Terminated')],
			[[[0], 'deactivated', 'E1', 11, "Left: 'Status' is Terminated"]],
		],
		['a Status compared without case', [withStatus(0, annWanted(), 'TERMINATED')], [[[0], 'deactivated', 'E1', 11, "Left: 'Status' is TERMINATED"]]],
		[
			'a leaver needs only an External ID: an item otherwise unreadable still deactivates its User',
			[{ ...unread(0, 'E1', "'Email' is not an email"), status: 'Former' }],
			[[[0], 'deactivated', 'E1', 11, "Left: 'Status' is Former"]],
		],
		[
			'a leaver the organization lacks: skipped, never created',
			[withStatus(0, annWanted({ external_id: 'N1', email: 'n1@example.org' }), 'Left')],
			[[[0], 'skipped', 'N1', null, "Left ('Status' is Left), and the organization has no user with External ID N1: nothing to deactivate"]],
		],
		['a Status not in the list: the row applied as any other', [withStatus(0, annWanted({ first_name: 'Anne' }), 'On Leave')], [[[0], 'updated', 'E1', 11, null]]],
	])('%s', (_rule, rows, decisions) => {
		expect(planSync(rows, [ann, bob], keepAll).map(brief)).toEqual(decisions);
	});

	test.each<[string, SyncRow, SyncDecision['create'], SyncDecision['update']]>([
		['created: the whole User to create', row(0, annWanted({ external_id: 'N1', email: 'n1@example.org', tag_list: 'Staff' })), annWanted({ external_id: 'N1', email: 'n1@example.org', tag_list: 'Staff' }), undefined],
		['updated: only the changed fields, no Tags when they did not change', row(0, annWanted({ last_name: 'Li' })), undefined, { user: { last_name: 'Li' }, tag_list: undefined }],
		['updated: Tags alone, as the row lists them', row(0, annWanted({ tag_list: 'Staff' })), undefined, { user: {}, tag_list: 'Staff' }],
		['deactivated as a leaver: nothing created nor updated', withStatus(0, annWanted({ last_name: 'Li' }), 'Inactive'), undefined, undefined],
	])('what is sent when %s', (_rule, given, create, update) => {
		const [decision] = planSync([given], [ann], keepAll);
		expect([decision.create, decision.update]).toEqual([create, update]);
	});

	/** Created as Employee although the row asks for Volunteer (columns.ts). */
	const CHOSEN_TYPE_WINS = "Created as Employee, the type chosen under 'User Type for New Users'; the item's 'User Type' (volunteer) was not used";

	test.each<[string, SyncOptions['columns'], string | undefined, SyncDecision['action'], string | undefined, string | null]>([
		// rule, settings, the row's User Type, then: action, the created User's type, reason
		['before node version 1.2, the row is created as it is', undefined, undefined, 'created', undefined, null],
		["1.2, 'From Columns', the row gives no type: skipped, said why", atVersion1_2('fromColumns'), undefined, 'skipped', undefined, NO_TYPE_ADVICE],
		["1.2, 'From Columns', the row gives a type: created with it", atVersion1_2('fromColumns'), 'volunteer', 'created', 'volunteer', null],
		["1.2, 'No Type': created without a type", atVersion1_2('none'), undefined, 'created', undefined, null],
		['1.2, a chosen type: set', atVersion1_2('volunteer'), undefined, 'created', 'volunteer', null],
		['1.2, a chosen type: set, the same as the row asks', atVersion1_2('employee'), 'employee', 'created', 'employee', null],
		["1.2, a chosen type: set over the row's own, said", atVersion1_2('employee'), 'volunteer', 'created', 'employee', CHOSEN_TYPE_WINS],
	])('a new User: %s', (_rule, columns, rowType, action, userType, reason) => {
		const [decision] = planSync([row(0, annWanted({ external_id: 'N1', email: 'n1@example.org', user_type: rowType }))], [], { ...keepAll, columns });
		expect([decision.action, decision.create?.user_type, decision.reason]).toEqual([action, userType, reason]);
	});
});

describe("planSync at node version 1.3: a row's values by their meaning", () => {
	/** Sync's options at 1.3: the statuses and types read with the built-in words, types from the rows. */
	const leaving: LeavingReader = { statuses: statusReader({ leavers: [], staying: [] }), today: 20_000 };
	const at1_3: SyncOptions = {
		...keepAll,
		columns: { ...atVersion1_2('fromColumns'), at1_3: true, types: typeReader({ volunteers: [], employees: [] }), leaving },
	};
	const newcomer = annWanted({ external_id: 'N1', email: 'n1@example.org', user_type: 'employee' });
	/** A row whose status is read from 'Employment Status'. */
	const coded = (user: NewUser, status: string): SyncRow => ({
		...row(0, user),
		statusCells: statusCellsOf([{ column: 'Employment Status', kind: 'status', cell: { text: status, form: 'text' } }], leaving),
	});
	const UNKNOWN_T9 = "'Employment Status' is T9, which is in neither 'Statuses That Mean Left' nor 'Statuses That Mean Still There'";

	test.each<[string, SyncRow[], unknown[][]]>([
		['a leaver code: deactivated, the column named', [coded(annWanted(), 'T')], [[[0], 'deactivated', 'E1', 11, "Left: 'Employment Status' is T"]]],
		['a leaver phrase', [coded(annWanted(), 'Terminated - Involuntary')], [[[0], 'deactivated', 'E1', 11, "Left: 'Employment Status' is Terminated - Involuntary"]]],
		['a leaver word wins over a staying one', [coded(annWanted(), 'Inactive Member')], [[[0], 'deactivated', 'E1', 11, "Left: 'Employment Status' is Inactive Member"]]],
		[
			'a leaver the organization lacks: the reason without the External ID',
			[coded(newcomer, 'T')],
			[[[0], 'skipped', 'N1', null, "Left ('Employment Status' is T), and the organization has no user with this External ID: nothing to deactivate"]],
		],
		['a staying code: the row applied', [coded(annWanted({ first_name: 'Anne' }), 'L')], [[[0], 'updated', 'E1', 11, null]]],
		['a staying code on a new row: created', [coded(newcomer, 'A')], [[[0], 'created', 'N1', null, null]]],
		['an unknown status on a new row: not created, said', [coded(newcomer, 'T9')], [[[0], 'skipped', 'N1', null, `Not created: ${UNKNOWN_T9}. Add it to one of them`]]],
		['an unknown status on a User the service has: compared, not deactivated', [coded(annWanted({ first_name: 'Anne' }), 'T9')], [[[0], 'updated', 'E1', 11, `${UNKNOWN_T9}: not deactivated`]]],
		[
			'a partial row of a User the service has: compared on what it gives',
			[{ ...unread(0, 'E1', "'Email' is required"), given: { external_id: 'E1', first_name: 'Anne' } }],
			[[[0], 'updated', 'E1', 11, null]],
		],
		[
			'a partial row of a new person: skipped with what creating needs',
			[{ ...unread(0, 'N1', "'Email' is required"), given: { external_id: 'N1', first_name: 'Anne' } }],
			[[[0], 'skipped', 'N1', null, "'Email' is required"]],
		],
		[
			"a partial row whose given fields are wrong: skipped with those fields' problem",
			[{ ...unread(0, 'E1', "'Email' is required"), givenInvalid: "'Email' must be an email address" }],
			[[[0], 'skipped', 'E1', 11, "'Email' must be an email address"]],
		],
	])('%s', (_rule, rows, decisions) => {
		expect(planSync(rows, [ann, bob], at1_3).map(brief)).toEqual(decisions);
	});

	test.each<[string, SyncRow, SyncDecision['unknown']]>([
		['an unknown status', coded(newcomer, 'T9'), [{ field: 'status', column: 'Employment Status', value: 'T9' }]],
		['an unknown type', { ...row(0, { ...newcomer, user_type: undefined }), typeCell: { column: 'Role', value: 'Greeter' } }, [{ field: 'user_type', column: 'Role', value: 'Greeter' }]],
		[
			'an unknown status and an unknown type, both at once',
			{ ...coded({ ...newcomer, user_type: undefined }, 'T9'), typeCell: { column: 'Role', value: 'Greeter' } },
			[
				{ field: 'status', column: 'Employment Status', value: 'T9' },
				{ field: 'user_type', column: 'Role', value: 'Greeter' },
			],
		],
		['a known type', { ...row(0, newcomer), typeCell: { column: 'Role', value: 'Staff', meaning: 'employee' } }, undefined],
	])('the skipped item names %s in fields of its own', (_rule, given, unknown) => {
		const [decision] = planSync([given], [ann], at1_3);
		expect(decision.unknown).toEqual(unknown);
	});

	test('a partial row sends only the fields it changes', () => {
		const [decision] = planSync([{ ...unread(0, 'E1', "'Email' is required"), given: { external_id: 'E1', last_name: 'Li' } }], [ann], at1_3);
		expect(decision.update).toEqual({ user: { last_name: 'Li' }, tag_list: undefined });
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
	const options = (deactivateMissing: boolean, maxDeactivations: number, deactivateOnlyTag?: string): SyncOptions => ({
		deactivateMissing,
		maxDeactivations,
		deactivateOnlyTag,
		leaverStatuses: LEAVER_STATUSES,
	});

	test.each<[string, SyncOptions, string[]]>([
		['Deactivate Missing Users off: nobody', options(false, 10), []],
		['on, within Max Deactivations: each deactivated', options(true, 10), ['12: deactivated (Not in the list)', '13: deactivated (Not in the list)']],
		['on, exactly Max Deactivations: each deactivated', options(true, 2), ['12: deactivated (Not in the list)', '13: deactivated (Not in the list)']],
		[
			'on, one more than Max Deactivations: none, each said why',
			options(true, 1),
			[
				"12: skipped (2 users are missing from the list, more than 'Max Deactivations' (1): none was deactivated)",
				"13: skipped (2 users are missing from the list, more than 'Max Deactivations' (1): none was deactivated)",
			],
		],
		['only those with a Tag, its case ignored', options(true, 1, 'STAFF'), ['12: deactivated (Not in the list)']],
	])('%s', (_rule, given, decisions) => {
		expect(missing(annOnly, given)).toEqual(decisions);
	});

	test('a User whose email is on a row with another External ID is never deactivated, nor counted against the cap', () => {
		const rows = [row(0, annWanted()), row(1, { ...annWanted(), external_id: 'N2', email: 'bob@example.org' })];
		expect(missing(rows, options(true, 1))).toEqual([
			'12: skipped (Not in the list, but its email is on item 1 with another External ID: not deactivated)',
			'13: deactivated (Not in the list)',
		]);
	});

	test('a decision about a missing User names every item of the list, and the person as the service has them', () => {
		const [, , deactivated] = planSync(annOnly, [ann, cat], options(true, 1));
		expect(deactivated).toMatchObject({
			items: [0, 1],
			action: 'deactivated',
			externalId: 'E3',
			externalIdField: null,
			person: { first_name: 'Cat', last_name: 'Orr', email: 'cat@example.org' },
			userId: 13,
			changes: {},
		});
	});
});

describe('planSync: leavers and missing Users count together against Max Deactivations', () => {
	const annLeft = withStatus(0, annWanted(), 'Terminated');
	const bobLeft = withStatus(1, { ...annWanted(), external_id: 'E2', first_name: 'Bob', last_name: 'Ray', email: 'bob@example.org' }, 'inactive');
	const newcomerLeft = withStatus(1, annWanted({ external_id: 'N1', email: 'n1@example.org' }), 'Left');
	/** Every decision, rows first, as `External ID: action (reason)`. */
	const decisions = (rows: SyncRow[], options: SyncOptions) =>
		planSync(rows, [ann, bob, cat], options).map((decision) => `${decision.externalId}: ${decision.action} (${decision.reason})`);
	const OVER_TWO = "3 users would be deactivated (1 who left, 2 missing from the list), more than 'Max Deactivations' (2): none was deactivated";
	const OVER_ONE = "2 users would be deactivated (2 who left, 0 missing from the list), more than 'Max Deactivations' (1): none was deactivated";

	test.each<[string, SyncRow[], boolean, number, string[]]>([
		// rule, rows, Deactivate Missing Users, Max Deactivations, then the decisions
		[
			'a leaver and two missing Users, within Max Deactivations: each deactivated',
			[annLeft],
			true,
			3,
			["E1: deactivated (Left: 'Status' is Terminated)", 'E2: deactivated (Not in the list)', 'E3: deactivated (Not in the list)'],
		],
		[
			'a leaver and two missing Users, one more than Max Deactivations: none, the leaver neither',
			[annLeft],
			true,
			2,
			[`E1: skipped (${OVER_TWO})`, `E2: skipped (${OVER_TWO})`, `E3: skipped (${OVER_TWO})`],
		],
		[
			'leavers count without Deactivate Missing Users',
			[annLeft, bobLeft],
			false,
			1,
			[`E1: skipped (${OVER_ONE})`, `E2: skipped (${OVER_ONE})`],
		],
		[
			'a leaver the organization lacks is not counted',
			[annLeft, newcomerLeft],
			false,
			1,
			[
				"E1: deactivated (Left: 'Status' is Terminated)",
				"N1: skipped (Left ('Status' is Left), and the organization has no user with External ID N1: nothing to deactivate)",
			],
		],
	])('%s', (_rule, rows, deactivateMissing, maxDeactivations, expected) => {
		expect(decisions(rows, { deactivateMissing, maxDeactivations, leaverStatuses: LEAVER_STATUSES })).toEqual(expected);
	});
});

describe('planSync keeps only what has an item: the others are counted (a list of 100,000 keeps what changed)', () => {
	test('unchanged rows left out by `keep` are counted by action, and the missing Users still decided', () => {
		const ann: IDataObject = { id: 11, external_id: 'E1', first_name: 'Ann', last_name: 'Lee', email: 'ann@example.org', tags: [] };
		const bob: IDataObject = { id: 12, external_id: 'E2', first_name: 'Bob', last_name: 'Ray', email: 'bob@example.org', tags: [] };
		const rows = [row(0, { external_id: 'E1', first_name: 'Ann', last_name: 'Lee', email: 'ann@example.org' })];
		const { decisions, counted } = planSyncWith(rows, [ann, bob], { ...keepAll, deactivateMissing: true }, (decision) => decision.action !== 'unchanged');
		expect(counted).toEqual({ unchanged: 1 });
		expect(decisions.map(({ externalId, action }) => [externalId, action])).toEqual([['E2', 'deactivated']]);
	});
});
