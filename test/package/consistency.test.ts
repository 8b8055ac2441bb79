// Issue 29 (the audit of 2026-11-25): the same thing reads the same way everywhere, as n8n's UX guidelines ask
// ("Consistent naming", field names in single quotation marks), and no default narrows or surprises. Over the three
// nodes and the two credentials as n8n loads them.
import type { ICredentialType, INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { MinistrySafeApi } from '../../credentials/MinistrySafeApi.credentials';
import { MinistrySafeWebhookApi } from '../../credentials/MinistrySafeWebhookApi.credentials';
import { MinistrySafe } from '../../nodes/MinistrySafe/MinistrySafe.node';
import { MinistrySafePollingTrigger } from '../../nodes/MinistrySafePollingTrigger/MinistrySafePollingTrigger.node';
import { MinistrySafeTrigger } from '../../nodes/MinistrySafeTrigger/MinistrySafeTrigger.node';

type Item = INodeProperties | INodePropertyOptions | INodePropertyCollection;
interface Found {
	where: string;
	item: Item;
}

const nodes = [new MinistrySafe(), new MinistrySafeTrigger(), new MinistrySafePollingTrigger()].map((node) => node.description);
const credentials: ICredentialType[] = [new MinistrySafeApi(), new MinistrySafeWebhookApi()];
const sources: Array<[string, INodeProperties[]]> = [
	...nodes.map((description) => [description.displayName, description.properties] as [string, INodeProperties[]]),
	...credentials.map((credential) => [credential.displayName, credential.properties] as [string, INodeProperties[]]),
];

/** Every parameter, option and collection entry, with where it is. */
function walk(): Found[] {
	const found: Found[] = [];
	const visit = (where: string, item: Item) => {
		const here = `${where} > ${'displayName' in item ? item.displayName : item.name}`;
		found.push({ where: here, item });
		for (const child of ('options' in item ? (item.options ?? []) : []) as Item[]) {
			if (typeof child === 'object') visit(here, child);
		}
		for (const child of ('values' in item ? item.values : []) as Item[]) visit(here, child);
	};
	for (const [name, properties] of sources) for (const property of properties) visit(name, property);
	return found;
}
const everything = walk();
const parameters = everything.filter(({ item }) => 'type' in item) as Array<{ where: string; item: INodeProperties }>;

/** Every text a person reads in a sentence: descriptions, hints, actions, notices, and the nodes' own descriptions. */
function texts(): Array<[string, string]> {
	const found: Array<[string, string]> = nodes.map((description) => [`${description.displayName}: description`, description.description]);
	for (const { where, item } of everything) {
		for (const key of ['description', 'hint', 'action'] as const) {
			const text = (item as unknown as Record<string, unknown>)[key];
			if (typeof text === 'string') found.push([`${where}: ${key}`, text]);
		}
		if ('type' in item && item.type === 'notice') found.push([`${where}: notice`, item.displayName]);
	}
	const api = new MinistrySafeApi();
	for (const rule of api.test.rules ?? []) {
		const message = (rule.properties as { message?: string }).message;
		if (message) found.push([`${api.displayName}: credential test`, message]);
	}
	return found;
}

it('reads the texts of the three nodes and both credentials', () => {
	expect(texts().length).toBeGreaterThan(150);
	expect(texts().some(([where]) => where.startsWith('MinistrySafe API: credential test'))).toBe(true);
});

/** One spelling for one thing: the labels' ("External ID", "Sign-In Link", "Email", "background check"). */
const MISSPELT: Array<[RegExp, string]> = [
	[/\bexternal ID\b/, 'External ID'],
	[/\bbackground-checks?\b/i, 'background check'],
	[/\bsign in link\b/i, 'sign-in link'],
	[/\be-mails?\b/i, 'email'],
];

it('spells each term as its label does', () => {
	const misspelt = texts().flatMap(([where, text]) =>
		MISSPELT.filter(([pattern]) => pattern.test(text)).map(([, right]) => `${where}: "${text}" (write "${right}")`),
	);
	expect(misspelt).toEqual([]);
});

/**
 * The panel's own labels, which a sentence must put in single quotation marks (n8n's UX guidelines): those of more
 * than one word, and the one-word ones that are not also plain words of a sentence.
 */
const LABELS = [
	...new Set([
		...parameters
			.filter(({ item }) => item.type !== 'notice')
			.map(({ item }) => item.displayName)
			.filter((label) => /^[A-Z][A-Za-z]*( [A-Z][A-Za-z-]*)+$/.test(label)),
		// Named by the notices and messages that were found bare.
		'Authentication',
		'Environment',
		'QuickApp',
		'Basic Auth',
		'Production URL',
	]),
].filter((label) => !['External ID', 'User ID'].includes(label)); // terms as well as labels (copy.test.ts)

it("names the panel's labels in single quotation marks", () => {
	const bare = texts().flatMap(([where, text]) => {
		// Quoted names, HTML and the text's own label at its start are fine.
		const rest = text.replace(/(?<![A-Za-z])'[^']*'(?![A-Za-z])|<[^>]*>/g, ' ');
		return LABELS.filter((label) => new RegExp(`(^|[^A-Za-z'])${label}(?![A-Za-z])`).test(rest)).map(
			(label) => `${where}: ${label} in "${text}"`,
		);
	});
	expect(LABELS.length).toBeGreaterThan(20);
	expect(bare).toEqual([]);
});

it('adds every filter empty, so that adding one narrows nothing until it is filled in', () => {
	const filters = parameters.filter(({ item }) => item.name === 'filters' && item.type === 'collection');
	expect(filters.length).toBeGreaterThanOrEqual(3);
	const narrowing = filters.flatMap(({ where, item }) =>
		(item.options as INodeProperties[])
			.filter((filter) => !['', null, undefined].includes(filter.default as string) && !(Array.isArray(filter.default) && filter.default.length === 0))
			.map((filter) => `${where} > ${filter.displayName}: default ${JSON.stringify(filter.default)}`),
	);
	expect(narrowing).toEqual([]);
});

it('takes an External ID as text everywhere, as the service keeps it', () => {
	const externalIds = parameters.filter(({ item }) => item.displayName === 'External ID');
	expect(externalIds.length).toBeGreaterThanOrEqual(3);
	expect(externalIds.filter(({ item }) => item.type !== 'string').map(({ where }) => where)).toEqual([]);
});

it('marks no switch required: a switch is never empty, so the red asterisk would say nothing', () => {
	const required = parameters.filter(({ item }) => item.type === 'boolean' && item.required).map(({ where }) => where);
	expect(required).toEqual([]);
});

it('lists the salary ranges from the lowest to the highest', () => {
	const salaryRange = parameters.find(({ item }) => item.name === 'salaryRange');
	expect((salaryRange?.item.options as INodePropertyOptions[]).map(({ name }) => name)).toEqual([
		'Under $20k',
		'$20k to $25k',
		'$25k to $75k',
		'$75k or More',
	]);
});

it('starts no two operations of a resource with the same words, so the dropdown tells them apart', () => {
	const operationLists = nodes[0].properties.filter((property) => property.name === 'operation');
	const alike = operationLists.flatMap((list) => {
		const openings = (list.options as INodePropertyOptions[]).map(({ name, description }) => [name, (description ?? '').split(/[;.]/)[0]]);
		return openings
			.filter(([, opening], index) => openings.findIndex(([, other]) => other === opening) !== index)
			.map(([name, opening]) => `${name}: "${opening}"`);
	});
	expect(alike).toEqual([]);
});

it('describes a setting that two nodes share in the same words', () => {
	const described = (name: string) => [...new Set(parameters.filter(({ item }) => item.name === name).map(({ item }) => item.description))];
	expect(described('trainingValidityMonths')).toHaveLength(1);
	// Which trainings count when no survey code is chosen: said alike in Compliance and the Polling Trigger's Renewal.
	const surveyCodes = parameters.filter(({ item }) => item.name === 'surveyCodes').map(({ item }) => item.description ?? '');
	expect(surveyCodes.length).toBeGreaterThanOrEqual(2);
	expect(surveyCodes.filter((text) => !text.includes('None chosen: every code.'))).toEqual([]);
	// The window before a training runs out: one name in Compliance and in the Polling Trigger's Renewal.
	const labels = parameters.filter(({ item }) => ['expiringWithinDays', 'noticeDays'].includes(item.name)).map(({ item }) => item.displayName);
	expect(labels.length).toBeGreaterThanOrEqual(2);
	expect(new Set(labels)).toEqual(new Set(['Expiring Within (Days)']));
});

it("gives Request Options its own button, beside Options' Add Option", () => {
	const collections = parameters.filter(({ item }) => item.type === 'collection');
	const requestOptions = collections.filter(({ item }) => item.name === 'requestOptions').map(({ item }) => item.placeholder);
	expect(requestOptions.length).toBeGreaterThan(0);
	const others = new Set(collections.filter(({ item }) => item.name !== 'requestOptions').map(({ item }) => item.placeholder));
	expect(requestOptions.filter((placeholder) => others.has(placeholder))).toEqual([]);
});

it('ends a text of more than one sentence with a period (n8n: a period only when there is more than one sentence)', () => {
	const unfinished = texts()
		.map(([where, text]) => [where, text.replace(/<[^>]*>/g, '').replace(/\be\.g\./g, 'eg').trim()] as const)
		.filter(([, text]) => /[a-z)]\. [A-Z]/.test(text) && !/[.!?]$/.test(text))
		.map(([where, text]) => `${where}: ${text}`);
	expect(unfinished).toEqual([]);
});

it("says what the MinistrySafe Trigger does, as n8n's triggers do", () => {
	expect(nodes[1].description).toMatch(/^Starts the workflow when /);
	expect(nodes[2].description).toMatch(/^Starts the workflow when /);
});

it("keeps the Trigger's setup notice short: the step-by-step guide has the rest", () => {
	const notice = parameters.find(({ item }) => item.name === 'setupNotice')!.item.displayName;
	const visible = notice.replace(/<[^>]*>/g, '');
	expect(visible.length).toBeLessThanOrEqual(250);
	expect(visible).toMatch(/\.$/);
});

it('keeps the Simplify hints to one plain sentence, without the service field keys', () => {
	const hints = parameters.filter(({ item }) => item.name === 'simplify').map(({ item }) => item.hint ?? '');
	expect(hints.length).toBeGreaterThanOrEqual(10);
	for (const hint of new Set(hints)) {
		// Long enough to name every field it keeps (issue 42), short enough to read at a glance.
		expect(hint.length).toBeLessThanOrEqual(140);
		expect(hint).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
		expect(hint.split(/\. /)).toHaveLength(1);
	}
});

it("gives every Environment a sentence, and the custom address's placeholder is none of the listed hosts", () => {
	const api = new MinistrySafeApi();
	const environment = api.properties.find((property) => property.name === 'environment')!;
	for (const option of environment.options as INodePropertyOptions[]) expect(option.description).toMatch(/^[A-Z][a-z]/);
	const baseUrl = api.properties.find((property) => property.name === 'baseUrl')!;
	const listed = (environment.options as INodePropertyOptions[]).flatMap(({ description }) => description?.match(/https:\/\/\S+/g) ?? []);
	expect(listed).toHaveLength(4);
	for (const host of listed) expect(baseUrl.placeholder).not.toContain(host);
});

/** The modes of n8n's resource mapper, as its editor names them for columns (fieldWords 'column'). */
const MAPPER_MODES = ['Map Automatically', 'Map Each Column Manually'];

it("names the options of a dropdown in single quotation marks, as its labels ('From Columns', 'Basic Auth')", () => {
	const bare = (text: string, name: string) =>
		new RegExp(`(^|[^A-Za-z'])${name.replace(/[()]/g, '\\$&')}(?![A-Za-z'])`).test(
			text.replace(/(?<![A-Za-z])'[^']*'(?![A-Za-z])|<[^>]*>/g, ' '),
		);
	const dropdowns = parameters.filter(({ item }) => ['options', 'multiOptions'].includes(item.type) && Array.isArray(item.options));
	const optionNames = (item: INodeProperties) => (item.options as INodePropertyOptions[]).map(({ name }) => name);
	// Everywhere: an option's name of more than one word, and the mapper's modes.
	const named = [
		...new Set([...dropdowns.flatMap(({ item }) => optionNames(item)).filter((name) => name.includes(' ')), ...MAPPER_MODES]),
	].filter((name) => !['External ID', 'User ID'].includes(name)); // terms as well as names (copy.test.ts)
	expect(named).toEqual(expect.arrayContaining(['From Columns', 'Basic Auth', 'No Type (Cannot Be Set Later)', 'Selected Fields']));
	const bareEverywhere = texts().flatMap(([where, text]) => named.filter((name) => bare(text, name)).map((name) => `${where}: ${name} in "${text}"`));
	// In a dropdown's own texts (its description, hint and options' descriptions): every option's name, one word too;
	// but for the operations (verbs) and Output's fields (the records' terms: ID, Email).
	const choices = dropdowns.filter(({ item }) => !['operation', 'fields'].includes(item.name));
	expect(choices.length).toBeGreaterThan(20);
	const bareInOwnTexts = choices.flatMap(({ where, item }) => {
		const own = [item.description, item.hint, ...(item.options as INodePropertyOptions[]).map(({ description }) => description)];
		return own
			.filter((text): text is string => typeof text === 'string')
			.flatMap((text) => optionNames(item).filter((name) => bare(text, name)).map((name) => `${where}: ${name} in "${text}"`));
	});
	expect(bareEverywhere).toEqual([]);
	expect(bareInOwnTexts).toEqual([]);
});

it("states the default of every option a collection applies when it is not added ('Defaults to ...', n8n's node UI design)", () => {
	// Additional Fields, Update Fields and Filters send nothing for an entry not added; every other collection's entry
	// applies its default unseen.
	const applied = parameters.filter(
		({ item }) => item.type === 'collection' && !['additionalFields', 'updateFields', 'filters'].includes(item.name),
	);
	expect(applied.map(({ item }) => item.name)).toEqual(expect.arrayContaining(['options', 'settings', 'renewal', 'requestOptions']));
	const isEmpty = (value: unknown) =>
		value === '' || value === false || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
	const unstated = applied.flatMap(({ where, item }) =>
		(item.options as INodeProperties[])
			.filter((option) => !isEmpty(option.default) && !/\bDefaults to \S/.test(option.description ?? ''))
			.map((option) => `${where} > ${option.displayName} (${JSON.stringify(option.default)}): ${option.description}`),
	);
	expect(unstated).toEqual([]);
});

it("calls the service's records users, and only a staff list's rows (or your own system's records) people", () => {
	// One term per thing (n8n's UX guidelines): a row of a staff list is a person, and a user is their record.
	// A quoted name ('Person ID', a column of an export) is not the word.
	const unquoted = (text: string) => text.replace(/(?<![A-Za-z])'[^']*'(?![A-Za-z])/g, ' ');
	const aboutPeople = texts().filter(([, text]) => /\b(people|persons?)\b/i.test(unquoted(text)));
	expect(aboutPeople.length).toBeGreaterThan(0);
	const elsewhere = aboutPeople.filter(([, text]) => !/\blist\b|'Status' column|your own system/.test(text)).map(([where, text]) => `${where}: ${text}`);
	expect(elsewhere).toEqual([]);
	expect(texts().filter(([, text]) => /\btrainees?\b/i.test(text))).toEqual([]);
});

it("keeps the notice under the mapper to one sentence that adds to n8n's own, linking to every name it reads", () => {
	const notices = [...new Set(parameters.filter(({ item }) => item.name === 'autoMapNotice').map(({ item }) => item.displayName))];
	expect(notices).toHaveLength(1);
	const visible = notices[0].replace(/<[^>]*>/g, '');
	expect(visible.length).toBeLessThanOrEqual(160);
	expect(visible.split(/\. /)).toHaveLength(1);
	// n8n's notice above it asks for input fields named as the columns: this one must not say they need not be.
	expect(visible).not.toMatch(/need not|don't have to|do not have to|any name/i);
	expect(notices[0]).toContain('href="https://github.com/n8n-nodes-ministrysafe/n8n-nodes-ministrysafe/blob/main/docs/operations.md#');
});

it('shows every count as a whole number: a number field takes no fraction the node would refuse', () => {
	// Timeout (Seconds) alone takes a fraction (0.5 s).
	const numbers = parameters.filter(({ item }) => item.type === 'number' && item.name !== 'timeout');
	expect(numbers.length).toBeGreaterThanOrEqual(10);
	const fractional = numbers.filter(({ item }) => item.typeOptions?.numberPrecision !== 0).map(({ where }) => where);
	expect(fractional).toEqual([]);
});
