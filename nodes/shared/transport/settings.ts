import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { quoted } from '../wording';
import type { RequestContext } from './context';

/** The node's Request Options (contract.md `requestOptions`), read once per run. */
export interface RequestSettings {
	/** Requests in flight at once for the whole run (used by the scheduler). */
	concurrency: number;
	/** How long one request may take before it counts as failed. */
	timeoutMs: number;
	/** How long one request may take with all its retries and waits (decisions.md 27). */
	boundMs: number;
}

export const DEFAULT_CONCURRENCY = 5;
export const MAX_CONCURRENCY = 50;
export const DEFAULT_TIMEOUT_SECONDS = 30;
export const MIN_TIMEOUT_SECONDS = 0.1;
export const MAX_TIMEOUT_SECONDS = 3600;
/** Rate-limit waits of up to a minute always fit in a request's bound; a longer timeout widens it. */
const MIN_BOUND_MS = 60_000;

const boundFor = (timeoutMs: number) => Math.max(MIN_BOUND_MS, 2 * timeoutMs);

const DEFAULTS: RequestSettings = {
	concurrency: DEFAULT_CONCURRENCY,
	timeoutMs: DEFAULT_TIMEOUT_SECONDS * 1000,
	boundMs: boundFor(DEFAULT_TIMEOUT_SECONDS * 1000),
};

const isExecution = (context: RequestContext): context is IExecuteFunctions => 'getInputData' in context;

/** A number from a parameter or an expression: a finite number, or text that is exactly a decimal number. */
function numberOf(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value !== 'string' || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
	return Number(value);
}

function invalid(context: IExecuteFunctions, label: string, problem: string) {
	return new NodeOperationError(context.getNode(), `${quoted(label)} under ${quoted('Request Options')} ${problem}`, {
		description: `Correct ${quoted(label)} under ${quoted('Request Options')} in the node's parameters. Nothing was sent to the service.`,
	});
}

/** Reads and checks Request Options; the first item's values hold for the whole run. */
function readRequestOptions(context: IExecuteFunctions): RequestSettings {
	const options = (context.getNodeParameter('requestOptions', 0, {}) ?? {}) as IDataObject;
	const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
	const timeout = options.timeout ?? DEFAULT_TIMEOUT_SECONDS;

	const concurrencyNumber = numberOf(concurrency);
	if (concurrencyNumber === undefined || !Number.isInteger(concurrencyNumber) || concurrencyNumber < 1 || concurrencyNumber > MAX_CONCURRENCY) {
		throw invalid(context, 'Concurrency', `must be a whole number from 1 to ${MAX_CONCURRENCY}`);
	}
	const timeoutNumber = numberOf(timeout);
	if (timeoutNumber === undefined || timeoutNumber < MIN_TIMEOUT_SECONDS || timeoutNumber > MAX_TIMEOUT_SECONDS) {
		throw invalid(context, 'Timeout (Seconds)', `must be a number from ${MIN_TIMEOUT_SECONDS} to ${MAX_TIMEOUT_SECONDS}`);
	}
	const timeoutMs = Math.round(timeoutNumber * 1000);
	return { concurrency: concurrencyNumber, timeoutMs, boundMs: boundFor(timeoutMs) };
}

const requestSettingsOfRun = new WeakMap<object, RequestSettings>();

/**
 * The run's request settings. A node run has one execution context, so they are read and checked once; dropdowns and
 * the trigger use the defaults.
 */
export function requestSettings(context: RequestContext): RequestSettings {
	if (!isExecution(context)) return DEFAULTS;
	let settings = requestSettingsOfRun.get(context);
	if (!settings) {
		settings = readRequestOptions(context);
		requestSettingsOfRun.set(context, settings);
	}
	return settings;
}
