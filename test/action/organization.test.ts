// Organization operations through n8n's engine: Get Types (GET, and POST when GET is refused) and Create (JSON body,
// checks before sending), against the sandbox and, for the POST fallback, a small server that refuses GET.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { LocalServer } from '../helpers/localServer';
import { startLocalServer } from '../helpers/localServer';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { organizationJson, organizationParameters } from '../helpers/organization';
import { ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';

const sandbox = useSandbox();

const run = (parameters: INodeParameters, items?: IDataObject[]) =>
	runActionNode({ parameters, credential: sandbox(), items });

describe('Get Types', () => {
	it('reads the types with GET, one item per type', async () => {
		const result = await run({ resource: 'organization', operation: 'getTypes' });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox())).toEqual([
			{ method: 'GET', path: '/api/v2/organizations/types', query: {}, body: undefined },
		]);
		const types = ok(await sandboxClients(sandbox()).api.get('/organizations/types')) as string[];
		expect(types.length).toBeGreaterThan(1);
		expect(jsonOf(result)).toEqual(types.map((type) => ({ type })));
	});

	describe('against a service that answers the documented POST only', () => {
		const types = ['Church', 'School'];
		let server: LocalServer;
		let refuseGetWith = 405;

		beforeAll(async () => {
			server = await startLocalServer(({ method }) =>
				method === 'POST' ? { status: 200, body: types } : { status: refuseGetWith, body: { message: 'Not allowed' } },
			);
		});
		afterAll(() => server.stop());
		beforeEach(() => {
			server.received.length = 0;
		});

		it.each([405, 404])('tries POST once after GET gets %i', async (status) => {
			refuseGetWith = status;
			const result = await runActionNode({
				parameters: { resource: 'organization', operation: 'getTypes' },
				credential: { url: server.url, apiKey: 'fallback-key' },
			});

			expect(result.error).toBeUndefined();
			expect(server.received.map(({ method, url, authorization }) => ({ method, url, authorization }))).toEqual([
				{ method: 'GET', url: '/api/v2/organizations/types', authorization: 'Token token=fallback-key' },
				{ method: 'POST', url: '/api/v2/organizations/types', authorization: 'Token token=fallback-key' },
			]);
			expect(jsonOf(result)).toEqual(types.map((type) => ({ type })));
		});
	});
});

describe('Create', () => {
	/** A key as the sandbox makes one for a new Organization, anywhere in a text. */
	const NEW_KEY = /ms_[0-9a-f]{40}/;

	it('posts the organization as JSON and outputs the answer without its API key: nowhere in the execution', async () => {
		const result = await run(organizationParameters);

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox())).toEqual([
			{ method: 'POST', path: '/api/v2/organizations', query: {}, body: organizationJson },
		]);
		expect(sandbox().requests[0].contentType).toMatch(/^application\/json/);
		const [answer] = jsonOf(result);
		expect(answer).toEqual({ success: true, organization_id: expect.any(Number) });
		// The whole execution as n8n stores it: no key, and no field that would have held one.
		const stored = JSON.stringify(result.run.data);
		expect(stored).not.toMatch(NEW_KEY);
		expect(stored).not.toContain('organization_api_key');
	});

	it("outputs the new organization's API key with 'Include API Key'; the key works at once", async () => {
		const result = await run({ ...organizationParameters, options: { includeApiKey: true } });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox()).map((request) => request.body)).toEqual([organizationJson]);
		const [answer] = jsonOf(result);
		expect(Object.keys(answer).sort()).toEqual(['organization_api_key', 'organization_id', 'success']);
		expect(String(answer.organization_api_key)).toMatch(NEW_KEY);
		// The key in the output is the new Organization's: it reads that Organization's (empty) Tags.
		const asNewOrganization = sandboxClients(sandbox(), String(answer.organization_api_key)).api;
		expect(ok(await asNewOrganization.get('/tags'))).toEqual([]);
	});

	it('sends the type "Other" with its description, and the two switches', async () => {
		const result = await run({
			...organizationParameters,
			organizationType: 'Other',
			additionalFields: {
				otherTypeDescription: 'Choir school',
				allowSignInLinkCreation: true,
				useBillingProvider: false,
			},
			options: { includeApiKey: true },
		});

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox()).map((request) => request.body)).toEqual([
			{
				organization: {
					...organizationJson.organization,
					organization_type: 'Other',
					other_type_description: 'Choir school',
					allow_sign_in_link_creation: true,
					use_billing_provider: false,
				},
			},
		]);
		// The new Organization may create sign-in links: asking for one gets past the permission to the User lookup.
		const asNewOrganization = sandboxClients(sandbox(), String(jsonOf(result)[0].organization_api_key)).api;
		expect((await asNewOrganization.get('/users/1/sign_in_link')).status).toBe(404);
	});

	it('takes the switches from expressions as true/false or their text, and refuses anything else', async () => {
		const parameters = {
			...organizationParameters,
			additionalFields: { allowSignInLinkCreation: '={{ $json.allow }}', useBillingProvider: '={{ $json.billing }}' },
		};
		const accepted = await run(parameters, [{ allow: 'TRUE', billing: false }]);

		expect(accepted.error).toBeUndefined();
		expect(sentRequests(sandbox()).map((request) => request.body)).toEqual([
			{ organization: { ...organizationJson.organization, allow_sign_in_link_creation: true, use_billing_provider: false } },
		]);

		sandbox().clearRequests();
		const refused = await run(parameters, [{ allow: 'yes', billing: true }]);

		expect(refused.error?.message).toBe("'Allow Sign-In Link Creation' must be true or false [item 0]");
		expect(sandbox().requests).toEqual([]);
	});

	it.each([
		['Name', { name: '' }, 'is required'],
		['Country', { country: ' ' }, 'is required'],
		['State', { state: 'Texas' }, 'must be a two-letter state code, for example TX'],
		['ZIP Code', { zip: '7330' }, 'must be five digits'],
		['ZIP Code', { zip: '73301-1234' }, 'must be five digits'],
		['Phone', { phone: '512-555-0100' }, 'must be eleven digits, for example 18005551234'],
		['Billing Email', { billingEmail: 'billing.example.org' }, 'must be an email address'],
		['Size of Organization', { sizeOfOrg: '10-20' }, "must be one of '1-200', '200-1000', '1000-5000' or '5000+'"],
		['Organization Type', { organizationType: '' }, 'is required'],
		['Administrator Email', { ssaEmail: 'ruth' }, 'must be an email address'],
		['Administrator Username', { ssaUsername: '' }, 'is required'],
		['Administrator Type', { ssaType: 'owner' }, "must be one of 'Contractor / Licensee', 'Employee' or 'Volunteer' (in an expression: contractor_licensee, employee, volunteer)"],
		['Other Type Description', { organizationType: 'Other' }, "is required when 'Organization Type' is Other"],
	])('refuses a bad "%s" (%j) from the input item and sends nothing', async (label, override, problem) => {
		const [field] = Object.keys(override);
		const result = await run({ ...organizationParameters, [field]: `={{ $json.${field} }}` }, [override]);

		expect(result.error?.message).toBe(`'${label}' ${problem} [item 0]`);
		expect(result.error?.description).toContain('Nothing was sent to the service');
		expect(sandbox().requests).toEqual([]);
	});
});
