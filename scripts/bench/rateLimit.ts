// Part 3: the same 1,000 creates against a service that allows 20 requests a second (sandbox --rate-limit 20, 429
// with Retry-After beyond): how long, how many 429s, and whether every item was created exactly once.
import type { BenchContext, BenchPart } from './context';
import { RATE_LIMIT } from './context';
import type { Creator, CreateRun } from './creates';
import { CREATES, OUR_DEFAULT_LABEL, OUR_ONE_LABEL, RAW_LABEL, measureCreators } from './creates';
import type { Section } from './table';
import { seconds } from './table';
import { httpCreateWorkflow, ourCreateWorkflow } from './workflows';

const OUR_DEFAULT = 'benchOurCreateLimited';
const OUR_ONE = 'benchOurCreateLimited1';
const HTTP = 'benchHttpCreateLimited';
const HTTP_RETRY = 'benchHttpCreateLimitedRetry';

async function measure(context: BenchContext): Promise<Section> {
	const ours: Creator[] = [
		{ label: OUR_DEFAULT_LABEL, workflowId: OUR_DEFAULT },
		{ label: OUR_ONE_LABEL, workflowId: OUR_ONE },
	];
	const creators: Creator[] = [
		...ours,
		{ label: 'HTTP Request node, defaults (n8n)', workflowId: HTTP },
		{ label: 'HTTP Request node, Retry On Fail: 3 tries, 1 s apart (n8n)', workflowId: HTTP_RETRY },
		{ label: RAW_LABEL, raw: true },
	];
	const results = await measureCreators(context, context.sandboxes.limited, creators);
	return {
		title: `3. The same ${CREATES.toLocaleString('en-US')} creates against a limit of ${RATE_LIMIT} requests a second`,
		columns: ['', 'runs', 'time (median)', 'run', '429s seen', 'created', 'lost', 'created twice', 'target'],
		rows: creators.map((creator) => {
			const run = results.get(creator) as CreateRun & { runs: number };
			return [
				creator.label,
				run.runs,
				seconds(run.ms),
				run.status,
				run.rateLimited,
				run.created,
				run.lost,
				run.createdTwice,
				ours.includes(creator) ? 'lost 0, created twice 0' : '',
			];
		}),
		notes: [
			`No client can do this in less than ${CREATES / RATE_LIMIT} s. The sandbox, like the service, refuses a second User with a taken External ID (422): a create sent again after it succeeded fails that item instead of creating it twice.`,
		],
		targets: ['no item lost and every 429 waited out.'],
	};
}

export const rateLimited: BenchPart = {
	workflows: (sandboxes, credentials) => [
		ourCreateWorkflow(OUR_DEFAULT, sandboxes.limited, credentials, undefined),
		ourCreateWorkflow(OUR_ONE, sandboxes.limited, credentials, 1),
		httpCreateWorkflow(HTTP, sandboxes.limited, credentials, { retryOnFail: false }),
		httpCreateWorkflow(HTTP_RETRY, sandboxes.limited, credentials, { retryOnFail: true }),
	],
	measure,
};
