// Leaks: a Background Check ordered with an SSN, a date of birth and a driver's licence, against a service that
// echoes them back in every form on every failure path, and in a successful answer. None may appear in any error
// field, output item (Continue On Fail's included) or log line; the API key never appears in an error, whatever the
// operation (decisions.md 23, 30). Redaction never turns a valid body into invalid JSON.
import type { IDataObject } from 'n8n-workflow';

import type { ServerAnswer } from '../helpers/localServer';
import type { CaseRun, Script } from './harness';
import { inParallel, runCase } from './harness';
import { APPLICANT, OPERATIONS, type OperationCase } from './operations';

const API_KEY = 'sk-live-4f9a8b7c6d5e';

/** Every form the service might write each secret in: independent of the node's own list. */
const FORMS = {
	ssn: ['123-45-6789', '123456789', '123 45 6789', '123.45.6789'],
	dob: ['03/07/1990', '3/7/1990', '1990-03-07', '1990/03/07', '03-07-1990', '03071990', '19900307', '03%2F07%2F1990', '03%2f07%2f1990', '03\\/07\\/1990', '1990-03-07T00:00:00.000Z'],
	licence: ['D1234-5678', 'd1234-5678', 'D12345678', 'd12345678'],
	key: [API_KEY, API_KEY.toUpperCase(), encodeURIComponent(`Token token=${API_KEY}`)],
};
const APPLICANT_FORMS = [...FORMS.ssn, ...FORMS.dob, ...FORMS.licence];
/** What must never be found, in the text the forms were hidden in (any case). */
const NEEDLES = ['123-45-6789', '123456789', '123 45 6789', '03/07/1990', '3/7/1990', '1990-03-07', '1990/03/07', '03071990', '19900307', '03%2f07%2f1990', '03\\/07\\/1990', 'd1234-5678', 'd12345678'];
const KEY_NEEDLES = [API_KEY.toLowerCase()];

const sentence = APPLICANT_FORMS.join(' | ');
const keySentence = FORMS.key.join(' | ');

let casesTried = 0;
afterAll(() => {
	console.log(`reliability/leaks: ${casesTried} cases tried`);
});

const order = OPERATIONS.find((operation) => operation.name === 'backgroundCheck.create') as OperationCase;
// The applicant's values as a workflow may give them: a date of birth in ISO form, a licence with its dash.
const orderParameters = { ...order.parameters, ...APPLICANT, dob: '1990-03-07' };

/**
 * Every string an error carries, own properties and nested details included (n8n stores and shows all of them), but
 * `node`: the workflow's own node, parameters as the user typed them, which n8n keeps with the workflow anyway.
 */
function errorText(error: unknown): string {
	if (!error) return '';
	const own = Object.getOwnPropertyNames(error)
		.filter((name) => name !== 'node')
		.map((name) => (error as Record<string, unknown>)[name]);
	return JSON.stringify(own, (_key, value) => (value instanceof Error ? errorText(value) : value)) ?? '';
}

/** Where a needle was found: error, output, logs. */
function leaks(run: CaseRun, logs: string, needles: string[], where: { output: boolean }): string[] {
	const places: [string, string][] = [
		['error', errorText(run.result.error)],
		['run data error', JSON.stringify({ ...run.result.run.data.resultData.error, node: undefined })],
		['logs', logs],
	];
	if (where.output) places.push(['output', JSON.stringify(run.output)]);
	return places.flatMap(([place, text]) =>
		needles.filter((needle) => text.toLowerCase().includes(needle.toLowerCase())).map((needle) => `${needle} in ${place}`),
	);
}

/** Captures what the run writes to the console and to stdout/stderr (n8n's logger writes there too). */
async function withLogs<T>(work: () => Promise<T>): Promise<{ value: T; logs: string }> {
	const lines: string[] = [];
	const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
	const saved = methods.map((method) => console[method]);
	const writes = [process.stdout.write, process.stderr.write];
	for (const method of methods) console[method] = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
	const capture = (chunk: unknown) => {
		lines.push(String(chunk));
		return true;
	};
	process.stdout.write = capture as typeof process.stdout.write;
	process.stderr.write = capture as typeof process.stderr.write;
	try {
		return { value: await work(), logs: lines.join('\n') };
	} finally {
		methods.forEach((method, index) => (console[method] = saved[index]));
		[process.stdout.write, process.stderr.write] = writes;
	}
}

/** The failure paths of the order, each echoing every form of every secret. */
const FAILURES: [string, ServerAnswer][] = [
	['422 with field errors', { status: 422, body: { errors: { ssn: [`${FORMS.ssn[1]} is invalid`], dob: [`${FORMS.dob[2]} is not a date`], driver_license: [`${FORMS.licence[1]} unknown`], base: [sentence] } } }],
	['400 with a message', { status: 400, body: { message: `Bad request for ${sentence}` } }],
	['404 with a message', { status: 404, body: { message: `No applicant ${sentence}` } }],
	['403 echoing the key too', { status: 403, body: { message: `${keySentence} may not order for ${sentence}` } }],
	['401 echoing the key', { status: 401, body: { message: `Unknown key ${keySentence}` } }],
	['500 as an HTML page', { status: 500, raw: `<html><pre>${sentence}</pre><p>${keySentence}</p></html>` }],
	['503 as invalid JSON', { status: 503, raw: `{"message": "${sentence.replace(/"/g, '')}` }],
	['422 with JSON-escaped text', { status: 422, raw: JSON.stringify({ message: `ssn\u002d ${sentence}` }).replace(/\//g, '\\/') }],
	['422 with the secrets as keys and numbers', { status: 422, body: { [FORMS.ssn[0]]: 1, ssn_number: 123456789, reference: 1234567890, message: 'x' } }],
	['429 until the retries run out', { status: 429, headers: { 'Retry-After': '0' }, body: { message: `Slow down ${sentence} ${keySentence}` } }],
	['a redirect carrying them', { status: 302, headers: { Location: `http://127.0.0.1:9/apply?ssn=${FORMS.ssn[0]}&dob=${FORMS.dob[7]}&dl=${FORMS.licence[0]}&key=${API_KEY}` } }],
	['200 that is an HTML page', { status: 200, raw: `<html>${sentence} ${keySentence}</html>` }],
	['201 that is a list', { status: 201, body: [{ ssn: FORMS.ssn[0], note: sentence }] }],
	['a lost connection', { fault: 'resetAfterBody' }],
];

describe('the applicant data of a Background Check order never leaves in an error, an output or a log', () => {
	it.each(FAILURES)('%s, with and without Continue On Fail', async (_name, answer) => {
		for (const continueOnFail of [false, true]) {
			const { value: run, logs } = await withLogs(() =>
				runCase(order, () => answer, { parameters: orderParameters, apiKey: API_KEY, continueOnFail }),
			);
			casesTried += 1;
			expect(leaks(run, logs, NEEDLES, { output: true })).toEqual([]);
			expect(leaks(run, logs, KEY_NEEDLES, { output: true })).toEqual([]);
			if (continueOnFail) {
				expect(run.result.error).toBeUndefined();
				expect(run.output).toHaveLength(1);
				expect(typeof run.output[0].error).toBe('string');
			} else {
				expect(run.result.error?.message).toBeTruthy();
				expect(run.result.error?.message).not.toMatch(/is not valid JSON/);
				// The raw answer kept on the error is still a JSON value, not text that stopped parsing.
				const details = (run.result.error as { errorResponse?: unknown }).errorResponse;
				expect(JSON.parse(JSON.stringify(details ?? null))).toEqual(details ?? null);
			}
		}
	});

	it('a 201 answer carrying them in every form: the output has none, and is the same record with them redacted', async () => {
		const stored = {
			id: 501,
			status: 'processing',
			ssn: FORMS.ssn[1],
			dob: FORMS.dob[2],
			driver_license: FORMS.licence[1],
			applicant: { ssn: FORMS.ssn[0], dob: FORMS.dob[0], driver_license: FORMS.licence[0], first_name: 'Ada' },
			note: `Ordered for ${sentence}`,
			reference: 1234567890,
		};
		const { value: run, logs } = await withLogs(() =>
			runCase(order, () => ({ status: 201, body: stored }), { parameters: orderParameters, apiKey: API_KEY }),
		);
		casesTried += 1;
		expect(run.result.error).toBeUndefined();
		expect(leaks(run, logs, NEEDLES, { output: true })).toEqual([]);
		const [output] = run.output as IDataObject[];
		expect(output).toMatchObject({
			id: 501,
			status: 'processing',
			ssn: '[redacted]',
			dob: '[redacted]',
			driver_license: '[redacted]',
			applicant: { ssn: '[redacted]', dob: '[redacted]', driver_license: '[redacted]', first_name: 'Ada' },
		});
		expect(output.note).toMatch(/^Ordered for \[redacted\]/);
	});
});

describe('the API key never appears in an error, whatever the operation', () => {
	const echoes: [string, Script][] = [
		['a 500 message', () => ({ status: 500, body: { message: `Failed for ${keySentence}` } })],
		['a 401 message', () => ({ status: 401, body: { message: `Key ${keySentence} is unknown` } })],
		['a 422 field error', () => ({ status: 422, body: { errors: { token: [keySentence] } } })],
		['a redirect', () => ({ status: 307, headers: { Location: `/login?token=${API_KEY}` } })],
		['a 200 of the wrong shape', () => ({ status: 200, body: API_KEY })],
	];

	it.each(echoes)('echoed in %s', async (name, script) => {
		const problems: string[] = [];
		// Deactivate reads no body: a 200 of any shape is a success for it.
		const operations = OPERATIONS.filter((operation) => operation.name !== 'user.deactivate' || !name.includes('200'));
		const { logs } = await withLogs(() =>
			inParallel(
				operations,
				async (operation) => {
					const run = await runCase(operation, script, { apiKey: API_KEY });
					casesTried += 1;
					if (!run.result.error) problems.push(`${operation.name}: no error`);
					problems.push(...leaks(run, '', KEY_NEEDLES, { output: false }).map((leak) => `${operation.name}: ${leak}`));
				},
				operations.length,
			),
		);
		expect(problems).toEqual([]);
		expect(KEY_NEEDLES.filter((needle) => logs.toLowerCase().includes(needle))).toEqual([]);
	});
});
