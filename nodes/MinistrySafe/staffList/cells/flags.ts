// What a flag's cell says (node version 1.3): yes or no, as exports write them (JSON and databases as true/false or
// 1/0, spreadsheets as Yes/No, Y/N, TRUE/FALSE), an active flag's A/I codes, and a directory's account-control bit
// mask. Sources: test/unit/leaving.test.ts.
import { keyOf } from '../words/valueWords';
import { type Cell, wholeNumberOf } from './cell';

const YES = new Set(['yes', 'y', 'true', 't', '1', 'on']);
const NO = new Set(['no', 'n', 'false', 'f', '0', 'off']);

/** A flag's answer: yes, no, or neither. */
export function yesOrNo(cell: Cell): boolean | undefined {
	const key = keyOf(cell.text);
	return YES.has(key) ? true : NO.has(key) ? false : undefined;
}

/** An active flag's codes beside yes and no: A (active) and I (inactive), as ACS People Suite writes them. */
export const activeCode = (cell: Cell): boolean | undefined => ({ a: true, i: false })[keyOf(cell.text)];

/**
 * Active Directory's userAccountControl: a whole number whose bit 2 (ACCOUNTDISABLE) is set for a disabled account
 * (514, 66050), clear for an enabled one (512, 66048). Undefined for anything but a whole number.
 */
export function accountDisabled(cell: Cell): boolean | undefined {
	const flags = wholeNumberOf(cell);
	return flags === undefined ? undefined : (flags & 2) === 2;
}
