// A staff list as a CSV export writes it (RFC 4180): a header line of the column names, CRLF line ends, a value in
// double quotes when it holds a comma, a quote or a line break; optionally the byte order mark Excel's "CSV UTF-8" writes.

export function csvExport(rows: Array<Record<string, unknown>>, options: { bom?: boolean } = {}): string {
	const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
	const cell = (value: unknown) => {
		const text = value === undefined || value === null ? '' : String(value);
		return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
	};
	const lines = [columns.map(cell), ...rows.map((row) => columns.map((column) => cell(row[column])))].map((cells) => cells.join(','));
	return `${options.bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}
