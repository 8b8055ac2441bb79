// README's Installation "With Docker, declared": n8n (2.21 and later) installs the community packages that
// N8N_COMMUNITY_PACKAGES lists when it starts. The value README gives is read by n8n 2.41 itself, here, with the
// settings n8n 3.0 makes the default and with the one README asks for.
//
// What cannot be shown here: n8n installing the packed package this way. n8n installs a declared package from
// registry.npmjs.org, where this package is not published yet, or from N8N_COMMUNITY_PACKAGES_REGISTRY, which n8n
// allows only with a licence (its feature 'feat:communityNodes:customRegistry'); so no local registry can stand in.
// The second test shows that refusal, so that the day n8n lifts it this test says so.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import {
	type N8nSettings,
	REPO_DIR,
	installPackageTarball,
	packedTarball,
	selectedRuntime,
	startN8n,
	temporaryUserFolder,
} from '../../scripts/n8n-runtime';

/** The N8N_COMMUNITY_PACKAGES value of README's Docker command, as a user copies it. */
function readmeValue(): string {
	const readme = readFileSync(join(REPO_DIR, 'README.md'), 'utf8');
	const value = /-e N8N_COMMUNITY_PACKAGES='([^']+)'/.exec(readme)?.[1];
	if (!value) throw new Error("README's Installation gives no N8N_COMMUNITY_PACKAGES value");
	return value;
}

const declared = (extra: Record<string, string>): Record<string, string> => ({
	N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV: 'true',
	N8N_COMMUNITY_PACKAGES: readmeValue(),
	...extra,
});

// n8n 2.8.4 predates N8N_COMMUNITY_PACKAGES (2.21).
const onCurrent = selectedRuntime().name === 'current' ? describe : describe.skip;

onCurrent('N8N_COMMUNITY_PACKAGES as README gives it, read by n8n 2.41', () => {
	const folders: string[] = [];
	const settings = (env: Record<string, string>): N8nSettings => {
		const userFolder = temporaryUserFolder('ministrysafe-declared');
		folders.push(userFolder);
		return { userFolder, encryptionKey: 'ministrysafe-declared-key', env };
	};
	afterAll(() => {
		for (const folder of folders) rmSync(folder, { recursive: true, force: true });
	});

	it('names this package, pinned; with unverified packages off (n8n 3.0\'s default) n8n does not start, and says why', async () => {
		expect(JSON.parse(readmeValue())).toEqual([{ name: 'n8n-nodes-ministrysafe', version: expect.stringMatching(/^\d+\.\d+\.\d+$/) }]);
		const { version } = JSON.parse(readmeValue())[0] as { version: string };
		const start = startN8n(settings(declared({ N8N_UNVERIFIED_PACKAGES_ENABLED: 'false' })), { readyTimeoutMs: 60_000 });
		const refused = (await start.then(
			async (n8n) => {
				await n8n.stop();
				return new Error('n8n started');
			},
			(error: Error) => error,
		)) as Error;
		// It exits: it does not wait for the ready timeout.
		expect(refused.message).toMatch(/^n8n [\d.]+ exited\./);
		expect(refused.message).toContain(
			`N8N_COMMUNITY_PACKAGES: no checksum available for 'n8n-nodes-ministrysafe@${version}' and unverified packages are disabled`,
		);
	});

	it('with unverified packages on, n8n starts and goes to install it, but not from a registry of our own without a licence', async () => {
		const { version } = JSON.parse(readmeValue())[0] as { version: string };
		// The package installed as the editor installs it, so that n8n starts with its nodes; n8n's installed-package
		// records do not list it, so n8n tries to install what the variable declares. No registry needs to listen on
		// 127.0.0.1:9: n8n refuses before it asks one.
		const folder = settings(
			declared({ N8N_UNVERIFIED_PACKAGES_ENABLED: 'true', N8N_COMMUNITY_PACKAGES_REGISTRY: 'http://127.0.0.1:9' }),
		);
		await installPackageTarball(folder.userFolder, packedTarball());
		const n8n = await startN8n(folder, { readyTimeoutMs: 90_000 });
		try {
			const output = n8n.output();
			expect(output).toContain('reconciling installed community packages from env vars');
			expect(output).toContain(`Failed to install community package 'n8n-nodes-ministrysafe@${version}' from env`);
			expect(output).toMatch(/licen[cs]e/i);
		} finally {
			await n8n.stop();
		}
	});
});
