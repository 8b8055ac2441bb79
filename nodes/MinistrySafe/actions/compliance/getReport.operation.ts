import type { IExecuteFunctions } from 'n8n-workflow';

import { filtersCollection } from '../common/descriptions';
import { itemInput } from '../common/inputs';
import type { ListOperation } from '../types';
import { complianceFilters, organizationCompliance, readComplianceQuery } from './organization';
import { countsInWords, GROUP_BY_VALUES, reportFigures } from './report/figures';
import { reportHtml } from './report/html';
import { reportText } from './report/text';
import { settingsProperty } from './settings';

/** One report for all input items: a Schedule's one item or a list's many give the same single item. */
export const getReport: ListOperation = {
	kind: 'list',
	option: {
		name: 'Get Report',
		action: 'Get a compliance report',
		description:
			"Sum up the organization's compliance as 'Get Many' decides it; returns one item with the counts, a count per group, the people due soonest first, an email body ('html') and a chat message ('text')",
	},
	properties: [
		{
			displayName: 'Group By',
			name: 'groupBy',
			type: 'options',
			options: [
				{ name: 'None', value: 'none', description: 'Only the totals' },
				{ name: 'Tag', value: 'tag', description: "A user counts in each of their tags; users with none count under 'No tag'" },
				{ name: 'User Type', value: 'userType', description: 'Employees, volunteers, and users of no type' },
			],
			default: 'tag',
			description: 'How the report splits the counts, one bar per group',
		},
		filtersCollection(complianceFilters),
		settingsProperty,
	],
	async plan(this: IExecuteFunctions, itemCount: number) {
		// The first item's parameters hold for the report, as Sync reads its options.
		const input = itemInput(this, 0);
		const { query, groupBy } = input.all(() => ({
			query: readComplianceQuery(input),
			groupBy: input.choice('groupBy', 'Group By', GROUP_BY_VALUES) ?? 'tag',
		}));
		const run = async () => {
			const { clock, users } = await organizationCompliance(this, query);
			const figures = reportFigures(users, {
				groupBy,
				checkRequired: query.settings.backgroundCheckValidityMonths > 0,
				expiringWithinDays: query.settings.expiringWithinDays,
				clock,
			});
			return {
				summary: countsInWords(figures.counts),
				counts: { ...figures.counts },
				groups: figures.groups.map(({ name, counts }) => ({ name, counts: { ...counts } })),
				due: figures.due.map(({ entry }) => entry),
				html: reportHtml(figures),
				text: reportText(figures),
			};
		};
		return [{ items: Array.from({ length: itemCount }, (_, item) => item), run }];
	},
};
