// The report as a chat message: the email's figures in plain text, never longer than MAX_LINES lines, whatever the
// size of the Organization ("and N more" says what is left out). Every name from the service goes through chatSafe:
// the message is posted to chats and emails, and a name cannot mention, link, format or break a line there.
import { chatSafe } from '../../../chatSafe';
import type { Counts, ReportFigures } from './figures';
import { countsInWords, groupingInWords, recordInWords } from './figures';

export const MAX_LINES = 40;
/** The most lines the groups take, so that the people due always get most of the message. */
const MAX_GROUP_LINES = 10;

const groupCounts = (counts: Counts) =>
	`${counts.compliant} compliant, ${counts.expiring} expiring, ${counts.noncompliant} noncompliant (${counts.total})`;

/** Up to `room` lines of `lines`: past that, one line fewer and "and N more ...". */
function within(lines: string[], room: number, what: string): string[] {
	if (lines.length <= room) return lines;
	const kept = lines.slice(0, Math.max(0, room - 1));
	return [...kept, `and ${lines.length - kept.length} more ${what}`];
}

/** The chat message; `maxPeople` (Max Users Listed, node version 1.3) bounds the people named as well as the lines. */
export function reportText(figures: ReportFigures, maxPeople = Infinity): string {
	const { counts, due, dueCount } = figures;
	const lines = [
		`Compliance on ${figures.date}`,
		`${countsInWords(counts)} (expiring: within ${figures.expiringWithinDays} days)`,
	];
	if (figures.groups.length > 0) {
		const groups = figures.groups.map(({ name, counts: ofGroup }) => `- ${chatSafe(name)}: ${groupCounts(ofGroup)}`);
		lines.push('', `${groupingInWords(figures.groupBy)}:`, ...within(groups, MAX_GROUP_LINES, 'groups'));
	}
	lines.push('');
	if (dueCount === 0) {
		lines.push('No one is due.');
	} else {
		lines.push(`Due, soonest first (${dueCount}):`);
		const room = MAX_LINES - lines.length;
		const shown = Math.min(dueCount <= room ? dueCount : Math.max(0, room - 1), maxPeople, due.length);
		lines.push(...due.slice(0, shown).map((person) => `- ${chatSafe(person.name)}: ${person.records.map(recordInWords).join('; ')}`));
		if (shown < dueCount) lines.push(`and ${dueCount - shown} more ${dueCount === 1 ? 'person' : 'people'}`);
	}
	return lines.join('\n');
}
