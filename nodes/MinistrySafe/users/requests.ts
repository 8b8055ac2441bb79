// The requests that create and update a User (Create, Create or Update, Sync): a taken External ID or email named
// with the User who has it.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiRequest, type FormFields, toFormBody } from '../../shared/transport';
import { chatSafe } from '../chatSafe';
import type { NewUser } from './newUser';

/** The editor's label of each User field the service may name in its errors. */
const USER_FIELD_LABELS = {
	first_name: 'First Name',
	last_name: 'Last Name',
	email: 'Email',
	external_id: 'External ID',
	user_type: 'User Type',
	tag_list: 'Tags',
};

/** Whether the service's answer says this field's value is already another User's ("has already been taken"). */
function taken(error: NodeApiError, field: string): boolean {
	const errors = (error.errorResponse as IDataObject | undefined)?.errors as IDataObject | undefined;
	const messages = errors?.[field];
	return (Array.isArray(messages) ? messages : [messages]).some((message) => /taken/i.test(String(message ?? '')));
}

/** A User as an error names them; the name is the service's, where anyone's sign-up can put anything: made inert. */
const named = (user: IDataObject) =>
	`User ${String(user.id)}, ${chatSafe([user.first_name, user.last_name].filter(Boolean).map(String).join(' '))}`;

/**
 * A taken External ID or email, said with the User who has it and what to do instead, so the error can be acted
 * on without opening MinistrySafe. One lookup finds the owner; when it cannot, the service's own words stay.
 */
async function takenBy(context: IExecuteFunctions, error: unknown, user: Omit<NewUser, 'tag_list'>): Promise<unknown> {
	if (!(error instanceof NodeApiError)) return error;
	const field = taken(error, 'external_id') ? 'external_id' : taken(error, 'email') ? 'email' : undefined;
	if (!field) return error;
	try {
		const query = field === 'external_id' ? { external_id: user.external_id } : { search: user.email };
		const found = (await apiRequest.call(context, 'GET', '/users', { qs: query, expect: 'a list of records' })) as IDataObject[];
		const owner = found.find((candidate) =>
			field === 'external_id'
				? String(candidate.external_id) === user.external_id
				: String(candidate.email ?? '').toLowerCase() === user.email.toLowerCase(),
		);
		if (!owner) return error;
		if (field === 'external_id') {
			error.message = `External ID ${user.external_id} already belongs to ${named(owner)}`;
			error.description = `Use Create or Update to change that User, or give this one another External ID. The service's full answer is in the details below.`;
		} else {
			error.message = `Email ${user.email} already belongs to ${named(owner)} (External ID ${String(owner.external_id ?? 'none')})`;
			error.description = `Use that User (Create or Update with their External ID), or give this one another email. The service's full answer is in the details below.`;
		}
	} catch {
		// The lookup failed: the service's answer as it came is still the clearest thing to show.
	}
	return error;
}

export async function createUser(context: IExecuteFunctions, { tag_list, ...user }: NewUser): Promise<IDataObject> {
	try {
		return (await apiRequest.call(context, 'POST', '/users', {
			body: toFormBody({ user, tag_list }),
			expect: 'a record',
			ifUnsure: `look for External ID ${user.external_id} (User > Get Many, filter External ID)`,
			labels: USER_FIELD_LABELS,
		})) as IDataObject;
	} catch (error) {
		throw await takenBy(context, error, user);
	}
}

/**
 * Sends an update and returns the updated User. The service answers 204 without a body (decisions.md 4), or the
 * record in its earlier form; with no body the User is read back.
 */
export async function updateUser(
	context: IExecuteFunctions,
	user: { id: string; label: string },
	fields: FormFields,
): Promise<IDataObject> {
	const path = `/users/${user.id}`;
	const answer = await apiRequest.call(context, 'PUT', path, {
		body: toFormBody(fields),
		record: user.label,
		expect: 'a record or nothing',
		labels: USER_FIELD_LABELS,
	});
	if (answer !== undefined) return answer as IDataObject;
	return (await apiRequest.call(context, 'GET', path, { record: user.label, expect: 'a record' })) as IDataObject;
}
