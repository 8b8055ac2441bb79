// An n8n user folder (n8n keeps its database, settings and community packages in <folder>/.n8n) and the environment
// every n8n process of that folder runs with, server and CLI alike.
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { runtimeProcessEnv } from './install';
import { PACKAGE_NAME } from './project';
import { type Runtime, type RuntimeName, RUNTIMES, selectedRuntime } from './runtimes';
import { ownedTemporaryFolder } from './temporary';

/**
 * Links a package folder (one with package.json and dist/) where n8n loads installed community packages, so our
 * nodes get their production type names (n8n-nodes-ministrysafe.ministrySafe). For `npm run dev` alone, whose n8n
 * reloads the linked folder as tsc rebuilds it; the tests install the packed tarball instead (packageInstall.ts).
 */
export function linkPackage(userFolder: string, packageDir: string): void {
	const link = join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
	mkdirSync(dirname(link), { recursive: true });
	rmSync(link, { force: true, recursive: true });
	symlinkSync(packageDir, link, 'dir');
}

/** A new user folder in the temporary folder, named after this process (temporary.ts). */
export function temporaryUserFolder(prefix: string): string {
	return ownedTemporaryFolder(prefix);
}

export interface N8nSettings {
	userFolder: string;
	encryptionKey: string;
	/** Set N8N_DEV_RELOAD: n8n reloads the package when its files change. */
	devReload?: boolean;
	/** Which n8n runs this folder; by default the one N8N_RUNTIME selects. */
	runtime?: RuntimeName;
	/** Extra variables for every n8n process of this folder (server and CLI), after the defaults: they win. */
	env?: Record<string, string>;
}

export function settingsRuntime(settings: N8nSettings): Runtime {
	return settings.runtime ? RUNTIMES[settings.runtime] : selectedRuntime();
}

/**
 * A headless, local, quiet n8n: sqlite, 127.0.0.1 only, no telemetry, templates, banners or AI. `extra` (one start or
 * command) comes last and wins over the settings' own `env`, which wins over the defaults.
 */
export function n8nEnvironment(
	settings: N8nSettings,
	port: number,
	brokerPort: number,
	extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
	const runtime = settingsRuntime(settings);
	const inherited = runtimeProcessEnv(runtime);
	// Under jest NODE_ENV is 'test', and n8n then refuses to load nodes; n8n's own default is right here. A user's
	// shell may set either name of the webhook URL variable; only this runtime's one is set, below. n8n 2.41 keeps an
	// inherited NODE_PATH on its module path, where our node_modules must not be (launch.ts).
	for (const name of ['NODE_ENV', 'WEBHOOK_URL', 'N8N_WEBHOOK_URL', 'NODE_PATH']) delete inherited[name];
	return {
		...inherited,
		N8N_USER_FOLDER: settings.userFolder,
		N8N_ENCRYPTION_KEY: settings.encryptionKey,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		[runtime.webhookUrlVariable]: `http://127.0.0.1:${port}/`,
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		N8N_SECURE_COOKIE: 'false',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		DB_TYPE: 'sqlite',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_PUBLIC_API_SWAGGERUI_DISABLED: 'true',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
		N8N_DEV_RELOAD: settings.devReload ? 'true' : 'false',
		...runtime.env,
		...settings.env,
		...extra,
	};
}
