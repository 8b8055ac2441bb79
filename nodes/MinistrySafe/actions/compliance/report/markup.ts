// HTML built so that text cannot become markup by mistake: the `html` template tag escapes every value put into it
// unless that value is markup already (made by `html` itself). A string from the service, or any string at all, is
// text; the one way to put raw markup in is to write it in an `html` template's literal part.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML: nothing in it can become markup, in an element or in a quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);

/** A piece of markup: only `html` makes one, so holding one means it was written as markup. */
export class Html {
	private constructor(private readonly markup: string) {}
	/** Made only by `html` and `joinHtml`, below. */
	static of(markup: string, key: typeof MARKUP_KEY): Html {
		if (key !== MARKUP_KEY) throw new Error('Html is made with the html template tag');
		return new Html(markup);
	}
	toString(): string {
		return this.markup;
	}
}
const MARKUP_KEY = Symbol('markup');

/** What an `html` template takes: markup as it is; text and numbers escaped; a list, each of its parts so. */
export type HtmlValue = Html | string | number | readonly HtmlValue[];

const asMarkup = (value: HtmlValue): string =>
	value instanceof Html ? value.toString() : Array.isArray(value) ? value.map(asMarkup).join('') : escapeHtml(String(value));

/** html`<b>${name}</b>`: the literal parts are markup, every value is escaped unless it is markup already. */
export function html(literals: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
	return Html.of(literals.reduce((markup, literal, index) => markup + asMarkup(values[index - 1]) + literal), MARKUP_KEY);
}

/** Parts one after another, with a separator between them (markup, or text to escape). */
export const joinHtml = (parts: readonly HtmlValue[], separator: HtmlValue = ''): Html =>
	Html.of(parts.map(asMarkup).join(asMarkup(separator)), MARKUP_KEY);
