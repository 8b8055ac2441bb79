// npm run scan: n8n's verification scanner (@n8n/scan-community-package, pinned) with its own configuration, over the
// two things it checks before n8n verifies a package: the source (package.json, nodes/, credentials/) and the packed
// tarball. The scanner ignores our ESLint config and every disable comment; so does this. Needs `npm run build` first.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { SOURCE_FILE_PATTERNS, analyzePackage } from '@n8n/scan-community-package/scanner/scanner.mjs';

const repo = resolve(import.meta.dirname, '..');
/** What the scanner lints in the tarball it downloads from npm (scanner.mjs, analyzePackageByName). */
const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

if (!existsSync(join(repo, 'dist'))) {
	console.error('dist/ is missing: run `npm run build` first (the tarball is packed from it).');
	process.exit(1);
}

/** Packs the package as `npm publish` would and unpacks it; returns the unpacked package folder. */
function unpackedTarball(workDir) {
	const [{ filename }] = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--pack-destination', workDir], { cwd: repo, encoding: 'utf8' }),
	);
	execFileSync('tar', ['-xzf', join(workDir, filename), '-C', workDir]);
	return join(workDir, 'package');
}

const workDir = mkdtempSync(join(tmpdir(), 'ministrysafe-scan-'));
let failed = false;
try {
	const legs = [
		['source', repo, SOURCE_FILE_PATTERNS],
		['tarball', unpackedTarball(workDir), TARBALL_FILE_PATTERNS],
	];
	for (const [leg, dir, patterns] of legs) {
		const result = await analyzePackage(dir, patterns);
		console.log(`${result.passed ? 'pass' : 'FAIL'}: ${leg} (${patterns.join(', ')})${result.message ? `: ${result.message}` : ''}`);
		if (result.details) console.log(result.details);
		failed ||= !result.passed;
	}
} finally {
	rmSync(workDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
