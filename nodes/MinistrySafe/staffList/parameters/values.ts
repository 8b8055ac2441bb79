// Sync's parameters about a staff list's values (contract.md "Node version 1.3: the values in staff lists"): which
// statuses mean a person left or is still there, which types mean volunteer or employee, the notice before a live run
// that deactivates.
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { textList } from '../../../shared/values';
import { itemInput } from '../../actions/common/inputs';
import { beforeVersion1_2, fromVersion1_2, fromVersion1_3, VERSION_1_3 } from '../../actions/common/versions';
import { EMPLOYEE_TYPES, LEAVER_CODES, STAYING_STATUSES, VOLUNTEER_TYPES } from '../person/values';

/** The statuses that mean a person has left, unless the option names others (node version 1.2's default, kept). */
export const LEAVER_STATUSES = 'terminated, inactive, left, former, separated';

/** Some of the built-in words, as the descriptions quote them. */
const someOf = (words: string[], count: number) => words.slice(0, count).join(', ');

export const valueOptions: INodeProperties[] = [
	{
		displayName: 'Statuses That Mean Left',
		name: 'leaverStatuses',
		type: 'string',
		displayOptions: fromVersion1_2,
		default: LEAVER_STATUSES,
		description: `Values of the 'Status' column that mean the person has left, comma-separated. Their user is deactivated, even with 'Deactivate Missing Users' off. From node version 1.3 the words exports use count too (${someOf(LEAVER_CODES, 2)}, Resigned, Retired ...). Defaults to ${LEAVER_STATUSES}.`,
	},
	{
		displayName: 'Statuses That Mean Still There',
		name: 'stayingStatuses',
		type: 'string',
		displayOptions: fromVersion1_3,
		default: STAYING_STATUSES,
		description: `Values of the 'Status' column that mean the person is still there, comma-separated. A status with a word of 'Statuses That Mean Left' has left, whatever else it says. A status in neither list creates and deactivates nobody. A list set here replaces the default. Defaults to ${STAYING_STATUSES}.`,
	},
	{
		displayName: 'Values That Mean Employee',
		name: 'employeeTypes',
		type: 'string',
		displayOptions: fromVersion1_3,
		default: '',
		description: `Values of the 'User Type' column (or of 'Worker Type', 'Role' and the like) that mean an employee, comma-separated. They add to the words exports use (${someOf(EMPLOYEE_TYPES, 4)}, FT, PT, Full-Time, Contractor, Pastor, Teacher ...). Defaults to none beyond those.`,
	},
	{
		displayName: 'Values That Mean Volunteer',
		name: 'volunteerTypes',
		type: 'string',
		displayOptions: fromVersion1_3,
		default: '',
		description: `Values of the 'User Type' column (or of 'Worker Type', 'Role' and the like) that mean a volunteer, comma-separated. They add to the words exports use (${someOf(VOLUNTEER_TYPES, 3)}). A value that means neither type creates nobody. Defaults to none beyond those.`,
	},
];

/** Node version 1.3's 'Statuses That Mean Still There'; undefined before it (a status is a leaver's or nothing). */
export function stayingStatusesOf(context: IExecuteFunctions): string[] | undefined {
	if (context.getNode().typeVersion < VERSION_1_3) return undefined;
	return textList(itemInput(context, 0).text('options.stayingStatuses', 'Statuses That Mean Still There') ?? STAYING_STATUSES);
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
