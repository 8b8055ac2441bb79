// Users: lists with filters and paging, single and detailed records by id or employee id, create (with the
// user-created webhook), update, deactivate, and sign-in links.
import type { Request, Response } from 'express';
import { Router } from 'express';
import { randomBytes } from 'node:crypto';

import { USER_TYPES } from '../catalog';
import type { SandboxContext } from '../http';
import {
	attributesOf,
	bodyOf,
	findUser,
	organizationOf,
	pageNumber,
	paginate,
	parseTagList,
	queryValidator,
	sendErrors,
	sendMessage,
	userPaths,
} from '../http';
import { insertUser, removeUser, setUserTags } from '../organizationData';
import type { OrganizationData, UserRecord } from '../types';
import { Validator, asRecord } from '../validation';

interface UserFilters {
	externalId?: string;
	search?: string;
	tag?: string;
}

function filterUsers(data: OrganizationData, filters: UserFilters): UserRecord[] {
	const search = filters.search?.toLowerCase();
	const tag = filters.tag?.toLowerCase();
	if (filters.externalId !== undefined) {
		const user = data.usersByExternalId.get(filters.externalId);
		return user && matches(user) ? [user] : [];
	}
	return data.users.filter(matches);

	function matches(user: UserRecord): boolean {
		if (tag !== undefined && !user.tags.some((name) => name.toLowerCase() === tag)) return false;
		if (search === undefined) return true;
		return [user.first_name, user.last_name, `${user.first_name} ${user.last_name}`, user.email].some((text) =>
			text.toLowerCase().includes(search),
		);
	}
}

export function usersRouter({ store, views, webhooks, now }: SandboxContext): Router {
	const router = Router();

	/** The filtered page of Users, or undefined after answering 422 for a bad page number. */
	function listPage(req: Request, res: Response) {
		const query = queryValidator(req);
		const page = pageNumber(query);
		const filters = {
			externalId: query.optional('external_id'),
			search: query.optional('search'),
			tag: query.optional('tag'),
		};
		if (!query.isValid) {
			sendErrors(res, query.errors);
			return undefined;
		}
		const result = paginate(filterUsers(organizationOf(res).data, filters), page);
		return { ...result, users: result.items.map((user) => views.user(user)) };
	}

	router.get('/users', (req, res) => {
		const result = listPage(req, res);
		if (result) res.json(result.users);
	});

	router.get('/users/with_page', (req, res) => {
		const result = listPage(req, res);
		if (result) res.json({ users: result.users, page: result.page, pages: result.pages });
	});

	router.post('/users', (req, res) => {
		const organization = organizationOf(res);
		const body = bodyOf(req);
		const fields = new Validator(attributesOf(body, 'user'));
		const firstName = fields.required('first_name');
		const lastName = fields.required('last_name');
		const email = fields.email('email', { required: true });
		const externalId = fields.required('external_id');
		const userType = fields.enumeration('user_type', USER_TYPES);
		if (externalId !== undefined && organization.data.usersByExternalId.has(externalId)) {
			fields.add('external_id', 'has already been taken');
		}
		if (!fields.isValid || !firstName || !lastName || !email || !externalId) {
			sendErrors(res, fields.errors);
			return;
		}
		const user: UserRecord = {
			id: store.takeUserId(),
			first_name: firstName,
			last_name: lastName,
			email,
			external_id: externalId,
			user_type: userType ?? null,
			tags: [],
			score: null,
			complete_date: null,
			login_token: randomBytes(12).toString('hex'),
		};
		insertUser(organization.data, user);
		// `tags` as some live clients name tag_list.
		setUserTags(organization.data, user, parseTagList('tag_list' in body ? body.tag_list : body.tags));
		res.status(201).json(views.user(user));
		webhooks.send(organization, 'userCreated', {
			id: String(user.id),
			employee_id: user.external_id,
			external_id: user.external_id,
			first_name: user.first_name,
			last_name: user.last_name,
			email: user.email,
			organization_id: String(organization.id),
		});
	});

	router.get(userPaths('/detailed'), (req, res) => {
		const user = findUser(req, res);
		if (user) res.json(views.detailedUser(organizationOf(res).data, user));
	});

	router.get(userPaths('/sign_in_link'), (req, res) => {
		const organization = organizationOf(res);
		if (!organization.settings.allowSignInLinkCreation) {
			sendMessage(
				res,
				403,
				"Forbidden: this Organization's key may not create sign-in links (allow_sign_in_link_creation is off)",
			);
			return;
		}
		const user = findUser(req, res);
		if (!user) return;
		const { token, expiresAt } = store.issueSignInToken(organization, user, now());
		res.json({ sign_in_link: views.signInLink(token), expires_at: new Date(expiresAt).toISOString() });
	});

	router.get(userPaths(), (req, res) => {
		const user = findUser(req, res);
		if (user) res.json(views.user(user));
	});

	// Update a User: first_name, last_name, email and tag_list; a field that is sent must not be blank.
	router.put('/users/:id', (req, res) => {
		const user = findUser(req, res);
		if (!user) return;
		const body = bodyOf(req);
		const attributes = asRecord(body.user);
		const fields = new Validator(attributes);
		const firstName = 'first_name' in attributes ? fields.required('first_name') : undefined;
		const lastName = 'last_name' in attributes ? fields.required('last_name') : undefined;
		const email = fields.email('email', { required: 'email' in attributes });
		if (!fields.isValid) {
			sendErrors(res, fields.errors);
			return;
		}
		if (firstName !== undefined) user.first_name = firstName;
		if (lastName !== undefined) user.last_name = lastName;
		if (email !== undefined) user.email = email;
		if ('tag_list' in body) setUserTags(organizationOf(res).data, user, parseTagList(body.tag_list));
		res.status(204).end();
	});

	router.delete('/users/:id', (req, res) => {
		const user = findUser(req, res);
		if (!user) return;
		removeUser(organizationOf(res).data, user);
		res.status(204).end();
	});

	return router;
}
