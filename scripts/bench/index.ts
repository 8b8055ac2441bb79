// npm run bench: our node side by side with n8n's HTTP Request node (both in the same real n8n) and a raw undici
// client, against sandboxes that answer after 50 ms, as the service would over the network. Five parts: Return All of
// 10,000 Users, 1,000 creates, the same creates under a rate limit, the package's footprint, and whole lists of 10,000
// people (Sync, Compliance, a poll, refused items). Each figure is the
// median of several runs; the tables, with their targets, go to stdout, progress to stderr. Nothing is
// asserted. Every sandbox, n8n and child process it starts is stopped, also when it fails or is interrupted.
// `npm run bench -- footprint wholeLists` runs only the parts named; `npm run bench -- soak` runs the soak instead
// (soak/index.ts).
import { cpus, loadavg, totalmem } from 'node:os';

import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { selectedRuntime } from '../n8n-runtime';

import { cleanupsFor } from './cleanups';
import type { BenchContext, BenchPart, Sandboxes } from './context';
import { LATENCY_MS, RATE_LIMIT } from './context';
import { creates } from './creates';
import { footprint } from './footprint';
import type { BenchN8n } from './n8n';
import { startBenchN8n } from './n8n';
import { rateLimited } from './rateLimit';
import { report } from './report';
import { LIST_USERS, returnAll } from './returnAll';
import { RUNS } from './runs';
import type { Section } from './table';
import { renderSections } from './table';
import { runSoak } from './soak';
import { wholeLists } from './wholeLists';
import { benchCredentials } from './workflows';

const ALL_PARTS: Record<string, BenchPart> = { returnAll, creates, rateLimited, footprint, wholeLists, report };
const requested = process.argv.slice(2);
const soak = requested.length === 1 && requested[0] === 'soak';
const unknown = soak ? [] : requested.filter((name) => !(name in ALL_PARTS));
if (unknown.length > 0) throw new Error(`Unknown part(s) ${unknown.join(', ')}: give any of ${Object.keys(ALL_PARTS).join(', ')}, or soak`);
const PARTS: Array<[string, BenchPart]> = soak
	? []
	: (requested.length > 0 ? requested : Object.keys(ALL_PARTS)).map((name) => [name, ALL_PARTS[name]]);

const notStarted: BenchN8n = {
	run: () => Promise.reject(new Error('n8n was not started: no part run needs it')),
	peakHeap: () => Promise.reject(new Error('n8n was not started')),
	livePeakHeap: () => Promise.reject(new Error('n8n was not started')),
	get inspector(): never {
		throw new Error('n8n was not started');
	},
	url: '',
	publicApi: () => Promise.reject(new Error('n8n was not started')),
	stop: async () => undefined,
};

const benchStarted = Date.now();
const log = (line: string): void => {
	console.error(`[${String(Math.round((Date.now() - benchStarted) / 1000)).padStart(3)} s] ${line}`);
};

function machine(): string {
	const [cpu] = cpus();
	return `${cpus().length} cores (${cpu?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 1024 ** 3)} GB, Node ${process.version}, n8n ${selectedRuntime().n8nVersion}`;
}

const { cleanups, stopAll } = cleanupsFor(log);

async function main(): Promise<void> {
	const startedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
	// Other work on the machine shows in every figure: the load average says how much there was.
	const loadAtStart = loadavg()[0];
	const start = async (options: Parameters<typeof startSandbox>[0]): Promise<Sandbox> => {
		const sandbox = await startSandbox(options);
		cleanups.push(() => sandbox.stop());
		return sandbox;
	};
	log(`Starting the sandboxes (${LIST_USERS.toLocaleString('en-US')} Users; ${LATENCY_MS} ms an answer) ...`);
	// How long seeding a large Organization takes is measured here, not asserted by a test (it depends on the machine).
	const listStarted = Date.now();
	const list = await start({ users: LIST_USERS, latencyMs: LATENCY_MS });
	const listStartMs = Date.now() - listStarted;
	const sandboxes: Sandboxes = {
		list,
		creates: await start({ latencyMs: LATENCY_MS }),
		limited: await start({ latencyMs: LATENCY_MS, rateLimit: RATE_LIMIT }),
	};
	const credentials = benchCredentials({ List: sandboxes.list, Creates: sandboxes.creates, Limited: sandboxes.limited });
	const workflows = PARTS.flatMap(([, part]) => part.workflows(sandboxes, credentials));
	// Parts without workflows (the footprint, the whole lists) run without n8n.
	const n8n = workflows.length > 0 ? await startBenchN8n(credentials, workflows, log) : notStarted;
	cleanups.push(() => n8n.stop());
	const context: BenchContext = { sandboxes, n8n, log };

	const sections: Section[] = [];
	let failed = false;
	for (const [name, part] of PARTS) {
		// A part that fails is printed as failed; the others' figures still come out.
		try {
			const section = await part.measure(context);
			log(`Done: ${section.title}`);
			sections.push(section);
		} catch (error) {
			failed = true;
			log(`The part ${name} failed: ${(error as Error).stack ?? (error as Error).message}`);
			sections.push({ title: `${name}: failed`, columns: ['error'], rows: [[(error as Error).message.split('\n')[0]]], targets: [] });
		}
	}
	if (failed) process.exitCode = 1;
	console.log(
		[
			`**npm run bench**, ${startedAt}: ${machine()}; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end.`,
			`Sandboxes on 127.0.0.1, ${LATENCY_MS} ms an answer (the one of ${LIST_USERS.toLocaleString('en-US')} Users seeded and started in ${(listStartMs / 1000).toFixed(2)} s); medians of up to ${RUNS} runs; the whole run took ${Math.round((Date.now() - benchStarted) / 1000)} s.`,
			'',
			renderSections(sections),
		].join('\n'),
	);
}

(soak ? runSoak(log, (cleanup) => cleanups.push(cleanup)).then((text) => console.log(text)) : main())
	.catch((error: Error) => {
		log(`The benchmark failed: ${error.stack ?? error.message}`);
		process.exitCode = 1;
	})
	.finally(() => stopAll());
