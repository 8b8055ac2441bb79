// Text from the service (a name, a tag, an email), made safe to put into a message that a workflow posts to Slack,
// Microsoft Teams, Discord, Google Chat or the plain part of an email. Anyone who fills in a public sign-up form can
// choose a name, so a name must not become a mention, a link, markup or a line of its own in any of them. Each
// character those chats give a meaning is replaced by a look-alike that has none: the name stays readable, and no
// chat's own escaping is needed (each chat escapes differently, and a workflow may post the same text to several).
// An email address is the exception the safety team needs: a plain one stays as written, so that it can be copied
// into mail or a search (chatSafeEmail).

/** Characters with a meaning in one of the chats, and the look-alike each becomes. */
const LOOK_ALIKES: Record<string, string> = {
	// Slack's <!channel>, <@U123>, <https://…|…>; Discord's <@id>, <@&id>, <#id>, <t:…>; Google Chat's <users/all>;
	// Teams' <at>…</at> and HTML.
	'<': '\u2039', // ‹
	'>': '\u203a', // ›
	// Entities (&lt;) that Slack and Teams would turn back into markup characters.
	'&': '\uff06', // ＆
	// @everyone, @here, @channel (Discord, and Slack with link_names); an email address, which clients link.
	'@': '\uff20', // ＠
	// Markdown links and images: [Renew now](https://…), ![…](…).
	'[': '\uff3b', // ［
	']': '\uff3d', // ］
	// Bold, italic, strike-through, code and spoilers in Slack mrkdwn, Markdown, Discord and Google Chat.
	'*': '\u2217', // ∗
	_: '\uff3f', // ＿
	'~': '\u223c', // ∼
	'`': '\u02cb', // ˋ
	'|': '\u01c0', // ǀ
	// Headings and Discord's <#channel> and -# subtext.
	'#': '\uff03', // ＃
};
const MARKUP_CHARACTERS = /[<>&@[\]*_~`|#]/g;

/**
 * Line breaks of every kind (CR, LF, vertical tab, form feed, NEL, line and paragraph separators) and any run of
 * spaces: one space, so a value never starts a line of its own (a heading, a quote, a list item).
 */
const SPACE_RUNS = /[\s\u0085]+/g;
/** Other control characters and the bidirectional controls that make text read in another order than it is. */
const INVISIBLE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** The dot of a domain (evil.example, www.evil.example): chats and email clients link a bare domain. */
const DOMAIN_DOT = /(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu;
/** A link's scheme (https://, ftp://): linked wherever it appears. */
const SCHEME = /:(?=\/\/)/g;

/** A value from the service, readable and inert in any chat message or plain-text email. */
export function chatSafe(value: unknown): string {
	return String(value ?? '')
		.replace(SPACE_RUNS, ' ')
		.replace(INVISIBLE, '')
		.replace(MARKUP_CHARACTERS, (character) => LOOK_ALIKES[character])
		.replace(DOMAIN_DOT, '\u2024') // ․ (one dot leader)
		.replace(SCHEME, '\u2236') // ∶ (ratio)
		.trim();
}

/**
 * A plain address: letters and digits, with `.`, `+`, `_`, `'` or `-` only between them before the `@` (never a
 * leading `www.`, which chats link as a web address), and a domain of such labels ending in a name of letters. Nothing
 * in it formats in any of the chats (an `_` inside a word is no emphasis in Slack, Discord or Markdown), and the link
 * chats and mail clients make of it is the address itself.
 */
const PLAIN_ADDRESS =
	/^(?!www\.)[\p{L}\p{N}]+(?:[.+_'-][\p{L}\p{N}]+)*@[\p{L}\p{N}]+(?:-+[\p{L}\p{N}]+)*(?:\.[\p{L}\p{N}]+(?:-+[\p{L}\p{N}]+)*)*\.\p{L}{2,}$/u;
/** An `@` that reads as a mention to everyone in Discord or Slack (`jane@here.org`, `x@everyone.example`). */
const MENTION_AT = /@(?=everyone|here|channel)/i;

/**
 * An email address from the service, for the same messages: a plain address stays as written, usable in mail or a
 * search, but for an `@` that would mention everyone; anything else is made inert as chatSafe makes any text.
 */
export function chatSafeEmail(value: unknown): string {
	const address = String(value ?? '').trim();
	if (!PLAIN_ADDRESS.test(address)) return chatSafe(address);
	return address.replace(MENTION_AT, LOOK_ALIKES['@']);
}
