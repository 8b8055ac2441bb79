// What the Who may serve Data Table template keeps of a person, as the tests expect it: one shape for the fast tests
// (the template's Code node through n8n's task runner) and the end-to-end run in a real n8n.

/** What a Data Table cell with nothing to say holds (n8n's table view shows empty as Empty and missing as Null). */
export const NOTHING = '—';
/** The Status of a row whose person MinistrySafe no longer has. */
export const GONE = 'No longer in MinistrySafe: deactivated, or their External ID changed';
/** The External_ID of the row that says when the morning's check ran. */
export const LAST_CHECK = '(last check)';

/** A person's row for a Compliance > Get Many item (Selected Fields), as a coordinator reads it: the answer first. */
export function whoMayServeRow(entry: Record<string, unknown>): Record<string, unknown> {
	return {
		Name: `${String(entry.first_name)} ${String(entry.last_name)}`,
		May_serve: entry.compliant ? 'yes' : 'no',
		Why_not: entry.compliant ? NOTHING : entry.summary,
		Runs_out_on: entry.compliant ? entry.runs_out_on : NOTHING,
		Runs_out: entry.compliant ? entry.runs_out : NOTHING,
		Status: entry.status,
		Summary: entry.summary,
		External_ID: entry.external_id,
	};
}
