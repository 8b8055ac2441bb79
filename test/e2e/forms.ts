// An n8n form filled in as a browser does it: the page is read (GET), its fields are sent as multipart/form-data (what
// the page's script posts, files included), and the page that follows is the one a person sees: the form's ending page.
import { waitFor } from '../../scripts/n8n-runtime';

/** A file chosen in a file field. */
export interface FormFile {
	name: string;
	type: string;
	content: string | Uint8Array;
}

/** What a person fills in, by the label shown above each field. */
export type FormAnswers = Record<string, string | FormFile>;

/** The ending page as a person reads it: its heading, its text without tags, and its links. */
export interface FormPage {
	html: string;
	title: string;
	text: string;
	links: string[];
}

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

export function readPage(html: string): FormPage {
	return {
		html,
		title: visibleText(/<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1] ?? ''),
		text: visibleText(html),
		links: [...html.matchAll(/<a [^>]*href=["']([^"']+)["']/gi)].map((match) => decode(match[1])),
	};
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

/** The ending page: what the page's script shows once n8n's execution has reached the form's Form Ending node. */
async function endingPage(response: Response): Promise<FormPage> {
	const text = await response.text();
	if (!response.ok) throw new Error(`The form answered ${response.status}: ${visibleText(text).slice(0, 500)}`);
	let answer: { formWaitingUrl?: string } | undefined;
	try {
		answer = JSON.parse(text) as { formWaitingUrl?: string };
	} catch {
		// Not JSON: the page itself, which the script puts in place of the form.
		return readPage(text);
	}
	const waitingUrl = answer?.formWaitingUrl;
	if (!waitingUrl) throw new Error(`The form answered without a next page: ${text.slice(0, 500)}`);
	// As the page's script does: ask for the execution's status until the next page waits, then open it.
	await waitFor(
		'the form ending page',
		async () => {
			const status = (await (await fetch(`${waitingUrl}/n8n-execution-status`)).text()).trim();
			if (['canceled', 'crashed', 'error'].includes(status)) throw new Error(`The execution behind the form ended: ${status}`);
			return status === 'form-waiting' ? status : undefined;
		},
		60_000,
	);
	const page = await fetch(waitingUrl, { signal: AbortSignal.timeout(30_000) });
	const html = await page.text();
	if (!page.ok) throw new Error(`The ending page answered ${page.status}: ${visibleText(html).slice(0, 500)}`);
	return readPage(html);
}

/**
 * Opens the form at `url`, fills in `answers` (by label; every required field must be answered, an optional one left
 * out is sent empty) and submits it; returns the page that follows.
 */
export async function submitForm(url: string, answers: FormAnswers): Promise<FormPage> {
	// A form published a moment ago may not be served yet: in queue mode the webhook processor learns of it through
	// Redis (its page says "Problem loading form", 404). Anything else, or a 404 that lasts, fails the test.
	let last = { status: 0, html: '' };
	const html = await waitFor(
		`the form page at ${url}`,
		async () => {
			const opened = await fetch(url, { signal: AbortSignal.timeout(30_000) });
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
	// The page's script posts to its own address with the form's Basic Auth token, if it has one.
	const authToken = /const authToken = '([^']*)'/.exec(html)?.[1];
	const response = await fetch(url, {
		method: 'POST',
		body,
		headers: authToken ? { 'x-auth-token': authToken } : {},
		signal: AbortSignal.timeout(120_000),
	});
	return endingPage(response);
}
