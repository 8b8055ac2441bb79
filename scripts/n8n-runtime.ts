// A real n8n for `npm run dev` and the end-to-end tests: one library, so the two callers never drift apart. This file
// is its public face; each concern lives in scripts/harness/runtime/:
//   project     the repository, the package name and our node type names
//   processes   child processes in their own process groups, free ports, bounded waits
//   runtimes    the n8n versions we test on (N8N_RUNTIME=oldest|current) and the Node each runs on
//   install     installing a runtime on first use (Node 24 with npm, n8n with pnpm)
//   launch      the command line of every n8n process, from a hard-linked mirror outside the repository (our node_modules unseen)
//   temporary   temporary folders named after their process, and the removal of those a killed run left
//   userFolder  an n8n user folder (npm run dev links the package into it), and the environment of its processes
//   packageInstall  the packed tarball installed into a user folder as n8n's community-package installer does
//   cli         n8n's CLI: import credentials and workflows, publish, execute
//   server      a running n8n, ready once our nodes are loaded
//   client      n8n's REST and public APIs
//   examples    the example workflows, their credentials, the sandbox's webhook settings
//   files       the credential and workflow files n8n's CLI imports
//
// `npx tsx scripts/n8n-runtime.ts [oldest|current|all]` installs runtimes (default: the one N8N_RUNTIME selects).
import { ensureRuntime } from './harness/runtime/install';
import { type Runtime, RUNTIMES, RUNTIME_NAMES, isRuntimeName, selectedRuntime } from './harness/runtime/runtimes';

export * from './harness/runtime/cli';
export * from './harness/runtime/client';
export * from './harness/runtime/examples';
export * from './harness/runtime/files';
export * from './harness/runtime/install';
export * from './harness/runtime/launch';
export * from './harness/runtime/packageInstall';
export * from './harness/runtime/processes';
export * from './harness/runtime/project';
export * from './harness/runtime/runtimes';
export * from './harness/runtime/server';
export * from './harness/runtime/temporary';
export * from './harness/runtime/userFolder';

/** The folder of the runtime N8N_RUNTIME selects. */
export const RUNTIME_DIR = selectedRuntime().dir;

async function installFromCommandLine(which: string | undefined): Promise<void> {
	let runtimes: Runtime[];
	if (which === undefined) runtimes = [selectedRuntime()];
	else if (which === 'all') runtimes = RUNTIME_NAMES.map((name) => RUNTIMES[name]);
	else if (isRuntimeName(which)) runtimes = [RUNTIMES[which]];
	else throw new Error(`Unknown runtime "${which}": give ${RUNTIME_NAMES.join(', ')} or all`);
	for (const runtime of runtimes) {
		await ensureRuntime((line) => console.log(line), runtime);
		console.log(`n8n ${runtime.n8nVersion} (${runtime.name}) is installed in ${runtime.dir}`);
	}
}

if (require.main === module) {
	installFromCommandLine(process.argv[2]).catch((error: Error) => {
		console.error(error.message);
		process.exitCode = 1;
	});
}
