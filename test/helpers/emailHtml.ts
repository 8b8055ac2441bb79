// What an email client keeps of an HTML body: tables, a few text elements and inline styles. Gmail, Outlook and Apple
// Mail drop <style> blocks (some of them), scripts, forms and event attributes, block images and anything loaded from
// elsewhere until the reader allows it. A strict reader of our HTML: whatever it does not know is a problem, so a
// new kind of markup fails the test until someone decides it is safe.

export const EMAIL_TAGS = new Set(['table', 'tbody', 'thead', 'tr', 'td', 'th', 'span', 'b', 'strong', 'br', 'p', 'div']);
const VOID_TAGS = new Set(['br']);
export const EMAIL_ATTRIBUTES = new Set([
	'style',
	'width',
	'height',
	'align',
	'valign',
	'bgcolor',
	'cellpadding',
	'cellspacing',
	'border',
	'role',
	'colspan',
	'title',
]);
/** CSS that loads something, runs something, or escapes the message's box. */
export const FORBIDDEN_CSS = [/url\s*\(/i, /@import/i, /expression\s*\(/i, /javascript:/i, /behavior\s*:/i, /position\s*:/i];
const EXTERNAL = /(https?:|\/\/|data:|cid:)/i;
const ENTITY = /^&(amp|lt|gt|quot|#39|nbsp|middot);/;

/** Problems of one attribute, wherever it was found (our reader or Chromium's DOM). */
export function attributeProblems(tag: string, name: string, value: string): string[] {
	const problems: string[] = [];
	if (!EMAIL_ATTRIBUTES.has(name)) problems.push(`<${tag}> has the attribute ${name}`);
	if (EXTERNAL.test(value)) problems.push(`<${tag} ${name}> refers to something outside the message: ${value}`);
	if (name === 'style') {
		for (const pattern of FORBIDDEN_CSS) if (pattern.test(value)) problems.push(`<${tag}> has the style ${pattern.source}`);
	}
	return problems;
}

/** Everything in `html` an email client would drop, block or misread; [] when there is nothing. */
export function emailHtmlProblems(html: string): string[] {
	const problems: string[] = [];
	const open: string[] = [];
	let at = 0;
	while (at < html.length) {
		const next = html.indexOf('<', at);
		const text = html.slice(at, next === -1 ? html.length : next);
		if (text.includes('>')) problems.push(`text with a raw ">": ${text.slice(0, 60)}`);
		for (let amp = text.indexOf('&'); amp !== -1; amp = text.indexOf('&', amp + 1)) {
			if (!ENTITY.test(text.slice(amp))) problems.push(`text with a raw "&": ${text.slice(amp, amp + 20)}`);
		}
		if (next === -1) break;
		const tag = /^<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+="[^"<>]*")*)\s*(\/?)>/.exec(html.slice(next));
		if (!tag) {
			problems.push(`unreadable markup: ${html.slice(next, next + 60)}`);
			at = next + 1;
			continue;
		}
		const [whole, closing, name, attributes] = tag;
		if (!EMAIL_TAGS.has(name)) problems.push(`<${name}>`);
		for (const [, attribute, value] of attributes.matchAll(/\s+([a-z-]+)="([^"]*)"/g)) {
			problems.push(...attributeProblems(name, attribute, value));
		}
		if (closing) {
			const expected = open.pop();
			if (expected !== name) problems.push(`</${name}> closes <${expected ?? 'nothing'}>`);
		} else if (!VOID_TAGS.has(name)) {
			open.push(name);
		}
		at = next + whole.length;
	}
	if (open.length > 0) problems.push(`left open: ${open.map((name) => `<${name}>`).join(' ')}`);
	return problems;
}

/** The text a reader sees: markup removed, entities read. */
export function visibleText(html: string): string {
	const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ', middot: '·' };
	return html
		.replace(/<br>/g, '\n')
		.replace(/<[^>]*>/g, ' ')
		.replace(/&(amp|lt|gt|quot|#39|nbsp|middot);/g, (_, name: string) => entities[name])
		.replace(/[ \t]+/g, ' ');
}
