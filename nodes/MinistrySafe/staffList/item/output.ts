// Sync's output at node version 1.3: small whatever the size of the list. A nightly Sync of 100,000 people put out
// 100,000 items, nearly all 'unchanged', which n8n saves with every execution and the editor must load to show
// (docs/scale.md, "Large organisations"). From 1.3 only what changed, would change, was skipped or failed has an
// item, and one last item counts every action; 'Include Unchanged Users' gives every person's item as at 1.2.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { itemInput } from '../../items/inputs';
import { VERSION_1_3 } from '../../items/versions';
import type { ListStep } from '../../items/listStep';
import type { SyncAction, SyncDecision } from '../decision/types';

/** The `action` of Sync's last item at 1.3 (helper pages and templates read it). */
export const SUMMARY_ACTION = 'summary';

type Counts = Record<SyncAction, number>;

/**
 * The summary's counts before the run, in their order: one for every action (its type makes a new action a compile
 * error until it is here).
 */
const NO_COUNTS: Counts = { created: 0, updated: 0, unchanged: 0, deactivated: 0, skipped: 0 };

/**
 * The steps as the node version puts them out. Before 1.3 a step per decision, as they are. From 1.3 an unchanged user
 * (nothing to send, nothing to put out) is counted and has no step at all, unless the option asks for their items; one
 * more step, paired with every input item, puts out the summary once every other step has settled: its counts are
 * what was done (what would be, in a dry run); a step that failed is its error item (Continue On Fail) and is not
 * counted.
 */
/**
 * Which decisions put out an item at the node's version: from 1.3 an unchanged user's only with 'Include Unchanged
 * Users' on, or when a value of its row must be seen (one the node does not know, a name that lost letters). Most of a
 * nightly list has none, so a list of 100,000 people runs and keeps only what changed (decision/plan.ts counts the
 * others).
 */
export function hasItem(context: IExecuteFunctions): (decision: SyncDecision) => boolean {
	if (context.getNode().typeVersion < VERSION_1_3) return () => true;
	const includeUnchanged = itemInput(context, 0).flag('options.includeUnchanged', 'Include Unchanged Users') ?? false;
	return (decision) => decision.action !== 'unchanged' || includeUnchanged || decision.unknown !== undefined || decision.lost !== undefined;
}

export function syncOutput(
	context: IExecuteFunctions,
	decisions: SyncDecision[],
	stepOf: (decision: SyncDecision) => ListStep,
	run: { dryRun: boolean; itemCount: number; counted: Partial<Counts>; values: IDataObject },
): ListStep[] {
	if (context.getNode().typeVersion < VERSION_1_3) return decisions.map(stepOf);
	const counts: Counts = { ...NO_COUNTS, ...run.counted };
	const settled: Array<Promise<unknown>> = [];
	const steps: ListStep[] = [];
	for (const decision of decisions) {
		const step = stepOf(decision);
		steps.push({
			items: step.items,
			run() {
				const done = step.run().then((records) => {
					counts[decision.action]++;
					return records;
				});
				settled.push(done.catch(() => undefined));
				return done;
			},
		});
	}
	const summary: ListStep = {
		items: Array.from({ length: run.itemCount }, (_, item) => item),
		// The router starts steps in order, so every other step has started (and is in `settled`) when this one runs.
		async run() {
			await Promise.all(settled);
			const json: IDataObject = { action: SUMMARY_ACTION, ...(run.dryRun ? { dry_run: true } : {}), counts: { ...counts }, ...run.values };
			return json;
		},
	};
	return [...steps, summary];
}
