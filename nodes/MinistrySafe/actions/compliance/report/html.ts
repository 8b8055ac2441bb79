// The report as an email body any email client shows as meant: tables and inline styles only (no style block, script,
// image, form or link to anything outside), fixed colours on every cell (a client's dark theme then keeps them or
// inverts them all), 600 px wide at most, as email layouts are. Built with the `html` template tag (markup.ts): every
// value is escaped unless it is markup the code wrote, so no text from the service can become markup.
import type { Counts, DuePerson, ReportFigures } from './figures';
import { countsInWords, groupingInWords } from './figures';
import { type Html, type HtmlValue, html, joinHtml } from './markup';

/** Rows of the people due in the email at most (Gmail clips an email past 102 KB). */
export const MAX_DUE_ROWS = 100;

/**
 * Paul Tol's high-contrast scheme: blue, yellow and red told apart by people who do not tell red from green, and by
 * lightness alone (in print, or a client that greys the email). Each text colour is readable on its segment.
 */
export const SEGMENTS = [
	{ status: 'compliant', background: '#004488', text: '#ffffff' },
	{ status: 'expiring', background: '#ddaa33', text: '#000000' },
	{ status: 'noncompliant', background: '#bb5566', text: '#ffffff' },
] as const;

const TEXT = '#1f2328';
const MUTED = '#57606a';
const RULE = '#d0d7de';
const STRIPE = '#f6f8fa';
const FONT = 'font-family:Arial,Helvetica,sans-serif;';
/** A segment at least this share wide shows its number inside (a 600 px email: about 45 px). */
const NUMBER_INSIDE_PERCENT = 8;
const NBSP = html`&nbsp;`;

/** A table for layout only, as email clients lay out pages: no spacing of its own. */
const layoutTable = (style: string, rows: HtmlValue, attributes: Html = html``) =>
	html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"${attributes} style="width:100%;border-collapse:collapse;${style}">${rows}</table>`;

/**
 * Whole percentages of the three counts that add up to 100 (largest remainders), a count above zero at least 1 %: the
 * widths of a bar's segments.
 */
export function shares(counts: Counts): number[] {
	const values = SEGMENTS.map(({ status }) => counts[status]);
	if (counts.total === 0) return values.map(() => 0);
	const exact = values.map((value) => (value * 100) / counts.total);
	const whole = exact.map((share, index) => (values[index] > 0 ? Math.max(1, Math.floor(share)) : 0));
	const byRemainder = exact.map((share, index) => ({ index, remainder: share - Math.floor(share) })).sort((a, b) => b.remainder - a.remainder);
	for (let left = 100 - whole.reduce((sum, share) => sum + share, 0), next = 0; left !== 0; next++) {
		const { index } = byRemainder[next % byRemainder.length];
		if (values[index] === 0 || (left < 0 && whole[index] <= 1)) continue;
		whole[index] += Math.sign(left);
		left -= Math.sign(left);
	}
	return whole;
}

/** A bar of table cells: one per status present, its width its share, its number inside when there is room. */
function bar(counts: Counts, height: number): Html {
	const widths = shares(counts);
	if (counts.total === 0) {
		return layoutTable('', html`<tr><td style="height:${height}px;background-color:${RULE};font-size:0;line-height:0;" bgcolor="${RULE}">${NBSP}</td></tr>`);
	}
	const cells = SEGMENTS.map(({ status, background, text }, index) => {
		const width = widths[index];
		if (width === 0) return '';
		const label = width >= NUMBER_INSIDE_PERCENT ? counts[status] : NBSP;
		return joinHtml([
			html`<td width="${width}%" bgcolor="${background}" title="${counts[status]} ${status}" style="width:${width}%;height:${height}px;`,
			html`background-color:${background};color:${text};${FONT}font-size:12px;line-height:${height}px;font-weight:bold;text-align:center;`,
			html`white-space:nowrap;overflow:hidden;">${label}</td>`,
		]);
	});
	return layoutTable('table-layout:fixed;', html`<tr>${cells}</tr>`);
}

/** What each colour means, once, under the headline. */
function legend(expiringWithinDays: number): Html {
	const words: Record<string, string> = {
		compliant: 'compliant',
		expiring: `expiring within ${expiringWithinDays} days`,
		noncompliant: 'noncompliant',
	};
	const items = SEGMENTS.map(({ status, background }) =>
		joinHtml([
			html`<td width="12" bgcolor="${background}" style="width:12px;height:12px;background-color:${background};font-size:0;line-height:0;">${NBSP}</td>`,
			html`<td style="padding:0 14px 0 6px;${FONT}font-size:12px;line-height:16px;color:${MUTED};white-space:nowrap;">${words[status]}</td>`,
		]),
	);
	return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin-top:8px;"><tr>${items}</tr></table>`;
}

/** "30 compliant · 5 expiring · 5 noncompliant", beside a group's name. */
const numbers = (counts: Counts) => joinHtml(SEGMENTS.map(({ status }) => `${counts[status]} ${status}`), html` &middot; `);

const row = (content: HtmlValue, style = '') => html`<tr><td style="padding:0 20px;${style}">${content}</td></tr>`;

function groupRows(figures: ReportFigures): Html {
	if (figures.groups.length === 0) return html``;
	const heading = row(groupingInWords(figures.groupBy), `padding-top:16px;padding-bottom:4px;border-top:1px solid ${RULE};font-size:16px;line-height:22px;font-weight:bold;`);
	const groups = figures.groups.map(({ name, counts }) => {
		const title = layoutTable(
			'',
			joinHtml([
				html`<tr><td style="${FONT}font-size:14px;line-height:20px;font-weight:bold;color:${TEXT};">${name} <span style="font-weight:normal;color:${MUTED};">(${counts.total})</span></td>`,
				html`<td align="right" style="${FONT}font-size:12px;line-height:20px;color:${MUTED};text-align:right;">${numbers(counts)}</td></tr>`,
			]),
		);
		return html`${row(title, 'padding-top:8px;')}${row(bar(counts, 18), 'padding-top:2px;padding-bottom:4px;')}`;
	});
	return html`${heading}${groups}`;
}

/** A date never breaks across lines. */
const date = (day: string, before = '') => html`<span style="white-space:nowrap;">${before}${day}</span>`;

/** "overdue since 2026-10-01" (in bold), "now", or the day. */
function byWhen(person: DuePerson): HtmlValue {
	if (person.overdue) return html`<b>overdue</b>${person.by ? html`<br>${date(person.by, 'since ')}` : ''}`;
	return person.by ? date(person.by) : 'now';
}

function duePersonRow(person: DuePerson, index: number): Html {
	const shade = index % 2 === 1 ? `background-color:${STRIPE};` : '';
	const email = typeof person.entry.email === 'string' && person.entry.email !== '' ? person.entry.email : '';
	const cell = (content: HtmlValue, style = '') =>
		html`<td valign="top" style="padding:6px 8px;${shade}${FONT}font-size:13px;line-height:18px;color:${TEXT};${style}">${content}</td>`;
	const who = html`<b>${person.name}</b>${email ? html`<br><span style="color:${MUTED};font-size:12px;">${email}</span>` : ''}`;
	const what = joinHtml(
		person.records.map(({ what: record, state, day }) => html`${record} ${state}${day ? html` ${date(day)}` : ''}`),
		html`<br>`,
	);
	return html`<tr>${cell(who)}${cell(what)}${cell(byWhen(person))}</tr>`;
}

/** How many people the email lists, and where the rest are found. */
export interface DueListing {
	rows: number;
	rest: string;
}
/** Before node version 1.3 the node's 'due' output holds everyone. */
const LISTING_EVERYONE: DueListing = { rows: MAX_DUE_ROWS, rest: "the node's 'due' output lists everyone" };

function dueRows(figures: ReportFigures, listing: DueListing): Html {
	const { due, dueCount } = figures;
	const headingText = dueCount === 0 ? 'No one is due' : `Due: ${dueCount} ${dueCount === 1 ? 'person' : 'people'}, soonest first`;
	const heading = row(headingText, `padding-top:16px;padding-bottom:6px;border-top:1px solid ${RULE};font-size:16px;line-height:22px;font-weight:bold;`);
	if (dueCount === 0) return heading;
	const headerCell = (text: string, width: number) =>
		html`<th align="left" width="${width}%" style="width:${width}%;padding:6px 8px;border-bottom:1px solid ${RULE};${FONT}font-size:12px;line-height:16px;color:${MUTED};text-align:left;font-weight:bold;">${text}</th>`;
	const shown = due.slice(0, listing.rows);
	const more =
		dueCount > shown.length
			? html`<tr><td colspan="3" style="padding:8px;${FONT}font-size:13px;line-height:18px;color:${MUTED};">and ${dueCount - shown.length} more: ${listing.rest}</td></tr>`
			: '';
	const table = layoutTable(
		'',
		html`<tr>${headerCell('Person', 36)}${headerCell('What is due', 42)}${headerCell('By when', 22)}</tr>${shown.map(duePersonRow)}${more}`,
	);
	return html`${heading}${row(table, 'padding-bottom:20px;')}`;
}

/** The email body: headline and overall bar, a bar per group, then the people due. */
export function reportHtml(figures: ReportFigures, listing: DueListing = LISTING_EVERYONE): string {
	const headline = html`${row(`Compliance on ${figures.date}`, 'padding-top:20px;font-size:20px;line-height:26px;font-weight:bold;')}${row(
		countsInWords(figures.counts),
		'padding-top:4px;padding-bottom:10px;',
	)}${row(html`${bar(figures.counts, 24)}${legend(figures.expiringWithinDays)}`, 'padding-bottom:16px;')}`;
	return layoutTable(
		`max-width:600px;background-color:#ffffff;color:${TEXT};${FONT}font-size:14px;line-height:20px;`,
		html`${headline}${groupRows(figures)}${dueRows(figures, listing)}`,
		html` bgcolor="#ffffff"`,
	).toString();
}
