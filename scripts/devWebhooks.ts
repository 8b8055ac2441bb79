// Webhook events in `npm run dev`: the sandbox sends every event to both URLs of every MinistrySafe Trigger in n8n,
// the Production URL (runs a published workflow) and the Test URL (answers while the editor listens for a test
// event, after "Test this trigger"), kept current as workflows are added; and its log keeps quiet about the calls
// nobody was listening for, which are the normal case for Test URLs.
import { DEFAULT_RETRY_DELAYS_MS } from '../sandbox/webhooks';
import { type Log, type N8nClient, type N8nInstance, NODE_TYPES, setSandboxWebhooks } from './n8n-runtime';

const SYNC_INTERVAL_MS = 3_000;
const LAST_ATTEMPT = DEFAULT_RETRY_DELAYS_MS.length + 1;

interface WatchOptions {
	n8n: N8nInstance;
	client: N8nClient;
	apiKey: string;
	sandbox: { url: string; apiKey: string };
	auth: { user: string; password: string };
	log: Log;
}

/** Points the sandbox at every MinistrySafe Trigger now, then every 3 s when triggers come or go. Call stop() to end. */
export async function watchTriggers(options: WatchOptions): Promise<{ stop(): void }> {
	let current = '';
	let lastError = '';
	const sync = async (): Promise<void> => {
		try {
			const workflows = await options.client.workflows(options.apiKey);
			const triggers = workflows.flatMap((workflow) =>
				workflow.nodes
					.filter((node) => node.type === NODE_TYPES.trigger && node.webhookId)
					.map((node) => ({ workflow: workflow.name, webhookId: node.webhookId as string })),
			);
			const urls = triggers.flatMap(({ webhookId }) => [
				options.n8n.webhookUrl(webhookId),
				options.n8n.testWebhookUrl(webhookId),
			]);
			const key = urls.join(' ');
			if (key !== current) {
				await setSandboxWebhooks(options.sandbox, urls, options.auth);
				current = key;
				const names = [...new Set(triggers.map((trigger) => `"${trigger.workflow}"`))].join(', ');
				options.log(
					triggers.length === 0
						? 'The sandbox sends its webhook events nowhere yet: add a MinistrySafe Trigger to a workflow and save it'
						: `The sandbox sends its webhook events to the Production and Test URLs of ${triggers.length} MinistrySafe Trigger(s): ${names}`,
				);
			}
			lastError = '';
		} catch (error) {
			// Said once, not every 3 s.
			const message = (error as Error).message;
			if (message !== lastError) options.log(`Could not update the sandbox's webhook URLs: ${message}`);
			lastError = message;
		}
	};
	await sync();
	let timer: NodeJS.Timeout | undefined;
	let stopped = false;
	const next = (): void => {
		timer = setTimeout(() => void sync().finally(() => !stopped && next()), SYNC_INTERVAL_MS);
	};
	next();
	return {
		stop: () => {
			stopped = true;
			clearTimeout(timer);
		},
	};
}

/**
 * A sandbox log line as `npm run dev` shows it, or undefined to leave it out. n8n answers 404 at a Test URL when the
 * editor is not listening (the normal case) and at a Production URL when its workflow is not published: the first are
 * left out, the second said once, after the last retry.
 */
export function devSandboxLine(line: string): string | undefined {
	const notFound = /^webhook (\S+) -> (\S+) answered 404 \(attempt (\d+)\)$/.exec(line);
	if (!notFound) return line;
	const [, event, url, attempt] = notFound;
	if (url.includes('/webhook-test/')) return undefined;
	if (Number(attempt) < LAST_ATTEMPT) return undefined;
	return `webhook ${event} -> ${url}: not delivered, its workflow is not published (n8n answered 404 ${attempt} times)`;
}

/** n8n's own two lines for each call to a webhook nobody listens on: the sandbox's line above says it already. */
export function isUnknownWebhookLine(line: string): boolean {
	return /Received request for unknown webhook|The requested webhook .* is not registered/.test(line);
}
