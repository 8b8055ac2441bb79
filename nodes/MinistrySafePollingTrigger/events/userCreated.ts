// User Created: Users above the highest id seen. The Users list has no creation date, but it is in id order (as the
// service's examples and the sandbox show) and /users/with_page gives its page count, so a quiet poll reads only the
// last page: 1 request at any size, and 1 more per further page of new Users.
import type { IDataObject } from 'n8n-workflow';

import { userCreatedId } from '../../shared/eventIds';
import { usersPage } from '../api';
import type { EventContext, PollingEvent } from './types';
import { idOf } from './types';

const highestId = (users: IDataObject[]) => Math.max(0, ...users.map((user) => idOf(user) ?? 0));
const item = (user: IDataObject): IDataObject => ({ ...user, event: 'userCreated', event_id: userCreatedId(user.id) });

/** The last page of the list and the page count. */
async function lastPage({ context }: EventContext) {
	const first = await usersPage(context, 1);
	if (first.pages <= 1) return { users: first.users, pages: Math.max(first.pages, 1) };
	return { users: (await usersPage(context, first.pages)).users, pages: first.pages };
}

export const userCreated: PollingEvent = {
	async poll(event, snapshot) {
		if (!snapshot) {
			const { users, pages } = await lastPage(event);
			return { items: [], snapshot: { lastId: highestId(users), lastPage: pages } };
		}
		const lastId = Number(snapshot.lastId) || 0;
		let page = Math.max(Number(snapshot.lastPage) || 1, 1);
		let current = await usersPage(event.context, page);
		// Deactivations shorten the list: the last page seen may now be past its end.
		if (current.pages >= 1 && current.pages < page) {
			page = current.pages;
			current = await usersPage(event.context, page);
		}
		const pages = Math.max(current.pages, 1);
		const seen: IDataObject[] = [...current.users];
		// New Users may start on an earlier page when many were deactivated: go back until a page begins with a known one.
		for (let earlier = page - 1, first = current.users; earlier >= 1 && (idOf(first[0] ?? {}) ?? 0) > lastId; earlier--) {
			first = (await usersPage(event.context, earlier)).users;
			seen.push(...first);
		}
		for (let later = page + 1; later <= pages; later++) seen.push(...(await usersPage(event.context, later)).users);

		const added = new Map<number, IDataObject>();
		for (const user of seen) {
			const id = idOf(user);
			if (id !== undefined && id > lastId) added.set(id, user);
		}
		const ids = [...added.keys()].sort((a, b) => a - b);
		return {
			items: ids.map((id) => item(added.get(id) as IDataObject)),
			snapshot: { lastId: Math.max(lastId, ...ids), lastPage: pages },
		};
	},

	async sample(event) {
		const { users } = await lastPage(event);
		const newest = users.reduce<IDataObject | undefined>(
			(best, user) => ((idOf(user) ?? -1) > (best ? (idOf(best) ?? -1) : -1) ? user : best),
			undefined,
		);
		return newest ? [item(newest)] : [];
	},
};
