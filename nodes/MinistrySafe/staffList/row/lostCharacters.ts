// What a file lost (node version 1.3, contract.md "A list read column by column"): Excel's plain CSV writes '?' for
// every letter Windows-1252 cannot hold (Łukasz becomes ?ukasz), and a text read in the wrong encoding shows U+FFFD.
// A name or email holding one where a letter was is named; nothing is written over what the service has from it, and
// no User is created with it.
import type { IDataObject } from 'n8n-workflow';

import { cellText } from '../cells/cell';

/** The fields of a row that lost characters: each with its column and the value as written. */
export type LostCharacters = Array<{ field: 'first_name' | 'last_name' | 'email'; column: string; value: string }>;

/** A '?' touching a letter, or the replacement character: where a letter was. */
const LOST = /\uFFFD|\p{L}\?|\?\p{L}/u;

/** A value that lost characters: a letter turned into '?' (or U+FFFD). */
export const lostCharacters = (value: string) => LOST.test(value);

/** The names and email of a row that lost characters, by the columns that fill them. */
export function lostCharactersOf(row: IDataObject, mapped: Partial<Record<string, string>>): LostCharacters {
	return (['first_name', 'last_name', 'email'] as const).flatMap((field) => {
		const column = mapped[field];
		const value = column === undefined ? undefined : cellText(row[column]);
		return value !== undefined && lostCharacters(value) ? [{ field, column: column as string, value }] : [];
	});
}
