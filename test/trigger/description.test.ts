// What the trigger declares to n8n's editor, checked with n8n-workflow's own display rules (the browser test in
// test/e2e shows the same on screen).
import { type INode, type INodeParameters, NodeHelpers, Workflow } from 'n8n-workflow';

import { MinistrySafeTrigger } from '../../nodes/MinistrySafeTrigger/MinistrySafeTrigger.node.js';
import { nodeTypesOf } from '../helpers/n8n';

const { description } = new MinistrySafeTrigger();
const credential = (name: string) => description.credentials!.find((entry) => entry.name === name)!;
/** A node added now: the default version. */
const NEWEST = { typeVersion: description.defaultVersion as number };
const withDefaults = (parameters: INodeParameters, node = NEWEST) =>
	NodeHelpers.getNodeParameters(description.properties, parameters, true, false, node, description)!;
const shown = (name: string, parameters: INodeParameters, node = NEWEST) =>
	NodeHelpers.displayParameter(withDefaults(parameters, node), credential(name), node, description);

test('Basic Auth is the default, so its credential is asked for', () => {
	expect(withDefaults({}).authentication).toBe('basicAuth');
	expect(shown('ministrySafeWebhookApi', {})).toBe(true);
	expect(shown('ministrySafeWebhookApi', { authentication: 'none' })).toBe(false);
});

test('version 1 keeps None, its default when it was released: no credential asked for, and the warning shown', () => {
	const version1 = { typeVersion: 1 };
	expect(withDefaults({}, version1).authentication).toBe('none');
	expect(shown('ministrySafeWebhookApi', {}, version1)).toBe(false);
	expect(shown('ministrySafeWebhookApi', { authentication: 'basicAuth' }, version1)).toBe(true);
	const warning = description.properties.find(({ name }) => name === 'noAuthenticationWarning')!;
	expect(NodeHelpers.displayParameter(withDefaults({}, version1), warning, version1, description)).toBe(true);
});

test('one Authentication parameter is shown at each version', () => {
	for (const typeVersion of [1, 1.1]) {
		const node = { typeVersion };
		const values = withDefaults({}, node);
		const visible = description.properties.filter(
			(property) => property.name === 'authentication' && NodeHelpers.displayParameter(values, property, node, description),
		);
		expect(visible).toHaveLength(1);
	}
});

test('the API credential is asked for only with Include Full Record', () => {
	expect(shown('ministrySafeApi', {})).toBe(false);
	expect(shown('ministrySafeApi', { includeFullRecord: true })).toBe(true);
});

test('no parameter but Authentication is named by a credential, which would move it into the credential block', () => {
	// n8n's editor (getNodeAuthFields) lists every top-level parameter whose name a credential's displayOptions use,
	// and shows only the main one (Authentication) in the parameter list.
	const parameterNames = new Set(description.properties.map(({ name }) => name));
	const named = description.credentials!.flatMap(({ displayOptions }) =>
		Object.keys({ ...displayOptions?.show, ...displayOptions?.hide }).filter((key) => parameterNames.has(key)),
	);
	expect(named).toEqual(['authentication']);
});

test('the canvas subtitle names the events as people read them', () => {
	const node: INode = {
		id: '1',
		name: 'Trigger',
		type: 'ministrySafeTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: { events: ['quizCompleted', 'backgroundCheckReady'] },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypesOf({ ministrySafeTrigger: new MinistrySafeTrigger() }),
	});
	const subtitle = workflow.expression.getSimpleParameterValue(node, description.subtitle, 'internal', {});
	expect(subtitle).toBe('Quiz Completed, Background Check Ready');
});

test('a warning is shown only while Authentication is None', () => {
	const warning = description.properties.find(({ name }) => name === 'noAuthenticationWarning')!;
	const visible = (parameters: INodeParameters) => NodeHelpers.displayParameter(withDefaults(parameters), warning, NEWEST, description);
	expect(warning.type).toBe('notice');
	expect(visible({})).toBe(false);
	expect(visible({ authentication: 'none' })).toBe(true);
});

test('with Include Full Record, a notice beside the switch says which credential it needs and where to choose it', () => {
	const notice = description.properties.find(({ name }) => name === 'fullRecordCredentialNotice')!;
	const visible = (parameters: INodeParameters) => NodeHelpers.displayParameter(withDefaults(parameters), notice, NEWEST, description);
	expect(notice.type).toBe('notice');
	expect(notice.displayName).toMatch(/MinistrySafe API credential.*top of this panel.*Test this trigger/);
	// Right after the switch, where the user who turned it on is looking.
	const names = description.properties.map(({ name }) => name);
	expect(names.indexOf('fullRecordCredentialNotice')).toBe(names.indexOf('includeFullRecord') + 1);
	expect(visible({})).toBe(false);
	expect(visible({ includeFullRecord: true })).toBe(true);
});

describe('the texts are true at each version and Authentication', () => {
	const texts = (typeVersion: number, parameters: INodeParameters) => {
		const node = { typeVersion };
		const values = withDefaults(parameters, node);
		const visible = description.properties.filter((property) => NodeHelpers.displayParameter(values, property, node, description));
		return {
			authentication: values.authentication,
			notices: visible.filter(({ type }) => type === 'notice').map(({ displayName }) => displayName),
			authenticationHelp: visible.find(({ name }) => name === 'authentication')?.description ?? '',
		};
	};

	test.each([
		// version, saved parameters, Authentication in effect
		[1, {}, 'none'],
		[1, { authentication: 'basicAuth' }, 'basicAuth'],
		[1.1, {}, 'basicAuth'],
		[1.1, { authentication: 'none' }, 'none'],
	])('version %p saved with %p (%s)', (typeVersion, parameters, authentication) => {
		const shown = texts(typeVersion, parameters as INodeParameters);
		expect(shown.authentication).toBe(authentication);
		const setup = shown.notices.filter((text) => text.startsWith("Paste the 'Production URL'"));
		expect(setup).toHaveLength(1);
		// The webhook credential's username and password are asked for only where Basic Auth checks them.
		expect(/username and password/.test(setup[0])).toBe(authentication === 'basicAuth');
		// No "Keep" a value that is not the one in effect.
		expect(shown.authenticationHelp).not.toMatch(/\bKeep\b/);
		expect(shown.authenticationHelp).toMatch(/'Basic Auth' accepts only calls with the username and password/);
	});
});
