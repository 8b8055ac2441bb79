// npm run sandbox -- --port 4010 [--host H] [--api-key KEY] [--users N] [--latency MS] [--rate-limit N] [--seed N]
// Serves the whole API v2, prints its URL and key once ready, logs one line per request, stops on Ctrl-C.
import { Command, InvalidArgumentError } from 'commander';

import { DEFAULT_API_KEY, startSandbox } from './index';
import { TODAY_VARIABLE } from './seed';

function wholeNumber(label: string, max: number, min = 0) {
	return (text: string): number => {
		const value = Number(text);
		if (!/^\d+$/.test(text) || value < min || value > max) {
			throw new InvalidArgumentError(`${label} must be a whole number from ${min} to ${max}.`);
		}
		return value;
	};
}

/** A calendar date written YYYY-MM-DD. */
function isoDay(text: string): string {
	const day = Date.parse(`${text}T00:00:00Z`);
	if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(day) || new Date(day).toISOString().slice(0, 10) !== text) {
		throw new InvalidArgumentError('--today must be a date written YYYY-MM-DD, for example 2031-03-07.');
	}
	return text;
}

interface CliOptions {
	port: number;
	host: string;
	apiKey: string;
	users?: number;
	latency: number;
	rateLimit?: number;
	seed?: number;
	today?: string;
}

async function main(): Promise<void> {
	const program = new Command()
		.name('sandbox')
		.description('A local stand-in for the MinistrySafe API v2')
		.option('--port <port>', 'port to listen on (0 picks a free one)', wholeNumber('--port', 65535), 4010)
		.option('--host <host>', 'address to bind', '127.0.0.1')
		.option('--api-key <key>', "the demo Organization's API key", DEFAULT_API_KEY)
		.option('--users <count>', 'seeded Users in the demo Organization', wholeNumber('--users', 1_000_000))
		.option('--latency <ms>', 'milliseconds added to every API answer', wholeNumber('--latency', 600_000), 0)
		.option(
			'--rate-limit <count>',
			'requests a second each Organization may send; beyond them 429 with Retry-After (default: no limit)',
			wholeNumber('--rate-limit', 1_000_000, 1),
		)
		.option('--seed <number>', 'seed of the demo data', wholeNumber('--seed', 2 ** 32 - 1))
		.option(
			'--today <YYYY-MM-DD>',
			`the day the seed's dates count back from, and the sandbox's calendar (default: ${TODAY_VARIABLE}, else today in UTC)`,
			isoDay,
		)
		.parse();
	const options = program.opts<CliOptions>();

	const started = Date.now();
	const sandbox = await startSandbox({
		port: options.port,
		host: options.host,
		apiKey: options.apiKey,
		users: options.users,
		latencyMs: options.latency,
		rateLimit: options.rateLimit,
		seed: options.seed,
		today: options.today,
		log: (line) => console.log(line),
	});
	console.log(`MinistrySafe sandbox ready at ${sandbox.url} (API at ${sandbox.url}/api/v2) in ${Date.now() - started} ms`);
	console.log(`API key: ${sandbox.apiKey}  (send Authorization: Token token=${sandbox.apiKey})`);
	if (options.rateLimit) console.log(`Rate limit: ${options.rateLimit} requests a second per Organization`);

	let stopping = false;
	const stop = (signal: string): void => {
		if (stopping) return;
		stopping = true;
		console.log(`${signal}: stopping the sandbox`);
		sandbox.stop().then(
			() => undefined,
			(error: Error) => {
				console.error(`The sandbox did not stop cleanly: ${error.message}`);
				process.exitCode = 1;
			},
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: Error) => {
	console.error(`The sandbox could not start: ${error.message}`);
	process.exitCode = 1;
});
