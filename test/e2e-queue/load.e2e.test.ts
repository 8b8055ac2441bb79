// npm run load:queue, run small (30 events) as a user runs it: its own process, no tarball given (it packs one as the
// end-to-end suites do), its own queue topology; each event acted on by both of its checks (exactly once by the atomic
// one), from the webhook or, for one the webhook lost, from the polling net. Bounded: the
// script stops by itself after LOAD_TIMEOUT_MS. Runs only under npm run test:e2e:queue.
import { spawn } from 'node:child_process';

import { REPO_DIR, TARBALL_VARIABLE } from '../../scripts/n8n-runtime';
import { ACTS } from '../../scripts/harness/queue/burstWorkflow';

const EVENTS = 30;
const LOAD_TIMEOUT_MS = 240_000;

/** Runs the npm script as documented; resolves with its exit code and what it printed. */
function loadQueue(): Promise<{ code: number | null; output: string }> {
	const env: NodeJS.ProcessEnv = { ...process.env, LOAD_EVENTS: String(EVENTS), LOAD_TIMEOUT_MS: String(LOAD_TIMEOUT_MS) };
	// As on a developer's machine: nothing packed beforehand.
	delete env[TARBALL_VARIABLE];
	return new Promise((resolveRun, rejectRun) => {
		const child = spawn('npm', ['run', 'load:queue'], { cwd: REPO_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.on('error', rejectRun);
		child.on('close', (code) => resolveRun({ code, output }));
	});
}

it(`npm run load:queue packs the package, sends ${EVENTS} events and acts on each, exactly once with the atomic check`, async () => {
	const { code, output } = await loadQueue();

	// What the script printed goes with a failure: its figures and n8n's problem lines say what went wrong.
	expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
	expect(output).toContain(`Events sent by the sandbox:             ${EVENTS}`);
	// The webhook may lose some on a busy machine; the polling net then finds them (decisions.md 38): what counts is
	// that each event is acted on exactly once.
	expect(output).toMatch(/Lost by the webhook \(no execution\): +\d+\n/);
	// Every event acted on; exactly once by the atomic Redis check. Remove Duplicates may let an event through twice
	// when two executions of it run at once (a retried delivery on a busy machine; docs/scale.md): not lost, though.
	expect(output).toContain(`${ACTS.redisCounter}: ${EVENTS} of ${EVENTS} events acted on exactly once`);
	expect(output).toMatch(new RegExp(`${ACTS.removeDuplicates}: \\d+ of ${EVENTS} events acted on exactly once \\(twice or more: \\d+, never: 0\\)`));
}, LOAD_TIMEOUT_MS + 120_000);
