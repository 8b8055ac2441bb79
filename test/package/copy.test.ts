// n8n's UX guidelines for the copy (N3, O8, F2, F3, F4, F7): descriptions, tooltips, hints and dropdown
// descriptions are in sentence case. Users, trainings, background checks and tags are common nouns there; labels and
// operation names quoted or named in them ('Deactivate Missing Users', Get Many for User, User ID) keep their title
// case. A field's name in a text is in single quotation marks.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { MinistrySafeWebhookApi } from '../../credentials/MinistrySafeWebhookApi.credentials';
import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node';
import { MinistrySafePollingTrigger } from '../../nodes/MinistrySafePollingTrigger/MinistrySafePollingTrigger.node';
import { MinistrySafeTrigger } from '../../nodes/MinistrySafeTrigger/MinistrySafeTrigger.node';
import { testWebhookCredential } from '../../nodes/MinistrySafeTrigger/webhookCredentialTest';
import { exampleWorkflows } from '../../scripts/n8n-runtime';

const ROOT = join(__dirname, '..', '..');

const NOUNS = /\b(Background Checks?|Users?|Organizations?|Trainings?|Tags?)\b/;
/**
 * Where a capital is right: a quoted label (an apostrophe inside a word, the organization's, opens none), a path in
 * the editor (User > Get Many), a label or name written out.
 */
const NAMES =
	/"[^"]*"|(?<![A-Za-z])'[^']*'(?![A-Za-z])|[A-Z][A-Za-z ]* > [A-Z][A-Za-z ]*|Get Many for User|User ID|User Type|Tag Names? or IDs?|Organization Type|Deactivate Missing Users|Deactivate Only Users With Tag|<[^>]*>/g;

/** Every text of a description a person reads as a sentence, with where it is. */
function sentences(description: INodeTypeDescription): Array<[string, string]> {
	const found: Array<[string, string]> = [[`${description.displayName}: description`, description.description]];
	const visit = (where: string, item: INodeProperties | INodePropertyOptions | INodePropertyCollection) => {
		const named = 'displayName' in item ? item.displayName : item.name;
		const here = `${where} > ${named}`;
		for (const key of ['description', 'hint', 'placeholder', 'action'] as const) {
			const text = (item as unknown as Record<string, unknown>)[key];
			if (typeof text === 'string') found.push([`${here}: ${key}`, text]);
		}
		if ('type' in item && item.type === 'notice') found.push([`${here}: notice`, item.displayName]);
		for (const child of ('options' in item ? (item.options ?? []) : []) as Array<INodePropertyOptions | INodeProperties>) {
			if (typeof child === 'object') visit(here, child);
		}
		for (const child of ('values' in item ? item.values : []) as INodeProperties[]) visit(here, child);
		for (const mode of ('modes' in item ? (item.modes ?? []) : [])) {
			for (const key of ['placeholder', 'hint'] as const) {
				if (typeof mode[key] === 'string') found.push([`${here} > ${mode.displayName}: ${key}`, mode[key]]);
			}
		}
	};
	for (const property of description.properties) visit(description.displayName, property);
	return found;
}

const descriptions = [new MinistrySafe(), new MinistrySafeTrigger(), new MinistrySafePollingTrigger()].map(
	(node) => node.description,
);

it('reads every text of the three nodes', () => {
	const texts = descriptions.flatMap(sentences);
	// Enough that a walk that stopped early would show: each operation has at least its description.
	expect(texts.length).toBeGreaterThan(100);
});

it('writes users, trainings, background checks and tags in lower case inside sentences', () => {
	const capitalized = descriptions
		.flatMap(sentences)
		// The first word of a sentence keeps its capital.
		.filter(([, text]) => NOUNS.test(text.replace(NAMES, ' ').replace(/(^|[.!?:;]\s+)\S+/g, '$1')))
		.map(([where, text]) => `${where}: ${text}`);
	expect(capitalized).toEqual([]);
});

/** Where double quotation marks are right: an HTML attribute, or a JSON example such as { "level": 3 }. */
const HTML_OR_JSON = /<[^>]*>|\{[^}]*\}/g;
/** A field as the service names it (external_id, previous_status), which a sentence must quote. */
const SERVICE_FIELD = /\b[a-z]+(?:_[a-z0-9]+)+\b/;
/** A name in single quotation marks; an apostrophe inside a word (the user's) is not one. */
const QUOTED = /(?<![A-Za-z])'[^']*'(?![A-Za-z])/g;

it("names fields in single quotation marks, never in double ones", () => {
	const texts = descriptions.flatMap(sentences).map(([where, text]) => [where, text.replace(HTML_OR_JSON, ' ')]);
	const doubleQuoted = texts.filter(([, text]) => text.includes('"')).map(([where, text]) => `${where}: ${text}`);
	const bareServiceFields = texts
		.filter(([, text]) => SERVICE_FIELD.test(text.replace(QUOTED, ' ')))
		.map(([where, text]) => `${where}: ${text}`);
	expect(doubleQuoted).toEqual([]);
	expect(bareServiceFields).toEqual([]);
});

/** The operations of the action node, by the names its Operation dropdowns show. */
const OPERATION_NAMES = [
	...new Set(
		descriptions[0].properties
			.filter((property) => property.name === 'operation')
			.flatMap((property) => (property.options as INodePropertyOptions[]).map(({ name }) => name)),
	),
];

it('names operations and fields in single quotation marks, with their values beside them', () => {
	// An operation named in another's text: of more than one word, so that a verb opening a sentence is not one.
	const named = OPERATION_NAMES.filter((name) => name.includes(' '));
	expect(named).toEqual(expect.arrayContaining(['Get Many', 'Create or Update', 'Get Sign-In Link']));
	const texts = descriptions.flatMap(sentences).map(([where, text]) => [where, text.replace(QUOTED, ' ').replace(HTML_OR_JSON, ' ')]);
	const bareOperations = texts.flatMap(([where, text]) =>
		named.filter((name) => new RegExp(`(?<![A-Za-z])${name}(?![A-Za-z])`).test(text)).map((name) => `${where}: ${name}`),
	);
	// A field and its value, such as deactivated: true, reads as 'deactivated' set to true.
	const bareFieldValues = texts.filter(([, text]) => /\b[a-z][a-z_]*: (true|false|null)\b/.test(text)).map(([where, text]) => `${where}: ${text}`);
	expect(bareOperations).toEqual([]);
	expect(bareFieldValues).toEqual([]);
});

/** The documents a user reads beside the editor. */
const DOCUMENTS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** The nodes' texts that match, each with where it is. */
const nodeTextsMatching = (pattern: RegExp) =>
	descriptions
		.flatMap(sentences)
		.filter(([, text]) => pattern.test(text))
		.map(([where, text]) => `${where}: ${text}`);

/** The documents' lines that match, each with its file and line. */
const documentLinesMatching = (files: string[], pattern: RegExp) =>
	files.flatMap((file) =>
		readFileSync(join(ROOT, file), 'utf8')
			.split('\n')
			.map((line, index) => [`${file}:${index + 1}`, line] as const)
			.filter(([, line]) => pattern.test(line))
			.map(([where, line]) => `${where}: ${line.trim().slice(0, 120)}`),
	);

it("gives the renewal window one name everywhere, its label's: 'Expiring Within (Days)'", () => {
	const otherNames = /\bnotice window\b|\bNotice \(Days\)|\bNotice Days\b/i;
	expect(nodeTextsMatching(otherNames)).toEqual([]);
	expect(documentLinesMatching(DOCUMENTS, otherNames)).toEqual([]);
});

it("calls the webhook credential's user name 'Username', in its label and in every text about it", async () => {
	const credential = new MinistrySafeWebhookApi();
	const user = credential.properties.find((property) => property.name === 'user');
	// The field's name is what saved credentials hold; its label is what people read.
	expect(user?.displayName).toBe('Username');
	const test = async (data: Record<string, string>) =>
		(await testWebhookCredential.call({} as never, { id: '1', name: 'webhook', type: credential.name, data })).message;
	const texts = [
		...credential.properties.flatMap((property) => [property.description ?? '', property.hint ?? '']),
		await test({ user: '', password: 'secret' }),
		await test({ user: 'church:admin', password: 'secret' }),
	];
	expect(texts.filter((text) => /\buser\b/i.test(text))).toEqual([]);
	// The messages name the fields by their labels, quoted.
	expect(texts.filter((text) => /'Username'/.test(text)).length).toBe(2);
});

it('calls a field by the label the editor shows, in the nodes and in the documents alike', () => {
	// Names a text once gave fields whose labels say otherwise: Get Report's 'Max Users Listed', n8n's mapper's
	// 'Column to match on', the survey-code field 'Survey Code Names or IDs'.
	const retired = /Max People Listed|Columns to Match On|\*\*Survey Codes\*\*/i;
	expect(nodeTextsMatching(retired)).toEqual([]);
	expect(documentLinesMatching([...DOCUMENTS, 'CHANGELOG.md'], retired)).toEqual([]);
});

it("ends a one-sentence notice without a period, as n8n's UI design says for info boxes (UID 'Tooltip/Info box', F5)", () => {
	const notices = descriptions.flatMap(sentences).filter(([where]) => where.endsWith(': notice'));
	expect(notices.length).toBeGreaterThan(3);
	const oneSentence = notices.filter(([, text]) => !/[a-z)>]\. [A-Z]/.test(text.replace(/<[^>]*>/g, ' ')));
	expect(oneSentence.filter(([, text]) => text.trim().endsWith('.')).map(([where, text]) => `${where}: ${text}`)).toEqual([]);
});

it('keeps version notes out of the texts every version shows (a panel says what its own version does)', () => {
	// The operation list cannot differ by version; a parameter that does differs is described once per version. A
	// default's history ('Defaults to on from node version 1.2') is the one note that belongs to every version.
	const noted = nodeTextsMatching(/node version/i).filter((line) => !/Defaults to [^.]*node version/.test(line));
	expect(noted).toEqual([]);
});

it("calls a person of the list a person or a row where the list may be a file, never an item (UXG 'one term', F24)", () => {
	const sync = nodeTextsMatching(/./).filter((line) => /> Sync: description|> User Type for New Users/.test(line));
	expect(sync.length).toBeGreaterThan(3);
	expect(sync.filter((line) => /\bitems?\b|\bitem's\b/.test(line))).toEqual([]);
});

it('never sets two quoted words side by side, which read as two fields (the summary is "the last item", not \'action\' \'summary\')', () => {
	expect(nodeTextsMatching(/'[^']+' '[^']+'/)).toEqual([]);
});

/** What a template shows people before anything runs: its nodes' names and its sticky notes, each with where it is. */
const templateTexts = exampleWorkflows().flatMap((workflow) =>
	workflow.nodes.flatMap((node) => {
		const where = `${workflow.id} > ${String(node.name)}`;
		const note = (node.parameters as { content?: unknown }).content;
		return [[where, String(node.name)], ...(typeof note === 'string' ? [[`${where}: note`, note]] : [])];
	}),
);

it('calls the person who passes a training a user in the templates too, as the nodes do (UXG: one term for one thing)', () => {
	// Quiz Completed's own description: "A user passed a training".
	expect(nodeTextsMatching(/A user passed a training/)).not.toEqual([]);
	const trainee = /\btrainees?\b/i;
	expect(nodeTextsMatching(trainee)).toEqual([]);
	expect(templateTexts.filter(([, text]) => trainee.test(text)).map(([where]) => where)).toEqual([]);
});

it("marks no template's credentials as set up: they are the importer's to set up", () => {
	// n8n's editor offers to set up a workflow's credentials until its `meta.templateCredsSetupCompleted` is true
	// (SetupWorkflowCredentialsButton in n8n's editor-ui); an instance's export carries its own true along.
	expect(templateTexts.length).toBeGreaterThan(20);
	const marked = exampleWorkflows().filter((workflow) => (workflow as { meta?: { templateCredsSetupCompleted?: unknown } }).meta?.templateCredsSetupCompleted !== undefined);
	expect(marked.map((workflow) => workflow.id)).toEqual([]);
});

/** The messages the nodes build at run time: the text strings of the node code, comments left out, each with its file. */
function messageStrings(folder: string): Array<[string, string]> {
	const files = readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'));
	return files.flatMap((file) => {
		const code = readFileSync(join(ROOT, folder, file), 'utf8')
			.replace(/\/\*[\s\S]*?\*\//g, '')
			.replace(/^\s*\/\/.*$/gm, '');
		return [...code.matchAll(/(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g)].map((match): [string, string] => [`${folder}/${file}`, match[2]]);
	});
}
const STAFF_LIST_MESSAGES = messageStrings('nodes/MinistrySafe/staffList');

it("names the 'Options' collection in single quotation marks wherever a text or a message sends the user there (F7)", () => {
	expect(STAFF_LIST_MESSAGES.length).toBeGreaterThan(100);
	const bare = /(?<!')\bOptions\b(?!')/;
	expect(nodeTextsMatching(bare)).toEqual([]);
	expect(STAFF_LIST_MESSAGES.filter(([, text]) => / /.test(text) && bare.test(text))).toEqual([]);
});

it("calls Excel's encodings as Excel names them, in plain words: no byte order mark, endian or character code in a title (F25), and 'CSV UTF-8' one way (F24)", () => {
	const jargon = /byte order mark|endian/i;
	expect(nodeTextsMatching(jargon)).toEqual([]);
	expect(STAFF_LIST_MESSAGES.filter(([, text]) => jargon.test(text))).toEqual([]);
	// A character's code is in a message's description, never in what the error says first.
	expect(STAFF_LIST_MESSAGES.filter(([, text]) => /holds a character that is not text/.test(text) && /U\+/.test(text))).toEqual([]);
	const otherNames = /CSV \(UTF-8\)|(?<!')CSV UTF-8(?!')/;
	expect(nodeTextsMatching(otherNames)).toEqual([]);
	expect(STAFF_LIST_MESSAGES.filter(([, text]) => otherNames.test(text))).toEqual([]);
});

it("describes 'Statuses That Mean Left' at node version 1.3 as it reads (any column, the built-in words too), as its sibling does (F24)", () => {
	const left = nodeTextsMatching(/^/).filter((line) => /> Statuses That Mean (Left|Still There): description/.test(line));
	expect(left).toHaveLength(3);
	expect(left.filter((line) => /in whichever column they stand/.test(line))).toHaveLength(2);
	expect(left.filter((line) => /'Status' column/.test(line))).toHaveLength(1);
});

it("says what 'User Type for New Users' means in words that hold for Sync's list and Create or Update's item alike (F24)", () => {
	const texts = nodeTextsMatching(/./).filter((line) => /> User Type for New Users/.test(line));
	expect(texts.length).toBeGreaterThan(2);
	expect(texts.filter((line) => /\b(list|person|person's|item|row)\b/.test(line))).toEqual([]);
	expect(STAFF_LIST_MESSAGES.filter(([, text]) => /the (item|row) gives no 'User Type'/.test(text))).toEqual([]);
});
