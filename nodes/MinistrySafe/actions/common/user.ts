import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { itemInput } from './inputs';

/** A User as chosen in the `user` locator: the service's numeric ID, or the client's employee ID. */
export type UserReference = { id: number; label: string } | { employeeId: string; label: string };

export function userReference(context: IExecuteFunctions, itemIndex: number): UserReference {
	const input = itemInput(context, itemIndex);
	const locator = context.getNodeParameter('user', itemIndex) as { mode: string; value: unknown };
	const value = String(locator.value ?? '').trim();
	if (value === '') throw input.invalid('User', 'is required');
	if (locator.mode === 'employeeId') return { employeeId: value, label: `User with External ID ${value}` };
	if (!/^[0-9]+$/.test(value)) throw input.invalid('User', 'must be a numeric User ID (or choose "By External ID")');
	return { id: Number(value), label: `User ${value}` };
}

/** The path of a User endpoint that the service also offers by employee ID: `/users/42/x` or `/users/by_employee_id/E1/x`. */
export function userPath(user: UserReference, suffix = ''): string {
	return 'id' in user
		? `/users/${user.id}${suffix}`
		: `/users/by_employee_id/${encodeURIComponent(user.employeeId)}${suffix}`;
}

/** The numeric ID, for endpoints that take no employee ID: one lookup when the User was chosen by employee ID. */
export async function resolveUserId(context: IExecuteFunctions, itemIndex: number): Promise<UserReference & { id: number }> {
	const user = userReference(context, itemIndex);
	if ('id' in user) return user;
	const record = (await apiRequest.call(context, 'GET', userPath(user), { record: user.label })) as IDataObject;
	return { id: Number(record.id), label: user.label };
}

/** A User's own list (Trainings, Background Checks), by ID or External ID: one item per record. */
export async function getUserRecords(context: IExecuteFunctions, itemIndex: number, suffix: string): Promise<IDataObject[]> {
	const user = userReference(context, itemIndex);
	return (await apiRequest.call(context, 'GET', userPath(user, suffix), { record: user.label })) as IDataObject[];
}
