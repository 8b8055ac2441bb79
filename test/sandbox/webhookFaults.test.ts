// Webhook faults (PUT /sandbox/webhook-faults, decisions.md 38): deliveries dropped as a receiver that cannot answer
// in time loses them, none, some or all of them, for a time or until changed; the events themselves still happen
// (the API has the records, which is what the polling trigger's net reads).
import type { ListedDelivery } from '../../sandbox/webhooks';
import { createUser, createOrganization, list, ok, startReceiver, useSandbox, type Receiver } from './helpers';

const suite = useSandbox({ webhookRetryDelaysMs: [20, 40, 60] });
let receiver: Receiver;

beforeAll(async () => {
	receiver = await startReceiver();
});
afterAll(() => receiver.stop());
beforeEach(async () => {
	receiver.calls.length = 0;
	ok(await suite.control.put('/webhooks', { json: { urls: [`${receiver.url}/hook`] } }));
});

const setFault = async (fault: Record<string, unknown>) => await suite.control.put('/webhook-faults', { json: fault });

/** Creates `count` Users and waits until each delivery has settled; gives the deliveries and what the receiver got. */
async function createUsers(count: number, prefix: string) {
	const before = suite.sandbox.deliveries().length;
	for (let index = 0; index < count; index++) await createUser(suite.api, { external_id: `${prefix}-${index}` });
	const deliveries = (await suite.sandbox.waitForDeliveries(before + count, 10_000)).slice(before) as ListedDelivery[];
	return { deliveries, received: receiver.calls.map((call) => (call.body as { external_id: string }).external_id) };
}

it('drops none by default', async () => {
	expect(ok(await suite.control.get('/webhook-faults'))).toEqual({ drop: 'none', every: 2, until: null, seen: 0, dropped: 0 });
	const { deliveries, received } = await createUsers(2, 'NONE');
	expect(deliveries.map((delivery) => delivery.delivered)).toEqual([true, true]);
	expect(received).toEqual(['NONE-0', 'NONE-1']);
});

it('drops all: nothing reaches the URL, each delivery is listed as dropped, and the Users exist', async () => {
	expect(ok(await setFault({ drop: 'all' }))).toMatchObject({ drop: 'all', until: null });
	const { deliveries, received } = await createUsers(3, 'ALL');
	expect(received).toEqual([]);
	for (const delivery of deliveries) {
		expect(delivery).toMatchObject({ event: 'userCreated', dropped: true, delivered: false, pending: false, attempts: 0, status: null });
	}
	expect(list(await suite.control.get('/deliveries')).slice(-3).map((delivery) => delivery.dropped)).toEqual([true, true, true]);
	expect(ok(await suite.control.get('/webhook-faults'))).toMatchObject({ drop: 'all', seen: 3, dropped: 3 });
	// The events happened all the same: the API lists the Users.
	const listed = list(await suite.api.get('/users', { query: { page: 1 } }));
	expect(listed.length).toBeGreaterThan(0);
});

it('drops some: the first delivery, then one in every (default 2)', async () => {
	ok(await setFault({ drop: 'some' }));
	const { deliveries, received } = await createUsers(4, 'SOME');
	expect(deliveries.map((delivery) => Boolean(delivery.dropped))).toEqual([true, false, true, false]);
	expect(received).toEqual(['SOME-1', 'SOME-3']);

	ok(await setFault({ drop: 'some', every: 3 }));
	const third = await createUsers(4, 'THIRD');
	expect(third.deliveries.map((delivery) => Boolean(delivery.dropped))).toEqual([true, false, false, true]);
});

it('drops for the seconds given, then delivers again', async () => {
	expect(ok(await setFault({ drop: 'all', seconds: 1 }))).toMatchObject({ drop: 'all', until: expect.any(String) });
	const during = await createUsers(1, 'DURING');
	expect(during.received).toEqual([]);
	await new Promise((resolve) => setTimeout(resolve, 1_100));
	expect(ok(await suite.control.get('/webhook-faults'))).toMatchObject({ drop: 'none' });
	const after = await createUsers(1, 'AFTER');
	expect(after.received).toEqual(['AFTER-0']);
});

it('drop none ends the fault; a reset ends it too', async () => {
	ok(await setFault({ drop: 'all' }));
	ok(await setFault({ drop: 'none' }));
	expect((await createUsers(1, 'ENDED')).received).toEqual(['ENDED-0']);

	ok(await setFault({ drop: 'all' }));
	ok(await suite.control.post('/reset'));
	ok(await suite.control.put('/webhooks', { json: { urls: [`${receiver.url}/hook`] } }));
	expect(ok(await suite.control.get('/webhook-faults'))).toMatchObject({ drop: 'none' });
	receiver.calls.length = 0;
	expect((await createUsers(1, 'RESET')).received).toEqual(['RESET-0']);
});

it('acts for the key\'s Organization alone', async () => {
	const { control } = await createOrganization(suite.api);
	ok(await control.put('/webhook-faults', { json: { drop: 'all' } }));
	expect(ok(await suite.control.get('/webhook-faults'))).toMatchObject({ drop: 'none' });
	expect((await createUsers(1, 'DEMO')).received).toEqual(['DEMO-0']);
});

it.each([
	[{}, 'drop'],
	[{ drop: 'most' }, 'drop'],
	[{ drop: 'some', every: 1 }, 'every'],
	[{ drop: 'all', seconds: 0 }, 'seconds'],
])('refuses %p with 422 naming %s', async (fault, field) => {
	const answer = await setFault(fault);
	expect(answer.status).toBe(422);
	expect(Object.keys((answer.body as { errors: Record<string, unknown> }).errors)).toEqual([field]);
});
