// Output > Selected Fields returns each field it offers (issue 42), run by n8n's engine against the sandbox over real
// HTTP: for every operation with Output, every field Fields shows for it is chosen, and each must come back; nothing
// else does. Against the sandbox as the live service answers (both names of the External ID) and as the later
// listing's User does (employee_id only, api-v2.md 2), where one 'External ID' must still read it.
import type { IDataObject, INodeParameters, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { RECORD_OPERATIONS } from '../helpers/recordOperations';
import { ok, sandboxClients, useSandbox } from '../helpers/sandbox';

const liveShape = useSandbox({ users: 12 });
const laterListing = useSandbox({ users: 12, userExternalIdKeys: 'employee_id' });

const description = new MinistrySafe().description;

/** What Fields offers, as the editor shows it for these parameters at this version. */
function offered(parameters: INodeParameters, typeVersion: number): string[] {
	const shown = description.properties.filter(
		(property) =>
			property.name === 'fields' &&
			NodeHelpers.displayParameter({ ...parameters, output: 'selected' }, property, { typeVersion }, description),
	);
	expect(shown).toHaveLength(1);
	return (shown[0].options as INodePropertyOptions[]).map(({ value }) => String(value));
}

async function run(sandbox: Sandbox, parameters: INodeParameters, typeVersion: number): Promise<IDataObject[]> {
	const result = await runActionNode({ parameters, credential: sandbox, typeVersion });
	expect(result.error).toBeUndefined();
	return jsonOf(result);
}

const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

interface Seeded {
	userId: number;
	/** A User with an open Training, and its survey code. */
	trainee: { userId: number; surveyCode: string };
	checkId: number;
}

async function seeded(sandbox: Sandbox): Promise<Seeded> {
	const { api } = sandboxClients(sandbox);
	const users = ok(await api.get('/users')) as Array<{ id: number }>;
	const trainings = ok(await api.get('/trainings')) as Array<{ survey_code: string; complete_date: string | null; participant: { id: number } }>;
	const open = trainings.find((training) => training.complete_date === null && training.participant);
	const checks = ok(await api.get('/background_checks')) as Array<{ id: number; status: string }>;
	const check = checks.find(({ status }) => status !== 'archived');
	if (!open || !check) throw new Error('The seed has no open training or no background check to archive');
	sandbox.clearRequests();
	return { userId: users[0].id, trainee: { userId: open.participant.id, surveyCode: open.survey_code }, checkId: check.id };
}

let serial = 0;
const newUser = () => {
	serial += 1;
	return { firstName: 'Ada', lastName: 'Okafor', email: `fields.${serial}@example.org`, externalId: `FIELDS-${serial}` };
};

/** Each operation with Output, with parameters that return records (Assign: a new Training, and one already there). */
const CASES: Array<[name: string, parameters: (seed: Seeded) => INodeParameters | INodeParameters[]]> = [
	['user getAll', () => ({ resource: 'user', operation: 'getAll', returnAll: true })],
	['user get', ({ userId }) => ({ resource: 'user', operation: 'get', user: byId(userId) })],
	['user get (Detailed)', ({ userId }) => ({ resource: 'user', operation: 'get', user: byId(userId), options: { detailed: true } })],
	['user create', () => ({ resource: 'user', operation: 'create', ...newUser(), additionalFields: { userType: 'volunteer' } })],
	['user update', ({ userId }) => ({ resource: 'user', operation: 'update', user: byId(userId), updateFields: { firstName: 'Grace' } })],
	[
		'user upsert',
		() => {
			const { firstName, lastName, email, externalId } = newUser();
			return {
				resource: 'user',
				operation: 'upsert',
				columns: {
					mappingMode: 'defineBelow',
					value: { external_id: externalId, first_name: firstName, last_name: lastName, email, user_type: 'volunteer' },
					matchingColumns: ['external_id'],
				},
			};
		},
	],
	['training getAll', () => ({ resource: 'training', operation: 'getAll', returnAll: true })],
	['training getAllForUser', ({ trainee }) => ({ resource: 'training', operation: 'getAllForUser', user: byId(trainee.userId), returnAll: true })],
	[
		'training assign',
		({ userId, trainee }) => [
			{ resource: 'training', operation: 'assign', user: byId(userId), surveyCode: 'youth', options: { skipIfAssigned: false } },
			{ resource: 'training', operation: 'assign', user: byId(trainee.userId), surveyCode: trainee.surveyCode },
		],
	],
	['training resend', ({ trainee }) => ({ resource: 'training', operation: 'resend', user: byId(trainee.userId), surveyCode: trainee.surveyCode })],
	['backgroundCheck get', ({ checkId }) => ({ resource: 'backgroundCheck', operation: 'get', backgroundCheckId: byId(checkId) })],
	['backgroundCheck getAll', () => ({ resource: 'backgroundCheck', operation: 'getAll', returnAll: true })],
	['backgroundCheck getAllForUser', ({ userId }) => ({ resource: 'backgroundCheck', operation: 'getAllForUser', user: byId(userId), returnAll: true })],
	[
		'backgroundCheck create',
		({ userId }) => ({
			resource: 'backgroundCheck',
			operation: 'create',
			user: byId(userId),
			package: 'level',
			level: 1,
			quickapp: true,
			childServing: true,
			employeeType: 'current',
		}),
	],
	['backgroundCheck archive', ({ checkId }) => ({ resource: 'backgroundCheck', operation: 'archive', backgroundCheckId: byId(checkId) })],
	['compliance getAll', () => ({ resource: 'compliance', operation: 'getAll', returnAll: true })],
	['compliance getForUser', ({ userId }) => ({ resource: 'compliance', operation: 'getForUser', user: byId(userId) })],
];

/** What Selected Fields always adds, chosen or not (contract.md "Output"). */
const ALWAYS = ['id', 'user_id', 'action', 'reason', 'already_assigned'];

it('covers every operation that offers Output', () => {
	const named = new Set(CASES.map(([name]) => name.split(' (')[0]));
	for (const [resource, operation] of [...RECORD_OPERATIONS, ['compliance', 'getAll'], ['compliance', 'getForUser']]) {
		expect(named).toContain(`${resource} ${operation}`);
	}
});

describe.each([
	['as the live service answers', liveShape],
	['with the later listing, which names the External ID employee_id only', laterListing],
])('%s', (_shape, suite) => {
	it.each(CASES)('%s: every field Fields offers comes back, and nothing else', async (_name, parametersOf) => {
		const sandbox = suite();
		const runs = [parametersOf(await seeded(sandbox))].flat();
		const fields = offered(runs[0], 1.3);
		const records: IDataObject[] = [];
		for (const parameters of runs) {
			const output = await run(sandbox, { ...parameters, output: 'selected', fields }, 1.3);
			expect(output.length).toBeGreaterThan(0);
			records.push(...output);
		}
		const returned = new Set(records.flatMap((record) => Object.keys(record)));
		expect(fields.filter((field) => !returned.has(field))).toEqual([]);
		expect([...returned].filter((field) => !fields.includes(field) && !ALWAYS.includes(field))).toEqual([]);
	});
});

describe("one 'External ID', whichever name the service gives it", () => {
	it.each([
		['as the live service answers', liveShape],
		['with the later listing', laterListing],
	])('%s: User > Get Many gives each User its External ID, the value the service holds', async (_shape, suite) => {
		const parameters = { resource: 'user', operation: 'getAll', returnAll: true };
		expect(offered(parameters, 1.3).filter((field) => /_id$/.test(field))).toEqual(['external_id']);
		const raw = await run(suite(), parameters, 1);
		const selected = await run(suite(), { ...parameters, output: 'selected', fields: ['external_id'] }, 1.3);
		expect(selected).toEqual(raw.map((user) => ({ id: user.id, external_id: user.external_id ?? user.employee_id })));
		expect(selected.every((user) => typeof user.external_id === 'string' && user.external_id !== '')).toBe(true);
		// A node saved at 1.2 gets the same: it offered 'External ID' and left it out.
		expect(await run(suite(), { ...parameters, output: 'selected', fields: ['external_id'] }, 1.2)).toEqual(selected);
	});
});

describe("User > Get's Trainings and Background Checks, which come only with 'Detailed'", () => {
	const get = (userId: number, detailed?: boolean) => ({
		resource: 'user',
		operation: 'get',
		user: byId(userId),
		...(detailed === undefined ? {} : { options: { detailed } }),
	});

	it('are offered only with Detailed on, and refused without it, naming the option, before anything is sent', async () => {
		const sandbox = liveShape();
		const { userId } = await seeded(sandbox);
		expect(offered(get(userId, true), 1.3)).toEqual(expect.arrayContaining(['trainings', 'background_checks']));
		expect(offered(get(userId), 1.3)).not.toContain('trainings');
		expect(offered(get(userId, false), 1.3)).not.toContain('background_checks');

		const refused = await runActionNode({
			parameters: { ...get(userId), output: 'selected', fields: ['email', 'trainings'] },
			credential: sandbox,
			typeVersion: 1.3,
		});
		expect(refused.error?.message).toBe("'Fields' names 'trainings', which a user has only with 'Detailed' on: turn it on under 'Options' [item 0]");
		expect(sandbox.requests).toEqual([]);
	});

	it('a node saved at 1.2 that chose them without Detailed still runs, as it did, without them', async () => {
		const sandbox = liveShape();
		const { userId } = await seeded(sandbox);
		const [user] = await run(sandbox, { ...get(userId), output: 'selected', fields: ['email', 'trainings', 'employee_id'] }, 1.2);
		expect(Object.keys(user)).toEqual(['id', 'email', 'employee_id']);
	});
});

/**
 * How the node's own texts name each field (sources: its labels 'External ID', 'User Type', 'Tags', 'Level' and
 * 'Status'; the operation Get Sign-In Link; Training's "completion date" and "certificate"): Simplified must name every
 * field it keeps in these words.
 */
const WORDS: Record<string, string> = {
	id: 'ID',
	first_name: 'name',
	last_name: 'name',
	email: 'email',
	external_id: 'External ID',
	user_type: 'user type',
	tags: 'tags',
	direct_login_url: 'sign-in link',
	trainings: 'trainings',
	background_checks: 'background checks',
	survey_code: 'survey code',
	survey_name: 'training name',
	winner: 'passed',
	score: 'score',
	complete_date: 'completion date',
	certificate_url: 'certificate link',
	participant: 'participant',
	user_id: 'User ID',
	status: 'status',
	level: 'level',
	order_date: 'order date',
	results_url: 'results link',
	applicant_interface_url: 'applicant form link',
	applicant_self_disclosed: 'self-disclosed',
	vendor_flagged: 'vendor flagged',
	action: 'action',
	reason: 'why',
	summary: 'summary',
};

describe("Simplified's description", () => {
	/** The Simplified option's description, as the editor shows it for these parameters. */
	function simplifiedText(parameters: INodeParameters): string {
		const output = description.properties.find(
			(property) => property.name === 'output' && NodeHelpers.displayParameter(parameters, property, { typeVersion: 1.3 }, description),
		);
		return String((output?.options as INodePropertyOptions[]).find(({ value }) => value === 'simplified')?.description);
	}

	it.each(CASES)('%s: names every field Simplified keeps', async (_name, parametersOf) => {
		const sandbox = liveShape();
		const [parameters] = [parametersOf(await seeded(sandbox))].flat();
		const records = await run(sandbox, parameters, 1.3);
		const kept = [...new Set(records.flatMap((record) => Object.keys(record)))];
		const text = simplifiedText(parameters);
		expect(kept.filter((field) => !(field in WORDS) || !text.includes(WORDS[field]))).toEqual([]);
	});
});
