// The templates that act on MinistrySafe events cannot miss one and act on each once (decisions.md 38): the webhook
// trigger for speed and the polling trigger as a net, in one workflow, both into n8n's Remove Duplicates node across
// executions, keyed on `event_id` (the same for an occurrence whichever trigger saw it, contract.md "Event IDs (both
// triggers)"), retried when two first executions collide on its memory; what sends a message ships disabled, and what
// it says is chat-safe for every value a stranger can set (decisions.md 37). The expressions are evaluated by n8n's
// own expression engine (n8n-workflow), as n8n evaluates them in a run. How it holds under a burst and when n8n is
// down: npm run load:queue (docs/scale.md) and test/e2e/eventNet.e2e.test.ts.
import type { IDataObject, INodeType, IRunExecutionData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { chatSafe, chatSafeEmail } from '../../nodes/MinistrySafe/chatSafe';
import { NODE_TYPES, PACKAGE_NAME, exampleWorkflows } from '../../scripts/n8n-runtime';
import { evaluateExpression, nodeTypesOf } from '../helpers/n8n';

type Node = Record<string, unknown> & { name: string; type: string; parameters: Record<string, unknown> };
type Connections = Record<string, { main: Array<Array<{ node: string }>> }>;
interface Assignment {
	name: string;
	value: string;
}

const POLLING_TRIGGER = `${PACKAGE_NAME}.ministrySafePollingTrigger`;
const byId = new Map(exampleWorkflows().map((workflow) => [workflow.id, workflow]));
const MESSAGE_NODES = ['n8n-nodes-base.slack', 'n8n-nodes-base.emailSend', 'n8n-nodes-base.microsoftTeams', 'n8n-nodes-base.discord', 'n8n-nodes-base.googleChat'];

/** What a stranger can set: a name typed into a sign-up form, an External ID from an uploaded file, an email. */
const HOSTILE = ['<!channel>', '@here', '<https://x|y>', 'Ann\nREVIEWED: all clear', '*Approved* by _HR_', 'evil.example/renew', '<@U123> [Renew](https://evil.example)', '<!channel>@evil.example', 'x@here.org'];
/** Addresses the safety team copies into mail or a search: they stay as written (test/unit/chatSafe.test.ts). */
const PLAIN_ADDRESSES = ['jane.doe@church.org', 'jane+safety@mail.church-camp.org', "eve.o'neil_2@school.k12.us"];


describe.each([
	// template id              polling event                     what the net lets through
	['msExampleQuizCert', 'trainingCompleted', 'quiz-completed:'],
	['msExampleBgCheckReady', 'backgroundCheckStatusChanged', 'background-check-ready:'],
])('%s', (id, pollingEvent, netPrefix) => {
	const workflow = byId.get(id);
	const nodes = (workflow?.nodes ?? []) as Node[];
	const connections = (workflow?.connections ?? {}) as Connections;
	const named = (name: string) => nodes.find((node) => node.name === name);
	const next = (name: string) => (connections[name]?.main ?? []).flat().map((target) => named(target.node));
	const webhook = nodes.find((node) => node.type === NODE_TYPES.trigger);
	const polling = nodes.find((node) => node.type === POLLING_TRIGGER);

	it('takes events from the webhook trigger and from the polling trigger, and nothing else starts it', () => {
		expect(webhook).toBeDefined();
		expect(polling).toBeDefined();
		expect(polling?.parameters).toMatchObject({ event: pollingEvent, pollTimes: { item: [expect.any(Object)] } });
		const triggers = nodes.filter((node) => /trigger/i.test(node.type));
		expect(triggers.map((node) => node.name).sort()).toEqual([webhook?.name, polling?.name].sort());
	});

	it('sends every event of both triggers through one Remove Duplicates on event_id, across executions, before anything else', () => {
		const [dedupe, ...others] = next(String(webhook?.name));
		expect(others).toEqual([]);
		expect(dedupe).toMatchObject({ type: 'n8n-nodes-base.removeDuplicates', typeVersion: 2 });
		expect(dedupe?.parameters).toMatchObject({ operation: 'removeItemsSeenInPreviousExecutions', dedupeValue: '={{ $json.event_id }}' });
		expect(dedupe?.parameters.logic ?? 'removeItemsWithAlreadySeenKeyValues').toBe('removeItemsWithAlreadySeenKeyValues');
		// Two executions that start at the same moment can both make n8n's first write of its memory: the one that
		// fails finds the row when it tries again (npm run load:queue showed the collision; docs/scale.md).
		expect(dedupe).toMatchObject({ retryOnFail: true, maxTries: expect.any(Number) });
		expect(Number(dedupe?.maxTries)).toBeGreaterThanOrEqual(2);

		// The net: the polling trigger, then a filter that keeps only what the webhook also reports, then the same node.
		const [filter, ...more] = next(String(polling?.name));
		expect(more).toEqual([]);
		expect(filter).toMatchObject({ type: 'n8n-nodes-base.filter' });
		const conditions = (filter?.parameters.conditions as { conditions: unknown[]; combinator: string }) ?? {};
		expect(conditions.conditions).toEqual([
			expect.objectContaining({ leftValue: '={{ $json.event_id }}', rightValue: netPrefix, operator: { type: 'string', operation: 'startsWith' } }),
		]);
		expect(next(String(filter?.name))).toEqual([dedupe]);
	});

	it('ships what sends a message disabled', () => {
		for (const node of nodes.filter((candidate) => MESSAGE_NODES.includes(candidate.type))) expect(node).toMatchObject({ disabled: true });
	});
});

describe('msExampleQuizCert: the certificate record is the same from either trigger', () => {
	const format = (byId.get('msExampleQuizCert')?.nodes as Node[]).find((node) => node.name === 'Format the certificate record');
	const assignments = ((format?.parameters.assignments as { assignments: Assignment[] }) ?? { assignments: [] }).assignments;
	// The webhook's payload (api-v2.md 6) and the API's Training for the same completion (api-v2.md 2).
	const webhook = { user_id: '34', external_id: 'E-34', score: 92, complete_date: '2026-03-07T15:15:00Z', survey_code: 'standard', certificate_url: 'https://example.org/c/7' };
	const polled = {
		id: 7,
		winner: true,
		score: 92,
		complete_date: '2026-03-07T09:15:00-06:00',
		survey_code: 'standard',
		certificate_url: 'https://example.org/c/7',
		participant: { id: 34, employee_id: 'E-34', first_name: 'Ada', last_name: 'Byron' },
	};

	it.each(['employeeId', 'ministrySafeUserId', 'course', 'score', 'certificateUrl'])('%s', (field) => {
		const assignment = assignments.find((candidate) => candidate.name === field);
		expect(assignment).toBeDefined();
		const fromWebhook = evaluateExpression(String(assignment?.value), webhook);
		expect(fromWebhook).not.toBe('');
		expect(fromWebhook).not.toBeUndefined();
		expect(String(evaluateExpression(String(assignment?.value), polled))).toBe(String(fromWebhook));
	});
});

/**
 * One expression as n8n evaluates it in the node `active`, whose input item came down a line of nodes: `upstream`
 * gives each node before it, first to last, with the one item it put out (so that `$('Node').item` finds it).
 */
function evaluateAfter(expression: string, active: string, upstream: Array<[string, IDataObject]>): unknown {
	const stand: INodeType = {
		description: { displayName: 'Stand-in', name: 'test.standIn', group: [], version: 1, description: '', defaults: {}, inputs: [], outputs: [], properties: [] },
	};
	const names = [...upstream.map(([name]) => name), active];
	const nodes = names.map((name, index) => ({ id: String(index), name, type: 'test.standIn', typeVersion: 1, position: [index, 0] as [number, number], parameters: {} }));
	const connections = Object.fromEntries(names.slice(0, -1).map((name, index) => [name, { main: [[{ node: names[index + 1], type: 'main' as const, index: 0 }]] }]));
	const workflow = new Workflow({ nodes, connections, active: false, nodeTypes: nodeTypesOf({ 'test.standIn': stand }) });
	const itemOf = (json: IDataObject) => ({ json, pairedItem: { item: 0 } });
	const runData = Object.fromEntries(
		upstream.map(([name, json], index) => [
			name,
			[{ startTime: 0, executionTime: 0, executionIndex: index, source: index === 0 ? [] : [{ previousNode: names[index - 1] }], data: { main: [[itemOf(json)]] } }],
		]),
	);
	const runExecutionData = { resultData: { runData } } as unknown as IRunExecutionData;
	const [previous, input] = upstream[upstream.length - 1];
	const executeData = { node: nodes[nodes.length - 1], data: { main: [[itemOf(input)]] }, source: { main: [{ previousNode: previous }] } };
	return workflow.expression.getParameterValue(expression, runExecutionData, 0, 0, active, [itemOf(input)], 'manual', {}, executeData);
}

describe('msExampleBgCheckReady: the Slack message is chat-safe and names the applicant', () => {
	const nodes = (byId.get('msExampleBgCheckReady')?.nodes ?? []) as Node[];
	const slack = nodes.find((node) => node.type === 'n8n-nodes-base.slack');
	const details = nodes.find((node) => node.name === 'Chat-safe details');
	const assignments = ((details?.parameters.assignments as { assignments: Assignment[] }) ?? { assignments: [] }).assignments;
	const expressionOf = (name: string) => String(assignments.find((assignment) => assignment.name === name)?.value);
	// Values from the service that cannot carry a stranger's text: ids and numbers, the review link, fixed words.
	const SERVICE_VALUES = ['checkId', 'level', 'flags', 'resultsUrl'];
	const CHAT_SAFE = ['applicant', 'email', 'externalId', 'status'];

	// What the nodes before Chat-safe details put out: the event (the webhook's payload, api-v2.md 6, or the poll's
	// Background Check), the check as read (api-v2.md 2), and the User as read or, when it cannot be, Continue On Fail's
	// error item.
	const webhookEvent = { id: '512', user_id: '34', email: 'jane.doe@church.org', external_id: 'E-34', results_url: 'https://example.org/r/512', event: 'backgroundCheckReady', event_id: 'background-check-ready:512' };
	const polledEvent = { id: 512, user_id: 34, status: 'clear', level: 1, previous_status: 'pending', event: 'backgroundCheckStatusChanged', event_id: 'background-check-ready:512' };
	const check = { id: 512, user_id: 34, status: 'clear', level: 1, results_url: 'https://example.org/r/512', vendor_flagged: false, applicant_self_disclosed: false };
	const unread = { error: 'The User was not found (404)' };
	const field = (name: string, event: IDataObject, user: IDataObject, read: IDataObject = check) =>
		evaluateAfter(expressionOf(name), 'Chat-safe details', [
			['Skip events already handled', event],
			['Read the background check', read],
			['Read the applicant', user],
		]);

	it('puts into the text only the fields of Chat-safe details, right before it', () => {
		const text = String(slack?.parameters.text);
		const inserted = [...text.matchAll(/{{(.*?)}}/g)].map(([, expression]) => expression.trim());
		expect(inserted.length).toBeGreaterThan(5);
		for (const expression of inserted) expect(expression).toMatch(/^\$json\.\w+$/);
		expect(inserted.map((expression) => expression.slice('$json.'.length)).sort()).toEqual([...SERVICE_VALUES, ...CHAT_SAFE].sort());
		const connections = byId.get('msExampleBgCheckReady')?.connections as Connections;
		expect(connections['Chat-safe details'].main[0].map((target) => target.node)).toEqual([slack?.name]);
	});

	it.each(HOSTILE)('the applicant, External ID and status %p come out as chatSafe makes them, the email as chatSafeEmail does', (hostile) => {
		const user = { id: 34, first_name: hostile, last_name: 'Smith', email: hostile, external_id: hostile };
		expect(field('applicant', webhookEvent, user)).toBe(chatSafe(`${hostile} Smith`));
		expect(field('email', webhookEvent, user)).toBe(chatSafeEmail(hostile));
		expect(field('externalId', webhookEvent, user)).toBe(chatSafe(hostile));
		// The later listing names the External ID employee_id (api-v2.md 2, User).
		expect(field('externalId', webhookEvent, { id: 34, employee_id: hostile })).toBe(chatSafe(hostile));
		// The service passes any status text on (decisions.md 20).
		expect(field('status', webhookEvent, user, { ...check, status: hostile })).toBe(chatSafe(hostile));
		for (const value of ['applicant', 'externalId'].map((name) => field(name, webhookEvent, user))) {
			expect(value).not.toMatch(/[<>@\n|*_[\]]|:\/\//);
		}
		expect(field('email', webhookEvent, user)).not.toMatch(/[<>\n|*[\]]|:\/\/|@(everyone|here|channel)/i);
	});

	it.each(PLAIN_ADDRESSES)('keeps the address %p as written, to copy into mail or a search', (address) => {
		expect(field('email', webhookEvent, { id: 34, first_name: 'Jane', last_name: 'Doe', email: address })).toBe(address);
	});

	it("names an applicant whose user cannot be read (deactivated, or gone) from the event and the check, and says so", () => {
		const fromWebhook = ['applicant', 'email', 'externalId'].map((name) => field(name, webhookEvent, unread));
		expect(fromWebhook).toEqual([
			'MinistrySafe user 34 (could not be read: deactivated or removed; email and External ID as the event gave them)',
			'jane.doe@church.org',
			'E-34',
		]);
		// What the event gave a stranger could have set: as inert as ever.
		const hostileEvent = { ...webhookEvent, email: '<!channel>@evil.example', external_id: '<!here>' };
		expect(field('email', hostileEvent, unread)).toBe(chatSafeEmail('<!channel>@evil.example'));
		expect(field('externalId', hostileEvent, unread)).toBe(chatSafe('<!here>'));
	});

	// The poll's check carries the User's id; the polling trigger adds `applicant` as the service gave them while the
	// check was under way (newcomer 1.2.0, problem 6: the net's message read "Email: not known").
	const kept = { first_name: 'Jane', last_name: 'Doe', email: 'jane.doe@church.org', external_id: 'E-34' };

	it('names an applicant deactivated since by what the polling trigger kept of them, and says so', () => {
		expect(['applicant', 'email', 'externalId'].map((name) => field(name, { ...polledEvent, applicant: kept }, unread))).toEqual([
			'Jane Doe (MinistrySafe user 34: deactivated or removed since; named as MinistrySafe gave them while the check was under way)',
			'jane.doe@church.org',
			'E-34',
		]);
		// A User read now wins over what was kept.
		const now = { id: 34, first_name: 'Janet', last_name: 'Doe-Smith', email: 'janet@church.org', external_id: 'E-34' };
		expect(['applicant', 'email'].map((name) => field(name, { ...polledEvent, applicant: kept }, now))).toEqual(['Janet Doe-Smith', 'janet@church.org']);
		// Kept without a name: named by the user.
		expect(field('applicant', { ...polledEvent, applicant: { ...kept, first_name: '', last_name: '' } }, unread)).toBe(
			'MinistrySafe user 34 (deactivated or removed since; named as MinistrySafe gave them while the check was under way)',
		);
	});

	it.each(HOSTILE)('what the polling trigger kept, %p, comes out as chatSafe makes it', (hostile) => {
		const event = { ...polledEvent, applicant: { first_name: hostile, last_name: 'Smith', email: hostile, external_id: hostile } };
		expect(String(field('applicant', event, unread)).startsWith(`${chatSafe(`${hostile} Smith`)} (MinistrySafe user 34: `)).toBe(true);
		expect(field('email', event, unread)).toBe(chatSafeEmail(hostile));
		expect(field('externalId', event, unread)).toBe(chatSafe(hostile));
	});

	it('says when the poll saw a check only once its applicant was gone, and nothing else', () => {
		expect(['applicant', 'email', 'externalId'].map((name) => field(name, polledEvent, unread))).toEqual([
			'MinistrySafe user 34 (could not be read: deactivated or removed before this workflow saw the check under way)',
			'not known',
			'not known',
		]);
	});

	it('names an applicant read without a name by their user', () => {
		expect(field('applicant', webhookEvent, { id: 34, first_name: '', last_name: '', email: 'x@church.org' })).toBe('MinistrySafe user 34');
	});
});
