// A template imported twice, as a second campus (or a second channel) would: background-check-ready, read from its
// file, saved twice as the editor saves an imported workflow (a new webhookId for a trigger without one), both
// published. Each copy has its own Production URL (with the webhookId the file carried, both copies shared one: the
// second refused to publish in the editor with "Conflicting Trigger Path", and every install shared one publicly known
// URL), and each answers the sandbox's event.
import { type PublicExecution, type SavedWorkflow, exampleWorkflows, setSandboxWebhooks, triggerWebhookIds, waitFor } from '../../scripts/n8n-runtime';
import { ok, sandboxClients } from '../helpers/sandbox';
import { type E2eEnvironment, WEBHOOK_AUTH, startE2eEnvironment } from './helpers';

const TEMPLATE = 'msExampleBgCheckReady';

let env: E2eEnvironment;
beforeAll(async () => {
	env = await startE2eEnvironment();
}, 240_000);
afterAll(async () => {
	await env?.stop();
}, 60_000);

/** The template as the file has it (it carries no webhookId: test/package/templateWebhookIds.test.ts). */
function templateFile() {
	const template = exampleWorkflows().find((workflow) => workflow.id === TEMPLATE);
	if (!template) throw new Error(`examples/ has no workflow ${TEMPLATE}`);
	return template;
}

/** The webhook's execution (the template's polling net may run beside it). */
async function successfulExecution(workflowId: string): Promise<PublicExecution> {
	return await waitFor(
		`a successful webhook execution of ${workflowId}`,
		async () => {
			const executions = await env.client.executions(env.apiKey, workflowId);
			const failed = executions.find((execution) => execution.status === 'error');
			if (failed) throw new Error(`Execution ${failed.id} of ${workflowId} failed: ${failed.data?.resultData.error?.message}`);
			return executions.find((execution) => execution.status === 'success' && execution.mode === 'webhook');
		},
		30_000,
	);
}

it('publishes both copies, each at its own Production URL, and each answers the event', async () => {
	const template = templateFile();
	const campuses: SavedWorkflow[] = [];
	for (const campus of ['North campus', 'South campus']) {
		campuses.push(await env.client.saveImported({ ...template, name: `${template.name} (${campus})` }));
	}
	// Publishing the second is what failed with "Conflicting Trigger Path" when both carried the file's webhookId.
	for (const { id } of campuses) await env.client.publish(env.apiKey, id);

	const saved = await Promise.all(campuses.map(({ id }) => env.client.workflow(env.apiKey, id)));
	expect(saved.every((workflow) => workflow.active)).toBe(true);
	const keys = saved.map((workflow) => triggerWebhookIds(workflow));
	expect(keys.map((key) => key.length)).toEqual([1, 1]);
	expect(keys[0][0]).not.toBe(keys[1][0]);
	for (const [key] of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

	await setSandboxWebhooks(env.sandbox, keys.flat().map(env.n8n.webhookUrl), WEBHOOK_AUTH);
	const { api, control } = sandboxClients(env.sandbox);
	const checks = ok(await api.get('/background_checks')) as Array<{ id: number; status: string }>;
	const processing = checks.find((check) => check.status === 'processing');
	if (!processing) throw new Error('The sandbox has no processing background check on its first page');
	ok(await control.post(`/background_checks/${processing.id}/ready`, { json: {} }));

	const deliveries = await env.sandbox.waitForDeliveries(2, 30_000);
	expect(deliveries.map(({ url, delivered, status }) => ({ url, delivered, status })).sort((a, b) => a.url.localeCompare(b.url))).toEqual(
		keys
			.flat()
			.map(env.n8n.webhookUrl)
			.sort()
			.map((url) => ({ url, delivered: true, status: 200 })),
	);
	for (const { id } of campuses) {
		const execution = await successfulExecution(id);
		expect(execution.workflowId).toBe(id);
		// Each copy read the check that became ready.
		const read = execution.data?.resultData.runData['Read the background check']?.[0]?.data?.main[0] ?? [];
		expect(read.map(({ json }) => json.id)).toEqual([processing.id]);
	}
});
