// No template carries a fixed webhook ID (issue 42). n8n keeps an imported node's webhookId for our trigger, so a
// template that carried one gave every install the same publicly known URL, and a second import of it (a second
// campus) refused to publish with "Conflicting Trigger Path". Without one, the editor gives each import its own
// (test/e2e/templateImportedTwice.e2e.test.ts imports one twice; the e2e harness gives CLI imports one the same way).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { EXAMPLES_DIR } from '../../scripts/n8n-runtime';

function withWebhookIds(): string[] {
	return readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.filter((file) => {
			const workflow = JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as { nodes: Array<Record<string, unknown>> };
			return workflow.nodes.some((node) => 'webhookId' in node);
		})
		.sort();
}

it('no template carries a webhookId', () => {
	expect(withWebhookIds()).toEqual([]);
});
