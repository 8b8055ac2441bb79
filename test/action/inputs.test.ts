// The shared checks of actions/common/inputs.ts: the date conversion directly, and every check as a workflow meets
// it, through the node against the sandbox (ordering a Background Check without QuickApp uses all but the phone,
// which only Create an Organization takes).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { toServiceDate } from '../../nodes/shared/values';
import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { applicantItem, orderFromItem } from '../helpers/backgroundCheck';
import { startLocalServer } from '../helpers/localServer';
import type { RunActionOptions } from '../helpers/n8n';
import { runActionNode } from '../helpers/n8n';
import { organizationParameters } from '../helpers/organization';
import { sentRequests } from '../helpers/sandbox';

describe('toServiceDate', () => {
	it.each([
		['3/7/2025', 'UTC', '03/07/2025'],
		['03/07/2025', 'UTC', '03/07/2025'],
		['12/31/1999', 'Asia/Tokyo', '12/31/1999'],
		['2024-02-29', 'UTC', '02/29/2024'],
		// Without an offset a date-time is taken as written, whatever the time zone.
		['2025-03-07T23:30:00', 'Asia/Tokyo', '03/07/2025'],
		['2025-03-07 23:30', 'America/Los_Angeles', '03/07/2025'],
		// With one, it is the day it is in the workflow's time zone.
		['2025-03-07T23:30:00Z', 'UTC', '03/07/2025'],
		['2025-03-07T23:30:00Z', 'Asia/Tokyo', '03/08/2025'],
		['2025-03-07T23:30:00.000-08:00', 'UTC', '03/08/2025'],
		['2025-03-07T00:15:00+0530', 'UTC', '03/06/2025'],
		['2025-03-07T00:15:00+05:30', 'Asia/Kolkata', '03/07/2025'],
		// Around the change from daylight saving time in Chicago (02:00 CDT -> 01:00 CST on November 2nd, 2025).
		['2025-11-02T04:30:00Z', 'America/Chicago', '11/01/2025'],
		['2025-11-02T05:30:00Z', 'America/Chicago', '11/02/2025'],
		// ISO 8601's other forms (F22): basic, week and ordinal dates, basic times, a comma before the
		// fraction, an offset of hours alone.
		['19900307', 'UTC', '03/07/1990'],
		['1990-W10-3', 'UTC', '03/07/1990'],
		['1990W103', 'UTC', '03/07/1990'],
		['1990-066', 'UTC', '03/07/1990'],
		['1990066', 'UTC', '03/07/1990'],
		['2020-W53-7', 'UTC', '01/03/2021'],
		['2025-W01-1', 'UTC', '12/30/2024'],
		['2024-366', 'UTC', '12/31/2024'],
		['20250307T2330Z', 'Asia/Tokyo', '03/08/2025'],
		['2025-03-07T10:00:00,5Z', 'UTC', '03/07/2025'],
		['2025-03-07T23:30:00+09', 'UTC', '03/07/2025'],
		['2025-03-07T23:30:00-08', 'UTC', '03/08/2025'],
		['19900307T103000', 'Asia/Tokyo', '03/07/1990'],
	])('%s in %s is %s', (value, timeZone, expected) => {
		expect(toServiceDate(value, timeZone)).toBe(expected);
	});

	it.each([
		'',
		'yesterday',
		'2025-02-29',
		'02/30/2025',
		'13/01/2025',
		'0/7/2025',
		'3/7/25',
		'2025-3-7',
		'2025/03/07',
		'07.03.2025',
		'2025-03-07T25:00:00Z',
		'2025-03-07T10:00:00+5',
		'19900230',
		'1990-W00-1',
		'2021-W53-1',
		'1990-W10-8',
		'2025-366',
		'1990-000',
		'199003',
		'19900307T25',
		'1990-066T10:00x',
	])('%j is not a date', (value) => {
		expect(toServiceDate(value, 'UTC')).toBeUndefined();
	});
});

describe('The checks as a workflow meets them', () => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
	});
	afterAll(async () => {
		await sandbox.stop();
	});
	beforeEach(() => sandbox.reset());

	/** The order's item as a workflow may deliver it: values with stray spaces, lower-case codes, numbers as text. */
	const item: IDataObject = {
		...applicantItem,
		user: ' 1001 ',
		level: ' 3 ',
		type: ' current ',
		first: '  Ada ',
		mail: ' ada@example.org ',
		state: ' tx',
		zip: ' 75001 ',
		dob: '1990-03-07',
		dl: '',
		dlState: '',
	};
	const run = (parameters: INodeParameters, options: Partial<RunActionOptions> = {}) =>
		runActionNode({ parameters, credential: sandbox, ...options });

	const sentOrder = () =>
		sentRequests(sandbox).map((request) => (request.body as { background_check: IDataObject }).background_check);

	/**
	 * The date of birth as the node sent it. The sandbox's request log redacts it, as everything else does, so the
	 * order goes to a local server of the test's own that keeps the body as it arrived.
	 */
	async function sentDob(parameters: INodeParameters, options: Partial<RunActionOptions>): Promise<string | null> {
		const server = await startLocalServer(() => ({ status: 201, body: { id: 1, status: 'processing' } }));
		try {
			const result = await runActionNode({ parameters, credential: { url: server.url, apiKey: 'test-api-key-0001' }, ...options });
			expect(result.error).toBeUndefined();
			const [order] = server.received.filter((request) => request.method === 'POST');
			return new URLSearchParams(order.body).get('background_check[dob]');
		} finally {
			await server.stop();
		}
	}

	it('trims text, upper-cases state codes, reads numbers and dates from text, and leaves out unset fields', async () => {
		const result = await run(orderFromItem, { items: [item] });

		expect(result.error).toBeUndefined();
		expect(sentOrder()).toEqual([
			{
				user_id: '1001',
				level: '3',
				quickapp: 'false',
				child_serving: 'true',
				employee_type: 'current',
				first_name: 'Ada',
				last_name: 'Okafor',
				email: 'ada@example.org',
				address: '12 Elm Street',
				city: 'Plano',
				county: 'Collin',
				state: 'TX',
				zip: '75001',
				ssn: '[redacted]',
				dob: '[redacted]',
			},
		]);
		expect(await sentDob(orderFromItem, { items: [item] })).toBe('03/07/1990');
	});

	it.each([
		// A date value from n8n's own date helpers, in the workflow's time zone.
		['a Luxon date-time', '={{ DateTime.fromISO("1990-03-07") }}', 'America/Chicago', '03/07/1990'],
		['a JavaScript Date', '={{ new Date("1990-03-07T12:00:00Z") }}', 'Asia/Tokyo', '03/07/1990'],
		// The day as written, in the value's own offset: never moved by the workflow's time zone (decisions.md 29).
		['an ISO date-time with an offset', '1990-03-07T03:00:00Z', 'America/New_York', '03/07/1990'],
		['m/d/yyyy text', '3/7/1990', 'Asia/Tokyo', '03/07/1990'],
	])('sends a date of birth given as %s as MM/DD/YYYY', async (_kind, dob, timezone, expected) => {
		expect(await sentDob({ ...orderFromItem, dob }, { items: [item], timezone })).toBe(expected);
	});

	it('takes numbers for whole-number fields, and booleans from expressions', async () => {
		const result = await run(
			{
				...orderFromItem,
				childServing: '={{ $json.child }}',
				additionalFields: { ageOver13: '={{ $json.over13 }}' },
			},
			{ items: [{ ...item, user: 1001, level: 3, child: false, over13: false }] },
		);

		expect(result.error).toBeUndefined();
		expect(sentOrder()).toEqual([
			expect.objectContaining({ user_id: '1001', level: '3', child_serving: 'false', age_over_13: 'false' }),
		]);
	});

	it('names the failing item: the items before it are sent, it and those after are not', async () => {
		const items = [item, { ...item, zip: '7500' }, item];

		const result = await run(orderFromItem, { items });

		expect(result.error?.message).toBe("'ZIP Code' must be five digits [item 1]");
		expect(result.error?.description).toBe(
			"Correct 'ZIP Code' in the node's parameters or in the input item 1. Nothing was sent to the service.",
		);
		expect(result.error?.context?.itemIndex).toBe(1);
		expect(sentRequests(sandbox)).toHaveLength(1);
	});

	it.each([
		['First Name', { first: null }, 'is required'],
		['Email', { mail: 'ada@' }, 'must be an email address'],
		['Email', { mail: 'ada @example.org' }, 'must be an email address'],
		['State', { state: 'T1' }, 'must be a two-letter state code, for example TX'],
		['ZIP Code', { zip: 75001.5 }, 'must be five digits'],
		['Level', { level: '3.5' }, 'must be a whole number'],
		['Level', { level: 'level 3' }, 'must be a whole number'],
		['Employee Type', { type: 'Current Staff' }, "must be one of 'Current' or 'Prospective' (in an expression: current, prospective)"],
		['Date of Birth', { dob: '1990-02-29' }, 'must be a date (MM/DD/YYYY or an ISO date such as 2025-03-07)'],
	])('refuses a bad "%s" (%j) and sends nothing', async (label, override, problem) => {
		const result = await run(orderFromItem, { items: [{ ...item, ...override }] });

		expect(result.error?.message).toBe(`'${label}' ${problem} [item 0]`);
		expect(sentRequests(sandbox)).toEqual([]);
	});

	// Only Create an Organization takes a phone number.
	it.each([
		['+1 (512) 555-0100', '15125550100'],
		['1.512.555.0100', '15125550100'],
		['15125550100', '15125550100'],
	])('sends the phone %j as its eleven digits', async (phone, sent) => {
		const result = await run({ ...organizationParameters, phone: '={{ $json.phone }}' }, { items: [{ phone }] });

		expect(result.error).toBeUndefined();
		const [request] = sentRequests(sandbox);
		expect((request.body as { organization: IDataObject }).organization.phone).toBe(sent);
	});

	it.each(['512-555-0100', '1 512 555 010O', '+44 20 7946 0958 1'])(
		'refuses the phone %j and sends nothing',
		async (phone) => {
			const result = await run({ ...organizationParameters, phone: '={{ $json.phone }}' }, { items: [{ phone }] });

			expect(result.error?.message).toBe("'Phone' must be eleven digits, for example 18005551234 [item 0]");
			expect(sentRequests(sandbox)).toEqual([]);
		},
	);
});
