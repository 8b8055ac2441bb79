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

/** A release, by its tag and the commit it names (for a clone without tags). */
export interface Release {
	tag: string;
	commit: string;
}

/**
 * 1.1.0 (CHANGELOG.md, 2026-11-27): as 1.0.0, the main that landed with package.json at 1.1.0, a8be943 (after the
 * release commit a855147 came Staff List > File, which the 1.1.0 changelog lists); node version 1.3 and event ids came
 * with it.
 */
export const RELEASE_1_1_0: Release = { tag: 'v1.1.0', commit: 'a8be943cbe759ff8b9adc532b76fe66ec0d2d27a' };

/**
 * Every release whose saved nodes must keep their meaning. 1.0.0 (CHANGELOG.md, 2026-11-26) is the main that landed
 * with package.json at 1.0.0, 7d001ad: its node versions 1.2 and trigger 1.1 were first released there; 1.1.0 released
 * node version 1.3.
 */
export const RELEASES: Release[] = [
	{ tag: RELEASE_TAG, commit: RELEASE_COMMIT },
	{ tag: 'v1.0.0', commit: '7d001ad737754b36763019c22bd6a597516a5475' },
	RELEASE_1_1_0,
];

function git(args: string[]): string {
	return execFileSync('git', args, {
		cwd: REPO_DIR,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'ignore'],
	}).trim();
}

/** A release's commit: its tag's, else the commit it names; a clone that has neither fails here, saying how to fix it. */
export function releaseCommit({ tag, commit }: Release = RELEASES[0]): string {
	for (const name of [`${tag}^{commit}`, `${commit}^{commit}`]) {
		try {
			return git(['rev-parse', '--verify', '--quiet', name]);
		} catch {
			// not in this clone: try the next name
		}
	}
	throw new Error(
		`The release ${tag} (commit ${commit.slice(0, 7)}) is not in this clone's history: fetch it whole (git fetch --unshallow --tags, or actions/checkout with fetch-depth: 0)`,
	);
}

/** A file of this repository as a release shipped it (its commit: the tag's, else the one it names). */
export const fileAtRelease = (release: Release, path: string): string => git(['show', `${releaseCommit(release)}:${path}`]);
