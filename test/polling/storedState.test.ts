// A polling workflow's static data as an earlier version of the package stored it in n8n's database must be read by
// this one: an upgrade that misread it would emit every old event again, or skip new ones. Each form below
// is written out as it was stored; when the state's layout changes, its new form is added here and the old ones stay.
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../sandbox/helpers';
import { PollingTrigger } from './harness';
import { changes } from './records';

const suite = useSandbox();
const ids = (items: Array<Record<string, unknown>>) => items.map((item) => item.id);
const STATIC_DATA_KEY = 'node:MinistrySafe Polling Trigger';

/**
 * User Created, as stored from a476793 to 77c2397: state version 1 and its configuration key, the snapshot (the
 * highest User id seen and the page it was on), and `pollingSince`, the running-poll mark those versions kept in the
 * static data; n8n could save it mid-poll (77c2397 moved it into the process). The credential's id is '1'.
 */
function storedByEarlierVersion(lastId: number, lastPage: number, pollingSince: number): IDataObject {
	return {
		[STATIC_DATA_KEY]: {
			version: 1,
			configuration: '{"event":"userCreated","credential":"1"}',
			snapshot: { lastId, lastPage },
			pollingSince,
		},
	};
}

it('User Created: a state stored by the version before reads as it did: what it saw is not emitted again, what came after is, once', async () => {
	const make = changes(suite.sandbox);
	const seen = await make.user();
	// Where the earlier version's last poll left off: the newest User and the last page, as the sandbox has them now.
	const probe = new PollingTrigger({ sandbox: suite.sandbox, parameters: { event: 'userCreated' } as never });
	await probe.activate();
	const { lastId, lastPage } = probe.state().snapshot as { lastId: number; lastPage: number };
	expect(lastId).toBe(seen);

	const createdAfter = await make.user();
	const trigger = new PollingTrigger({ sandbox: suite.sandbox, parameters: { event: 'userCreated' } as never });
	// Saved a minute into a poll: the mark must not hold back this version's polls.
	trigger.saved = storedByEarlierVersion(lastId, lastPage, Date.now() - 60_000);

	// n8n starts with the new version: the activation poll reads the stored state.
	expect(ids(await trigger.restart())).toEqual([createdAfter]);
	expect(await trigger.poll()).toEqual([]);
	const next = await make.user();
	expect(ids(await trigger.poll())).toEqual([next]);
	expect(await trigger.restart()).toEqual([]);
});

/**
 * Background Check Status Changed, as stored up to package 1.2.0's main (d5d46eb): state version 1, its configuration
 * key, and the snapshot's statuses (each status with its checks' ids), without the applicants kept since.
 */
function checksStoredWithoutApplicants(saved: IDataObject): IDataObject {
	const { version, configuration, snapshot } = saved[STATIC_DATA_KEY] as IDataObject;
	const { statuses, floor } = snapshot as IDataObject;
	expect(configuration).toBe('{"event":"backgroundCheckStatusChanged","credential":"1","lookBackDays":90}');
	return { [STATIC_DATA_KEY]: { version, configuration, snapshot: floor === undefined ? { statuses } : { statuses, floor } } };
}

it('Background Check Status Changed: a state stored before applicants were kept reads as it did, and reads the applicants of the checks awaiting a result once', async () => {
	const make = changes(suite.sandbox);
	const user = await make.user();
	const check = await make.orderCheck(user);
	const probe = new PollingTrigger({ sandbox: suite.sandbox, parameters: { event: 'backgroundCheckStatusChanged' } as never });
	await probe.activate();
	const { first_name, last_name, email, external_id } = (await make.api.get(`/users/${user}`)).body as unknown as Record<string, string>;

	const trigger = new PollingTrigger({ sandbox: suite.sandbox, parameters: { event: 'backgroundCheckStatusChanged' } as never });
	trigger.saved = checksStoredWithoutApplicants(probe.saved);
	suite.sandbox.clearRequests();
	// n8n starts with the new version: nothing seen before is emitted again; the applicants are read now.
	expect(await trigger.restart()).toEqual([]);
	expect(suite.sandbox.requests.some((request) => request.path.startsWith('/api/v2/users'))).toBe(true);
	suite.sandbox.clearRequests();
	expect(await trigger.poll()).toEqual([]);
	expect(suite.sandbox.requests.filter((request) => request.path.startsWith('/api/v2/users'))).toEqual([]);

	await make.deactivateUser(user);
	await make.checkReady(check);
	expect((await trigger.poll()).map((item) => [item.id, item.event_id, item.applicant])).toEqual([
		[check, `background-check-ready:${check}`, { first_name, last_name, email, external_id }],
	]);
	expect(await trigger.restart()).toEqual([]);
});
