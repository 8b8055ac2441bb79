import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { RequestContext } from './context';
import { apiRequest } from './request';

/** The service returns at most 100 records a page (api-v2.md 8; decisions.md 9 for Trainings). */
export const PAGE_SIZE = 100;

/**
 * Remembers the pages read so far by a cheap fingerprint, so a page that repeats any earlier one (A, B, A, B as well
 * as A, A) is caught; a matching fingerprint is confirmed against the records themselves.
 */
class PageHistory {
	private readonly byFingerprint = new Map<string, number[]>();

	/** The earlier page with the same records, if any; then remembers this one. */
	repeated(page: number, text: string, earlierText: (page: number) => string): number | undefined {
		const fingerprint = `${text.length}:${text.slice(0, 200)}:${text.slice(-200)}`;
		const pages = this.byFingerprint.get(fingerprint) ?? [];
		const earlier = pages.find((candidate) => earlierText(candidate) === text);
		pages.push(page);
		this.byFingerprint.set(fingerprint, pages);
		return earlier;
	}
}

/**
 * Reads a paged list page by page until `limit` records (all when undefined). Stops at a short or empty page, and
 * never loops forever: a page that repeats an earlier one is an error (decisions.md 8).
 */
export async function apiRequestAllItems<T = IDataObject>(
	this: RequestContext,
	endpoint: string,
	qs: IDataObject = {},
	limit?: number,
): Promise<T[]> {
	const records: T[] = [];
	const history = new PageHistory();
	const pageText = (page: number) => JSON.stringify(records.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
	for (let page = 1; ; page++) {
		const items = (await apiRequest.call(this, 'GET', endpoint, {
			qs: { ...qs, page },
			expect: 'a list of records',
		})) as T[];
		if (items.length > 0) {
			const earlier = history.repeated(page, JSON.stringify(items), pageText);
			if (earlier !== undefined) {
				throw new NodeApiError(this.getNode(), { page, repeats: earlier }, {
					message: `The service returned the same records for page ${page} as for page ${earlier} of ${endpoint}`,
					description: 'Stopped reading to avoid an endless loop. Set a Limit, or try again later.',
				});
			}
		}
		records.push(...items);
		if (limit !== undefined && records.length >= limit) return records.slice(0, limit);
		if (items.length < PAGE_SIZE) return records;
	}
}
