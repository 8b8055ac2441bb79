// Trainings: the Organization's list (paged, filtered on the assignment date), a User's Trainings, assign and
// resend, and the survey codes the Organization may use.
import type { Response } from 'express';
import { Router } from 'express';

import { DEFAULT_SURVEY_CODE, SURVEY_CODES_BY_CODE } from '../catalog';
import type { SandboxContext } from '../http';
import {
	findUser,
	isInRange,
	organizationOf,
	pageNumber,
	paginate,
	paramsOf,
	queryValidator,
	readDateRange,
	sendErrors,
	sendMessage,
	userPaths,
} from '../http';
import { insertTraining } from '../organizationData';
import type { Organization } from '../types';
import { Validator } from '../validation';

/** The survey code asked for (default `standard`), or undefined after answering 422 when the Organization lacks it. */
function readSurveyCode(organization: Organization, requested: string | undefined, res: Response): string | undefined {
	const code = requested ?? DEFAULT_SURVEY_CODE;
	if (organization.settings.surveyCodes.includes(code)) return code;
	sendMessage(res, 422, 'Invalid survey code');
	return undefined;
}

export function trainingsRouter({ store, views, now }: SandboxContext): Router {
	const router = Router();

	router.get('/trainings', (req, res) => {
		const query = queryValidator(req);
		const page = pageNumber(query);
		const range = readDateRange(query);
		if (!query.isValid) {
			sendErrors(res, query.errors);
			return;
		}
		const { data } = organizationOf(res);
		const matching = data.trainings.filter((training) => isInRange(training.created_at, range));
		res.json(paginate(matching, page).items.map((training) => views.training(data, training)));
	});

	router.get(userPaths('/trainings'), (req, res) => {
		const user = findUser(req, res);
		if (user) res.json(views.trainingsOfUser(organizationOf(res).data, user));
	});

	router.post('/users/:id/assign_training', (req, res) => {
		const organization = organizationOf(res);
		const user = findUser(req, res);
		if (!user) return;
		const params = new Validator(paramsOf(req));
		const code = readSurveyCode(organization, params.optional('survey_code'), res);
		if (code === undefined) return;
		const offered = SURVEY_CODES_BY_CODE.get(code)?.language ?? ['en'];
		params.boolean('send_email');
		const upfrontPayment = params.boolean('upfront_payment');
		// Without a language: the only one the training has, else English (api-v2.md).
		const language = params.optional('language') ?? (offered.length === 1 ? offered[0] : 'en');
		if (!offered.includes(language)) {
			params.add('language', `is not offered for this training (${offered.join(', ')})`);
		}
		if (upfrontPayment && !organization.settings.selfPay) {
			params.add('upfront_payment', 'needs self-pay, which is not enabled for this Organization');
		}
		if (!params.isValid) {
			sendErrors(res, params.errors);
			return;
		}
		insertTraining(organization.data, {
			id: store.takeTrainingId(),
			user_id: user.id,
			survey_code: code,
			language,
			created_at: now(),
			complete_date: null,
			score: null,
			winner: false,
		});
		res.status(201).json({ ...views.user(user), participant: views.participant(user) });
	});

	router.post('/users/:id/resend_training', (req, res) => {
		const organization = organizationOf(res);
		const user = findUser(req, res);
		if (!user) return;
		const params = new Validator(paramsOf(req));
		const requested = params.optional('survey_code');
		if (requested !== undefined && readSurveyCode(organization, requested, res) === undefined) return;
		const assigned = organization.data.trainingsByUserId.get(user.id) ?? [];
		if (!assigned.some((training) => requested === undefined || training.survey_code === requested)) {
			sendMessage(res, 422, 'No Training to resend: assign the Training to this User first');
			return;
		}
		res.status(201).json(views.userWithoutTags(user));
	});

	router.get('/survey_codes', (_req, res) => {
		const codes = organizationOf(res).settings.surveyCodes;
		res.json(
			codes.map((code) => {
				const entry = SURVEY_CODES_BY_CODE.get(code);
				// `name` as the live service gives it (its clients show it); the documented fields unchanged.
				return { code, name: entry?.name ?? code, language: [...(entry?.language ?? ['en'])], description: entry?.description ?? code };
			}),
		);
	});

	return router;
}
