// What Sync and Create or Update read once per run from node version 1.2 (contract.md "Node version 1.2"): how a
// staff list's rows are mapped, the type of new Users, and from 1.3 how a row's values are read (the user's own words
// first, then the built-in ones; today, for end dates).
import type { IExecuteFunctions } from 'n8n-workflow';

import { today } from '../../../shared/values';
import type { Options } from '../../items/choices';
import { itemInput } from '../../items/inputs';
import { VERSION_1_2, VERSION_1_3 } from '../../items/versions';
import { newUserTypeField } from './columns';
import { chosenFileColumns, readsFile } from './source';
import { statusReader } from '../meaning/status';
import { typeReader } from '../meaning/type';
import type { ColumnsSettings } from '../columns/settings';
import { namedValuesOf } from './values';

/** The mapper's modes and its labels for them, as n8n's editor shows them (fieldWords 'column'). */
const MAPPING_MODES: Options<'autoMapInputData' | 'defineBelow'> = [
	{ name: 'Map Automatically', value: 'autoMapInputData' },
	{ name: 'Map Each Column Manually', value: 'defineBelow' },
];
const NEW_USER_TYPES = newUserTypeField.options as Options<ColumnsSettings['newUserType']>;

/** The settings of this run, read once (they take no expressions): Create or Update runs once per item. */
const columnsSettingsOfRun = new WeakMap<IExecuteFunctions, { settings?: ColumnsSettings }>();

/** Node version 1.2's settings; undefined before it. */
export function columnsSettings(context: IExecuteFunctions): ColumnsSettings | undefined {
	let known = columnsSettingsOfRun.get(context);
	if (!known) {
		known = { settings: context.getNode().typeVersion < VERSION_1_2 ? undefined : readColumnsSettings(context) };
		columnsSettingsOfRun.set(context, known);
	}
	return known.settings;
}

function readColumnsSettings(context: IExecuteFunctions): ColumnsSettings {
	const input = itemInput(context, 0);
	const { mode, matching, newUserType } = input.all(() => ({
		mode: input.choice('columns.mappingMode', 'Mapping Column Mode', MAPPING_MODES),
		matching: input.value('columns.matchingColumns'),
		newUserType: input.choice('newUserType', 'User Type for New Users', NEW_USER_TYPES),
	}));
	// The one column a User is matched on (the service finds Users by External ID); saved workflows may omit it. The
	// label is the one n8n's mapper shows with multiKeyMatch off.
	if (Array.isArray(matching) && matching.some((column) => column !== 'external_id')) {
		throw input.invalid('Column to match on', "must be 'External ID': users are matched on it alone");
	}
	const sync = context.getNodeParameter('operation', 0) === 'sync';
	const at1_3 = context.getNode().typeVersion >= VERSION_1_3;
	let values: Pick<ColumnsSettings, 'types' | 'leaving'> = {};
	if (at1_3 && sync) {
		const named = namedValuesOf(context);
		values = { types: typeReader(named.types), leaving: { statuses: statusReader(named.statuses), today: today(context.getTimezone()) } };
	} else if (at1_3) values = { types: typeReader({ volunteers: [], employees: [] }) };
	// Sync's default is Map Automatically, Create or Update's Map Each Column Manually (columns.ts). A file's
	// rows are always mapped automatically (source.ts).
	const file = sync && readsFile(context);
	const automatic = file || (mode ?? (sync ? 'autoMapInputData' : 'defineBelow')) === 'autoMapInputData';
	return {
		automatic,
		sync,
		newUserType: newUserType ?? 'fromColumns',
		at1_3,
		...values,
		mappings: new Map(),
		...(file ? { chosenColumns: chosenFileColumns(context) } : {}),
	};
}
