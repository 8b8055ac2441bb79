// chatSafe: what a stranger types as a name cannot become, in Slack, Microsoft Teams, Discord, Google Chat or an
// email's plain part, a mention, a link, markup or a line of its own, and stays readable. The inputs are each chat's
// own message syntax, from its documentation: Slack's mrkdwn and <…> control sequences, Teams' Markdown, HTML and
// <at> mentions, Discord's Markdown and <@id>/<@&id>/<#id>/<t:…> tags, Google Chat's formatting and <users/…>
// mentions, and the bare URLs and domains they (and email clients) link by themselves.
//
// chatSafeEmail keeps an address usable (copied into mail or a search) when nothing in it can mention, format or link
// elsewhere. The forms of addresses: RFC 5322 3.4.1 (dot-atom local parts: letters, digits, `.`, `_`, `-`, `'`, `+`),
// RFC 5233 (sub-addresses, `jane+safety@`), RFC 6531 (addresses in other scripts); api-v2.md gives no format beyond
// "e-mail address" (the sandbox takes anything without spaces around an `@` and a dot, so a stranger's markup can be
// in an address the service accepted). What the chats do
// with one: Slack, Teams, Google Chat and mail clients link an address to itself (mailto); CommonMark 6.4 and Slack's
// mrkdwn give no emphasis to an `_` inside a word; Discord mentions everyone for `@everyone` or `@here` wherever they
// stand (its "allowed_mentions" documentation), and Slack with link_names for `@channel`, `@here`, `@everyone`.
import { chatSafe, chatSafeEmail } from '../../nodes/MinistrySafe/chatSafe';

/** What would still mean something in one of the chats, if it were in the output. */
const MEANINGFUL: Array<[string, RegExp]> = [
	['an angle bracket (Slack, Discord, Google Chat, Teams tags and HTML)', /[<>]/],
	['an at sign (@everyone, @here, @channel)', /@/],
	['an ampersand (an entity such as &lt;)', /&/],
	['a square bracket (a Markdown link)', /[[\]]/],
	['a formatting character (* _ ~ ` | #)', /[*_~`|#]/],
	['a line break', /[\r\n\v\f\u0085\u2028\u2029]/],
	['a link scheme', /:\/\//],
	['a domain', /[\p{L}\p{N}]\.[\p{L}\p{N}]/u],
	['a bidirectional control', /[\u202a-\u202e\u2066-\u2069]/],
];

/** What strangers have put into names (and the service's emails) to reach a chat. */
const hostile = [
	'<!channel>',
	'<!here>',
	'<@U123>',
	'<https://evil.example/renew|Renew your training>',
	'@everyone',
	'@here',
	'@channel',
	'[Renew now](https://evil.example/r)',
	'<b>Bold</b>',
	'Ann\nSmith',
	'<@&1>',
	'<#1>',
	'<users/all>',
	'<at>x</at>',
	'evil.example',
	'&lt;!channel&gt;',
	'x\u2028# y',
];

describe('chatSafe', () => {
	test.each([
		// input                                            what the message shows
		['Slack: everyone in the channel', '<!channel>', '‹!channel›'],
		['Slack: everyone active', '<!here>', '‹!here›'],
		['Slack: everyone in the workspace', '<!everyone>', '‹!everyone›'],
		['Slack: a user', '<@U123>', '‹＠U123›'],
		['Slack: a user group', '<!subteam^S123>', '‹!subteam^S123›'],
		['Slack: a link with its own text', '<https://evil.example/renew|Renew your training>', '‹https∶//evil․example/renewǀRenew your training›'],
		['Slack: a date that links', '<!date^1392734382^{date}|x>', '‹!date^1392734382^{date}ǀx›'],
		['Slack mrkdwn: bold, italic, strike, code', '*Bold* _italic_ ~strike~ `code`', '∗Bold∗ ＿italic＿ ∼strike∼ ˋcodeˋ'],
		['Slack: an entity that shows as markup', '&lt;!channel&gt;', '＆lt;!channel＆gt;'],
		['Discord: everyone', '@everyone', '＠everyone'],
		['Discord: here', '@here', '＠here'],
		['Slack with link_names: channel', '@channel', '＠channel'],
		['Discord: a user', '<@123456789012345678>', '‹＠123456789012345678›'],
		['Discord: a role', '<@&123456789012345678>', '‹＠＆123456789012345678›'],
		['Discord: a channel', '<#123456789012345678>', '‹＃123456789012345678›'],
		['Discord: a timestamp', '<t:1700000000:R>', '‹t:1700000000:R›'],
		['Discord: a spoiler', '||hidden||', 'ǀǀhiddenǀǀ'],
		['Discord: a heading and subtext, after a line break', 'Ann\n# Big\n-# small', 'Ann ＃ Big -＃ small'],
		['Markdown: a link', '[Renew now](https://evil.example/r)', '［Renew now］(https∶//evil․example/r)'],
		['Markdown: an image', '![x](https://tracker.example/p.gif)', '!［x］(https∶//tracker․example/p․gif)'],
		['Markdown: bold', '**Bold**', '∗∗Bold∗∗'],
		['Teams: a mention', '<at>Safety Team</at>', '‹at›Safety Team‹/at›'],
		['Teams and email: HTML', '<b>Bold</b>', '‹b›Bold‹/b›'],
		['Google Chat: everyone', '<users/all>', '‹users/all›'],
		['Google Chat: a user', '<users/123456789>', '‹users/123456789›'],
		['a bare domain', 'evil.example', 'evil․example'],
		['a bare web address', 'www.evil.example/renew', 'www․evil․example/renew'],
		['a URL', 'https://evil.example', 'https∶//evil․example'],
		['an email address', 'eve@evil.example', 'eve＠evil․example'],
		['a line break in a name', 'Ann\nSmith', 'Ann Smith'],
		['a Windows line break and a tab', 'Ann\r\n\tSmith', 'Ann Smith'],
		['Unicode line and paragraph separators, NEL', 'A\u2028B\u2029C\u0085D', 'A B C D'],
		['a quote on a line of its own', 'Ann\n> Your training lapsed', 'Ann › Your training lapsed'],
		['right-to-left override', 'Ann \u202eevil\u202c', 'Ann evil'],
		['other control characters', 'Ann\u0000\u0007\u001b Smith', 'Ann Smith'],
		['spaces around', '  Ann  ', 'Ann'],
		['nothing', '', ''],
		['no value', null, ''],
	])('%s: %j shows as %j', (_, input, shown) => {
		expect(chatSafe(input)).toBe(shown);
	});

	test.each([
		['accents and a hyphen', 'José Núñez-García'],
		['an apostrophe', "Eve O'Neil"],
		['a sentence end', 'Robert Smith Jr.'],
		['parentheses', 'Zoë (Staff)'],
		['another script', '李小龙'],
		['an emoji', 'Ann 🎉'],
		['a plain tag', 'Children Ministry, 2026'],
	])('keeps a name as written: %s (%j)', (_, name) => {
		expect(chatSafe(name)).toBe(name);
	});

	test.each(MEANINGFUL)('leaves none of these in what it gives: %s', (_, pattern) => {
		for (const input of hostile) expect(chatSafe(input)).not.toMatch(pattern);
	});
});

describe('chatSafeEmail', () => {
	test.each([
		['a plain address', 'jane@church.org'],
		['dots in the name (Gmail ignores them; others do not)', 'jane.doe@church.org'],
		['a sub-address (RFC 5233)', 'jane+safety@church.org'],
		['an underscore and a hyphen inside words', 'jane_doe-smith@mail.church-camp.org'],
		['an apostrophe (RFC 5322 atext)', "eve.o'neil@church.org"],
		['digits and a country domain', 'j.doe1987@school.k12.us'],
		['another script (RFC 6531)', 'josé@iglesia.es'],
		['spaces around it', '  jane@church.org  '],
	])('keeps %s usable: %j', (_, address) => {
		expect(chatSafeEmail(address)).toBe(address.trim());
	});

	test.each([
		// input                                     what the message shows
		['a mention in the name', '<!channel>@evil.example', '‹!channel›＠evil․example'],
		['a link in the name', '<https://evil.example|x>@evil.example', '‹https∶//evil․exampleǀx›＠evil․example'],
		['markup in the name', '*boss*@church.org', '∗boss∗＠church․org'],
		['an underscore that starts a word (Slack italics)', '_x_@church.org', '＿x＿＠church․org'],
		['a web address before the @', 'www.evil.example@church.org', 'www․evil․example＠church․org'],
		['a line break', 'jane@church.org\n# Approved', 'jane＠church․org ＃ Approved'],
		['no domain', 'jane@localhost', 'jane＠localhost'],
		['not an address', 'evil.example/renew', 'evil․example/renew'],
		['nothing', '', ''],
		['no value', null, ''],
	])('makes %s inert: %j shows as %j', (_, input, shown) => {
		expect(chatSafeEmail(input)).toBe(shown);
	});

	test.each([
		['Discord @here', 'jane@here.org', 'jane＠here.org'],
		['Discord @everyone', 'x@everyone.example', 'x＠everyone.example'],
		['Slack @channel, in capitals', 'x@Channel.church.org', 'x＠Channel.church.org'],
	])('keeps an address whose @ would mention everyone (%s) from doing so: %j shows as %j', (_, input, shown) => {
		expect(chatSafeEmail(input)).toBe(shown);
		expect(chatSafeEmail(input)).not.toMatch(/@/);
	});

	test.each(MEANINGFUL)('leaves none of these in what it gives for what is not a plain address: %s', (_, pattern) => {
		for (const input of hostile) expect(chatSafeEmail(input)).not.toMatch(pattern);
	});
});
