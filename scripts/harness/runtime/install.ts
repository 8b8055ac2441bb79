// Installing a runtime on first use: Node 24 with npm from its lock file (the current n8n needs it), then n8n with pnpm
// from the runtime's lock file (npm cannot resolve n8n's tree). A second call finds both and returns at once.
import { existsSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';

import { runProcess } from './processes';
import { type Log, REPO_DIR } from './project';
import { type NodeDistribution, type Runtime, selectedRuntime } from './runtimes';

const INSTALL_TIMEOUT_MS = 20 * 60_000;

/** sqlite3, n8n's database driver, is compiled on install; pnpm skips that when it links it from a warm store. */
function sqliteBinding(runtime: Runtime): string {
	return join(runtime.dir, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');
}

function isNodeInstalled(node: NodeDistribution | undefined): boolean {
	return node === undefined || existsSync(node.binary);
}

export function isRuntimeInstalled(runtime: Runtime = selectedRuntime()): boolean {
	return isNodeInstalled(runtime.node) && existsSync(runtime.n8nBin) && existsSync(sqliteBinding(runtime));
}

/** The environment for installing and running a runtime: its Node first on PATH, its headers for node-gyp. */
export function runtimeProcessEnv(runtime: Runtime, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
	if (!runtime.node) return { ...base };
	return {
		...base,
		PATH: [join(runtime.node.home, 'bin'), base.PATH].filter(Boolean).join(delimiter),
		// node-gyp compiles sqlite3 against these headers, not whatever a user's npm config (or the internet) offers.
		npm_config_nodedir: runtime.node.home,
	};
}

async function ensureNode(node: NodeDistribution, log: Log): Promise<void> {
	if (existsSync(node.binary)) return;
	log(`Installing Node 24 into ${relative(REPO_DIR, node.dir)} with npm (first run only: about 10 s and 190 MB) ...`);
	await runProcess('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], {
		cwd: node.dir,
		timeoutMs: INSTALL_TIMEOUT_MS,
	});
	if (!existsSync(node.binary)) throw new Error(`npm ci finished in ${node.dir}, but ${node.binary} is missing`);
}

/** pnpm in the runtime's folder, its output passed on as progress lines (one every 10 s at most, for the long quiet parts). */
async function pnpm(runtime: Runtime, args: string[], log: Log): Promise<void> {
	let lastProgress = 0;
	const onLine = (line: string): void => {
		const isProgress = /^(Progress|Packages):|sqlite3.*(install|rebuild)/.test(line);
		if (isProgress && Date.now() - lastProgress < 10_000) return;
		if (isProgress || /^Done|ERR_PNPM|WARN/.test(line)) {
			lastProgress = Date.now();
			log(`  pnpm: ${line.trim().slice(0, 160)}`);
		}
	};
	await runProcess('npx', ['--yes', 'pnpm@10', ...args, '--reporter=append-only'], {
		cwd: runtime.dir,
		// Under `npm run`, npm passes this package's ignore-scripts=true on to children; sqlite3 must build here.
		env: { ...runtimeProcessEnv(runtime), CI: 'true', npm_config_ignore_scripts: 'false' },
		timeoutMs: INSTALL_TIMEOUT_MS,
		onLine,
	});
}

/** Installs what the runtime is missing (Node, n8n, the compiled sqlite3); nothing when all is there. */
export async function ensureRuntime(log: Log, runtime: Runtime = selectedRuntime()): Promise<void> {
	if (isRuntimeInstalled(runtime)) return;
	const started = Date.now();
	const folder = relative(REPO_DIR, runtime.dir);
	if (runtime.node) await ensureNode(runtime.node, log);
	if (!existsSync(runtime.n8nBin)) {
		const frozen = existsSync(join(runtime.dir, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
		log(`Installing n8n ${runtime.n8nVersion} into ${folder} with pnpm (first run only: about 2 minutes and 1.5-2 GB) ...`);
		await pnpm(runtime, ['install', ...frozen], log);
	}
	if (!existsSync(sqliteBinding(runtime))) {
		log("Compiling sqlite3, n8n's database driver (about a minute; needs python3, make and g++) ...");
		await pnpm(runtime, ['rebuild', 'sqlite3'], log);
	}
	if (!isRuntimeInstalled(runtime)) {
		throw new Error(`pnpm finished, but ${runtime.n8nBin} or ${sqliteBinding(runtime)} is missing`);
	}
	log(`n8n ${runtime.n8nVersion} is ready in ${folder} (${Math.round((Date.now() - started) / 1000)} s)`);
}
