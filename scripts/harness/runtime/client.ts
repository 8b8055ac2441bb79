// n8n's REST API (what the editor calls) and public API (what scripts call with an API key).
import type { WorkflowRun } from './cli';
import { withWebhookIds } from './examples';
import type { CredentialFile, WorkflowFile } from './files';

export interface Owner {
	email: string;
	firstName: string;
	lastName: string;
	/** n8n's rule: 8 to 64 characters with a number and a capital letter. */
	password: string;
}

export class N8nClient {
	private cookie = '';

	constructor(readonly url: string) {}

	private async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
		const response = await fetch(`${this.url}${path}`, {
			method,
			headers: {
				accept: 'application/json',
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
				...(this.cookie ? { cookie: this.cookie } : {}),
				...headers,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(30_000),
		});
		const setCookie = response.headers.get('set-cookie');
		if (setCookie) this.cookie = setCookie.split(';')[0];
		const text = await response.text();
		if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
		return (text ? JSON.parse(text) : undefined) as T;
	}

	/** Creates the instance owner on a fresh n8n, or signs in as them when the owner exists already. */
	async signIn(owner: Owner): Promise<void> {
		const settings = await this.request<{ data: { userManagement: { showSetupOnFirstLoad?: boolean } } }>(
			'GET',
			'/rest/settings',
		);
		if (settings.data.userManagement.showSetupOnFirstLoad) {
			await this.request('POST', '/rest/owner/setup', owner);
		} else {
			await this.request('POST', '/rest/login', { emailOrLdapLoginId: owner.email, password: owner.password });
		}
	}

	/** A key for the public API (/api/v1) with every scope the owner may grant. */
	async createApiKey(label: string): Promise<string> {
		const scopes = await this.request<{ data: string[] }>('GET', '/rest/api-keys/scopes');
		const created = await this.request<{ data: { rawApiKey: string } }>('POST', '/rest/api-keys', {
			label,
			scopes: scopes.data,
			expiresAt: null,
		});
		return created.data.rawApiKey;
	}

	/** What the credential's Test button does: n8n runs the credential's test request with these values. */
	async testCredential(credential: CredentialFile): Promise<{ status: 'OK' | 'Error'; message: string }> {
		const answer = await this.request<{ data: { status: 'OK' | 'Error'; message: string } }>(
			'POST',
			'/rest/credentials/test',
			{ credentials: credential },
		);
		return answer.data;
	}

	/** The node types the editor gets, by name (only the ones asked for). */
	async nodeTypes(names: string[]): Promise<Array<{ name: string; displayName: string }>> {
		const answer = await this.request<{ data: Array<{ name: string; displayName: string }> }>(
			'POST',
			'/rest/node-types',
			{ nodeInfos: names.map((name) => ({ name, version: 1 })) },
		);
		return answer.data;
	}

	/** The node types' descriptions as the editor gets them, each at the version asked for. */
	async nodeTypeDescriptions(nodes: Array<{ name: string; version: number }>): Promise<NodeTypeDescription[]> {
		const answer = await this.request<{ data: NodeTypeDescription[] }>('POST', '/rest/node-types', { nodeInfos: nodes });
		return answer.data;
	}

	/**
	 * "Execute workflow" in the editor, from one trigger: the workflow as given (its pinned data too, which only a
	 * manual execution uses) runs in n8n's manual mode. Returns the execution's id; it runs on after this returns.
	 */
	async executeManually(workflow: WorkflowFile, triggerName: string): Promise<string> {
		const answer = await this.request<{ data: { executionId?: string; waitingForWebhook?: boolean } }>(
			'POST',
			`/rest/workflows/${encodeURIComponent(workflow.id)}/run`,
			{ workflowData: workflow, triggerToStartFrom: { name: triggerName } },
		);
		if (!answer.data.executionId) throw new Error(`n8n started no execution of ${workflow.id}: ${JSON.stringify(answer.data)}`);
		return answer.data.executionId;
	}

	/** Every entry of a list of the public API, page by page (250 a page, its most). */
	private async publicList<T>(apiKey: string, path: string): Promise<T[]> {
		const all: T[] = [];
		let cursor: string | undefined;
		do {
			const query = `limit=250${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
			const page = await this.request<{ data: T[]; nextCursor?: string | null }>(
				'GET',
				`${path}${path.includes('?') ? '&' : '?'}${query}`,
				undefined,
				{ 'X-N8N-API-KEY': apiKey },
			);
			all.push(...page.data);
			cursor = page.nextCursor ?? undefined;
		} while (cursor);
		return all;
	}

	/** Every workflow with its nodes, through the public API. */
	async workflows(apiKey: string): Promise<PublicWorkflow[]> {
		return await this.publicList<PublicWorkflow>(apiKey, '/api/v1/workflows');
	}

	/**
	 * The rows of the Data Table of this name, through the public API, as a scheduling system reads them (n8n 2.8 and
	 * later); undefined when there is no such table.
	 */
	async dataTableRows(apiKey: string, name: string): Promise<Array<Record<string, unknown>> | undefined> {
		// The filter finds every table whose name holds this one, in any case: the table is the one named so exactly.
		const tables = await this.publicList<{ id: string; name: string }>(apiKey, `/api/v1/data-tables?filter=${encodeURIComponent(JSON.stringify({ name }))}`);
		const table = tables.find((candidate) => candidate.name === name);
		return table && (await this.publicList<Record<string, unknown>>(apiKey, `/api/v1/data-tables/${encodeURIComponent(table.id)}/rows`));
	}

	/**
	 * Saves a workflow as the editor does after "Import from File" and Save: a new workflow (the file's id is not
	 * kept), each webhook node with a new webhookId. Returns the workflow as n8n saved it.
	 */
	async saveImported(workflow: WorkflowFile): Promise<SavedWorkflow> {
		const imported: Record<string, unknown> = { ...withWebhookIds(workflow, true), active: false };
		// A new workflow: n8n gives it an id and a version.
		delete imported.id;
		delete imported.versionId;
		const answer = await this.request<{ data: SavedWorkflow }>('POST', '/rest/workflows', imported);
		return answer.data;
	}

	/** A saved workflow with its nodes, through the public API. */
	async workflow(apiKey: string, workflowId: string): Promise<PublicWorkflow> {
		return await this.request<PublicWorkflow>('GET', `/api/v1/workflows/${encodeURIComponent(workflowId)}`, undefined, {
			'X-N8N-API-KEY': apiKey,
		});
	}

	/**
	 * Publishes (activates) a saved workflow in a running n8n, through the public API, and returns once its triggers
	 * listen: n8n 2.41 applies a publication in the background (its publication outbox), 2.8 before it answers.
	 * Needs the client signed in (the status of a publication is the editor's).
	 */
	async publish(apiKey: string, workflowId: string): Promise<void> {
		await this.request('POST', `/api/v1/workflows/${encodeURIComponent(workflowId)}/activate`, undefined, {
			'X-N8N-API-KEY': apiKey,
		});
		await this.publicationApplied(workflowId);
	}

	/** Waits (bounded) until n8n 2.41 has applied a workflow's publication; fails with what its triggers said. */
	private async publicationApplied(workflowId: string): Promise<void> {
		if (!this.cookie) throw new Error(`Sign in before publishing ${workflowId}: its publication's status is read as the editor reads it`);
		const deadline = Date.now() + PUBLICATION_TIMEOUT_MS;
		for (;;) {
			const response = await fetch(`${this.url}/rest/workflows/${encodeURIComponent(workflowId)}/publication-status`, {
				headers: { accept: 'application/json', cookie: this.cookie },
				signal: AbortSignal.timeout(30_000),
			});
			// n8n 2.8 has no such route: it published before answering.
			if (response.status === 404) return;
			const text = await response.text();
			if (!response.ok) throw new Error(`The publication status of ${workflowId} answered ${response.status}: ${text.slice(0, 300)}`);
			const { status, triggers } = (JSON.parse(text) as { data: PublicationStatus }).data;
			if (status === 'published') return;
			if (status !== 'in_progress') {
				const said = triggers.map((trigger) => trigger.errorMessage).filter(Boolean).join('; ');
				throw new Error(`n8n did not publish ${workflowId}: ${status}${said ? ` (${said})` : ''}`);
			}
			if (Date.now() > deadline) throw new Error(`n8n was still publishing ${workflowId} after ${PUBLICATION_TIMEOUT_MS / 1000} s`);
			await new Promise((resolveWait) => setTimeout(resolveWait, 200));
		}
	}

	/**
	 * Saves a workflow under its own id through the REST API, as the editor saves an imported one (webhook nodes given
	 * their webhookIds, examples.ts), unpublished: what n8n's CLI import did, but into a running n8n.
	 */
	async createWorkflow(workflow: WorkflowFile): Promise<SavedWorkflow> {
		const body: Record<string, unknown> = { ...withWebhookIds(workflow) };
		delete body.active;
		delete body.versionId;
		return (await this.request<{ data: SavedWorkflow }>('POST', '/rest/workflows', body)).data;
	}

	/**
	 * Unpublishes and deletes a workflow through the public API, with its executions; nothing when there is none. n8n
	 * 2.41 refuses to delete while its unpublication is still being applied (409): it is asked again until it can.
	 */
	async deleteWorkflow(apiKey: string, workflowId: string): Promise<void> {
		const path = `/api/v1/workflows/${encodeURIComponent(workflowId)}`;
		const headers = { accept: 'application/json', 'X-N8N-API-KEY': apiKey };
		const deadline = Date.now() + PUBLICATION_TIMEOUT_MS;
		const call = (method: string, suffix = '') => fetch(`${this.url}${path}${suffix}`, { method, headers, signal: AbortSignal.timeout(30_000) });
		const deactivated = await call('POST', '/deactivate');
		if (deactivated.status === 404) return;
		for (;;) {
			const deleted = await call('DELETE');
			if (deleted.ok || deleted.status === 404) return;
			const text = await deleted.text();
			if (deleted.status !== 409 || Date.now() > deadline) throw new Error(`DELETE ${path} answered ${deleted.status}: ${text.slice(0, 300)}`);
			await new Promise((resolveWait) => setTimeout(resolveWait, 200));
		}
	}

	/** Every credential n8n has (id, name and type), as the editor lists them. */
	async credentials(): Promise<Array<{ id: string; name: string; type: string }>> {
		return (await this.request<{ data: Array<{ id: string; name: string; type: string }> }>('GET', '/rest/credentials')).data;
	}

	async deleteCredential(apiKey: string, credentialId: string): Promise<void> {
		await this.request('DELETE', `/api/v1/credentials/${encodeURIComponent(credentialId)}`, undefined, { 'X-N8N-API-KEY': apiKey });
	}

	/** Every Data Table (n8n 2.8 and later), through the public API. */
	async dataTables(apiKey: string): Promise<Array<{ id: string; name: string }>> {
		return await this.publicList<{ id: string; name: string }>(apiKey, '/api/v1/data-tables');
	}

	async deleteDataTable(apiKey: string, dataTableId: string): Promise<void> {
		await this.request('DELETE', `/api/v1/data-tables/${encodeURIComponent(dataTableId)}`, undefined, { 'X-N8N-API-KEY': apiKey });
	}

	/** What n8n counts of its Data Tables against N8N_DATA_TABLES_MAX_SIZE_BYTES, as the editor asks for it. */
	async dataTablesSize(): Promise<{ totalBytes: number; quotaStatus: string }> {
		return (await this.request<{ data: { totalBytes: number; quotaStatus: string } }>('GET', '/rest/data-tables-global/limits')).data;
	}

	/** The bytes n8n sends the editor to open an execution (GET /rest/executions/<id>: the saved run data, as it is stored). */
	async executionDownloadBytes(executionId: string): Promise<number> {
		const response = await fetch(`${this.url}/rest/executions/${encodeURIComponent(executionId)}`, {
			headers: { accept: 'application/json', cookie: this.cookie },
			signal: AbortSignal.timeout(120_000),
		});
		const body = Buffer.from(await response.arrayBuffer());
		if (!response.ok) throw new Error(`GET /rest/executions/${executionId} answered ${response.status}: ${body.toString('utf8', 0, 500)}`);
		return body.byteLength;
	}

	/**
	 * Executions of a workflow as the editor lists them (REST, signed in), each with its run data (public API), newest
	 * first. Unlike the public API's list, which leaves out every execution the main still counts as active (in queue
	 * mode, one a worker has finished but whose end has not reached the main yet), this lists all n8n has recorded.
	 */
	async recordedExecutions(apiKey: string, workflowId: string): Promise<PublicExecution[]> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const listed = await this.request<{ data: { results: Array<{ id: string }> } }>('GET', `/rest/executions?filter=${filter}&limit=100`);
		return await Promise.all(
			listed.data.results.map(({ id }) =>
				this.request<PublicExecution>('GET', `/api/v1/executions/${encodeURIComponent(id)}?includeData=true`, undefined, { 'X-N8N-API-KEY': apiKey }),
			),
		);
	}

	/** Executions of a workflow through the public API, newest first, with their run data. */
	async executions(apiKey: string, workflowId: string): Promise<Array<PublicExecution>> {
		const answer = await this.request<{ data: PublicExecution[] }>(
			'GET',
			`/api/v1/executions?workflowId=${encodeURIComponent(workflowId)}&includeData=true&limit=100`,
			undefined,
			{ 'X-N8N-API-KEY': apiKey },
		);
		return answer.data;
	}
}

/** How long n8n 2.41 may take to apply a publication or an unpublication in the background. */
const PUBLICATION_TIMEOUT_MS = 120_000;

interface PublicationStatus {
	status: 'in_progress' | 'published' | 'not_published' | 'partial' | 'failed';
	triggers: Array<{ nodeId: string; status: string; errorMessage?: string | null }>;
}

export interface SavedWorkflow {
	id: string;
	name: string;
	versionId?: string;
	nodes: Array<{ name: string; type: string; webhookId?: string }>;
}

export interface PublicWorkflow {
	id: string;
	name: string;
	active: boolean;
	nodes: Array<{ name: string; type: string; webhookId?: string }>;
}

export interface PublicExecution {
	id: string;
	status: string;
	mode: string;
	finished: boolean;
	workflowId: string;
	data?: WorkflowRun['data'];
}

/** The part of a node type's description that n8n's own checks of a node's parameters and credentials read. */
export interface NodeTypeDescription {
	name: string;
	version: number | number[];
	properties: unknown[];
	credentials?: Array<{ name: string; required?: boolean; displayOptions?: unknown }>;
	[key: string]: unknown;
}
