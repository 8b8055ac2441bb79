/**
 * What an operation reads from a 2xx answer. A record and a list of records become output items, so they must be
 * JSON objects; a list may hold plain values (levels, organization types).
 */
export type AnswerShape = 'a record' | 'a record or nothing' | 'a list of records' | 'a list';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

export function checkShape(answer: unknown, expected: AnswerShape | undefined): boolean {
	switch (expected) {
		case undefined:
			return true;
		case 'a record':
			return isRecord(answer);
		case 'a record or nothing':
			return answer === undefined || isRecord(answer);
		case 'a list of records':
			return Array.isArray(answer) && answer.every(isRecord);
		case 'a list':
			return Array.isArray(answer);
	}
}
