import type { IExecuteFunctions } from 'n8n-workflow';

import { filtersCollection } from '../common/descriptions';
import { itemInput } from '../../items/inputs';
import { fromVersion1_3, VERSION_1_3 } from '../../items/versions';
import type { ListOperation } from '../types';
import { complianceFilters, organizationCompliance, readComplianceQuery } from './organization';
import { countsInWords, type GroupBy, reportFigures } from './report/figures';
import { MAX_DUE_ROWS, reportHtml } from './report/html';
import { reportText } from './report/text';
import { settingsProperty } from './settings';

/** How many people due the report lists from node version 1.3, unless set otherwise. */
export const DEFAULT_DUE_LIMIT = 50;

/** Max Users Listed: a whole number from 0 (counts only). */
function readDueLimit(input: ReturnType<typeof itemInput>): number {
	const limit = input.integer('dueLimit', 'Max Users Listed') ?? DEFAULT_DUE_LIMIT;
	if (limit < 0) throw input.invalid('Max Users Listed', 'must be 0 or more');
	return limit;
}

/** Group By's options: a wrong value from an expression is answered with their labels. */
const GROUP_BY_OPTIONS: ReadonlyArray<{ name: string; value: GroupBy; description: string }> = [
	{ name: 'None', value: 'none', description: 'Only the totals' },
	{ name: 'Tag', value: 'tag', description: "A user counts in each of their tags; users with none count under 'No tag'" },
	{ name: 'User Type', value: 'userType', description: 'Employees, volunteers, and users of no type' },
];

/** One report for all input items: a Schedule's one item or a list's many give the same single item. */
export const getReport: ListOperation = {
	kind: 'list',
	option: {
		name: 'Get Report',
		action: 'Get a compliance report',
		description:
			"Sum up the organization's compliance as 'Get Many' decides it; returns one item with the counts, a count per group, the users due soonest first, an email body ('html') and a chat message ('text')",
	},
	properties: [
		{
			displayName: 'Group By',
			name: 'groupBy',
			type: 'options',
			options: [...GROUP_BY_OPTIONS],
			default: 'tag',
			description: 'How the report splits the counts, one bar per group',
		},
		{
			// Node version 1.3: a report of 100,000 people listed 93,000 of them in its one item (50 MB), more than the
			// editor can show; what the report is for (counts, groups, an email, a chat message) needs the first few.
			displayName: 'Max Users Listed',
			name: 'dueLimit',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			displayOptions: fromVersion1_3,
			default: DEFAULT_DUE_LIMIT,
			description:
				"The most users 'due' lists, soonest first. The email ('html') and the chat message ('text') say how many more are due, and 'counts' counts every user. For every user's compliance, use 'Get Many'. Defaults to 50.",
		},
		filtersCollection(complianceFilters),
		settingsProperty,
	],
	async plan(this: IExecuteFunctions, itemCount: number) {
		// The first item's parameters hold for the report, as Sync reads its options.
		const input = itemInput(this, 0);
		const listsEveryone = this.getNode().typeVersion < VERSION_1_3;
		const { query, groupBy, dueLimit } = input.all(() => ({
			query: readComplianceQuery(input),
			groupBy: input.choice('groupBy', 'Group By', GROUP_BY_OPTIONS) ?? 'tag',
			dueLimit: listsEveryone ? undefined : readDueLimit(input),
		}));
		const run = async () => {
			const { clock, users } = await organizationCompliance(this, query);
			const figures = reportFigures(users, {
				groupBy,
				checkRequired: query.settings.backgroundCheckValidityMonths > 0,
				expiringWithinDays: query.settings.expiringWithinDays,
				clock,
				dueListed: dueLimit,
			});
			return {
				summary: countsInWords(figures.counts),
				counts: { ...figures.counts },
				groups: figures.groups.map(({ name, counts }) => ({ name, counts: { ...counts } })),
				due: figures.due.map(({ entry }) => entry),
				...(dueLimit === undefined
					? { html: reportHtml(figures), text: reportText(figures) }
					: {
							html: reportHtml(figures, { rows: Math.min(dueLimit, MAX_DUE_ROWS), rest: "'Get Many' lists everyone" }),
							text: reportText(figures, dueLimit),
						}),
			};
		};
		return [{ items: Array.from({ length: itemCount }, (_, item) => item), run }];
	},
};
