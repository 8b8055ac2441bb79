// The mirror every n8n of the tests starts from (scripts/harness/runtime/launch.ts): made where hard links run out, and
// left-over mirrors removed. CI failed once with "cp: cannot create hard link ...: Too many links" on a machine whose
// temporary folder kept the mirrors of earlier clones: each adds thousands of links to pnpm's one empty-module inode.
import { execFileSync } from 'node:child_process';
import {
	chmodSync,
	existsSync,
	linkSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	readlinkSync,
	rmSync,
	statSync,
	symlinkSync,
	utimesSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { completeMirror, runtimeMirror } from '../../scripts/harness/runtime/launch';
import type { Runtime } from '../../scripts/harness/runtime/runtimes';

let root: string;

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'mirror-test-'));
});

afterEach(() => {
	rmSync(root, { recursive: true, force: true });
});

/** A runtime folder as pnpm leaves one: modules, an executable, a symbolic link, the install marker. */
function fakeRuntime(name: string): Runtime {
	const dir = join(root, name);
	mkdirSync(join(dir, 'node_modules', 'n8n', 'bin'), { recursive: true });
	mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
	writeFileSync(join(dir, 'package.json'), '{}');
	writeFileSync(join(dir, 'node_modules', '.modules.yaml'), 'layoutVersion: 5\n');
	writeFileSync(join(dir, 'node_modules', 'n8n', 'empty.js'), 'export {};\n');
	writeFileSync(join(dir, 'node_modules', 'n8n', 'bin', 'n8n'), '#!/usr/bin/env node\n');
	chmodSync(join(dir, 'node_modules', 'n8n', 'bin', 'n8n'), 0o755);
	symlinkSync('../n8n/bin/n8n', join(dir, 'node_modules', '.bin', 'n8n'));
	return { name: 'oldest', dir, n8nBin: join(dir, 'node_modules', 'n8n', 'bin', 'n8n') } as Runtime;
}

function inode(path: string): number {
	return statSync(path).ino;
}

describe('completeMirror: what cp -al could not link', () => {
	it('copies a file whose inode is at the limit of hard links and links every other file', () => {
		const runtime = fakeRuntime('runtime');
		const copy = join(root, 'copy');
		const atLimit = join(runtime.dir, 'node_modules', 'n8n', 'empty.js');
		const tried: string[] = [];
		completeMirror(runtime.dir, copy, (from, to) => {
			tried.push(from);
			if (from === atLimit) throw Object.assign(new Error('EMLINK: too many links'), { code: 'EMLINK' });
			linkSync(from, to);
		});

		const copied = join(copy, 'node_modules', 'n8n', 'empty.js');
		expect(readFileSync(copied, 'utf8')).toBe('export {};\n');
		expect(inode(copied)).not.toBe(inode(atLimit));
		const bin = join(copy, 'node_modules', 'n8n', 'bin', 'n8n');
		expect(inode(bin)).toBe(inode(runtime.n8nBin));
		expect(statSync(bin).mode & 0o777).toBe(0o755);
		expect(readlinkSync(join(copy, 'node_modules', '.bin', 'n8n'))).toBe('../n8n/bin/n8n');
		expect(tried).toContain(atLimit);
	});

	it('keeps what cp -al made and adds only what is missing', () => {
		const runtime = fakeRuntime('runtime');
		const copy = join(root, 'copy');
		execFileSync('cp', ['-al', runtime.dir, copy]);
		rmSync(join(copy, 'node_modules', 'n8n', 'empty.js'));
		const tried: string[] = [];
		completeMirror(runtime.dir, copy, (from, to) => {
			tried.push(from);
			linkSync(from, to);
		});
		expect(tried).toEqual([join(runtime.dir, 'node_modules', 'n8n', 'empty.js')]);
		expect(existsSync(join(copy, 'node_modules', 'n8n', 'empty.js'))).toBe(true);
	});

	it('fails on any other error than a full link count', () => {
		const runtime = fakeRuntime('runtime');
		expect(() =>
			completeMirror(runtime.dir, join(root, 'copy'), () => {
				throw Object.assign(new Error('EXDEV: cross-device link'), { code: 'EXDEV' });
			}),
		).toThrow('EXDEV');
	});
});

describe('runtimeMirror: one mirror per runtime folder and install, left-overs removed', () => {
	it('mirrors the runtime as hard links, saying its source, and removes what is left over', () => {
		const temporary = join(root, 'tmp');
		mkdirSync(temporary);
		const runtime = fakeRuntime('runtime');
		const gone = fakeRuntime('removed-clone');

		const goneMirror = runtimeMirror(gone, temporary);
		rmSync(gone.dir, { recursive: true });
		const unmarked = join(temporary, 'ministrysafe-n8n-current-0123456789ab-1795836983022');
		mkdirSync(unmarked);
		const deadCopy = join(temporary, 'ministrysafe-n8n-oldest-0123456789ab-1795836983022.2147483646.1795836983022');
		mkdirSync(deadCopy);
		const liveCopy = join(temporary, `ministrysafe-n8n-oldest-0123456789ab-1795836983022.${process.pid}.1795836983022`);
		mkdirSync(liveCopy);
		const unrelated = join(temporary, 'another-tool-1795836983022');
		mkdirSync(unrelated);

		const mirror = runtimeMirror(runtime, temporary);

		expect(inode(join(mirror, 'node_modules', 'n8n', 'bin', 'n8n'))).toBe(inode(runtime.n8nBin));
		expect(JSON.parse(readFileSync(join(mirror, '.ministrysafe-mirror-of.json'), 'utf8'))).toEqual({
			name: 'oldest',
			dir: runtime.dir,
		});
		expect([goneMirror, unmarked, deadCopy].filter((folder) => existsSync(folder))).toEqual([]);
		expect([liveCopy, unrelated].filter((folder) => existsSync(folder))).toEqual([liveCopy, unrelated]);
		expect(runtimeMirror(runtime, temporary)).toBe(mirror);

		// Reinstalled: pnpm rewrote its marker, so the next start makes a new mirror and the earlier one goes.
		const later = new Date(Date.now() + 60_000);
		const marker = join(runtime.dir, 'node_modules', '.modules.yaml');
		writeFileSync(marker, 'layoutVersion: 5\n');
		utimesSync(marker, later, later);
		const reinstalled = runtimeMirror(runtime, temporary);
		expect(reinstalled).not.toBe(mirror);
		expect(existsSync(mirror)).toBe(false);
		expect(lstatSync(join(reinstalled, 'node_modules', '.bin', 'n8n')).isSymbolicLink()).toBe(true);
	});
});
