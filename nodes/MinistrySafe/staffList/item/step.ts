// What each decision sends (nothing with Dry Run, or for unchanged and skipped), and the item it puts out.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { ListStep } from '../../items/listStep';
import { createUser, updateUser } from '../../users/requests';
import type { SyncDecision, UnknownValue } from '../decision/types';

/**
 * The values of the row the node does not know, in fields of their own so that a summary can say each once: the
 * first in `unknown_field`, `unknown_column` and `unknown_value` (node version 1.3 as released), all of them in
 * `unknown_values`.
 */
function unknownFields(unknown: UnknownValue[] | undefined): IDataObject {
	if (!unknown || unknown.length === 0) return {};
	const [first] = unknown;
	return { unknown_field: first.field, unknown_column: first.column, unknown_value: first.value, unknown_values: unknown.map((value) => ({ ...value })) };
}

/** The request a decision needs (none with Dry Run, or for unchanged and skipped), then its output item. */
export function stepOf(context: IExecuteFunctions, decision: SyncDecision, dryRun: boolean): ListStep {
	// The answer first: what happened (or, in a dry run, would happen) and why; a dry run says so on every item.
	const output = (userId: number | null): IDataObject => ({
		action: decision.action,
		reason: decision.reason,
		...(dryRun ? { dry_run: true } : {}),
		external_id: decision.externalId,
		external_id_field: decision.externalIdField,
		first_name: decision.person.first_name,
		last_name: decision.person.last_name,
		email: decision.person.email,
		user_id: userId,
		changes: decision.changes as IDataObject,
		...unknownFields(decision.unknown),
		...(decision.lost ? { lost_characters: decision.lost.map((lost) => ({ ...lost })) } : {}),
		// A file's rows all pair with the item that holds the file: the row number says which row it is.
		...(decision.fileRow ? { file_row: decision.fileRow.line } : {}),
	});
	return {
		items: decision.items,
		async run() {
			if (dryRun) return output(decision.userId);
			const label = `User ${decision.userId}`;
			if (decision.create) return output(Number((await createUser(context, decision.create)).id));
			if (decision.update) await updateUser(context, { id: String(decision.userId), label }, decision.update);
			if (decision.action === 'deactivated') {
				await apiRequest.call(context, 'DELETE', `/users/${decision.userId}`, { record: label });
			}
			return output(decision.userId);
		},
	};
}
