// Compliance > Get Report, run by n8n's engine against the sandbox over real HTTP: its figures against Get Many's items
// counted here by hand, its email body against what email clients drop or block, its chat message against its length.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { emailHtmlProblems, visibleText } from '../helpers/emailHtml';
import { jsonOf, runActionNode } from '../helpers/n8n';
import { ok, sandboxClients, sentRequests, useSandbox } from '../helpers/sandbox';

type Entry = IDataObject & { status: string; user_id: number; training: IDataObject; background_check: IDataObject };
type ApiUser = { id: number; first_name: string; last_name: string; tags: string[]; user_type: string | null };
type Counts = { total: number; compliant: number; expiring: number; noncompliant: number };
interface Report {
	summary: string;
	counts: Counts;
	groups: Array<{ name: string; counts: Counts }>;
	due: Entry[];
	html: string;
	text: string;
}

const sandbox = useSandbox();

const run = (operation: string, parameters: INodeParameters, target: Sandbox = sandbox(), items?: IDataObject[]) =>
	runActionNode({ parameters: { resource: 'compliance', operation, ...parameters }, credential: target, timezone: 'UTC', items });

async function report(parameters: INodeParameters = {}, target: Sandbox = sandbox()): Promise<Report> {
	const result = await run('getReport', parameters, target);
	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(1);
	return result.items[0].json as unknown as Report;
}

async function getMany(parameters: INodeParameters = {}, target: Sandbox = sandbox()): Promise<Entry[]> {
	const result = await run('getAll', { returnAll: true, ...parameters }, target);
	expect(result.error).toBeUndefined();
	return jsonOf(result) as Entry[];
}

async function allUsers(target: Sandbox = sandbox()): Promise<ApiUser[]> {
	const users: ApiUser[] = [];
	for (let page = 1; ; page++) {
		const batch = ok(await sandboxClients(target).api.get('/users', { query: { page } })) as ApiUser[];
		users.push(...batch);
		if (batch.length < 100) return users;
	}
}

/** Counts of entries, by hand. */
function counted(entries: Entry[]): Counts {
	const counts = { total: entries.length, compliant: 0, expiring: 0, noncompliant: 0 };
	for (const entry of entries) counts[entry.status as 'compliant' | 'expiring' | 'noncompliant']++;
	return counts;
}

describe('Compliance > Get Report', () => {
	it("counts what Get Many lists: in all, per Tag (a User in each of their Tags, 'No tag' for the rest), per User Type, or not grouped", async () => {
		const entries = await getMany();
		const users = new Map((await allUsers()).map((user) => [user.id, user]));
		const byTag = await report();
		expect(byTag.counts).toEqual(counted(entries));
		expect(byTag.summary).toBe(
			`${entries.length} users: ${byTag.counts.compliant} compliant, ${byTag.counts.expiring} expiring, ${byTag.counts.noncompliant} noncompliant`,
		);

		const tagsOf = (entry: Entry) => (users.get(entry.user_id) as ApiUser).tags;
		const tagNames = [...new Set(entries.flatMap(tagsOf))].sort((a, b) => a.localeCompare(b));
		expect(tagNames.length).toBeGreaterThan(2);
		const expectedByTag = tagNames.map((name) => ({ name, counts: counted(entries.filter((entry) => tagsOf(entry).includes(name))) }));
		expectedByTag.push({ name: 'No tag', counts: counted(entries.filter((entry) => tagsOf(entry).length === 0)) });
		expect(byTag.groups).toEqual(expectedByTag);
		// Someone in two Tags counts in both: the groups add up to more than the total.
		expect(byTag.groups.reduce((sum, group) => sum + group.counts.total, 0)).toBeGreaterThan(entries.length);

		const typeOf = (entry: Entry) => (users.get(entry.user_id) as ApiUser).user_type;
		const byType = await report({ groupBy: 'userType' });
		expect(byType.groups).toEqual([
			{ name: 'Employee', counts: counted(entries.filter((entry) => typeOf(entry) === 'employee')) },
			{ name: 'Volunteer', counts: counted(entries.filter((entry) => typeOf(entry) === 'volunteer')) },
			{ name: 'No user type', counts: counted(entries.filter((entry) => typeOf(entry) === null)) },
		].filter((group) => group.counts.total > 0));
		expect(byType.groups.length).toBeGreaterThan(1);
		expect((await report({ groupBy: 'none' })).groups).toEqual([]);
	});

	it('lists as due the Get Many item of everyone expiring or noncompliant, soonest first', async () => {
		const entries = await getMany();
		const { due, text, html } = await report();
		const notCompliant = entries.filter((entry) => entry.status !== 'compliant');
		expect([...due].sort((a, b) => a.user_id - b.user_id)).toEqual([...notCompliant].sort((a, b) => a.user_id - b.user_id));
		// The day each must act by, worked out here: the earliest lapsed record's day, today for one missing or pending,
		// else the earliest expiry.
		const today = new Date().toISOString().slice(0, 10);
		const dueDay = (entry: Entry) => {
			const records = [entry.training, entry.background_check];
			const days = (status: string) =>
				records.filter((record) => record.status === status).map((record) => String(record.expires_at)).sort();
			if (days('expired').length > 0) return days('expired')[0];
			if (records.some((record) => record.status === 'missing' || record.status === 'pending')) return today;
			return days('expiring')[0];
		};
		const days = due.map(dueDay);
		expect(days).toEqual([...days].sort());
		expect(new Set(days).size).toBeGreaterThan(3);

		// The email and the message name each person with what is due and by when.
		const first = due[0];
		const name = `${String(first.first_name)} ${String(first.last_name)}`;
		expect(text).toContain(`- ${name}: `);
		expect(visibleText(html)).toContain(name);
		expect(visibleText(html)).toMatch(/overdue\s+since \d{4}-\d{2}-\d{2}/);
	});

	it('reads as Get Many does: the same Filters and Settings give the same people', async () => {
		const parameters = {
			filters: { status: ['expiring', 'noncompliant'], tag: 'Staff' },
			settings: { backgroundCheckValidityMonths: 0, expiringWithinDays: 90 },
		};
		const entries = await getMany(parameters);
		const { counts, due, text } = await report(parameters);
		expect(counts).toEqual(counted(entries));
		expect(counts.compliant).toBe(0);
		expect(due.map((entry) => entry.user_id).sort()).toEqual(entries.map((entry) => entry.user_id).sort());
		// No Background Check is required: none is named as due.
		expect(text).not.toMatch(/Background check/);
		expect(text.split('\n')[1]).toContain('(expiring: within 90 days)');
	});

	it('escapes every name from the service in the email, and keeps it readable and inert in the chat message', async () => {
		const marked = {
			first_name: '<img src="https://tracker.example/p.gif">',
			last_name: `"Eve" & O'Neil</td></tr></table><script>alert(1)</script>`,
			email: 'eve+<b>@example.org',
			external_id: 'MARKUP-1',
		};
		ok(
			await sandboxClients(sandbox()).api.post('/users', {
				form: { user: marked, tag_list: '<style>body{display:none}</style>, A&B <Team>' },
			}),
		);
		const { html, text, due, groups } = await report();
		expect(due.map((entry) => entry.external_id)).toContain('MARKUP-1');
		expect(groups.map((group) => group.name)).toEqual(expect.arrayContaining(['A&B <Team>', '<style>body{display:none}</style>']));
		expect(emailHtmlProblems(html)).toEqual([]);
		expect(html).not.toContain('<img');
		expect(html).not.toContain('<script');
		expect(html).not.toContain('<style');
		expect(html).toContain('&lt;img src=&quot;https://tracker.example/p.gif&quot;&gt;');
		expect(html).toContain('&quot;Eve&quot; &amp; O&#39;Neil&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;script&gt;');
		expect(html).toContain('A&amp;B &lt;Team&gt;');
		expect(html).toContain('eve+&lt;b&gt;@example.org');
		// What a reader sees is the name as it was given.
		expect(visibleText(html)).toContain(`${marked.first_name} ${marked.last_name}`);
		expect(text).toContain(`- ‹img src="https∶//tracker․example/p․gif"› "Eve" ＆ O'Neil‹/td›‹/tr›‹/table›‹script›alert(1)‹/script›: Training missing`);
		expect(text).toContain('- A＆B ‹Team›: ');
	});

	it('lists names that are mentions, links, markup or line breaks in Slack, Teams, Discord or Google Chat as inert, readable text', async () => {
		// Each a first name, as anyone could type it into the volunteer sign-up form.
		const names: Array<[string, string]> = [
			['<!channel>', '‹!channel›'],
			['<!here>', '‹!here›'],
			['<@U123>', '‹＠U123›'],
			['<https://evil.example/renew|Renew your training>', '‹https∶//evil․example/renewǀRenew your training›'],
			['@everyone', '＠everyone'],
			['@here', '＠here'],
			['@channel', '＠channel'],
			['[Renew now](https://evil.example/r)', '［Renew now］(https∶//evil․example/r)'],
			['<b>Bold</b>', '‹b›Bold‹/b›'],
			['Line\nbreak', 'Line break'],
			['<at>Safety Team</at>', '‹at›Safety Team‹/at›'],
			['<@&123456789012345678>', '‹＠＆123456789012345678›'],
			['<users/all>', '‹users/all›'],
			['*Bold* _and_ ~gone~', '∗Bold∗ ＿and＿ ∼gone∼'],
			['evil.example', 'evil․example'],
		];
		for (const [index, [firstName]] of names.entries()) {
			ok(
				await sandboxClients(sandbox()).api.post('/users', {
					form: { user: { first_name: firstName, last_name: 'Chat', email: `chat${index}@example.org`, external_id: `CHAT-${index}` }, tag_list: index === 0 ? 'Chat, <!channel>, @here' : 'Chat' },
				}),
			);
		}
		const { text, summary, groups } = await report({ filters: { tag: 'Chat' } });
		// The names and the tags are the service's, as typed: only the message changes them.
		expect(groups.map((group) => group.name)).toEqual(expect.arrayContaining(['<!channel>', '@here']));
		for (const [firstName, shown] of names) {
			expect(text).not.toContain(firstName);
			expect(text).toContain(`- ${shown} Chat: Training missing`);
		}
		expect(text).toContain('- ‹!channel›: ');
		expect(text).toContain('- ＠here: ');
		for (const message of [text, summary]) {
			expect(message).not.toMatch(/[<>@[\]*_~`|&]|:\/\/|evil\.example/);
		}
		// Every line is one of the report's own: a name never starts one.
		for (const line of text.split('\n')) expect(line).toMatch(/^(|- .*|Compliance on .*|\d+ users?: .*|By tag:|Due, soonest first \(\d+\):|No one is due\.|and \d+ more .*)$/);
	});

	it('writes HTML an email client keeps whole: tables and inline styles, nothing it would drop or block', async () => {
		const { html, counts, groups } = await report();
		expect(emailHtmlProblems(html)).toEqual([]);
		// The checker finds what it must: each of these is a problem.
		for (const bad of [
			'<style>td{color:red}</style>',
			'<img src="cid:logo">',
			'<table><tr><td onclick="x()">a</td></tr></table>',
			'<td style="background:url(https://x.example/a.png)">a</td>',
			'<form><input></form>',
			'<a href="https://example.org">a</a>',
			'<table><tr><td class="x">a</td></tr></table>',
			'<!-- a comment -->',
			'<b>unclosed',
			'a & b',
		]) {
			expect([bad, emailHtmlProblems(bad).length > 0]).toEqual([bad, true]);
		}
		// A headline with the counts; a bar per group, its segments' widths the shares, each with its number beside.
		const text = visibleText(html);
		expect(text).toContain(`${counts.total} users: ${counts.compliant} compliant, ${counts.expiring} expiring, ${counts.noncompliant} noncompliant`);
		for (const { name, counts: ofGroup } of groups) {
			expect(text).toContain(`${ofGroup.compliant} compliant · ${ofGroup.expiring} expiring · ${ofGroup.noncompliant} noncompliant`);
			expect(text).toContain(name);
		}
		const bars = [...html.matchAll(/<table[^>]*table-layout:fixed;[^>]*><tr>(.*?)<\/tr><\/table>/g)].map(([, cells]) =>
			[...cells.matchAll(/<td width="(\d+)%"[^>]*title="(\d+) (\w+)"/g)].map(([, width, count, status]) => ({
				width: Number(width),
				count: Number(count),
				status,
			})),
		);
		expect(bars).toHaveLength(groups.length + 1);
		for (const [index, segments] of bars.entries()) {
			const total = index === 0 ? counts.total : groups[index - 1].counts.total;
			expect(segments.reduce((sum, segment) => sum + segment.width, 0)).toBe(100);
			for (const segment of segments) expect(Math.abs(segment.width - (segment.count * 100) / total)).toBeLessThan(2);
		}
	});

	it('gives one report for many input items, paired with all of them', async () => {
		const result = await run('getReport', {}, sandbox(), [{}, {}, {}]);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('refuses a bad Group By and a bad Status together, naming both, and sends nothing', async () => {
		sandbox().clearRequests();
		const result = await run('getReport', { groupBy: '={{ "team" }}', filters: { status: 'late' } });
		expect(result.error?.message).toBe(
			"2 fields need correcting: 'Status' must be among 'Compliant', 'Expiring' or 'Noncompliant' (in an expression: compliant, expiring, noncompliant); 'Group By' must be one of 'None', 'Tag' or 'User Type' (in an expression: none, tag, userType) [item 0]",
		);
		expect(sentRequests(sandbox())).toEqual([]);
	});

	it('keeps the chat message within 40 lines for 10,000 people, saying how many more, and reads only the three lists', async () => {
		const large = await startSandbox({ users: 10000 });
		try {
			const { counts, due, text, html } = await report({}, large);
			expect(counts.total).toBe(10000);
			const lines = text.split('\n');
			expect(lines.length).toBeLessThanOrEqual(40);
			expect(lines.length).toBeGreaterThan(30);
			const listed = lines.slice(lines.indexOf(`Due, soonest first (${due.length}):`) + 1, -1);
			expect(listed.every((line) => line.startsWith('- '))).toBe(true);
			expect(lines.at(-1)).toBe(`and ${due.length - listed.length} more people`);
			expect(due.length).toBeGreaterThan(1000);
			// The email lists the first 100 and says how many more.
			expect(visibleText(html)).toContain(`and ${due.length - 100} more: the node's 'due' output lists everyone`);
			expect(emailHtmlProblems(html)).toEqual([]);
			const paths = new Set(sentRequests(large).map((request) => request.path));
			expect([...paths].sort()).toEqual(['/api/v2/background_checks', '/api/v2/trainings', '/api/v2/users', '/api/v2/users/with_page']);
		} finally {
			await large.stop();
		}
		// Seeding and reading 10,000 Users on a busy machine.
	}, 180_000);
});

// Node version 1.3: the report's item stays small whatever the size of the Organization (docs/scale.md, "Large
// organisations"): 'due' lists the people due soonest up to Max Users Listed, the email and the message say how many
// more, and the counts still count everyone. Version 1.2 lists everyone (above, at node version 1).
describe('Compliance > Get Report at node version 1.3', () => {
	const at = (typeVersion: number, parameters: INodeParameters = {}, target: Sandbox = sandbox()) =>
		runActionNode({ parameters: { resource: 'compliance', operation: 'getReport', ...parameters }, credential: target, timezone: 'UTC', typeVersion });
	const reportAt = async (typeVersion: number, parameters: INodeParameters = {}, target: Sandbox = sandbox()) => {
		const result = await at(typeVersion, parameters, target);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		return result.items[0].json as unknown as Report;
	};

	it('lists the 50 people due soonest by default, says how many more in the email and the message, and stays under 200 KB', async () => {
		const large = await startSandbox({ users: 2000 });
		try {
			const everyone = await reportAt(1.2, {}, large);
			const small = await reportAt(1.3, {}, large);
			expect(everyone.due.length).toBeGreaterThan(1000);
			// The same report, but for how many people it names: the counts and groups count everyone.
			expect(small.counts).toEqual(everyone.counts);
			expect(small.groups).toEqual(everyone.groups);
			expect(small.summary).toBe(everyone.summary);
			expect(small.due).toEqual(everyone.due.slice(0, 50));
			const more = everyone.due.length - 50;
			expect(visibleText(small.html)).toContain(`and ${more} more: 'Get Many' lists everyone`);
			expect(visibleText(everyone.html)).toContain(`and ${everyone.due.length - 100} more: the node's 'due' output lists everyone`);
			expect(emailHtmlProblems(small.html)).toEqual([]);
			expect(small.text).toBe(everyone.text);
			// The item an execution saves, and the editor shows: 1.2's grows with the Organization, 1.3's does not.
			const size = (report: Report) => Buffer.byteLength(JSON.stringify(report));
			expect(size(small)).toBeLessThan(200 * 1024);
			expect(size(everyone)).toBeGreaterThan(10 * size(small));
		} finally {
			await large.stop();
		}
	}, 180_000);

	it("'Max Users Listed' bounds 'due', the email's rows and the message's people alike; 0 lists no one", async () => {
		const everyone = await reportAt(1.2);
		const three = await reportAt(1.3, { dueLimit: 3 });
		expect(everyone.due.length).toBeGreaterThan(5);
		expect(three.due).toEqual(everyone.due.slice(0, 3));
		expect(three.counts).toEqual(everyone.counts);
		const rows = [...three.html.matchAll(/<tr><td valign="top"/g)];
		expect(rows).toHaveLength(3);
		expect(visibleText(three.html)).toContain(`Due: ${everyone.due.length} people, soonest first`);
		expect(visibleText(three.html)).toContain(`and ${everyone.due.length - 3} more: 'Get Many' lists everyone`);
		const lines = three.text.split('\n');
		const heading = lines.indexOf(`Due, soonest first (${everyone.due.length}):`);
		expect(lines.slice(heading + 1)).toEqual([
			...everyone.text.split('\n').slice(heading + 1, heading + 4),
			`and ${everyone.due.length - 3} more people`,
		]);

		const none = await reportAt(1.3, { dueLimit: 0 });
		expect(none.due).toEqual([]);
		expect(none.counts).toEqual(everyone.counts);
		expect(none.text.split('\n').slice(-2)).toEqual([`Due, soonest first (${everyone.due.length}):`, `and ${everyone.due.length} more people`]);
	});

	it("refuses a 'Max Users Listed' below 0 together with a bad Group By, naming both, and sends nothing", async () => {
		sandbox().clearRequests();
		const result = await at(1.3, { dueLimit: -1, groupBy: '={{ "team" }}' });
		expect(result.error?.message).toBe(
			"2 fields need correcting: 'Group By' must be one of 'None', 'Tag' or 'User Type' (in an expression: none, tag, userType); 'Max Users Listed' must be 0 or more [item 0]",
		);
		expect(sentRequests(sandbox())).toEqual([]);
	});
});
