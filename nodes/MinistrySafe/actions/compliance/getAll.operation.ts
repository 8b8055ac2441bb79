import type { IExecuteFunctions } from 'n8n-workflow';

import { listProperties } from '../common/descriptions';
import { itemInput } from '../../items/inputs';
import { complianceOutput } from '../common/output';
import type { Operation } from '../types';
import { complianceFilters, organizationCompliance, readComplianceQuery } from './organization';
import { settingsProperty } from './settings';

export const getAll: Operation = {
	option: {
		name: 'Get Many',
		action: 'Get the compliance of many users',
		description:
			"Retrieve a list of every user's compliance (training and background check valid, expiring, expired, pending or missing); returns one item per user with their status and expiry dates",
	},
	properties: [...listProperties(complianceFilters), settingsProperty],
	output: complianceOutput,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const input = itemInput(this, itemIndex);
		const query = readComplianceQuery(input);
		const limit = input.listLimit() ?? Infinity;
		const report = [];
		for (const { entry } of (await organizationCompliance(this, query)).users) {
			if (report.length >= limit) break;
			report.push(entry);
		}
		return report;
	},
};
