// One input item as the User it asks for, at every node version. From node version 1.2, Sync and Create or Update take
// the User's fields from one resource mapper, `columns` (contract.md "Node version 1.2"), as n8n's Postgres, Airtable
// and Google Sheets nodes take a row's columns: "Map Automatically" reads the item's fields as they are and resolves no
// expression (on a long list, expressions are most of Sync's time: docs/benchmarks.md, "Expressions in a whole
// list"); "Map Each Column Manually" resolves one expression per field. Versions 1 and 1.1 keep their own
// parameters. Every value is checked by the shared readers.
import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
	ResourceMapperField,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { forItem, listed, quoted } from '../../../shared/wording';
import { USER_TYPES, userTypeField } from '../common/descriptions';
import { type ItemInput, itemInput } from '../common/inputs';
import { VERSION_1_2 } from '../common/versions';
import { type NewUser, type NewUserSource, readNewUser, USER_PARAMETERS } from './shared';

type UserType = (typeof USER_TYPES)[number];
type ColumnId = keyof NewUserSource;

interface UserColumn {
	id: ColumnId;
	label: string;
	required: boolean;
	/** Other names of the field that "Map Automatically" takes for it (the service's own `employee_id`). */
	alsoNamed?: string[];
}

/** The User's fields, as the service names them and in the editor's words. */
const USER_COLUMNS: UserColumn[] = [
	{ id: 'external_id', label: 'External ID', required: true, alsoNamed: ['Employee ID'] },
	{ id: 'first_name', label: 'First Name', required: true },
	{ id: 'last_name', label: 'Last Name', required: true },
	{ id: 'email', label: 'Email', required: true },
	{ id: 'user_type', label: 'User Type', required: false },
	{ id: 'tags', label: 'Tags', required: false },
];

/** The column ids, read where versions 1 and 1.1 read their parameters. */
const COLUMN_IDS = Object.fromEntries(USER_COLUMNS.map(({ id }) => [id, id])) as NewUserSource;

/** The fields the resource mapper lists (the node's resourceMapping method): the same in every Organization. */
export function userColumnFields(): ResourceMapperField[] {
	return USER_COLUMNS.map(({ id, label, required }) => ({
		id,
		displayName: label,
		required,
		defaultMatch: id === 'external_id',
		canBeUsedToMatch: id === 'external_id',
		display: true,
		...(id === 'user_type'
			? { type: 'options' as const, options: userTypeField.options as INodePropertyOptions[] }
			: { type: 'string' as const }),
	}));
}

export const columnsField: INodeProperties = {
	displayName: 'Columns',
	name: 'columns',
	type: 'resourceMapper',
	noDataExpression: true,
	required: true,
	// Map Automatically first: Sync starts as a dry run, so a list whose columns are read wrongly changes nothing.
	default: { mappingMode: 'autoMapInputData', value: null, matchingColumns: ['external_id'] },
	description:
		"Map Automatically fills each field from the input field of the same name, ignoring case, spaces and underscores ('First Name', 'first_name' and 'firstName' fill 'First Name'; 'Employee ID' fills 'External ID')",
	typeOptions: {
		resourceMapper: {
			resourceMapperMethod: 'getUserColumns',
			mode: 'upsert',
			fieldWords: { singular: 'column', plural: 'columns' },
			addAllFields: true,
			multiKeyMatch: false,
			supportAutoMap: true,
		},
	},
};

export const newUserTypeField: INodeProperties = {
	displayName: 'User Type for New Users',
	name: 'newUserType',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'From Columns',
			value: 'fromColumns',
			description: "The item's 'User Type'; a user created without one has no type",
		},
		...(userTypeField.options as INodePropertyOptions[]),
	],
	default: 'fromColumns',
	description: "The type of each user this node creates. The service cannot change a user's type through the API.",
};

/** What node version 1.2 reads once per run: how rows are mapped, and the type of new Users (unset: the row's). */
export interface ColumnsSettings {
	automatic: boolean;
	newUserType?: UserType;
}

const MAPPING_MODES = ['autoMapInputData', 'defineBelow'] as const;
const NEW_USER_TYPES = ['fromColumns', ...USER_TYPES] as const;

/** The settings of this run, read once (they take no expressions): Create or Update runs once per item. */
const settingsOfRun = new WeakMap<IExecuteFunctions, { settings?: ColumnsSettings }>();

/** Node version 1.2's settings; undefined before it. */
export function columnsSettings(context: IExecuteFunctions): ColumnsSettings | undefined {
	let known = settingsOfRun.get(context);
	if (!known) {
		known = { settings: context.getNode().typeVersion < VERSION_1_2 ? undefined : readSettings(context) };
		settingsOfRun.set(context, known);
	}
	return known.settings;
}

function readSettings(context: IExecuteFunctions): ColumnsSettings {
	const input = itemInput(context, 0);
	const { mode, matching, newUserType } = input.all(() => ({
		mode: input.choice('columns.mappingMode', 'Columns', MAPPING_MODES),
		matching: input.value('columns.matchingColumns'),
		newUserType: input.choice('newUserType', 'User Type for New Users', NEW_USER_TYPES),
	}));
	// The one column a User is matched on (the service finds Users by External ID); saved workflows may omit it.
	if (Array.isArray(matching) && matching.some((column) => column !== 'external_id')) {
		throw input.invalid('Columns to Match On', "must be 'External ID': users are matched on it alone");
	}
	return {
		automatic: (mode ?? 'autoMapInputData') === 'autoMapInputData',
		newUserType: newUserType === 'fromColumns' ? undefined : newUserType,
	};
}

/** Says, in a User's `reason`, that it is (or in a dry run would be) created without a type. */
const NO_USER_TYPE =
	"No 'User Type': the item gives none and 'User Type for New Users' is 'From Columns'. The API cannot set it later: choose a type there, or map a 'User Type' column";

/** The User to create: with the type for new Users when one is chosen, and (from 1.2) a note when it has none. */
export function userToCreate(wanted: NewUser, settings: ColumnsSettings | undefined): { user: NewUser; reason: string | null } {
	const user = settings?.newUserType ? { ...wanted, user_type: settings.newUserType } : wanted;
	return { user, reason: settings && user.user_type === undefined ? NO_USER_TYPE : null };
}

// ---- Reading one item --------------------------------------------------------------------------------------------

/** A name as Map Automatically compares it: case, spaces and underscores ignored. */
const comparable = (name: string) => name.replace(/[\s_]+/g, '').toLowerCase();

/** Each comparable name Map Automatically takes, with the column it fills and its rank (the id and label first). */
const AUTO_NAMES = new Map<string, { column: ColumnId; rank: number }>(
	USER_COLUMNS.flatMap(({ id, label, alsoNamed = [] }) =>
		[id, label, ...alsoNamed].map((name, rank) => [comparable(name), { column: id, rank }] as const),
	),
);

/** The input field that fills each column, by Map Automatically's rule; the best-ranked one when several would. */
function autoMapped(json: IDataObject): Partial<Record<ColumnId, string>> {
	const found: Partial<Record<ColumnId, { field: string; rank: number }>> = {};
	for (const field of Object.keys(json)) {
		const name = AUTO_NAMES.get(comparable(field));
		if (!name) continue;
		const before = found[name.column];
		if (!before || name.rank < before.rank) found[name.column] = { field, rank: name.rank };
	}
	return Object.fromEntries(Object.entries(found).map(([column, { field }]) => [column, field]));
}

/** A User Type from a spreadsheet may be written 'Employee': the service's values are lower case. */
const userTypeValue = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** The item's own fields, as a message lists them (the first dozen of a wide row). */
function fieldsOf(json: IDataObject): string {
	const fields = Object.keys(json);
	if (fields.length === 0) return 'the item has no fields';
	if (fields.length <= 12) return `the item's fields are ${listed(fields)}`;
	return `the item's fields are ${fields.slice(0, 12).map(quoted).join(', ')} and ${fields.length - 12} more`;
}

/** The input fields an expression reads from the item ($json.name, $json["name"]). */
function fieldsRead(expression: unknown): string[] {
	if (typeof expression !== 'string' || !expression.startsWith('=')) return [];
	return [...expression.matchAll(/\$json(?:\.([A-Za-z_$][\w$]*)|\[\s*(['"])(.*?)\2\s*\])/g)].map((match) => match[1] ?? match[3]);
}

const REQUIRED = USER_COLUMNS.filter(({ required }) => required);

/** How one item's fields are read, at the node's version. */
interface ItemReading {
	input: ItemInput;
	from: NewUserSource;
	/** Why External ID is empty, said with the item's fields. */
	withoutExternalId?: () => string;
	/** When the item gives none of the fields: why, with the fields expected and the item's own. */
	nothingGiven(): string | undefined;
}

function readingOf(context: IExecuteFunctions, item: number, settings: ColumnsSettings | undefined): ItemReading {
	const json = () => context.getInputData()[item]?.json ?? {};
	if (settings?.automatic) {
		// The item's fields as they are: no expression, no parameter read per item.
		const row = json();
		const mapped = autoMapped(row);
		const input = itemInput(context, item, (column) => {
			const field = mapped[column as ColumnId];
			const value = field === undefined ? undefined : row[field];
			return column === 'user_type' ? userTypeValue(value) : value;
		});
		return {
			input,
			from: COLUMN_IDS,
			withoutExternalId: () =>
				mapped.external_id === undefined
					? `no input field is named 'external_id', 'External ID' or 'Employee ID' (${fieldsOf(row)}); rename one, or set 'External ID' under 'Map Each Column Manually'`
					: `the item's ${quoted(mapped.external_id)} is empty`,
			nothingGiven: () =>
				Object.keys(mapped).length > 0
					? undefined
					: `No input field fills a column: 'Map Automatically' looks for ${listed(USER_COLUMNS.map(({ label }) => label))} (or 'Employee ID'), ignoring case, spaces and underscores, and ${fieldsOf(row)}`,
		};
	}
	// The expressions as written, read only to explain an item that gives nothing (getNode copies the node).
	const expressionOf = (column: UserColumn) => {
		const parameters = context.getNode().parameters;
		if (!settings) return parameters[USER_PARAMETERS[column.id]];
		return ((parameters.columns as IDataObject | undefined)?.value as IDataObject | null | undefined)?.[column.id];
	};
	const input = settings
		? itemInput(context, item, (column) => {
				const value = context.getNodeParameter(`columns.value.${column}`, item, null);
				return column === 'user_type' ? userTypeValue(value) : value;
			})
		: itemInput(context, item);
	const from = settings ? COLUMN_IDS : USER_PARAMETERS;
	return {
		input,
		from,
		withoutExternalId: settings ? () => `it is empty for this item (${fieldsOf(json())})` : undefined,
		nothingGiven: () => {
			const given = REQUIRED.some(({ id, label }) => {
				try {
					return input.text(from[id], label) !== undefined;
				} catch {
					return true;
				}
			});
			if (given) return undefined;
			const read = [...new Set(REQUIRED.flatMap((column) => fieldsRead(expressionOf(column))))];
			const expected = read.length > 0 ? `: their expressions read the input fields ${listed(read)}, and ${fieldsOf(json())}` : `; ${fieldsOf(json())}`;
			return `${listed(REQUIRED.map(({ label }) => label))} are all empty${expected}`;
		},
	};
}

/**
 * One input item's User, read and checked as Create checks it; a failure names the item and the fields. An item that
 * gives none of the fields says which fields were expected and which the item has.
 */
export function readUserItem(context: IExecuteFunctions, item: number): NewUser {
	const settings = columnsSettings(context);
	const reading = readingOf(context, item, settings);
	try {
		return readNewUser(reading.input, reading.from, reading.withoutExternalId);
	} catch (error) {
		// The readers' error is n8n's already. An item that gives nothing at all gets one error that says why, in place
		// of a problem per field.
		const why = reading.nothingGiven();
		throw why === undefined
			? error
			: new NodeOperationError(context.getNode(), forItem(why, item), {
					itemIndex: item,
					description: `${settings ? "Rename the item's fields (an Edit Fields node before this one does it), or set each column under 'Map Each Column Manually'" : "Change the expressions to read the item's fields (drag a field from the input onto the parameter), or rename the item's fields"}. Nothing was sent to the service.`,
				});
	}
}

/** An item's External ID when it is readable, for the report of an item that is not. */
export function externalIdIfReadable(context: IExecuteFunctions, item: number): string | undefined {
	const { input, from } = readingOf(context, item, columnsSettings(context));
	try {
		return input.text(from.external_id, 'External ID');
	} catch {
		return undefined;
	}
}
