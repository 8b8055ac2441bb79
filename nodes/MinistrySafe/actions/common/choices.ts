// A parameter's fixed choices, as a message names them when a value is not one of them: an options parameter set by
// an expression may hold anything, and the message should use the editor's labels (n8n's UX guidelines).
import { listed } from '../../../shared/wording';

/** A fixed list of values: the values alone, or the options the editor shows (their labels and values). */
export type Options<T extends string> = ReadonlyArray<{ readonly name: string; readonly value: T }>;
export type Choices<T extends string> = readonly T[] | Options<T>;

export const choiceValues = <T extends string>(choices: Choices<T>): readonly string[] =>
	choices.map((choice) => (typeof choice === 'string' ? choice : choice.value));

/**
 * The choices as a message names them, after "must be one of": the labels the editor shows, with the values an
 * expression gives in brackets (" 'Simplified', 'Raw' or 'Selected Fields' (in an expression: simplified, raw,
 * selected)"); the values alone (": a, b") when no labels are known.
 */
export function choiceWords<T extends string>(choices: Choices<T>): string {
	const labels = choices.map((choice) => (typeof choice === 'string' ? undefined : choice.name));
	const values = choiceValues(choices);
	if (labels.some((name) => name === undefined)) return `: ${values.join(', ')}`;
	return ` ${listed(labels as string[], 'or')} (in an expression: ${values.join(', ')})`;
}
