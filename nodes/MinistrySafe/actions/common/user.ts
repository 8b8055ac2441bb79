import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiRequest, apiRequestAllItems, type CountedList } from '../../../shared/transport';
import { itemInput } from '../../items/inputs';
import { recordIdOf } from '../../items/parameterValues';
import { VERSION_1_1 } from '../../items/versions';

/**
 * A User as chosen in the `user` locator: the service's numeric ID (its digits as written), or the client's
 * employee ID.
 */
export type UserReference = { id: string; label: string } | { employeeId: string; label: string };

/** The Users list, whose /users/with_page twin gives the page count: Return All then reads the rest at once. */
export const USERS_LIST: CountedList = { endpoint: '/users/with_page', recordsKey: 'users' };

/**
 * Every User of the Organization as `keep` makes each of them, page by page: an operation over the whole Organization
 * that uses a few of their fields then holds those alone.
 */
export async function allUsersAs<T>(context: IExecuteFunctions, keep: (user: IDataObject) => T, qs: IDataObject = {}): Promise<T[]> {
	return (await apiRequestAllItems.call(context, '/users', qs, undefined, USERS_LIST, keep)) as T[];
}

/**
 * Every User of the Organization (with the list's filters in `qs`); `fields`: only these of each (a whole-list
 * operation of 100,000 Users keeps what it compares, not their sign-in links).
 */
export async function allUsers(context: IExecuteFunctions, qs: IDataObject = {}, fields?: readonly string[]): Promise<IDataObject[]> {
	const keep = fields
		? (user: IDataObject) => Object.fromEntries(fields.filter((field) => field in user).map((field) => [field, user[field]]))
		: (user: IDataObject) => user;
	return await allUsersAs(context, keep, qs);
}

/** "." and ".." are the two segments a URL resolves (the escaping leaves them as they are): never an ID. */
const DOT_SEGMENT = /^\.{1,2}$/;

/** Text a URL can carry: no lone half of a surrogate pair (encodeURIComponent refuses those). */
function isWellFormed(text: string): boolean {
	return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

export function userReference(context: IExecuteFunctions, itemIndex: number): UserReference {
	const input = itemInput(context, itemIndex);
	const locator = context.getNodeParameter('user', itemIndex) as { mode: string; value: unknown };
	if (typeof locator.value === 'object' && locator.value !== null) throw input.invalid('User', 'must be an ID, not a list or an object');
	if (typeof locator.value === 'boolean') throw input.invalid('User', 'must be an ID, not true or false');
	if (typeof locator.value === 'number' && !Number.isFinite(locator.value)) throw input.invalid('User', 'must be an ID');
	const value = String(locator.value ?? '').trim();
	if (value === '') throw input.invalid('User', 'is required');
	if (locator.mode === 'employeeId') {
		if (DOT_SEGMENT.test(value)) throw input.invalid('User', 'must be an External ID, not "." or ".."');
		if (!isWellFormed(value)) throw input.invalid('User', 'must be text without broken characters');
		return { employeeId: value, label: `User with External ID ${value}` };
	}
	const checked = recordIdOf(locator.value);
	if ('problem' in checked) {
		const problem = checked.problem === 'must be a whole number' ? 'must be a numeric User ID' : checked.problem;
		throw input.invalid('User', `${problem} (or choose 'By External ID')`);
	}
	return { id: checked.id, label: `User ${checked.id}` };
}

/** The path of a User endpoint that the service also offers by employee ID: `/users/42/x` or `/users/by_employee_id/E1/x`. */
export function userPath(user: UserReference, suffix = ''): string {
	return 'id' in user
		? `/users/${user.id}${suffix}`
		: `/users/by_employee_id/${encodeURIComponent(user.employeeId)}${suffix}`;
}

/** The ID of a User record the service gave: an answer without a usable one is an error, never `/users/NaN`. */
export function checkedUserId(context: IExecuteFunctions, record: IDataObject, label: string): { id: string; label: string } {
	const checked = recordIdOf(record.id);
	if ('problem' in checked) {
		throw new NodeApiError(context.getNode(), record as JsonObject, {
			message: `The service's answer for ${label} has no usable id`,
			description:
				"Nothing was changed. Check the credential's environment or custom base URL; the service's answer is in the details below.",
		});
	}
	return { id: checked.id, label };
}

/** The numeric ID, for endpoints that take no employee ID: one lookup when the User was chosen by employee ID. */
export async function resolveUserId(context: IExecuteFunctions, itemIndex: number): Promise<{ id: string; label: string }> {
	const user = userReference(context, itemIndex);
	if ('id' in user) return user;
	const record = (await apiRequest.call(context, 'GET', userPath(user), {
		record: user.label,
		expect: 'a record',
	})) as IDataObject;
	return checkedUserId(context, record, user.label);
}

/**
 * A User's own list (Trainings, Background Checks), by ID or External ID: one item per record, as many as Return All /
 * Limit ask (from node version 1.1; before, all of them). The service answers the whole list at once.
 */
export async function getUserRecords(context: IExecuteFunctions, itemIndex: number, suffix: string): Promise<IDataObject[]> {
	const input = itemInput(context, itemIndex);
	const { user, limit } = input.all(() => ({
		user: input.check(() => userReference(context, itemIndex)),
		limit: context.getNode().typeVersion >= VERSION_1_1 ? input.listLimit() : undefined,
	}));
	const records = (await apiRequest.call(context, 'GET', userPath(user, suffix), {
		record: user.label,
		expect: 'a list of records',
	})) as IDataObject[];
	return limit === undefined ? records : records.slice(0, limit);
}
