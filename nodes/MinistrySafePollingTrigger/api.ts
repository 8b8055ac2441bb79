// What the polling trigger reads from the service, all through the MinistrySafe transport (the only module that talks
// HTTP): the date windows of the Trainings and Background Checks lists, pages of the Users list with their count, one
// User, and one User's Trainings.
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { apiRequest, apiRequestAllItems } from '../shared/transport';
import { type CalendarDay, serviceDate } from '../shared/values';

export interface DayWindow {
	/** First day, included; none: from the start of the list. */
	from?: CalendarDay;
	/** Last day, included; none: up to today. */
	to?: CalendarDay;
}

const windowQuery = (window: DayWindow): IDataObject => ({
	...(window.from ? { start_date: serviceDate(window.from) } : {}),
	...(window.to ? { end_date: serviceDate(window.to) } : {}),
});

/** Trainings assigned in the window (the list filters on the assignment date, decisions.md 24). */
export async function trainingsAssigned(context: IPollFunctions, window: DayWindow): Promise<IDataObject[]> {
	return (await apiRequestAllItems.call(context, '/trainings', windowQuery(window))) as IDataObject[];
}

/** Background Checks ordered in the window (the list filters on the order date). */
export async function checksOrdered(context: IPollFunctions, window: DayWindow): Promise<IDataObject[]> {
	return (await apiRequestAllItems.call(context, '/background_checks', windowQuery(window))) as IDataObject[];
}

export interface UsersPage {
	users: IDataObject[];
	/** The number of pages the whole list has now. */
	pages: number;
}

/** One page of the Users list with the list's page count (GET /users/with_page). */
export async function usersPage(context: IPollFunctions, page: number): Promise<UsersPage> {
	const answer = await apiRequest.call(context, 'GET', '/users/with_page', { qs: { page } });
	const body = (answer ?? {}) as IDataObject;
	const pages = Number(body.pages);
	return {
		users: Array.isArray(body.users) ? (body.users as IDataObject[]) : [],
		pages: Number.isInteger(pages) && pages >= 0 ? pages : 0,
	};
}

/** The answer of a read whose record is gone (404). */
const GONE = Symbol('gone');

/** A read of one User's record (`path` below /users/<id>) that gives GONE when the User is gone. */
const readOfUser = async (context: IPollFunctions, userId: number, path = ''): Promise<unknown> =>
	await apiRequest
		.call(context, 'GET', `/users/${userId}${path}`, { record: `User ${userId}` })
		.catch((error: { httpCode?: string }) => (error.httpCode === '404' ? GONE : Promise.reject(error)));

/** One User's Trainings; undefined when the User is gone (deactivated Users answer 404). Other errors pass on. */
export async function trainingsOfUser(context: IPollFunctions, userId: number): Promise<IDataObject[] | undefined> {
	const trainings = await readOfUser(context, userId, '/trainings');
	if (trainings === GONE) return undefined;
	return Array.isArray(trainings) ? (trainings as IDataObject[]) : [];
}

/** One User; undefined when the User is gone (deactivated Users answer 404). Other errors pass on. */
export async function userById(context: IPollFunctions, userId: number): Promise<IDataObject | undefined> {
	const user = await readOfUser(context, userId);
	return user !== GONE && user && typeof user === 'object' && !Array.isArray(user) ? (user as IDataObject) : undefined;
}
