// Background Checks: the Organization's list (paged; date, user and employee filters), a User's checks, one
// check, ordering (every validation of api-v2.md and decisions.md 12, 17, 21), archiving, and the levels on offer.
import { Router } from 'express';

import { DRIVER_LICENSE_LEVELS, EMPLOYEE_TYPES, SALARY_RANGES, USER_TYPES } from '../catalog';
import type { SandboxContext } from '../http';
import {
	attributesOf,
	bodyOf,
	findUser,
	isInRange,
	organizationOf,
	pageNumber,
	paginate,
	parseId,
	queryValidator,
	readDateRange,
	sendErrors,
	sendNotFound,
	userPaths,
} from '../http';
import { insertBackgroundCheck } from '../organizationData';
import type { BackgroundCheckRecord, Organization } from '../types';
import { Validator } from '../validation';

/** Applicant fields required when quickapp is false (the applicant fills nothing in themselves). */
const APPLICANT_TEXT_FIELDS = ['first_name', 'last_name', 'address', 'city', 'county', 'ssn'];

interface Order {
	userId: number;
	level: number;
	email: string | undefined;
	selfDisclosed: boolean;
	selfDisclosedNotes: string | undefined;
}

/** Checks an order; every problem lands in the validator, so a 422 names all of them at once. */
function readOrder(organization: Organization, fields: Validator): Order | undefined {
	const { settings, data } = organization;
	const userId = fields.integer('user_id', { required: true });
	if (userId !== undefined && !data.usersById.has(userId)) {
		fields.add('user_id', 'is not a User of this Organization');
	}

	const requestedLevel = fields.integer('level');
	const packageCode = fields.optional('custom_background_check_package_code');
	const customPackage = settings.customPackages.find((entry) => entry.code === packageCode);
	let level: number | undefined;
	let needsDriverLicense = false;
	if (requestedLevel !== undefined && packageCode !== undefined) {
		fields.add('level', 'give one of level or custom package code, not both');
	} else if (packageCode !== undefined) {
		if (customPackage) {
			level = customPackage.level;
			needsDriverLicense = customPackage.requiresDriverLicense;
		} else {
			fields.add('custom_background_check_package_code', 'is not a package of this Organization');
		}
	} else if (requestedLevel !== undefined) {
		if (settings.levelPrices.some((entry) => entry.level === requestedLevel)) {
			level = requestedLevel;
			needsDriverLicense = DRIVER_LICENSE_LEVELS.has(requestedLevel);
		} else {
			fields.add('level', 'is not an available level for this Organization');
		}
	} else if (!fields.has('level')) {
		fields.add('level', 'one of level or custom package code is required');
	}

	const quickapp = fields.boolean('quickapp', { required: true });
	fields.boolean('child_serving', { required: true });
	fields.enumeration('employee_type', EMPLOYEE_TYPES, { required: true });
	fields.enumeration('user_type', USER_TYPES);
	fields.enumeration('salary_range', SALARY_RANGES);
	fields.boolean('age_over_13');
	const selfDisclosed = fields.boolean('applicant_self_disclosed') ?? false;
	const selfDisclosedNotes = fields.optional('applicant_self_disclosed_notes');
	const upfrontPayment = fields.boolean('upfront_payment');

	// With quickapp the applicant receives an e-mail and fills in their own data.
	let email: string | undefined;
	if (quickapp === false) {
		for (const field of APPLICANT_TEXT_FIELDS) fields.required(field);
		fields.state('state', { required: true });
		fields.zip('zip', { required: true });
		fields.date('dob', { required: true });
		email = fields.email('email', { required: true });
		if (needsDriverLicense) {
			fields.required('driver_license');
			fields.state('driver_license_state', { required: true });
		}
	}
	if (upfrontPayment) {
		if (quickapp !== true) fields.add('upfront_payment', 'needs quickapp to be true');
		if (!settings.selfPay) fields.add('upfront_payment', 'needs self-pay, which is not enabled for this Organization');
	}

	if (!fields.isValid || userId === undefined || level === undefined) return undefined;
	return { userId, level, email, selfDisclosed, selfDisclosedNotes };
}

export function backgroundChecksRouter({ store, views, now }: SandboxContext): Router {
	const router = Router();

	router.get('/background_checks', (req, res) => {
		const query = queryValidator(req);
		const page = pageNumber(query);
		const range = readDateRange(query);
		const userId = query.integer('user_id');
		const employeeId = query.optional('employee_id');
		if (!query.isValid) {
			sendErrors(res, query.errors);
			return;
		}
		const { data } = organizationOf(res);
		// employee_id names a User by its external id; an unknown one matches nothing.
		const employeeUserId = employeeId === undefined ? undefined : (data.usersByExternalId.get(employeeId)?.id ?? -1);
		const matching = data.backgroundChecks.filter(
			(check) =>
				isInRange(check.order_date, range) &&
				(userId === undefined || check.user_id === userId) &&
				(employeeUserId === undefined || check.user_id === employeeUserId),
		);
		res.json(paginate(matching, page).items.map((check) => views.extendedBackgroundCheck(check)));
	});

	router.get('/background_checks/available_levels', (_req, res) => {
		res.json(organizationOf(res).settings.levelPrices.map((entry) => entry.level));
	});

	router.get('/background_checks/available_level_prices', (_req, res) => {
		res.json(organizationOf(res).settings.levelPrices.map((entry) => ({ ...entry })));
	});

	// Not in api-v2.md: the live service's clients read the Organization's custom packages here (id, name, code, price).
	router.get('/custom_background_check_packages', (_req, res) => {
		res.json(organizationOf(res).settings.customPackages.map(({ id, name, code, price }) => ({ id, name, code, price })));
	});

	router.get('/background_checks/:id', (req, res) => {
		const check = organizationOf(res).data.backgroundChecksById.get(parseId(req.params.id) ?? -1);
		if (check) res.json(views.extendedBackgroundCheck(check));
		else sendNotFound(res, 'Background Check');
	});

	router.post('/background_checks', (req, res) => {
		const organization = organizationOf(res);
		const fields = new Validator(attributesOf(bodyOf(req), 'background_check'));
		const order = readOrder(organization, fields);
		if (!order) {
			sendErrors(res, fields.errors);
			return;
		}
		const id = store.takeBackgroundCheckId();
		const check: BackgroundCheckRecord = {
			id,
			user_id: order.userId,
			level: order.level,
			status: 'processing',
			order_date: now(),
			complete_date: null,
			applicant_self_disclosed: order.selfDisclosed,
			applicant_self_disclosed_note: order.selfDisclosed
				? {
						id,
						status: 'submitted',
						disclosure_status: 'pending_review',
						self_disclosed_notes: order.selfDisclosedNotes ?? '',
						internal_notes: null,
					}
				: null,
			vendor_flagged: false,
			email: order.email ?? organization.data.usersById.get(order.userId)?.email ?? '',
		};
		insertBackgroundCheck(organization.data, check);
		res.status(201).json(views.backgroundCheck(check));
	});

	router.put('/background_checks/:id/archive', (req, res) => {
		const check = organizationOf(res).data.backgroundChecksById.get(parseId(req.params.id) ?? -1);
		if (!check) {
			sendNotFound(res, 'Background Check');
			return;
		}
		check.status = 'archived';
		res.json(views.backgroundCheck(check));
	});

	router.get(userPaths('/background_checks'), (req, res) => {
		const user = findUser(req, res);
		if (user) res.json(views.backgroundChecksOfUser(organizationOf(res).data, user));
	});

	return router;
}
