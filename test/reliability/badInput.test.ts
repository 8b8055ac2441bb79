// Bad input, generated with fast-check, through n8n's engine: values from expressions (missing, empty, whitespace,
// wrong type, huge, unicode, path characters, numbers the service cannot hold, dates in every format and time zone)
// for the operations' parameters. A bad value gives an error naming the item and the field, and the server receives
// nothing; a good one is sent as written, and no value ever changes the request's path (decisions.md 16, 17, 29, 31).
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { LocalServer, ReceivedRequest } from '../helpers/localServer';
import { startLocalServer } from '../helpers/localServer';
import type { NodeRunResult } from '../helpers/n8n';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { APPLICANT, healthyAnswer, type OperationCase, OPERATIONS } from './operations';

/** Runs per property: together a few thousand cases. */
const RUNS = 350;

let server: LocalServer;
let casesTried = 0;
beforeAll(async () => {
	server = await startLocalServer((request) => healthyAnswer(request.method, request.url));
});
afterAll(async () => {
	await server.stop();
	console.log(`reliability/badInput: ${casesTried} generated cases tried`);
});

interface Outcome {
	result: NodeRunResult;
	received: ReceivedRequest[];
}

async function run(parameters: INodeParameters, item: IDataObject, timezone?: string): Promise<Outcome> {
	server.received.length = 0;
	const result = await runActionNode({
		parameters,
		items: [item],
		credential: { url: server.url, apiKey: 'test-api-key-0001' },
		timezone,
	});
	casesTried += 1;
	return { result, received: [...server.received] };
}

const FROM_ITEM = '={{ $json.v }}';
const pathOf = (url: string) => url.split('?')[0];
const queryOf = (url: string) => new URL(url, 'http://x').searchParams;

/**
 * A refusal: the error names item 0 and the field, alone or among the item's other problems (one error lists them
 * all), and nothing reached the server.
 */
function expectRefused({ result, received }: Outcome, label: string): void {
	expect(received).toEqual([]);
	expect(result.error?.message).toMatch(
		new RegExp(`^('${label}' under 'Request Options' .*[^\\]]|('${label}' |\\d+ fields need correcting: (.*; )?'${label}' ).*\\[item 0\\])$`),
	);
}

// ---- Generators -------------------------------------------------------------------------------------------------

const whitespace = fc.array(fc.constantFrom(' ', '\t', '\n', '\u00a0'), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''));
const pathCharacters = fc.constantFrom('.', '..', './', '../', '/', '?', '#', '%2e%2e', '%2F', '\\', '..%2F', '1/2', '1?x=2', '1#x', '../../users', ' .. ');
const numberLike = fc.constantFrom('0x10', '1e3', '1E3', '+5', '-5', '0', '00', '007', ' 42 ', '42.0', '4.5', '9007199254740991', '9007199254740992', '99999999999999999999', '1e21', 'Infinity', 'NaN', '٣', '1_000', '1,000');
const numbers = fc.oneof(fc.integer({ min: -5, max: 10_000 }), fc.double(), fc.constantFrom(0, -1, 1.5, 2 ** 53, 2 ** 53 + 2, 1e21, Number.MAX_SAFE_INTEGER));
const texts = fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 6 }));
const wrongTypes = fc.oneof(fc.boolean(), fc.array(fc.integer(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }));
const huge = fc.constantFrom('x'.repeat(10_000), '9'.repeat(400), 'é'.repeat(3000));
const missing = fc.constantFrom(undefined, null, '');

/** Anything a workflow's expression might put in a field. */
const anything = fc.oneof(missing, whitespace, pathCharacters, numberLike, numbers, texts, wrongTypes, huge);

// ---- Oracles: the rules of decisions.md, stated again independently of the node's code ---------------------------

const WRONG = Symbol('wrong type');
/** A value as text, as the node reads it: trimmed; numbers as JavaScript writes them; lists, objects, booleans wrong. */
function asText(value: unknown): string | typeof WRONG {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value.trim();
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
	return WRONG;
}

/** decisions.md 31: a numeric ID is plain decimal digits, from 1 to the largest safe integer, sent as written. */
function idOf(value: unknown): string | undefined {
	if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1 ? String(value) : undefined;
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	return /^[0-9]+$/.test(text) && Number(text) >= 1 && Number(text) <= Number.MAX_SAFE_INTEGER ? text : undefined;
}

/** A whole number written in decimal (a sign allowed), that JavaScript holds exactly. */
function wholeNumberOf(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
	if (typeof value !== 'string' || !/^\s*[+-]?[0-9]+\s*$/.test(value)) return undefined;
	return Number.isSafeInteger(Number(value)) ? Number(value) : undefined;
}

const isWellFormed = (text: string) => {
	try {
		encodeURIComponent(text);
		return true;
	} catch {
		return false;
	}
};

// ---- Properties -------------------------------------------------------------------------------------------------

const firstRequest = (received: ReceivedRequest[]) => (received[0] ? `${received[0].method} ${pathOf(received[0].url)}` : 'nothing');

/**
 * The first request of every operation, learned from a run against the healthy server, and the operations that put a
 * User in their path, with their first request for User 7 and for Employee ID HR-7: the properties below cover each
 * operation of the node without listing its paths.
 */
const firstRequests = new Map<string, string>();
const userCases: { operation: OperationCase; byId: string; byEmployeeId: string }[] = [];
beforeAll(async () => {
	for (const operation of OPERATIONS) {
		const healthy = await run(operation.parameters, {});
		if (healthy.result.error) throw new Error(`${operation.name} fails with good input: ${healthy.result.error.message}`);
		firstRequests.set(operation.name, firstRequest(healthy.received));
		const byId = firstRequest(healthy.received);
		if ((operation.parameters.user as IDataObject | undefined)?.mode !== 'id' || !byId.includes('/users/7')) continue;
		const employee = await run({ ...operation.parameters, user: { __rl: true, mode: 'employeeId', value: 'HR-7' } }, {});
		userCases.push({ operation, byId, byEmployeeId: firstRequest(employee.received) });
	}
	// Those are most of the node's operations (a Background Check order carries its User in the body).
	expect(userCases.length).toBeGreaterThanOrEqual(9);
	expect(userCases.filter(({ byEmployeeId }) => !byEmployeeId.includes('/by_employee_id/HR-7'))).toEqual([]);
});

it('User ID from an expression: sent exactly as written into its one segment, or refused with nothing sent', async () => {
	await fc.assert(
		fc.asyncProperty(fc.constantFrom(...userCases), fc.oneof(anything, fc.nat().map(String)), async ({ operation, byId }, value) => {
			const outcome = await run({ ...operation.parameters, user: { __rl: true, mode: 'id', value: FROM_ITEM } }, { v: value });
			const id = idOf(value);
			if (id === undefined) return expectRefused(outcome, 'User');
			expect(outcome.result.error).toBeUndefined();
			expect(firstRequest(outcome.received)).toBe(byId.replace('/users/7', `/users/${id}`));
		}),
		{ numRuns: RUNS },
	);
});

it('Employee ID from an expression: encoded into its one segment, never "." or "..", or refused with nothing sent', async () => {
	// An ID too long for any server's request line (a 431 before the request is seen) is left to the service.
	const fitsARequestLine = (value: unknown) => typeof value !== 'string' || encodeURIComponent(value).length < 8000;
	await fc.assert(
		fc.asyncProperty(fc.constantFrom(...userCases), anything.filter(fitsARequestLine), async ({ operation, byEmployeeId }, value) => {
			const outcome = await run({ ...operation.parameters, user: { __rl: true, mode: 'employeeId', value: FROM_ITEM } }, { v: value });
			const text = asText(value);
			if (text === WRONG || text === '' || text === '.' || text === '..' || !isWellFormed(text)) return expectRefused(outcome, 'User');
			expect(outcome.result.error).toBeUndefined();
			const expected = byEmployeeId.replace('/by_employee_id/HR-7', `/by_employee_id/${encodeURIComponent(text)}`);
			expect(firstRequest(outcome.received)).toBe(expected);
		}),
		{ numRuns: RUNS },
	);
});

it('Background Check ID, typed or from an expression: the path holds exactly its digits, or nothing is sent', async () => {
	await fc.assert(
		fc.asyncProperty(fc.constantFrom('get', 'archive'), anything, fc.boolean(), async (operation, value, typed) => {
			const typedValue = typeof value === 'number' ? value : 5;
			const outcome = await run(
				{ resource: 'backgroundCheck', operation, backgroundCheckId: typed ? typedValue : FROM_ITEM },
				{ v: value },
			);
			const id = idOf(typed ? typedValue : value);
			if (id === undefined) return expectRefused(outcome, 'Background Check ID');
			expect(outcome.result.error).toBeUndefined();
			expect(firstRequest(outcome.received)).toBe(
				operation === 'get' ? `GET /api/v2/background_checks/${id}` : `PUT /api/v2/background_checks/${id}/archive`,
			);
		}),
		{ numRuns: RUNS },
	);
});

const lists = ['user', 'tag', 'training', 'backgroundCheck'];

it('Limit from an expression: a whole number from 1, or refused (never -1 reading 99 of 100)', async () => {
	await fc.assert(
		fc.asyncProperty(fc.constantFrom(...lists), anything, async (resource, value) => {
			const outcome = await run({ resource, operation: 'getAll', returnAll: false, limit: FROM_ITEM }, { v: value });
			const limit = wholeNumberOf(value);
			if (limit === undefined || limit < 1) return expectRefused(outcome, 'Limit');
			expect(outcome.result.error).toBeUndefined();
			expect(outcome.received.map(({ url }) => queryOf(url).get('page'))).toEqual(['1']);
			expect(jsonOf(outcome.result)).toHaveLength(Math.min(limit, 2));
		}),
		{ numRuns: RUNS },
	);
});

it('Return All from an expression: true or false (as text too), or refused', async () => {
	const flags = fc.oneof(anything, fc.constantFrom('true', 'FALSE', ' True ', 'yes', 'no', 1, 0, 'on'));
	await fc.assert(
		fc.asyncProperty(fc.constantFrom(...lists), flags, async (resource, value) => {
			const outcome = await run({ resource, operation: 'getAll', returnAll: FROM_ITEM, limit: 1 }, { v: value });
			const text = asText(value);
			const flag = typeof value === 'boolean' ? value : text === WRONG ? undefined : text === '' ? false : { true: true, false: false }[text.toLowerCase()];
			if (flag === undefined) return expectRefused(outcome, 'Return All');
			expect(outcome.result.error).toBeUndefined();
			expect(jsonOf(outcome.result)).toHaveLength(flag ? 2 : 1);
		}),
		{ numRuns: RUNS },
	);
});

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const TIME_ZONES = ['UTC', 'America/Los_Angeles', 'America/Chicago', 'Pacific/Honolulu', 'Asia/Tokyo', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Europe/London'];
/** A calendar day, a time and an offset, written in one of the forms the node reads. */
const dateParts = fc.record({
	year: fc.integer({ min: 1900, max: 2099 }),
	month: fc.integer({ min: 1, max: 12 }),
	day: fc.integer({ min: 1, max: 28 }),
	hour: fc.integer({ min: 0, max: 23 }),
	minute: fc.integer({ min: 0, max: 59 }),
	offsetMinutes: fc.constantFrom(undefined, 0, -600, -360, -300, 60, 330, 540, 840),
	form: fc.constantFrom('us', 'usShort', 'isoDate', 'isoBasic', 'isoOrdinal', 'isoDateTime', 'isoBasicDateTime'),
	timezone: fc.constantFrom(...TIME_ZONES),
});
type DateParts = typeof dateParts extends fc.Arbitrary<infer T> ? T : never;

function written(parts: DateParts): string {
	const { year, month, day, hour, minute, offsetMinutes, form } = parts;
	if (form === 'us') return `${pad(month)}/${pad(day)}/${year}`;
	if (form === 'usShort') return `${month}/${day}/${year}`;
	if (form === 'isoDate') return `${year}-${pad(month)}-${pad(day)}`;
	if (form === 'isoBasic') return `${year}${pad(month)}${pad(day)}`;
	if (form === 'isoOrdinal') return `${year}-${pad((Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000 + 1, 3)}`;
	const basic = form === 'isoBasicDateTime';
	const offset =
		offsetMinutes === undefined
			? ''
			: offsetMinutes === 0
				? 'Z'
				: `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}${basic ? '' : ':'}${pad(Math.abs(offsetMinutes) % 60)}`;
	if (basic) return `${year}${pad(month)}${pad(day)}T${pad(hour)}${pad(minute)}00${offset}`;
	return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:00${offset}`;
}
const asWritten = ({ year, month, day }: DateParts) => `${pad(month)}/${pad(day)}/${year}`;
/** The day a date-time with an offset is in the workflow's time zone; one without an offset, as written. */
function inWorkflowZone(parts: DateParts): string {
	if (!parts.form.endsWith('DateTime') || parts.offsetMinutes === undefined) return asWritten(parts);
	const instant = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) - parts.offsetMinutes * 60_000;
	const [month, day, year] = new Intl.DateTimeFormat('en-US', { timeZone: parts.timezone, year: 'numeric', month: '2-digit', day: '2-digit' })
		.format(instant)
		.split('/');
	return `${month}/${day}/${year}`;
}
const badDates = fc.oneof(
	anything.filter((value) => typeof value !== 'number'),
	fc.constantFrom('2025-02-30', '02/30/2025', '13/01/2025', '2025-13-01', '3/7/25', '2025-3-7', '2025/03/07', '07.03.2025', '20250230', '2025-366', '2025-W54-1', '202503', '2025-03-07T25:00:00Z', '2025-03-07T10:00:00+5', 'March 7, 2025', '0000-01-01', '2025-03-07T10:00:00+99:00'),
);

it('Date filters: the day in the workflow time zone (decisions.md 16), or refused', async () => {
	await fc.assert(
		fc.asyncProperty(fc.oneof(dateParts, badDates), fc.constantFrom('training', 'backgroundCheck'), async (value, resource) => {
			const good = typeof value === 'object' && value !== null && 'form' in value;
			const outcome = await run(
				{ resource, operation: 'getAll', returnAll: false, limit: 1, filters: { startDate: FROM_ITEM } },
				{ v: good ? written(value as DateParts) : value },
				good ? (value as DateParts).timezone : 'America/Chicago',
			);
			if (!good) {
				if (asText(value) === '') return expect(outcome.result.error).toBeUndefined();
				return expectRefused(outcome, 'Start Date');
			}
			expect(outcome.result.error).toBeUndefined();
			expect(queryOf(outcome.received[0].url).get('start_date')).toBe(inWorkflowZone(value as DateParts));
		}),
		{ numRuns: RUNS },
	);
});

const order: INodeParameters = {
	resource: 'backgroundCheck',
	operation: 'create',
	user: { __rl: true, mode: 'id', value: '7' },
	level: 3,
	quickapp: false,
	childServing: true,
	employeeType: 'current',
	...APPLICANT,
};
const sentOrder = (received: ReceivedRequest[]) => new URLSearchParams(received[0]?.body ?? '');

it('Date of birth: the calendar day as written, in any time zone (decisions.md 29); refused without repeating it', async () => {
	await fc.assert(
		fc.asyncProperty(fc.oneof(dateParts, badDates), async (value) => {
			const good = typeof value === 'object' && value !== null && 'form' in value;
			const dob = good ? written(value as DateParts) : value;
			const outcome = await run({ ...order, dob: FROM_ITEM }, { v: dob }, good ? (value as DateParts).timezone : 'America/Los_Angeles');
			if (!good) {
				expectRefused(outcome, 'Date of Birth');
				const text = asText(dob);
				if (typeof text === 'string' && text.length > 3) expect(JSON.stringify(outcome.result.error?.message)).not.toContain(text);
				return;
			}
			expect(outcome.result.error).toBeUndefined();
			expect(sentOrder(outcome.received).get('background_check[dob]')).toBe(asWritten(value as DateParts));
		}),
		{ numRuns: RUNS },
	);
});

it('QuickApp and Package from expressions: an order runs, with or without the applicant, or is refused', async () => {
	const flags = fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', ' TRUE ', 'yes', 1, 0, null, '', [true]));
	const packages = fc.constantFrom('level', 'custom', ' level ', 'gold', '', null);
	await fc.assert(
		fc.asyncProperty(flags, packages, async (quick, pkg) => {
			const outcome = await run(
				{ ...order, quickapp: '={{ $json.q }}', package: '={{ $json.p }}', customPackageCode: 'PKG-1' },
				{ q: quick, p: pkg },
			);
			const packageText = asText(pkg);
			const chosenPackage = packageText === 'level' || packageText === 'custom' ? packageText : undefined;
			if (chosenPackage === undefined) return expectRefused(outcome, 'Package');
			const quickText = asText(quick);
			const quickapp = typeof quick === 'boolean' ? quick : quickText === WRONG ? undefined : { true: true, false: false }[quickText.toLowerCase()];
			if (quickapp === undefined) return expectRefused(outcome, 'QuickApp');
			expect(outcome.result.error).toBeUndefined();
			const sent = sentOrder(outcome.received);
			expect(sent.get('background_check[quickapp]')).toBe(String(quickapp));
			expect(sent.has('background_check[ssn]')).toBe(!quickapp);
			expect(sent.get(chosenPackage === 'level' ? 'background_check[level]' : 'background_check[custom_background_check_package_code]')).toBe(
				chosenPackage === 'level' ? '3' : 'PKG-1',
			);
		}),
		{ numRuns: 120 },
	);
});

it('Text fields of a new User: trimmed and sent as written, or refused when missing or not text', async () => {
	await fc.assert(
		fc.asyncProperty(fc.constantFrom('firstName', 'externalId', 'email'), anything, async (field, value) => {
			const outcome = await run(
				{ resource: 'user', operation: 'create', firstName: 'Ada', lastName: 'Okafor', email: 'ada@example.org', externalId: 'HR-1', [field]: FROM_ITEM },
				{ v: value },
			);
			const label = { firstName: 'First Name', externalId: 'External ID', email: 'Email' }[field] as string;
			const text = asText(value);
			const valid = text !== WRONG && text !== '' && (field !== 'email' || /^[^\s@]+@[^\s@]+$/.test(text));
			if (!valid) return expectRefused(outcome, label);
			expect(outcome.result.error).toBeUndefined();
			const sentName = { firstName: 'user[first_name]', externalId: 'user[external_id]', email: 'user[email]' }[field] as string;
			// Form encoding carries well-formed text exactly; a lone surrogate becomes U+FFFD, as in any browser form.
			if (isWellFormed(text as string)) expect(new URLSearchParams(outcome.received[0].body).get(sentName)).toBe(text);
		}),
		{ numRuns: RUNS },
	);
});

it('Request Options: Concurrency 1 to 50 and a Timeout of 0.1 to 3600 s are used; anything else stops the run before a request', async () => {
	await fc.assert(
		fc.asyncProperty(fc.constantFrom(...OPERATIONS), fc.constantFrom('concurrency', 'timeout'), anything, async (operation, option, value) => {
			const outcome = await run({ ...operation.parameters, requestOptions: { [option]: FROM_ITEM } }, { v: value });
			const text = asText(value);
			const number = typeof value === 'number' ? value : typeof text === 'string' && /^\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
			const unset = value === undefined || value === null;
			const valid =
				unset ||
				(number !== undefined &&
					(option === 'concurrency' ? Number.isInteger(number) && number >= 1 && number <= 50 : number >= 0.1 && number <= 3600));
			if (!valid) return expectRefused(outcome, option === 'concurrency' ? 'Concurrency' : 'Timeout \\(Seconds\\)');
			// Under a second a busy machine may time the request out: that is the option working, not a refusal.
			if (option === 'timeout' && number !== undefined && number < 1) return expect(outcome.result.error?.message ?? '').not.toMatch(/Request Options/);
			expect(outcome.result.error).toBeUndefined();
			// Reads sent at once arrive in any order.
			if (!operation.concurrentReads) expect(firstRequest(outcome.received)).toBe(firstRequests.get(operation.name));
			else expect(outcome.received.length).toBeGreaterThanOrEqual(operation.concurrentReads);
		}),
		{
			numRuns: 250,
			// Numbers that are no amount at all, tried every time (NaN once slipped through as a timeout).
			examples: [
				[OPERATIONS[0], 'timeout', Number.NaN],
				[OPERATIONS[0], 'timeout', Number.POSITIVE_INFINITY],
				[OPERATIONS[0], 'concurrency', Number.NaN],
			],
		},
	);
});
