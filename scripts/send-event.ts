// npm run event -- <userCreated|quizCompleted|backgroundCheckReady>: makes the sandbox of `npm run dev` send one
// webhook event, as MinistrySafe would, to every URL it sends to (the triggers' Production and Test URLs). Press
// "Test this trigger" (or "Listen for test event") in the editor first: the event then arrives there.
import { Command, InvalidArgumentError } from 'commander';

import { DEFAULT_API_KEY } from '../sandbox';

const EVENTS = ['userCreated', 'quizCompleted', 'backgroundCheckReady'] as const;
type EventName = (typeof EVENTS)[number];

interface Sandbox {
	url: string;
	apiKey: string;
}

async function call<T>(sandbox: Sandbox, method: string, path: string, body?: URLSearchParams | object): Promise<T> {
	const form = body instanceof URLSearchParams;
	const response = await fetch(`${sandbox.url}${path}`, {
		method,
		headers: {
			authorization: `Token token=${sandbox.apiKey}`,
			...(body === undefined ? {} : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
		},
		body: body === undefined ? undefined : form ? body.toString() : JSON.stringify(body),
		signal: AbortSignal.timeout(10_000),
	}).catch((error: Error) => {
		throw new Error(`The sandbox at ${sandbox.url} did not answer (${error.message}): is npm run dev running?`);
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
	return (text ? JSON.parse(text) : undefined) as T;
}

/** Creating a User sends userCreated. */
async function userCreated(sandbox: Sandbox): Promise<string> {
	const stamp = Date.now().toString(36);
	const user = await call<{ id: number }>(
		sandbox,
		'POST',
		'/api/v2/users',
		new URLSearchParams({
			'user[first_name]': 'Test',
			'user[last_name]': `Event ${stamp}`,
			'user[email]': `test.event.${stamp}@example.org`,
			'user[external_id]': `DEV-${stamp}`,
		}),
	);
	return `created User ${user.id}`;
}

/** A passed Training sends quizCompleted: the first User gets a new Training, which is then completed with 92. */
async function quizCompleted(sandbox: Sandbox): Promise<string> {
	const [user] = await call<Array<{ id: number }>>(sandbox, 'GET', '/api/v2/users');
	if (!user) throw new Error('The sandbox has no Users');
	await call(sandbox, 'POST', `/api/v2/users/${user.id}/assign_training`, new URLSearchParams({ survey_code: 'standard' }));
	const trainings = await call<Array<{ id: number; complete_date: string | null }>>(sandbox, 'GET', `/api/v2/users/${user.id}/trainings`);
	const open = trainings.filter((training) => training.complete_date === null).pop();
	if (!open) throw new Error(`User ${user.id} has no open Training after the assignment`);
	await call(sandbox, 'POST', `/sandbox/trainings/${open.id}/complete`, { score: 92 });
	return `User ${user.id} passed Training ${open.id} with 92`;
}

/** A processing Background Check that becomes ready sends backgroundCheckReady. */
async function backgroundCheckReady(sandbox: Sandbox): Promise<string> {
	for (let page = 1; page <= 20; page += 1) {
		const checks = await call<Array<{ id: number; status: string }>>(sandbox, 'GET', `/api/v2/background_checks?page=${page}`);
		const processing = checks.find((check) => check.status === 'processing');
		if (processing) {
			await call(sandbox, 'POST', `/sandbox/background_checks/${processing.id}/ready`);
			return `Background Check ${processing.id} is ready`;
		}
		if (checks.length === 0) break;
	}
	throw new Error('The sandbox has no processing Background Check left: restart npm run dev for fresh demo data');
}

const SENDERS: Record<EventName, (sandbox: Sandbox) => Promise<string>> = { userCreated, quizCompleted, backgroundCheckReady };

async function main(): Promise<void> {
	const program = new Command()
		.name('event')
		.description('Make the sandbox of npm run dev send one webhook event')
		.argument('<event>', EVENTS.join(' | '), (value: string) => {
			if (!(EVENTS as readonly string[]).includes(value)) throw new InvalidArgumentError(`one of ${EVENTS.join(', ')}`);
			return value as EventName;
		})
		.option('--sandbox <url>', "the sandbox's URL", 'http://127.0.0.1:4010')
		.option('--api-key <key>', "the sandbox's API key", DEFAULT_API_KEY)
		.parse();
	const [event] = program.processedArgs as [EventName];
	const options = program.opts<{ sandbox: string; apiKey: string }>();
	const done = await SENDERS[event]({ url: options.sandbox.replace(/\/+$/, ''), apiKey: options.apiKey });
	console.log(`${done}: the sandbox sends ${event} to its webhook URLs (see its deliveries in the npm run dev log)`);
}

main().catch((error: Error) => {
	console.error(error.message);
	process.exitCode = 1;
});
