// Part 4: what the package costs a running n8n. Module load time of our nodes and credentials (require and
// construct, as n8n's loader does, with n8n-workflow already loaded; median of fresh processes), the packed tarball
// (npm pack --dry-run), and the peak memory of the 10,000 User run against the size of its JSON.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_DIR, runProcess, temporaryUserFolder } from '../n8n-runtime';

import type { BenchContext, BenchPart } from './context';
import { LIST_USERS } from './returnAll';
import { median } from './runs';
import type { Section } from './table';
import { kilobytes, megabytes, milliseconds, ratio } from './table';

const LOAD_RUNS = 7;
const CHILD_TIMEOUT_MS = 120_000;

/** The files n8n loads from the package: its `n8n` section. */
function packageEntries(): string[] {
	const manifest = JSON.parse(readFileSync(join(REPO_DIR, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[]; credentials: string[] };
	};
	return [...manifest.n8n.nodes, ...manifest.n8n.credentials].map((file) => join(REPO_DIR, file));
}

/** n8n's loader: require each file, then construct the class named as the file (MinistrySafe.node.js: MinistrySafe). */
const LOAD_SCRIPT = `
const { basename } = require('node:path');
const entries = JSON.parse(process.argv[1]);
require('n8n-workflow');
const started = process.hrtime.bigint();
for (const entry of entries) new (require(entry)[basename(entry).split('.')[0]])();
console.log(Number(process.hrtime.bigint() - started) / 1e6);
`;

async function loadTimeMs(): Promise<number> {
	const entries = JSON.stringify(packageEntries());
	const times: number[] = [];
	for (let index = 0; index < LOAD_RUNS; index++) {
		const child = await runProcess(process.execPath, ['-e', LOAD_SCRIPT, entries], {
			keepStdout: true,
			timeoutMs: CHILD_TIMEOUT_MS,
		});
		times.push(Number(child.stdout().trim()));
	}
	return median(times);
}

async function tarball(): Promise<{ size: number; unpackedSize: number; entryCount: number }> {
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const child = await runProcess(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		keepStdout: true,
		timeoutMs: CHILD_TIMEOUT_MS,
	});
	const [packed] = JSON.parse(child.stdout()) as Array<{ size: number; unpackedSize: number; entryCount: number }>;
	return packed;
}

interface MemoryRun {
	items: number;
	jsonBytes: number;
	peakBytes: number;
	livePeakBytes: number;
	heldBytes: number;
	maxRssBytes: number;
}

async function memoryRun({ sandboxes }: BenchContext): Promise<MemoryRun> {
	// n8n-core reads its settings from a user folder when first loaded: a throw-away one.
	const userFolder = temporaryUserFolder('ministrysafe-bench-core');
	let stdout: string;
	try {
		const child = await runProcess(
			process.execPath,
			['--expose-gc', '--import', 'tsx', join(__dirname, 'memoryRun.ts'), sandboxes.list.url, sandboxes.list.apiKey],
			{
				keepStdout: true,
				timeoutMs: CHILD_TIMEOUT_MS,
				env: { ...process.env, N8N_USER_FOLDER: userFolder, N8N_ENCRYPTION_KEY: 'ministrysafe-bench-encryption-key' },
			},
		);
		stdout = child.stdout();
	} finally {
		rmSync(userFolder, { recursive: true, force: true });
	}
	const result = JSON.parse(stdout.trim().split('\n').pop() ?? '') as MemoryRun;
	if (result.items !== LIST_USERS) throw new Error(`The memory run gave ${result.items} of ${LIST_USERS} Users`);
	return result;
}

async function measure(context: BenchContext): Promise<Section> {
	context.log('  module load time ...');
	const loadMs = await loadTimeMs();
	context.log('  tarball ...');
	const packed = await tarball();
	context.log('  peak memory of the Return All run ...');
	const memory = await memoryRun(context);
	return {
		title: '4. Footprint',
		columns: ['', 'figure', 'target'],
		rows: [
			[`module load of our nodes and credentials (require + new, median of ${LOAD_RUNS} processes)`, milliseconds(loadMs), 'under 30 ms'],
			[
				`packed tarball (npm pack: ${packed.entryCount} files, ${kilobytes(packed.unpackedSize)} unpacked)`,
				kilobytes(packed.size),
				'under 100 KB',
			],
			[`JSON of the ${LIST_USERS.toLocaleString('en-US')} Users put out`, megabytes(memory.jsonBytes), ''],
			[
				'peak heap growth during that run, no collection (n8n-core in-process, sampled every 2 ms: garbage counts)',
				`${megabytes(memory.peakBytes)} (${ratio(memory.peakBytes, memory.jsonBytes)} the JSON)`,
				'',
			],
			[
				'live peak heap growth during a second run (a full collection before each sample, every 10 ms)',
				`${megabytes(memory.livePeakBytes)} (${ratio(memory.livePeakBytes, memory.jsonBytes)} the JSON)`,
				'at most 2x the JSON',
			],
			['heap the output holds after the run', `${megabytes(memory.heldBytes)} (${ratio(memory.heldBytes, memory.jsonBytes)} the JSON)`, ''],
			['peak RSS of that process', megabytes(memory.maxRssBytes), ''],
		],
		targets: ['own module load under 30 ms; tarball under 100 KB; live peak memory of the 10,000 User run at most twice the size of its JSON.'],
	};
}

export const footprint: BenchPart = { workflows: () => [], measure };
