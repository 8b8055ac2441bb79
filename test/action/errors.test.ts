// How the node reports what went wrong, through n8n's engine over real HTTP: each error body shape, 401, 403, 404,
// rate limits and server failures (retried or not, as decisions.md 10 says), and Continue On Fail.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { LocalServer, ScriptedAnswer } from '../helpers/localServer';
import { startLocalServer } from '../helpers/localServer';
import type { RunActionOptions } from '../helpers/n8n';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { organizationParameters } from '../helpers/organization';
import { injectFault, ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';

const sandbox = useSandbox();

const run = (parameters: INodeParameters, options: Partial<RunActionOptions> = {}) =>
	runActionNode({ parameters, credential: sandbox(), ...options });

const userById = (id: number | string) => ({
	resource: 'user',
	operation: 'get',
	user: { __rl: true, mode: 'id', value: String(id) },
});
const createUser = (externalId: string): INodeParameters => ({
	resource: 'user',
	operation: 'create',
	firstName: 'Ada',
	lastName: 'Okafor',
	email: 'ada@example.org',
	externalId,
});

/** A seeded User, read through the API, with the request log cleared afterwards. */
async function seededUser(index = 0): Promise<IDataObject> {
	const users = ok(await sandboxClients(sandbox()).api.get('/users')) as IDataObject[];
	sandbox().clearRequests();
	return users[index];
}
const requestLines = () => sentRequests(sandbox()).map(({ method, path }) => `${method} ${path}`);

describe('error bodies', () => {
	let server: LocalServer;
	let nextAnswer: ScriptedAnswer;

	beforeAll(async () => {
		server = await startLocalServer(() => nextAnswer);
	});
	afterAll(() => server.stop());
	beforeEach(() => {
		server.received.length = 0;
	});

	it.each([422, 400])(
		'{errors} with %i: one message naming each field and its messages, the raw body kept',
		async (status) => {
			const body = { errors: { first_name: ["can't be blank"], email: ['is invalid', 'has already been taken'] } };
			nextAnswer = { status, body };
			const result = await runActionNode({ parameters: createUser('E-1'), credential: { url: server.url, apiKey: 'k' } });

			// In the editor's words; the owner of the email is looked up once, and this server cannot say who it is.
			expect(result.error?.message).toBe(
				"The service rejected the request: 'First Name' can't be blank; 'Email' is invalid; 'Email' has already been taken [item 0]",
			);
			expect(result.error?.description).toBe(
				"Correct 'First Name' and 'Email' and run the node again. The service's full answer is in the details below.",
			);
			expect(result.error?.httpCode).toBe(String(status));
			expect(server.received.map(({ method }) => method)).toEqual(['POST', 'GET']);
			expect((result.error as { errorResponse?: unknown }).errorResponse).toEqual(body);
		},
	);

	it('{errors} from the sandbox itself (a taken External ID)', async () => {
		const user = await seededUser(0);
		const result = await run(createUser(String(user.external_id)));

		expect(result.error?.message).toBe(
			`External ID ${String(user.external_id)} already belongs to User ${String(user.id)}, ${String(user.first_name)} ${String(user.last_name)} [item 0]`,
		);
		expect(result.error?.description).toMatch(/^Use Create or Update to change that User, or give this one another External ID\./);
		expect(result.error?.httpCode).toBe('422');
		expect((result.error as { errorResponse?: unknown }).errorResponse).toEqual({ errors: { external_id: ['has already been taken'] } });
	});

	it("names the User who has a taken email with their name made inert: a stranger's name cannot ping a chat from an error", async () => {
		// An error workflow may post this message to Slack or Teams; the owner's name is whatever their sign-up gave.
		const owner = { id: 79, first_name: '<!channel>', last_name: '@everyone [Renew](https://evil.example/r)', email: 'ada@example.org' };
		const answers: ScriptedAnswer[] = [
			{ status: 422, body: { errors: { email: ['has already been taken'] } } },
			{ status: 200, body: [owner] },
		];
		const local = await startLocalServer(() => answers.shift() ?? { status: 500, body: {} });
		try {
			const result = await runActionNode({ parameters: createUser('E-3'), credential: { url: local.url, apiKey: 'k' } });
			expect(result.error?.message).toBe(
				'Email ada@example.org already belongs to User 79, \u2039!channel\u203a \uff20everyone \uff3bRenew\uff3d(https\u2236//evil\u2024example/r) (External ID none) [item 0]',
			);
		} finally {
			await local.stop();
		}
	});

	it('a taken email names the User who has it, from one lookup', async () => {
		const owner = { id: 77, first_name: 'Grace', last_name: 'Okafor', email: 'ADA@example.org', external_id: 'HR-1' };
		const answers: ScriptedAnswer[] = [
			{ status: 422, body: { errors: { email: ['has already been taken'] } } },
			{ status: 200, body: [{ ...owner, id: 78, email: 'ada.x@example.org' }, owner] },
		];
		const local = await startLocalServer(() => answers.shift() ?? { status: 500, body: {} });
		try {
			const result = await runActionNode({ parameters: createUser('E-2'), credential: { url: local.url, apiKey: 'k' } });
			expect(result.error?.message).toBe('Email ada@example.org already belongs to User 77, Grace Okafor (External ID HR-1) [item 0]');
			expect(result.error?.description).toMatch(/^Use that User \(Create or Update with their External ID\)/);
			expect(local.received.map(({ method, url }) => `${method} ${url}`)).toEqual([
				'POST /api/v2/users',
				'GET /api/v2/users?search=ada%40example.org',
			]);
		} finally {
			await local.stop();
		}
	});

	it('{message}: the message is the error text, whatever the status', async () => {
		nextAnswer = { status: 422, body: { message: 'Invalid survey code' } };
		const result = await runActionNode({ parameters: createUser('E-2'), credential: { url: server.url, apiKey: 'k' } });

		expect(result.error?.message).toBe('Invalid survey code [item 0]');
		expect((result.error as { errorResponse?: unknown }).errorResponse).toEqual(nextAnswer.body);
	});
});

describe('authentication and permission', () => {
	it('401: says the key was rejected and to check the environment; not retried', async () => {
		const result = await runActionNode({
			parameters: userById(1001),
			credential: { url: sandbox().url, apiKey: 'wrong-key' },
		});

		expect(result.error?.message).toBe('The API key was rejected (401 Unauthorized) [item 0]');
		expect(result.error?.description).toContain("credential's environment");
		expect(sandbox().requests.map(({ authorization }) => authorization)).toEqual(['Token token=wrong-key']);
	});

	/** A new Organization made through the node with the demo key; its own key may not create Organizations. */
	async function newOrganizationKey(allowSignInLinkCreation: boolean): Promise<string> {
		const result = await run({ ...organizationParameters, additionalFields: { allowSignInLinkCreation }, options: { includeApiKey: true } });
		sandbox().clearRequests();
		return String(jsonOf(result)[0].organization_api_key);
	}

	it("403 on a sign-in link: explains the Organization's allow_sign_in_link_creation", async () => {
		const apiKey = await newOrganizationKey(false);
		const result = await runActionNode({
			parameters: { resource: 'user', operation: 'getSignInLink', user: { __rl: true, mode: 'id', value: '1' } },
			credential: { url: sandbox().url, apiKey },
		});

		expect(requestLines()).toEqual(['GET /api/v2/users/1/sign_in_link']);
		expect(result.error?.message).toBe('This Organization may not create sign-in links (403 Forbidden) [item 0]');
		expect(result.error?.description).toContain('allow_sign_in_link_creation');
	});

	it('403 on creating an Organization: explains that the key lacks the capability', async () => {
		const apiKey = await newOrganizationKey(true);
		const result = await runActionNode({ parameters: organizationParameters, credential: { url: sandbox().url, apiKey } });

		expect(requestLines()).toEqual(['POST /api/v2/organizations']);
		expect(result.error?.message).toBe('This API key may not create Organizations (403 Forbidden) [item 0]');
		expect(result.error?.description).toContain('capability');
	});
});

describe('404', () => {
	it.each([
		['ID', { __rl: true, mode: 'id', value: '999999' }, 'User 999999'],
		['employee ID', { __rl: true, mode: 'employeeId', value: 'NOBODY' }, 'User with External ID NOBODY'],
	])('names the User asked for by %s', async (_mode, user, label) => {
		const result = await run({ resource: 'user', operation: 'get', user });

		expect(result.error?.message).toBe(`${label} was not found [item 0]`);
		expect(result.error?.httpCode).toBe('404');
		expect(sandbox().requests).toHaveLength(1);
	});
});

describe('rate limits and failures', () => {
	it('429 with Retry-After: waits that long, retries once, and succeeds', async () => {
		const user = await seededUser(1);
		await injectFault(sandbox(), { status: 429, count: 1, retryAfter: 1 });
		const started = Date.now();
		const result = await run(userById(Number(user.id)));

		expect(Date.now() - started).toBeGreaterThanOrEqual(950);
		expect(result.error).toBeUndefined();
		expect(requestLines()).toEqual([`GET /api/v2/users/${user.id}`, `GET /api/v2/users/${user.id}`]);
		expect(jsonOf(result)).toEqual([user]);
	});

	it('429 on a POST is retried too (the service did nothing), and the User is created once', async () => {
		await injectFault(sandbox(), { status: 429, count: 1, retryAfter: 1 });
		const result = await run(createUser('RATE-1'));

		expect(result.error).toBeUndefined();
		expect(requestLines()).toEqual(['POST /api/v2/users', 'POST /api/v2/users']);
		const found = ok(await sandboxClients(sandbox()).api.get('/users', { query: { external_id: 'RATE-1' } }));
		expect(jsonOf(result)).toEqual(found);
	});

	it('500 on a GET: retried, then succeeds', async () => {
		const user = await seededUser(2);
		await injectFault(sandbox(), { status: 500, count: 1 });
		const result = await run(userById(Number(user.id)));

		expect(result.error).toBeUndefined();
		expect(requestLines()).toEqual([`GET /api/v2/users/${user.id}`, `GET /api/v2/users/${user.id}`]);
		expect(jsonOf(result)).toEqual([user]);
	});

	it('500 on a POST: not retried (exactly one request), and the error says so', async () => {
		await injectFault(sandbox(), { status: 500, count: 1 });
		const result = await run(createUser('FAIL-1'));

		expect(requestLines()).toEqual(['POST /api/v2/users']);
		expect(result.error?.message).toBe('The service failed with 500: Internal Server Error: try again later [item 0]');
		expect(result.error?.description).toContain('not repeated');
		expect(ok(await sandboxClients(sandbox()).api.get('/users', { query: { external_id: 'FAIL-1' } }))).toEqual([]);
	});
});

describe('Continue On Fail', () => {
	const createFromItems: INodeParameters = {
		resource: 'user',
		operation: 'create',
		firstName: '={{ $json.first }}',
		lastName: 'Okafor',
		email: '={{ $json.mail }}',
		externalId: '={{ $json.hr }}',
	};

	it('puts an error item in place of a bad item; the items around it go on', async () => {
		const items = [
			{ first: 'Ada', mail: 'ada@example.org', hr: 'C-1' },
			{ first: 'Ben', mail: 'not-an-address', hr: 'C-2' },
			{ first: 'Cy', mail: 'cy@example.org', hr: 'C-3' },
		];
		const result = await run(createFromItems, { items, continueOnFail: true });

		expect(result.error).toBeUndefined();
		expect(sentRequests(sandbox()).map(({ body }) => (body as { user: IDataObject }).user.external_id)).toEqual([
			'C-1',
			'C-3',
		]);
		const { api } = sandboxClients(sandbox());
		const stored = async (hr: string) => (ok(await api.get('/users', { query: { external_id: hr } })) as IDataObject[])[0];
		expect(jsonOf(result)).toEqual([
			await stored('C-1'),
			{ error: "'Email' must be an email address [item 1]" },
			await stored('C-3'),
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it("does the same for the service's errors (a 404 in the middle)", async () => {
		const [first, second] = [await seededUser(0), await seededUser(1)];
		const result = await run(
			{ resource: 'user', operation: 'get', user: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			{ items: [{ id: first.id }, { id: 999999 }, { id: second.id }], continueOnFail: true },
		);

		expect(requestLines()).toHaveLength(3);
		expect(jsonOf(result)).toEqual([first, { error: 'User 999999 was not found [item 1]' }, second]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('without Continue On Fail stops at the bad item and names it', async () => {
		const items = [
			{ first: 'Ada', mail: 'ada@example.org', hr: 'S-1' },
			{ first: '', mail: 'ben@example.org', hr: 'S-2' },
		];
		const result = await run(createFromItems, { items });

		expect(result.error?.message).toBe("'First Name' is required [item 1]");
		expect((result.error?.context as IDataObject).itemIndex).toBe(1);
		expect(requestLines()).toEqual(['POST /api/v2/users']);
	});
});
