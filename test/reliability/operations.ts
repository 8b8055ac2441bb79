// Every operation of the action node with valid parameters, and a healthy service's answer to each request, for the
// reliability suites: they run each operation against a local server that misbehaves in scripted ways.
import type { INodeParameters } from 'n8n-workflow';

import type { ScriptedAnswer } from '../helpers/localServer';

export interface OperationCase {
	/** resource.operation */
	name: string;
	parameters: INodeParameters;
	/** Sends a POST (creates or acts): it must never be carried out twice. */
	writes: boolean;
	/** Reads a paged list. */
	paged?: boolean;
	/** Reads sent at once from the start (Compliance > Get Many reads three lists): each may meet a fault first. */
	concurrentReads?: number;
}

const byId = { __rl: true, mode: 'id', value: '7' };
const byEmployeeId = { __rl: true, mode: 'employeeId', value: 'HR-7' };

export const APPLICANT = {
	firstName: 'Ada',
	lastName: 'Okafor',
	email: 'ada@example.org',
	address: '12 Elm Street',
	city: 'Plano',
	county: 'Collin',
	state: 'TX',
	zip: '75001',
	ssn: '123-45-6789',
	dob: '03/07/1990',
	driverLicense: 'D1234-5678',
	driverLicenseState: 'TX',
};

const newUser = { firstName: 'Ada', lastName: 'Okafor', email: 'ada@example.org', externalId: 'HR-7' };

export const OPERATIONS: OperationCase[] = [
	{ name: 'user.create', parameters: { resource: 'user', operation: 'create', ...newUser }, writes: true },
	{ name: 'user.upsert', parameters: { resource: 'user', operation: 'upsert', ...newUser }, writes: true },
	{ name: 'user.deactivate', parameters: { resource: 'user', operation: 'deactivate', user: byId }, writes: false },
	{ name: 'user.get', parameters: { resource: 'user', operation: 'get', user: byId }, writes: false },
	{
		name: 'user.get by employee ID',
		parameters: { resource: 'user', operation: 'get', user: byEmployeeId },
		writes: false,
	},
	{ name: 'user.getAll', parameters: { resource: 'user', operation: 'getAll', returnAll: true }, writes: false, paged: true },
	{ name: 'user.getSignInLink', parameters: { resource: 'user', operation: 'getSignInLink', user: byId }, writes: false },
	{
		name: 'user.update',
		parameters: { resource: 'user', operation: 'update', user: byId, updateFields: { firstName: 'Ada' } },
		writes: false,
	},
	{
		name: 'user.sync',
		parameters: { resource: 'user', operation: 'sync', ...newUser, options: { dryRun: true } },
		writes: false,
		paged: true,
	},
	{
		name: 'training.assign',
		parameters: { resource: 'training', operation: 'assign', user: byId, surveyCode: 'standard' },
		writes: true,
	},
	{
		name: 'training.getAll',
		parameters: { resource: 'training', operation: 'getAll', returnAll: true },
		writes: false,
		paged: true,
	},
	{ name: 'training.getAllForUser', parameters: { resource: 'training', operation: 'getAllForUser', user: byId }, writes: false },
	{ name: 'training.getSurveyCodes', parameters: { resource: 'training', operation: 'getSurveyCodes' }, writes: false },
	{ name: 'training.resend', parameters: { resource: 'training', operation: 'resend', user: byId }, writes: true },
	{
		name: 'backgroundCheck.archive',
		parameters: { resource: 'backgroundCheck', operation: 'archive', backgroundCheckId: 5 },
		writes: false,
	},
	{
		name: 'backgroundCheck.create',
		parameters: {
			resource: 'backgroundCheck',
			operation: 'create',
			user: byId,
			level: 3,
			quickapp: false,
			childServing: true,
			employeeType: 'current',
			...APPLICANT,
		},
		writes: true,
	},
	{ name: 'backgroundCheck.get', parameters: { resource: 'backgroundCheck', operation: 'get', backgroundCheckId: 5 }, writes: false },
	{
		name: 'backgroundCheck.getAll',
		parameters: { resource: 'backgroundCheck', operation: 'getAll', returnAll: true },
		writes: false,
		paged: true,
	},
	{
		name: 'backgroundCheck.getAllForUser',
		parameters: { resource: 'backgroundCheck', operation: 'getAllForUser', user: byId },
		writes: false,
	},
	{
		name: 'backgroundCheck.getLevelPrices',
		parameters: { resource: 'backgroundCheck', operation: 'getLevelPrices' },
		writes: false,
	},
	{ name: 'backgroundCheck.getLevels', parameters: { resource: 'backgroundCheck', operation: 'getLevels' }, writes: false },
	{ name: 'compliance.getForUser', parameters: { resource: 'compliance', operation: 'getForUser', user: byId }, writes: false },
	{ name: 'compliance.getAll', parameters: { resource: 'compliance', operation: 'getAll' }, writes: false, concurrentReads: 3 },
	{ name: 'compliance.getReport', parameters: { resource: 'compliance', operation: 'getReport' }, writes: false, concurrentReads: 3 },
	{ name: 'tag.getAll', parameters: { resource: 'tag', operation: 'getAll', returnAll: true }, writes: false, paged: true },
	{
		name: 'organization.create',
		parameters: {
			resource: 'organization',
			operation: 'create',
			name: 'Grace Church',
			address: '1 Main St',
			city: 'Plano',
			state: 'TX',
			country: 'US',
			zip: '75001',
			hearFrom: 'A friend',
			sizeOfOrg: '1-200',
			phone: '15125550100',
			billingEmail: 'billing@example.org',
			organizationType: 'Church',
			ssaFirstName: 'Ada',
			ssaLastName: 'Okafor',
			ssaEmail: 'ada@example.org',
			ssaUsername: 'ada',
			ssaType: 'employee',
		},
		writes: true,
	},
	{ name: 'organization.getTypes', parameters: { resource: 'organization', operation: 'getTypes' }, writes: false },
];

const pathOf = (url: string) => url.split('?')[0].replace(/^\/api\/v2/, '');

/** Lists the node reads (paged or not): everything else answers one record. */
const LIST_PATH = /^\/(users|tags|trainings|background_checks|survey_codes)$|\/(trainings|background_checks)$|available_level_prices$/;

/** What a healthy service answers: a short list (one page), a record, 201 to a POST, 204 to a DELETE. */
export function healthyAnswer(method: string, url: string): ScriptedAnswer {
	const path = pathOf(url);
	if (method === 'DELETE') return { status: 204 };
	if (method === 'POST') return { status: 201, body: { id: 77, status: 'processing' } };
	if (path === '/background_checks/available_levels') return { status: 200, body: [1, 3] };
	if (path === '/organizations/types') return { status: 200, body: ['Church', 'School'] };
	if (LIST_PATH.test(path)) return { status: 200, body: [{ id: 1, name: 'one' }, { id: 2, name: 'two' }] };
	return { status: 200, body: { id: 7, external_id: 'HR-7', first_name: 'Ada' } };
}

/** A full page of `size` distinct records, named by `tag`, for paging scripts. */
export const fullPage = (tag: string, size = 100) =>
	Array.from({ length: size }, (_unused, index) => ({ id: `${tag}-${index}` }));
