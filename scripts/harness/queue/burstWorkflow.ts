// The workflow npm run load:queue sends its burst to, built as the event templates are (decisions.md 38): the
// MinistrySafe Trigger for speed and the MinistrySafe Polling Trigger as the net, then two ways to act on an event
// once, side by side: n8n's Remove Duplicates node across executions as the event templates set it up, and an atomic
// Redis counter (INCR) with a Filter on 1, both keyed on `event_id` (the same for an occurrence whichever trigger saw
// it). An event is acted on when it reaches the node after its check.
import { type WorkflowFile, EXAMPLE_CREDENTIAL_IDS, NODE_TYPES, PACKAGE_NAME, exampleWorkflows } from '../../n8n-runtime';

export const TRIGGER = 'MinistrySafe Trigger';
/** The net: the polling trigger, reading the new Users on every poll. */
export const NET = 'MinistrySafe Polling Trigger';
/** How often the net polls: every minute, the most often n8n 2.41 allows (LOAD_POLL_CRON changes it). */
export const POLL_CRON = process.env.LOAD_POLL_CRON ?? '0 * * * * *';
export const POLL_INTERVAL_MS = Number(process.env.LOAD_POLL_INTERVAL_MS ?? 60_000);
/** The two checks, each followed by the node that acts: an event is acted on when it reaches that node. */
export const ACTS = { removeDuplicates: 'Act after Remove Duplicates', redisCounter: 'Act after the Redis counter' } as const;
export const REDIS_CREDENTIAL_ID = 'loadQueueRedis';
/** The key of an event, as the templates have it: its `event_id` (a retry and the net's poll repeat it). */
const EVENT_KEY = '={{ $json.event_id }}';
const TEMPLATE_WITH_THE_CHECK = 'msExampleBgCheckReady';

/**
 * The node settings the event templates give their Remove Duplicates node (Retry On Fail among them: the first
 * executions of a workflow that run at the same moment can collide on n8n's first write of its memory, and the one
 * that fails finds the row on its retry). Read from the template, so that the burst measures what users import.
 */
function templateCheck(): { typeVersion: number; settings: Record<string, unknown> } {
	const template = exampleWorkflows().find((workflow) => workflow.id === TEMPLATE_WITH_THE_CHECK);
	const check = template?.nodes.find((candidate) => candidate.type === 'n8n-nodes-base.removeDuplicates');
	if (!check) throw new Error(`The template ${TEMPLATE_WITH_THE_CHECK} has no Remove Duplicates node`);
	const { retryOnFail, maxTries, waitBetweenTries } = check as Record<string, unknown>;
	return { typeVersion: Number(check.typeVersion), settings: { retryOnFail, maxTries, waitBetweenTries } };
}

let nodeCount = 0;
const node = (name: string, type: string, typeVersion: number, position: [number, number], parameters: Record<string, unknown>, extra = {}) => ({
	id: `10ad0000-0000-4000-8000-${String(++nodeCount).padStart(12, '0')}`,
	name,
	type,
	typeVersion,
	position,
	parameters,
	...extra,
});

const check = templateCheck();

export const BURST_WORKFLOW: WorkflowFile = {
	id: 'loadQueueBurst',
	name: 'Load: act on each event once',
	settings: { executionOrder: 'v1' },
	nodes: [
		node(TRIGGER, NODE_TYPES.trigger, 1, [0, 0], { authentication: 'basicAuth', events: ['userCreated'] }, {
			webhookId: '10ad0000-0000-4000-8000-00000000b0f5',
			credentials: { ministrySafeWebhookApi: { id: EXAMPLE_CREDENTIAL_IDS.webhookAuth, name: 'MinistrySafe webhook (sandbox)' } },
		}),
		node(NET, `${PACKAGE_NAME}.ministrySafePollingTrigger`, 1, [0, 400], {
			pollTimes: { item: [{ mode: 'custom', cronExpression: POLL_CRON }] },
			event: 'userCreated',
		}, {
			credentials: { ministrySafeApi: { id: EXAMPLE_CREDENTIAL_IDS.api, name: 'MinistrySafe sandbox' } },
		}),
		node('Remove Duplicates', 'n8n-nodes-base.removeDuplicates', check.typeVersion, [220, 0], {
			operation: 'removeItemsSeenInPreviousExecutions',
			dedupeValue: EVENT_KEY,
		}, check.settings),
		node(ACTS.removeDuplicates, 'n8n-nodes-base.noOp', 1, [440, 0], {}),
		node('Count the event', 'n8n-nodes-base.redis', 1, [220, 200], { operation: 'incr', key: `=ministrysafe-event:${EVENT_KEY.slice(1)}`, expire: true, ttl: 86400 }, {
			credentials: { redis: { id: REDIS_CREDENTIAL_ID, name: 'Redis (the queue\'s)' } },
		}),
		node('First time?', 'n8n-nodes-base.filter', 2, [440, 200], {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'strict' },
				combinator: 'and',
				conditions: [
					{ id: '10ad0000-0000-4000-8000-0000000c0001', leftValue: '={{ Object.values($json)[0] }}', rightValue: 1, operator: { type: 'number', operation: 'equals' } },
				],
			},
		}),
		// The Redis node outputs the count alone: the action takes the event back from the trigger that started the run.
		node(ACTS.redisCounter, 'n8n-nodes-base.set', 3.4, [660, 200], {
			mode: 'raw',
			jsonOutput: `={{ JSON.stringify($('${TRIGGER}').isExecuted ? $('${TRIGGER}').item.json : $('${NET}').item.json) }}`,
			options: {},
		}),
	],
	connections: {
		[TRIGGER]: { main: [[{ node: 'Remove Duplicates', type: 'main', index: 0 }, { node: 'Count the event', type: 'main', index: 0 }]] },
		[NET]: { main: [[{ node: 'Remove Duplicates', type: 'main', index: 0 }, { node: 'Count the event', type: 'main', index: 0 }]] },
		'Remove Duplicates': { main: [[{ node: ACTS.removeDuplicates, type: 'main', index: 0 }]] },
		'Count the event': { main: [[{ node: 'First time?', type: 'main', index: 0 }]] },
		'First time?': { main: [[{ node: ACTS.redisCounter, type: 'main', index: 0 }]] },
	},
};
