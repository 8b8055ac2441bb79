// The report's HTML builder (report/markup.ts): escapeHtml, and the `html` template tag that escapes every value
// unless it is markup written as such.
import { type HtmlValue, Html, escapeHtml, html, joinHtml } from '../../nodes/MinistrySafe/actions/compliance/report/markup';

describe('escapeHtml', () => {
	test.each([
		// text                                   as HTML
		['plain', 'Ann Smith', 'Ann Smith'],
		['a tag', '<b>Bold</b>', '&lt;b&gt;Bold&lt;/b&gt;'],
		['a script', '<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
		['an ampersand, escaped once', 'A&B &amp;', 'A&amp;B &amp;amp;'],
		['double quotes (out of an attribute)', '" onmouseover="x', '&quot; onmouseover=&quot;x'],
		['single quotes', "O'Neil' onclick='x", 'O&#39;Neil&#39; onclick=&#39;x'],
		['a closing table', '</td></tr></table>', '&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;'],
		['an image', '<img src="https://tracker.example/p.gif">', '&lt;img src=&quot;https://tracker.example/p.gif&quot;&gt;'],
		['a comment', '<!-- x -->', '&lt;!-- x --&gt;'],
		['accents and emoji, unchanged', 'José 🎉', 'José 🎉'],
		['nothing', '', ''],
	])('%s: %j is %j', (_, text, escaped) => {
		expect(escapeHtml(text)).toBe(escaped);
	});
});

describe('html`…`', () => {
	const name = '<b>Eve</b> & "co"';
	test.each<[string, () => Html, string]>([
		['a text value is escaped', () => html`<td>${name}</td>`, '<td>&lt;b&gt;Eve&lt;/b&gt; &amp; &quot;co&quot;</td>'],
		['a value in an attribute is escaped', () => html`<td title="${'" onclick="x'}">`, '<td title="&quot; onclick=&quot;x">'],
		['a number is written as it is', () => html`<td width="${42}%">`, '<td width="42%">'],
		['markup made by html is kept', () => html`<tr>${html`<td>${name}</td>`}</tr>`, '<tr><td>&lt;b&gt;Eve&lt;/b&gt; &amp; &quot;co&quot;</td></tr>'],
		['a list: each part escaped or kept, one after another', () => html`<tr>${['<i>', html`<td></td>`, 3]}</tr>`, '<tr>&lt;i&gt;<td></td>3</tr>'],
		['the literal parts are markup', () => html`&nbsp;<br>`, '&nbsp;<br>'],
		['markup turned into a string is text again', () => html`${String(html`<b>x</b>`)}`, '&lt;b&gt;x&lt;/b&gt;'],
		['joined with markup between', () => joinHtml(['a<b', html`<i>c</i>`], html`<br>`), 'a&lt;b<br><i>c</i>'],
		['joined with text between', () => joinHtml([html`<i>a</i>`, html`<i>b</i>`], ' & '), '<i>a</i> &amp; <i>b</i>'],
		['empty', () => html``, ''],
	])('%s', (_, build, markup) => {
		const built = build();
		expect(built).toBeInstanceOf(Html);
		expect(built.toString()).toBe(markup);
	});

	it('has no other way to make markup from a string', () => {
		const values: HtmlValue[] = [{ toString: () => '<b>' } as unknown as string];
		expect(html`${values}`.toString()).toBe('&lt;b&gt;');
		expect(() => (Html as unknown as { of: (markup: string, key: symbol) => Html }).of('<b>', Symbol('markup'))).toThrow();
	});
});
