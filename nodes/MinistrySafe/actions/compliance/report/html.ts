// The report as an email body any email client shows as meant: tables and inline styles only (no style block, script,
// image, form or link to anything outside), fixed colours on every cell (a client's dark theme then keeps them or
// inverts them all), 600 px wide at most, as email layouts are. Every text from the service is escaped.
import type { Counts, DuePerson, ReportFigures } from './figures';
import { countsInWords, groupingInWords } from './figures';

/** Rows of the people due in the email; the node's `due` output lists everyone (Gmail clips an email past 102 KB). */
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

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML: nothing in it can become markup, in an element or in a quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);

/** A table for layout only, as email clients lay out pages: no spacing of its own. */
const layoutTable = (style: string, rows: string, attributes = '') =>
	`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"${attributes} style="width:100%;border-collapse:collapse;${style}">${rows}</table>`;

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
function bar(counts: Counts, height: number): string {
	const widths = shares(counts);
	if (counts.total === 0) {
		return layoutTable('', `<tr><td style="height:${height}px;background-color:${RULE};font-size:0;line-height:0;" bgcolor="${RULE}">&nbsp;</td></tr>`);
	}
	const cells = SEGMENTS.map(({ status, background, text }, index) => {
		const width = widths[index];
		if (width === 0) return '';
		const label = width >= NUMBER_INSIDE_PERCENT ? String(counts[status]) : '&nbsp;';
		return (
			`<td width="${width}%" bgcolor="${background}" title="${counts[status]} ${status}" style="width:${width}%;height:${height}px;` +
			`background-color:${background};color:${text};${FONT}font-size:12px;line-height:${height}px;font-weight:bold;text-align:center;` +
			`white-space:nowrap;overflow:hidden;">${label}</td>`
		);
	}).join('');
	return layoutTable('table-layout:fixed;', `<tr>${cells}</tr>`);
}

/** What each colour means, once, under the headline. */
function legend(expiringWithinDays: number): string {
	const words: Record<string, string> = {
		compliant: 'compliant',
		expiring: `expiring within ${expiringWithinDays} days`,
		noncompliant: 'noncompliant',
	};
	const items = SEGMENTS.map(
		({ status, background }) =>
			`<td width="12" bgcolor="${background}" style="width:12px;height:12px;background-color:${background};font-size:0;line-height:0;">&nbsp;</td>` +
			`<td style="padding:0 14px 0 6px;${FONT}font-size:12px;line-height:16px;color:${MUTED};white-space:nowrap;">${words[status]}</td>`,
	).join('');
	return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin-top:8px;"><tr>${items}</tr></table>`;
}

/** "30 compliant · 5 expiring · 5 noncompliant", beside a group's name. */
const numbers = (counts: Counts) => SEGMENTS.map(({ status }) => `${counts[status]} ${status}`).join(' &middot; ');

const row = (content: string, style = '') => `<tr><td style="padding:0 20px;${style}">${content}</td></tr>`;

function groupRows(figures: ReportFigures): string {
	if (figures.groups.length === 0) return '';
	const heading = row(escapeHtml(groupingInWords(figures.groupBy)), `padding-top:16px;padding-bottom:4px;border-top:1px solid ${RULE};font-size:16px;line-height:22px;font-weight:bold;`);
	return (
		heading +
		figures.groups
			.map(({ name, counts }) => {
				const title = layoutTable(
					'',
					`<tr><td style="${FONT}font-size:14px;line-height:20px;font-weight:bold;color:${TEXT};">${escapeHtml(name)} <span style="font-weight:normal;color:${MUTED};">(${counts.total})</span></td>` +
						`<td align="right" style="${FONT}font-size:12px;line-height:20px;color:${MUTED};text-align:right;">${numbers(counts)}</td></tr>`,
				);
				return row(title, 'padding-top:8px;') + row(bar(counts, 18), 'padding-top:2px;padding-bottom:4px;');
			})
			.join('')
	);
}

/** A date never breaks across lines. */
const date = (day: string, before = '') => `<span style="white-space:nowrap;">${before}${escapeHtml(day)}</span>`;

/** "overdue since 2026-10-01" (in bold), "now", or the day. */
function byWhen(person: DuePerson): string {
	if (person.overdue) return `<b>overdue</b>${person.by ? `<br>${date(person.by, 'since ')}` : ''}`;
	return person.by ? date(person.by) : 'now';
}

function duePersonRow(person: DuePerson, index: number): string {
	const shade = index % 2 === 1 ? `background-color:${STRIPE};` : '';
	const email = typeof person.entry.email === 'string' && person.entry.email !== '' ? person.entry.email : '';
	const cell = (content: string, style = '') => `<td valign="top" style="padding:6px 8px;${shade}${FONT}font-size:13px;line-height:18px;color:${TEXT};${style}">${content}</td>`;
	const who = `<b>${escapeHtml(person.name)}</b>${email ? `<br><span style="color:${MUTED};font-size:12px;">${escapeHtml(email)}</span>` : ''}`;
	const what = person.records.map(({ what: record, state, day }) => `${record} ${state}${day ? ` ${date(day)}` : ''}`).join('<br>');
	return `<tr>${cell(who)}${cell(what)}${cell(byWhen(person))}</tr>`;
}

function dueRows(figures: ReportFigures): string {
	const { due } = figures;
	const headingText = due.length === 0 ? 'No one is due' : `Due: ${due.length} ${due.length === 1 ? 'person' : 'people'}, soonest first`;
	const heading = row(headingText, `padding-top:16px;padding-bottom:6px;border-top:1px solid ${RULE};font-size:16px;line-height:22px;font-weight:bold;`);
	if (due.length === 0) return heading;
	const headerCell = (text: string, width: number) =>
		`<th align="left" width="${width}%" style="width:${width}%;padding:6px 8px;border-bottom:1px solid ${RULE};${FONT}font-size:12px;line-height:16px;color:${MUTED};text-align:left;font-weight:bold;">${text}</th>`;
	const shown = due.slice(0, MAX_DUE_ROWS);
	const more =
		due.length > shown.length
			? `<tr><td colspan="3" style="padding:8px;${FONT}font-size:13px;line-height:18px;color:${MUTED};">and ${due.length - shown.length} more: the node's 'due' output lists everyone</td></tr>`
			: '';
	const table = layoutTable(
		'',
		`<tr>${headerCell('Person', 36)}${headerCell('What is due', 42)}${headerCell('By when', 22)}</tr>${shown.map(duePersonRow).join('')}${more}`,
	);
	return heading + row(table, 'padding-bottom:20px;');
}

/** The email body: headline and overall bar, a bar per group, then the people due. */
export function reportHtml(figures: ReportFigures): string {
	const headline =
		row(`Compliance on ${escapeHtml(figures.date)}`, 'padding-top:20px;font-size:20px;line-height:26px;font-weight:bold;') +
		row(escapeHtml(countsInWords(figures.counts)), 'padding-top:4px;padding-bottom:10px;') +
		row(bar(figures.counts, 24) + legend(figures.expiringWithinDays), 'padding-bottom:16px;');
	return layoutTable(
		`max-width:600px;background-color:#ffffff;color:${TEXT};${FONT}font-size:14px;line-height:20px;`,
		headline + groupRows(figures) + dueRows(figures),
		' bgcolor="#ffffff"',
	);
}
