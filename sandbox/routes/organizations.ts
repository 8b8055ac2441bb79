// Organizations: the types on offer (GET and POST, decisions.md 5) and creation, which needs a key with that
// capability (decisions.md 19) and returns the new Organization's key, valid at once.
import { Router } from 'express';

import { ADMINISTRATOR_TYPES, ORGANIZATION_SIZES, ORGANIZATION_TYPES } from '../catalog';
import type { SandboxContext } from '../http';
import { bodyOf, organizationOf, sendErrors, sendMessage } from '../http';
import { createdOrganizationSettings } from '../store';
import { Validator, asRecord } from '../validation';

export function organizationsRouter({ store }: SandboxContext): Router {
	const router = Router();

	router.all('/organizations/types', (req, res, next) => {
		if (req.method === 'GET' || req.method === 'POST') res.json([...ORGANIZATION_TYPES]);
		else next();
	});

	router.post('/organizations', (req, res) => {
		if (!organizationOf(res).settings.canCreateOrganizations) {
			sendMessage(res, 403, 'Forbidden: this API key may not create Organizations');
			return;
		}
		const fields = new Validator(asRecord(bodyOf(req).organization));
		const name = fields.required('name');
		for (const field of ['address', 'city', 'country', 'hear_from']) fields.required(field);
		fields.state('state', { required: true });
		fields.zip('zip', { required: true });
		fields.enumeration('size_of_org', ORGANIZATION_SIZES, { required: true });
		fields.phone('phone', { required: true });
		fields.email('billing_email', { required: true });
		const organizationType = fields.enumeration('organization_type', ORGANIZATION_TYPES, { required: true });
		if (organizationType === 'Other') fields.required('other_type_description');
		const allowSignInLinks = fields.boolean('allow_sign_in_link_creation') ?? false;
		fields.boolean('use_billing_provider');
		const administrator = fields.nested('ssa');
		administrator.required('first_name');
		administrator.required('last_name');
		administrator.email('email', { required: true });
		administrator.required('username');
		administrator.enumeration('type', ADMINISTRATOR_TYPES, { required: true });
		if (!fields.isValid || name === undefined) {
			sendErrors(res, fields.errors);
			return;
		}
		const created = store.createOrganization(createdOrganizationSettings(name, allowSignInLinks));
		res.status(201).json({ success: true, organization_id: created.id, organization_api_key: created.apiKey });
	});

	return router;
}
