import { createHash } from 'crypto';

import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { RequestContext } from './context';
import { apiRequest } from './request';
import { requestSettings } from './settings';
import { isRecord } from './shapes';

/** The service returns at most 100 records a page (api-v2.md 8; decisions.md 9 for Trainings). */
export const PAGE_SIZE = 100;

/** Pages of a list without a page count read before the one that ends it is seen: at most this many are wasted. */
const READ_AHEAD = 4;

/** A list whose first page also says how many pages there are: `GET /users/with_page` -> `{ users, page, pages }`. */
export interface CountedList {
	endpoint: string;
	/** The key of the records in its answer. */
	recordsKey: string;
}

/**
 * Remembers the pages read so far by a digest of their records (SHA-256: two different pages never share one), so a
 * page that repeats any earlier one (A, B, A, B as well as A, A) is caught without keeping every page's text: a whole
 * Organization's pages would otherwise stay in memory until the list is read.
 */
class PageHistory {
	private readonly pageOf = new Map<string, number>();

	/** The earlier page with the same records, if any; then remembers this one. */
	repeated(page: number, text: string): number | undefined {
		const digest = createHash('sha256').update(text).digest('base64');
		const earlier = this.pageOf.get(digest);
		if (earlier === undefined) this.pageOf.set(digest, page);
		return earlier;
	}
}

/** Collects pages in page order; says when the list has ended (a short page, or enough records). */
class PageCollector<T> {
	readonly records: T[] = [];
	private readonly history = new PageHistory();

	constructor(
		private readonly node: INode,
		private readonly endpoint: string,
		private readonly limit: number | undefined,
		private readonly keep: (record: IDataObject) => T,
	) {}

	/** Adds the next page (each record as `keep` makes it); true when reading should stop. */
	add(page: number, items: IDataObject[]): boolean {
		if (items.length > 0) {
			const earlier = this.history.repeated(page, JSON.stringify(items));
			if (earlier !== undefined) {
				throw new NodeApiError(this.node, { page, repeats: earlier }, {
					message: `The service returned the same records for page ${page} as for page ${earlier} of ${this.endpoint}`,
					description: 'Stopped reading to avoid an endless loop. Set a Limit, or try again later.',
				});
			}
		}
		for (const record of items) this.records.push(this.keep(record));
		return (this.limit !== undefined && this.records.length >= this.limit) || items.length < PAGE_SIZE;
	}

	result(): T[] {
		return this.limit === undefined ? this.records : this.records.slice(0, this.limit);
	}
}

async function readPage(context: RequestContext, endpoint: string, qs: IDataObject, page: number): Promise<IDataObject[]> {
	return (await apiRequest.call(context, 'GET', endpoint, { qs: { ...qs, page }, expect: 'a list of records' })) as IDataObject[];
}

/**
 * Reads pages `from`, `from + 1`, ... a few at a time (the run's scheduler bounds how many are in flight), in page
 * order, until a page ends the list or `lastPage` is read. Pages read ahead past the end (at most `width - 1`) are
 * dropped, and so are their failures.
 */
async function readAhead<T>(
	context: RequestContext,
	endpoint: string,
	qs: IDataObject,
	collector: PageCollector<T>,
	from: number,
	lastPage: number,
	width: number,
): Promise<boolean> {
	const inFlight = new Map<number, Promise<IDataObject[]>>();
	const start = (page: number) => {
		const reading = readPage(context, endpoint, qs, page);
		// A page read ahead may be dropped when an earlier one ends the list: its failure then concerns nobody.
		reading.catch(() => undefined);
		inFlight.set(page, reading);
	};
	let next = from;
	try {
		for (let page = from; page <= lastPage; page++) {
			// The first page alone: most lists end there, and then nothing is read ahead for nothing.
			const ahead = page === 1 ? 1 : width;
			while (next <= lastPage && next < page + ahead) start(next++);
			const items = await (inFlight.get(page) as Promise<IDataObject[]>);
			inFlight.delete(page);
			if (collector.add(page, items)) return true;
		}
		return false;
	} finally {
		// Pages read ahead and dropped are waited for, so no request of this run outlives it.
		await Promise.allSettled(inFlight.values());
	}
}

/**
 * Reads a paged list until `limit` records (all when undefined), in page order (decisions.md 8). A Limit reads only
 * the pages it needs. Return All of a counted list reads the first page with the page count, then the rest at once
 * (the scheduler keeps the bound); any other list reads a few pages ahead and stops at the first short page. A page
 * that repeats an earlier one is an error, never an endless loop. `keep` makes what is kept of each record as its page
 * arrives (a few fields of a whole Organization's records), so the rest is let go page by page.
 */
export async function apiRequestAllItems<T = IDataObject>(
	this: RequestContext,
	endpoint: string,
	qs: IDataObject = {},
	limit?: number,
	counted?: CountedList,
	keep: (record: IDataObject) => T = (record) => record as T,
): Promise<T[]> {
	const collector = new PageCollector<T>(this.getNode(), endpoint, limit, keep);
	const width = Math.min(READ_AHEAD, requestSettings(this).concurrency);
	if (limit !== undefined) {
		await readAhead(this, endpoint, qs, collector, 1, Math.ceil(limit / PAGE_SIZE), width);
		return collector.result();
	}
	if (counted) {
		const first = (await apiRequest.call(this, 'GET', counted.endpoint, { qs: { ...qs, page: 1 } })) as IDataObject;
		const records = first?.[counted.recordsKey];
		const pages = Number(first?.pages);
		// An answer without the count (a service without this endpoint's page info) is read as a plain list instead.
		if (Array.isArray(records) && records.every(isRecord) && Number.isSafeInteger(pages) && pages >= 0) {
			// The count is known: every remaining page at once (the scheduler keeps the bound), in page order.
			if (!collector.add(1, records as IDataObject[]) && pages >= 2) await readAhead(this, endpoint, qs, collector, 2, pages, pages);
			return collector.result();
		}
	}
	await readAhead(this, endpoint, qs, collector, 1, Number.MAX_SAFE_INTEGER, width);
	return collector.result();
}
