// What every part of the benchmark gets: the sandboxes, the running n8n, and a progress log. Each part gives the
// workflows it needs (imported before n8n starts) and measures into one table.
import type { WorkflowFile } from '../n8n-runtime';

import type { BenchN8n } from './n8n';
import type { SandboxTarget } from './rawClient';
import type { Section } from './table';
import type { BenchCredentials } from './workflows';

/** Every sandbox answers after LATENCY_MS, as the service would over the network. */
export const LATENCY_MS = 50;
/** The bound of our node's default concurrency (contract.md), which the raw client is held to. */
export const DEFAULT_CONCURRENCY = 5;
export const RATE_LIMIT = 20;

export interface Sandboxes {
	/** 10,000 Users, for Return All. */
	list: SandboxTarget;
	/** The demo data, for creates. */
	creates: SandboxTarget;
	/** The demo data and --rate-limit 20, for creates under a rate limit. */
	limited: SandboxTarget;
}

export interface BenchContext {
	sandboxes: Sandboxes;
	n8n: BenchN8n;
	log: (line: string) => void;
}

export interface BenchPart {
	workflows(sandboxes: Sandboxes, credentials: BenchCredentials): WorkflowFile[];
	measure(context: BenchContext): Promise<Section>;
}
