// Parameters and description helpers more than one node uses.
import type { INodeProperties } from 'n8n-workflow';

/**
 * The values of a dropdown's options: one list serves the dropdown and the check that a value an expression gave is
 * one of them.
 */
export function valuesOf<T extends string>(options: ReadonlyArray<{ readonly value: T }>): T[] {
	return options.map((option) => option.value);
}

/**
 * Which Trainings count (Compliance, the polling trigger's renewals): several codes; none chosen means every code. Each
 * use spreads it and says in its own description which Trainings count.
 */
export const surveyCodesField: INodeProperties = {
	displayName: 'Survey Code Names or IDs',
	name: 'surveyCodes',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getSurveyCodes' },
	default: [],
	description:
		'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};
