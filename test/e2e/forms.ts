// An n8n form filled in as a browser does it: the page is read (GET, with the form's login when it asks for one), its
// fields are sent as multipart/form-data (what the page's script posts, files included), and the page that follows is
// the one a person sees: a later page of the form (answered the same way, at its own address) or its ending page.
import { waitFor } from '../../scripts/n8n-runtime';

/** A file chosen in a file field. */
export interface FormFile {
	name: string;
	type: string;
	content: string | Uint8Array;
}

/** What a person fills in, by the label shown above each field. */
export type FormAnswers = Record<string, string | FormFile>;

/** A page as a person reads it: its heading, its text without tags, and its links; its address, where it is sent. */
export interface FormPage {
	html: string;
	title: string;
	text: string;
	links: string[];
	url: string;
}

/** The user name and password of a form behind Basic Auth, as a browser asks for them. */
export interface FormLogin {
	user: string;
	password: string;
}

const basicAuth = (login?: FormLogin): Record<string, string> =>
	login ? { authorization: `Basic ${Buffer.from(`${login.user}:${login.password}`).toString('base64')}` } : {};

interface FormField {
	id: string;
	label: string;
	kind: 'file' | 'hidden' | 'other';
	/** What a hidden field sends as it is (an HTML element's own copy of its text). */
	value: string;
	/** Marked required: the page refuses to send the form without it. */
	required: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", '#x3D': '=', nbsp: ' ' };

function decode(text: string): string {
	return text.replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity);
}

/** The text a person reads: tags removed, line breaks kept, entities decoded. */
function visibleText(html: string): string {
	const body = html.replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, '');
	return decode(body.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, ''))
		.split('\n')
		.map((line) => line.replace(/\s+/g, ' ').trim())
		.filter(Boolean)
		.join('\n');
}

export function readPage(html: string, url: string): FormPage {
	return {
		html,
		title: visibleText(/<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1] ?? ''),
		text: visibleText(html),
		links: [...html.matchAll(/<a [^>]*href=["']([^"']+)["']/gi)].map((match) => decode(match[1])),
		url,
	};
}

/** The choices a dropdown of the page offers, by the label shown above it (its placeholder left out). */
export function choicesOf(page: FormPage, label: string): string[] {
	const field = formFields(page.html).find((candidate) => candidate.label === label);
	if (!field) throw new Error(`The page has no field '${label}'`);
	const select = new RegExp(`<select[^>]*name=['"]${field.id}['"][^>]*>([\\s\\S]*?)</select>`, 'i').exec(page.html)?.[1] ?? '';
	return [...select.matchAll(/<option value=(?:'([^']*)'|"([^"]*)")/gi)].map((match) => decode(match[1] ?? match[2])).filter(Boolean);
}

/** The form's fields in page order, each with the label a person sees. */
function formFields(html: string): FormField[] {
	const form = /<form[\s\S]*?<\/form>/i.exec(html)?.[0];
	if (!form) throw new Error(`The page has no form:\n${visibleText(html).slice(0, 500)}`);
	const labels = new Map(
		[...form.matchAll(/<label[^>]*for=['"]([^'"]+)['"][^>]*>([\s\S]*?)<\/label>/gi)].map((match) => [
			match[1],
			visibleText(match[2]),
		]),
	);
	return [...form.matchAll(/<(input|select|textarea)\b([^>]*)>/gi)]
		.map((match) => ({ tag: match[1].toLowerCase(), attributes: match[2] }))
		.map(({ attributes }) => ({
			id: /\bname=['"]([^'"]+)['"]/i.exec(attributes)?.[1] ?? '',
			kind: /\btype=['"]file['"]/i.test(attributes)
				? ('file' as const)
				: /\btype=['"]hidden['"]/i.test(attributes)
					? ('hidden' as const)
					: ('other' as const),
			value: decode(/\bvalue=(?:"([^"]*)"|'([^']*)')/i.exec(attributes)?.slice(1).find((value) => value !== undefined) ?? ''),
			required: /\bclass=['"][^'"]*\bform-required\b/i.test(attributes),
		}))
		.filter((field) => field.id !== '')
		.map((field) => ({ ...field, label: labels.get(field.id) ?? field.id }));
}

/** The execution's status as the page's script asks for it: 'form-waiting' once a page of the form waits. */
async function executionStatus(waitingUrl: string): Promise<string> {
	const status = (await (await fetch(`${waitingUrl}/n8n-execution-status`)).text()).trim();
	if (['canceled', 'crashed', 'error'].includes(status)) throw new Error(`The execution behind the form ended: ${status}`);
	return status;
}

/** The page waiting at `waitingUrl`, as the page's script opens it; `after`: another page than this one. */
async function waitingPage(waitingUrl: string, after?: FormPage): Promise<FormPage> {
	return waitFor(
		'the next page of the form',
		async () => {
			if ((await executionStatus(waitingUrl)) !== 'form-waiting') return undefined;
			const page = await fetch(waitingUrl, { signal: AbortSignal.timeout(30_000) });
			const html = await page.text();
			if (!page.ok) throw new Error(`The page answered ${page.status}: ${visibleText(html).slice(0, 500)}`);
			const next = readPage(html, waitingUrl);
			// Until the execution has moved on, the page sent is still the one waiting.
			return after && next.title === after.title ? undefined : next;
		},
		60_000,
		500,
	);
}

/** The page after the form's first: a later page of the form, or its ending page, once n8n's execution reaches it. */
async function nextPage(response: Response, url: string): Promise<FormPage> {
	const text = await response.text();
	if (!response.ok) throw new Error(`The form answered ${response.status}: ${visibleText(text).slice(0, 500)}`);
	let answer: { formWaitingUrl?: string } | undefined;
	try {
		answer = JSON.parse(text) as { formWaitingUrl?: string };
	} catch {
		// Not JSON: the page itself, which the script puts in place of the form.
		return readPage(text, url);
	}
	const waitingUrl = answer?.formWaitingUrl;
	if (!waitingUrl) throw new Error(`The form answered without a next page: ${text.slice(0, 500)}`);
	// As the page's script does: ask for the execution's status until the next page waits, then open it.
	return waitingPage(waitingUrl);
}

/** The page's fields filled in by label (every required field must be answered, an optional one is sent empty). */
function filledIn(html: string, answers: FormAnswers): FormData {
	const fields = formFields(html);
	const unknown = Object.keys(answers).filter((label) => !fields.some((field) => field.label === label && field.kind !== 'hidden'));
	if (unknown.length > 0) {
		throw new Error(`The form has no field ${unknown.join(', ')}; it has ${fields.map((field) => field.label).join(', ')}`);
	}
	const body = new FormData();
	for (const field of fields) {
		// A hidden field is sent as the page has it; an optional field left empty is sent empty, as a browser does.
		if (field.kind === 'hidden') {
			body.append(field.id, field.value);
			continue;
		}
		const answer = answers[field.label] ?? (field.required ? undefined : '');
		if (answer === undefined) throw new Error(`No answer for the required field '${field.label}'`);
		if (field.kind === 'file') {
			if (typeof answer === 'string') throw new Error(`The field '${field.label}' takes a file`);
			body.append(field.id, new Blob([answer.content], { type: answer.type }), answer.name);
		} else {
			if (typeof answer !== 'string') throw new Error(`The field '${field.label}' takes text`);
			body.append(field.id, answer);
		}
	}
	return body;
}

/**
 * Opens the form at `url` (with its login, if it asks for one), fills in `answers` (by label; every required field must
 * be answered, an optional one left out is sent empty) and submits it; returns the page that follows.
 */
export async function submitForm(url: string, answers: FormAnswers, login?: FormLogin): Promise<FormPage> {
	// A form published a moment ago may not be served yet: in queue mode the webhook processor learns of it through
	// Redis (its page says "Problem loading form", 404). Anything else, or a 404 that lasts, fails the test.
	let last = { status: 0, html: '' };
	const html = await waitFor(
		`the form page at ${url}`,
		async () => {
			const opened = await fetch(url, { headers: basicAuth(login), signal: AbortSignal.timeout(30_000) });
			last = { status: opened.status, html: await opened.text() };
			if (opened.ok) return last.html;
			if (opened.status !== 404) throw new Error(`The form page answered ${opened.status}: ${visibleText(last.html).slice(0, 500)}`);
			return undefined;
		},
		30_000,
		500,
	).catch((error: Error) => {
		throw new Error(`${error.message}; the form page answered ${last.status}: ${visibleText(last.html).slice(0, 500)}`);
	});
	const body = filledIn(html, answers);
	// The page's script posts to its own address with the form's Basic Auth token, if it has one.
	const authToken = /const authToken = '([^']*)'/.exec(html)?.[1];
	const response = await fetch(url, {
		method: 'POST',
		body,
		headers: { ...basicAuth(login), ...(authToken ? { 'x-auth-token': authToken } : {}) },
		signal: AbortSignal.timeout(120_000),
	});
	return nextPage(response, url);
}

/** Answers a later page of the form (by label, as `submitForm` does) and returns the page that follows it. */
export async function submitPage(page: FormPage, answers: FormAnswers): Promise<FormPage> {
	const authToken = /const authToken = '([^']*)'/.exec(page.html)?.[1];
	const response = await fetch(page.url, {
		method: 'POST',
		body: filledIn(page.html, answers),
		headers: authToken ? { 'x-auth-token': authToken } : {},
		signal: AbortSignal.timeout(120_000),
	});
	if (!response.ok) throw new Error(`The page answered ${response.status}: ${visibleText(await response.text()).slice(0, 500)}`);
	return waitingPage(page.url, page);
}
