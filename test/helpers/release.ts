// The last release, as the tests that compare today's package with it find it in this repository's history.
import { execFileSync } from 'node:child_process';

import { REPO_DIR } from '../../scripts/n8n-runtime';

export const RELEASE_TAG = 'v0.1.0';
/**
 * The commit v0.1.0 names, for a clone without tags (CI's may have none). CHANGELOG.md's [0.1.0] is the package
 * before the first change listed after it (the changelog's first commit, 137d55e); the commit before it, fb9fed8,
 * already carries the webhook credential's name ministrySafeWebhookApi ("a name no release carried" is said of the
 * older one).
 */
export const RELEASE_COMMIT = 'fb9fed86e8bc383677b8ea8e2ad7f6eb731b3816';

function git(args: string[]): string {
	return execFileSync('git', args, {
		cwd: REPO_DIR,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'ignore'],
	}).trim();
}

/** The release's commit: its tag's, else RELEASE_COMMIT; a clone that has neither fails here, saying how to fix it. */
export function releaseCommit(): string {
	for (const name of [`${RELEASE_TAG}^{commit}`, `${RELEASE_COMMIT}^{commit}`]) {
		try {
			return git(['rev-parse', '--verify', '--quiet', name]);
		} catch {
			// not in this clone: try the next name
		}
	}
	throw new Error(
		`The last release ${RELEASE_TAG} (commit ${RELEASE_COMMIT.slice(0, 7)}) is not in this clone's history: fetch it whole (git fetch --unshallow --tags, or actions/checkout with fetch-depth: 0)`,
	);
}
