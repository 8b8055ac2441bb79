// How a run reads its staff list, from node version 1.2 (contract.md "Node version 1.2"): how rows are mapped, the type
// of new Users, and from 1.3 how a row's values are read (the user's own words first, then the built-in ones; today,
// for end dates). parameters/settings.ts reads it from the node's parameters, once per run.
import type { USER_TYPES } from '../../users/fields';
import type { LeavingReader } from '../meaning/leaving';
import type { TypeMeaning } from '../meaning/type';
import type { ValueReader } from '../words/valueWords';
import type { RowMappings } from './autoMap';

type UserType = (typeof USER_TYPES)[number];

/** What node version 1.2 reads once per run: how rows are mapped, which columns, and the type of new Users. */
export interface ColumnsSettings {
	automatic: boolean;
	/** Sync reads a row's Status too. */
	sync: boolean;
	newUserType: 'fromColumns' | 'none' | UserType;
	/** Node version 1.3: a row's values read by their meaning (person/values.ts), email per row, names' notes ignored. */
	at1_3: boolean;
	/** Node version 1.3: how a type cell is read (the options' values first in Sync; Create or Update has no options). */
	types?: ValueReader<TypeMeaning>;
	/** Node version 1.3, Sync: how a cell that can say a person left is read. */
	leaving?: LeavingReader;
	/** Map Automatically's mappings made in this run, by the rows' field names (a list's rows share theirs). */
	mappings: RowMappings;
	/** A file's columns its options name for External ID and User Type ('External ID Column', 'User Type Column'). */
	chosenColumns?: { external_id?: string; user_type?: string };
}

/** Whether a row's type column is read: not when a type is chosen for every new user (it would not be used). */
export const readsTypeColumn = (settings: ColumnsSettings | undefined) => settings?.newUserType === 'fromColumns' || settings?.newUserType === 'none';
