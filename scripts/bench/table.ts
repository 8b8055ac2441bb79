// The printed result: one Markdown table per section (so a run pastes into README.md as it is), each followed by the
// issue's targets for it. Figures are printed, never asserted.

export interface Section {
	title: string;
	columns: string[];
	rows: Array<Array<string | number>>;
	/** The targets for this section, printed under its table. */
	targets: string[];
	/** What a reader must know to read the figures. */
	notes?: string[];
}

export function seconds(ms: number): string {
	return `${(ms / 1000).toFixed(2)} s`;
}

export function milliseconds(ms: number): string {
	return `${ms.toFixed(1)} ms`;
}

export function megabytes(bytes: number): string {
	return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function kilobytes(bytes: number): string {
	return `${(bytes / 1024).toFixed(1)} KB`;
}

/** "4.2x": how many times `value` is `base` (a time over the reference time: above 1 is slower). */
export function ratio(value: number, base: number): string {
	return base > 0 ? `${(value / base).toFixed(2)}x` : '-';
}

function markdownTable(columns: string[], rows: Array<Array<string | number>>): string {
	const cells = [columns, ...rows.map((row) => row.map(String))];
	const widths = columns.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
	const line = (row: string[]): string => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
	return [line(cells[0]), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...cells.slice(1).map(line)].join(
		'\n',
	);
}

export function renderSections(sections: Section[]): string {
	return sections
		.map((section) =>
			[
				`#### ${section.title}`,
				'',
				markdownTable(section.columns, section.rows),
				'',
				...(section.notes ?? []).map((note) => `${note}  `),
				...section.targets.map((target) => `Target: ${target}  `),
			].join('\n'),
		)
		.join('\n\n');
}
