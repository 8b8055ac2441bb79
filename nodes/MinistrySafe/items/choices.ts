// A parameter's fixed choices, as a message names them when a value is not one of them: an options parameter set by
// an expression may hold anything, and the message should use the editor's labels (n8n's UX guidelines). Readers take
// the options themselves, never their values alone, so that every such message has the labels.
import { listed } from '../../shared/wording';

/** The options the editor shows: their labels and values. */
export type Options<T extends string> = ReadonlyArray<{ readonly name: string; readonly value: T }>;

export const choiceValues = <T extends string>(options: Options<T>): readonly string[] => options.map(({ value }) => value);

/**
 * The choices as a message names them, after "must be one of": the labels the editor shows, with the values an
 * expression gives in brackets (" 'Simplified', 'Raw' or 'Selected Fields' (in an expression: simplified, raw,
 * selected)"), or the labels alone when they are the values (" '1-200', '200-1000' ...").
 */
export function choiceWords<T extends string>(options: Options<T>): string {
	const labels = options.map(({ name }) => name);
	const values = choiceValues(options);
	const same = labels.every((label, index) => label === values[index]);
	return ` ${listed(labels, 'or')}${same ? '' : ` (in an expression: ${values.join(', ')})`}`;
}
