// The HR system of the large-organisation benchmark (npm run bench:n8n) and its end-to-end test: a small server on
// 127.0.0.1 that serves the Organization's Users as a staff list, as one JSON array (an HR system's directory endpoint)
// and as a CSV export.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { csvExport } from '../../test/helpers/csvExport';

/** The share of the staff list that differs from the service: 2%, a night's worth of changes in a large district. */
export const CHANGED_EVERY = 50;

export interface StaffListServer {
	url: string;
	/** The same list as a CSV export (a header line, then a person a line). */
	csvUrl: string;
	/** How many rows the list has (a person each). */
	people: number;
	/** The rows, as the JSON array serves them. */
	rows: Array<Record<string, string | null>>;
	/** How many rows differ from the service. */
	changed: number;
	close(): Promise<void>;
}

type ApiUser = { external_id: string | null; first_name: string; last_name: string; email: string; user_type: string | null };

/**
 * The Organization's Users as a staff list with an HR export's column names, every CHANGED_EVERY-th person with a new
 * last name, served as one JSON array on 127.0.0.1. The Users are read through the sandbox's API, 10 pages at a time.
 */
export async function serveStaffList(sandbox: { url: string; apiKey: string }, userCount: number): Promise<StaffListServer> {
	const pages = Math.ceil(userCount / 100);
	const users: ApiUser[] = [];
	for (let first = 1; first <= pages; first += 10) {
		const batch = await Promise.all(
			Array.from({ length: Math.min(10, pages - first + 1) }, async (_, offset) => {
				const response = await fetch(`${sandbox.url}/api/v2/users?page=${first + offset}`, {
					headers: { Authorization: `Token token=${sandbox.apiKey}` },
					signal: AbortSignal.timeout(60_000),
				});
				if (!response.ok) throw new Error(`The sandbox answered ${response.status} for page ${first + offset}`);
				return (await response.json()) as ApiUser[];
			}),
		);
		users.push(...batch.flat());
	}
	let changed = 0;
	const rows = users
		.filter((user) => user.external_id)
		.map((user, index) => {
			const moved = index % CHANGED_EVERY === 0;
			if (moved) changed++;
			return {
				'Employee ID': user.external_id,
				'First Name': user.first_name,
				'Last Name': moved ? `${user.last_name}-Moved` : user.last_name,
				Email: user.email,
				// Blank where the service has none: a type cannot be changed later, so Sync leaves it.
				'User Type': user.user_type ?? '',
			};
		});
	const body = JSON.stringify(rows);
	const csv = csvExport(rows);
	const server: Server = createServer((request, response) => {
		const asCsv = request.url?.startsWith('/staff.csv') ?? false;
		const answer = asCsv ? csv : body;
		response.writeHead(200, {
			'content-type': asCsv ? 'text/csv' : 'application/json',
			'content-length': Buffer.byteLength(answer),
			...(asCsv ? { 'content-disposition': 'attachment; filename="staff.csv"' } : {}),
		});
		response.end(answer);
	});
	await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/staff`,
		csvUrl: `http://127.0.0.1:${port}/staff.csv`,
		people: rows.length,
		rows,
		changed,
		close: () => new Promise((resolveClose) => server.close(() => resolveClose())),
	};
}
