// The files n8n's CLI imports, as n8n exports them: a credential, a workflow. Their own room, so that the example
// workflows (examples.ts) and the CLI that imports them (cli.ts) both depend on it, not on each other.

/** What `n8n import:credentials` takes; `data` in plain text is encrypted on import. */
export interface CredentialFile {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

/** A workflow as n8n exports it; `id` fixed so that tests, scripts and other workflows can refer to it. */
export interface WorkflowFile {
	id: string;
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections: Record<string, unknown>;
	[key: string]: unknown;
}
