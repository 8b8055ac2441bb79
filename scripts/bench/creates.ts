// Part 2: 1,000 User creates at 50 ms an answer: our node at its default concurrency and at 1, n8n's HTTP Request
// node, and the raw client at our default bound; with the peak in flight each caused. The run itself (reset, create,
// read the sandbox's counters, count the Users made) serves part 3 as well.
import type { BenchContext, BenchPart } from './context';
import { DEFAULT_CONCURRENCY } from './context';
import type { NewUser, SandboxTarget } from './rawClient';
import { RawClient, countByExternalId } from './rawClient';
import { medianRun, repeat } from './runs';
import type { Section } from './table';
import { ratio, seconds } from './table';
import { httpCreateWorkflow, ourCreateWorkflow } from './workflows';

export const CREATES = 1000;

/** The same 1,000 new Users for every run (each run starts from a reset Organization). */
export const NEW_USERS: NewUser[] = Array.from({ length: CREATES }, (_, index) => {
	const number = String(index + 1).padStart(4, '0');
	return { first_name: 'Bench', last_name: `User ${number}`, email: `bench.${number}@example.org`, external_id: `bench-${number}` };
});

/** What creates: a workflow in n8n (the webhook's body carries the Users), or the raw client. */
export type Creator = { label: string; workflowId: string } | { label: string; raw: true };

export interface CreateRun {
	ms: number;
	/** n8n's status of the run ('success', 'error'), or 'done' for the raw client. */
	status: string;
	peakInFlight: number;
	rateLimited: number;
	created: number;
	lost: number;
	createdTwice: number;
}

export async function runCreates(context: BenchContext, sandbox: SandboxTarget, creator: Creator): Promise<CreateRun> {
	const raw = new RawClient(sandbox, DEFAULT_CONCURRENCY);
	try {
		await raw.resetOrganization();
		let ms: number;
		let status: string;
		if ('raw' in creator) {
			const started = performance.now();
			await raw.createUsers(NEW_USERS);
			ms = performance.now() - started;
			status = 'done';
		} else {
			const run = await context.n8n.run(creator.workflowId, { users: NEW_USERS });
			ms = run.ms;
			status = run.status;
		}
		// Read before counting: the count's own reads would add to them.
		const { peakInFlight, rateLimited } = await raw.stats();
		const counts = [...(await countByExternalId(raw, NEW_USERS.map((user) => user.external_id))).values()];
		return {
			ms,
			status,
			peakInFlight,
			rateLimited,
			created: counts.filter((count) => count > 0).length,
			lost: counts.filter((count) => count === 0).length,
			createdTwice: counts.filter((count) => count > 1).length,
		};
	} finally {
		await raw.close();
	}
}

export async function measureCreators(
	context: BenchContext,
	sandbox: SandboxTarget,
	creators: Creator[],
): Promise<Map<Creator, CreateRun & { runs: number }>> {
	const results = new Map<Creator, CreateRun & { runs: number }>();
	for (const creator of creators) {
		results.set(creator, medianRun(await repeat(creator.label, () => runCreates(context, sandbox, creator), context.log)));
	}
	return results;
}

const OUR_DEFAULT = 'benchOurCreate';
const OUR_ONE = 'benchOurCreate1';
const HTTP = 'benchHttpCreate';

export const OUR_DEFAULT_LABEL = `MinistrySafe node, default concurrency (${DEFAULT_CONCURRENCY}) (n8n)`;
export const OUR_ONE_LABEL = 'MinistrySafe node, concurrency 1 (n8n)';
export const RAW_LABEL = `raw client (undici), ${DEFAULT_CONCURRENCY} at a time, waiting out 429s`;

async function measure(context: BenchContext): Promise<Section> {
	const raw: Creator = { label: RAW_LABEL, raw: true };
	const ourDefault: Creator = { label: OUR_DEFAULT_LABEL, workflowId: OUR_DEFAULT };
	const ourOne: Creator = { label: OUR_ONE_LABEL, workflowId: OUR_ONE };
	const creators: Creator[] = [ourDefault, ourOne, { label: 'HTTP Request node, defaults (n8n)', workflowId: HTTP }, raw];
	const targets = new Map<Creator, string>([
		[ourDefault, `time / raw client at most 1.3x; peak in flight at most ${DEFAULT_CONCURRENCY}`],
		[ourOne, 'peak in flight 1'],
	]);
	const results = await measureCreators(context, context.sandboxes.creates, creators);
	const rawMs = results.get(raw)?.ms ?? 0;
	return {
		title: `2. ${CREATES.toLocaleString('en-US')} User creates at 50 ms an answer`,
		columns: ['', 'runs', 'time (median)', 'run', 'created', 'peak in flight', 'time / raw client', 'target'],
		rows: creators.map((creator) => {
			const run = results.get(creator) as CreateRun & { runs: number };
			return [
				creator.label,
				run.runs,
				seconds(run.ms),
				run.status,
				run.created,
				run.peakInFlight,
				ratio(run.ms, rawMs),
				targets.get(creator) ?? '',
			];
		}),
		notes: [
			'Concurrency is sent as requestOptions.concurrency; an n8n whose node does not know the parameter ignores it.',
			'A configuration whose first run takes over 20 s runs once.',
		],
		targets: [
			`our node within 1.3x of the raw client at the same bound; the sandbox never sees more in flight than the bound (${DEFAULT_CONCURRENCY}).`,
		],
	};
}

export const creates: BenchPart = {
	workflows: (sandboxes, credentials) => [
		ourCreateWorkflow(OUR_DEFAULT, sandboxes.creates, credentials, undefined),
		ourCreateWorkflow(OUR_ONE, sandboxes.creates, credentials, 1),
		httpCreateWorkflow(HTTP, sandboxes.creates, credentials, { retryOnFail: false }),
	],
	measure,
};
