// Sync's parameters about a staff list's values (contract.md "Node version 1.3: the values in staff lists"): which
// statuses mean a person left or is still there, which types mean volunteer or employee, the notice before a live run
// that deactivates.
import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { textList } from '../../../shared/values';
import { listed, quoted } from '../../../shared/wording';
import { itemInput } from '../../items/inputs';
import { beforeVersion1_2, fromVersion1_2, fromVersion1_3, VERSION_1_2 } from '../../items/versions';
import { LEAVER_CODES, type NamedStatuses, STAYING_STATUSES, statusesNamedTwice } from '../meaning/status';
import { EMPLOYEE_TYPES, type NamedTypes, typesNamedTwice, VOLUNTEER_TYPES } from '../meaning/type';

/** The statuses that mean a person has left, unless the option names others (node version 1.2's default, kept). */
export const LEAVER_STATUSES = 'terminated, inactive, left, former, separated';

/** Some of the built-in words, as the descriptions quote them. */
const someOf = (words: string[], count: number) => words.slice(0, count).join(', ');

export const valueOptions: INodeProperties[] = [
	// One option, described as each version reads it (as Columns is): from 1.3 its values mean left in any column.
	...(
		[
			[
				{ show: { '@version': [VERSION_1_2] } },
				`Values of the 'Status' column that mean the person has left, comma-separated. Their user is deactivated, even with 'Deactivate Missing Users' off. A value named here means left whatever words it holds. Defaults to ${LEAVER_STATUSES}.`,
			],
			[
				fromVersion1_3,
				`Values of the list that mean the person has left, in whichever column they stand, comma-separated (such as Moved Away). Their user is deactivated, even with 'Deactivate Missing Users' off. A value named here means left whatever words it holds, before the words exports use (Terminated, Inactive, Resigned, ${someOf(LEAVER_CODES, 3)} ...), which count unless named in 'Statuses That Mean Still There'; a value named in both stops the run. Defaults to ${LEAVER_STATUSES}.`,
			],
		] as Array<[IDisplayOptions, string]>
	).map(([displayOptions, description]) => ({
		displayName: 'Statuses That Mean Left',
		name: 'leaverStatuses',
		type: 'string' as const,
		displayOptions,
		default: LEAVER_STATUSES,
		description,
	})),
	{
		displayName: 'Statuses That Mean Still There',
		name: 'stayingStatuses',
		type: 'string',
		displayOptions: fromVersion1_3,
		default: STAYING_STATUSES,
		description: `Values of the list that mean the person is still there, in whichever column they stand, comma-separated (such as Inactive, where your system writes it for people on leave). A value named here or in 'Statuses That Mean Left' means what you say, before the words exports use (${someOf(LEAVER_CODES, 2)}, Terminated, Resigned, Active, On Leave ...); a value named in both stops the run. A value read as neither creates and deactivates nobody, and the summary names it. Defaults to ${STAYING_STATUSES}.`,
	},
	{
		displayName: 'Values That Mean Employee',
		name: 'employeeTypes',
		type: 'string',
		displayOptions: fromVersion1_3,
		default: '',
		description: `Values of the type column ('User Type', 'Worker Type', 'Role' and the like) that mean an employee, comma-separated. A value named here means an employee whatever words it holds, before the words exports use (${someOf(EMPLOYEE_TYPES, 4)}, FT, PT, Full-Time, Contractor, Pastor ...); a value named in both stops the run. Defaults to none beyond those.`,
	},
	{
		displayName: 'Values That Mean Volunteer',
		name: 'volunteerTypes',
		type: 'string',
		displayOptions: fromVersion1_3,
		default: '',
		description: `Values of the type column ('User Type', 'Worker Type', 'Role' and the like) that mean a volunteer, comma-separated (such as Regular Attender or Greeter). A value named here means a volunteer whatever words it holds, before the words exports use (${someOf(VOLUNTEER_TYPES, 3)}). A value read as neither type creates nobody, and the summary names it. Defaults to none beyond those.`,
	},
];

/** A list option as the user named it: nothing when left at its default (its words are built-in ones then). */
function named(context: IExecuteFunctions, name: string, label: string, fallback: string): string[] {
	const written = itemInput(context, 0).text(`options.${name}`, label);
	return written === undefined || written === fallback ? [] : textList(written);
}

/** A value named on both sides of a pair: refused before anything is sent, naming it and the two options. */
function namedTwice(context: IExecuteFunctions, values: string[], first: string, second: string): NodeOperationError {
	return new NodeOperationError(context.getNode(), `${listed(values)} ${values.length === 1 ? 'is' : 'are'} in both ${quoted(first)} and ${quoted(second)}`, {
		description: `A value must mean one thing: keep each in the option that says what it means in your list. Nothing was sent to the service.`,
	});
}

/**
 * Node version 1.3, Sync: the values the user named in the four options (contract.md "Reading a value as it is
 * meant"); a value named on both sides of a pair is refused.
 */
export function namedValuesOf(context: IExecuteFunctions): { statuses: NamedStatuses; types: NamedTypes } {
	const statuses = {
		leavers: named(context, 'leaverStatuses', 'Statuses That Mean Left', LEAVER_STATUSES),
		staying: named(context, 'stayingStatuses', 'Statuses That Mean Still There', STAYING_STATUSES),
	};
	const types = {
		volunteers: named(context, 'volunteerTypes', 'Values That Mean Volunteer', ''),
		employees: named(context, 'employeeTypes', 'Values That Mean Employee', ''),
	};
	const twiceStatuses = statusesNamedTwice(statuses);
	if (twiceStatuses.length > 0) throw namedTwice(context, twiceStatuses, 'Statuses That Mean Left', 'Statuses That Mean Still There');
	const twiceTypes = typesNamedTwice(types);
	if (twiceTypes.length > 0) throw namedTwice(context, twiceTypes, 'Values That Mean Volunteer', 'Values That Mean Employee');
	return { statuses, types };
}

// A live run deactivates those the list marks as left whatever Deactivate Missing Users says, so from version 1.2
// (which reads a status) the notice shows whenever Dry Run is off. Said where the switch is turned off: that is where
// the risk is taken.
export const liveRunNotices: INodeProperties[] = [
	{
		displayName:
			"'Dry Run' is off: the next run creates and updates users for real, and deactivates every user not in the list (up to 'Max Deactivations')",
		name: 'liveDeactivationNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { ...beforeVersion1_2.show, dryRun: [false], '/options.deactivateMissing': [true] } },
	},
	{
		displayName:
			"'Dry Run' is off: the next run creates and updates users for real, deactivates those the list marks as left ('Statuses That Mean Left') and, when 'Deactivate Missing Users' is on, every user not in the list (up to 'Max Deactivations' in all)",
		name: 'liveDeactivationNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { ...fromVersion1_2.show, dryRun: [false] } },
	},
];
