import type {
	IDataObject,
	IHookFunctions,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { apiRequest } from '../shared/transport';
import { type BasicAuthCredentials, isAuthorized } from './basicAuth';
import { EVENT_LABELS, EVENT_OPTIONS, type EventDefinition, recogniseEvent } from './events';
import { testWebhookCredential } from './webhookCredentialTest';

/** The version that makes Basic Auth the default (contract.md "Trigger node"). */
const VERSION_1_1 = 1.1;

/** The Authentication parameter at the newest version; version 1 has its own default (below). */
const authentication: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{
			name: 'Basic Auth',
			value: 'basicAuth',
			description: 'Accept only calls with the username and password set in the developer console',
		},
		{
			name: 'None',
			value: 'none',
			description: 'Accept any call to the URL',
		},
	],
	default: 'basicAuth',
	// True at both versions, whichever is the default: version 1 defaults to None.
	description:
		"How calls are checked. 'Basic Auth' accepts only calls with the username and password of the webhook credential; with 'None' anyone who learns the URL can start this workflow.",
};

const SETUP_GUIDE_URL =
	'https://github.com/n8n-nodes-ministrysafe/n8n-nodes-ministrysafe/blob/main/docs/triggers.md#set-it-up-step-by-step';

/** The body of every call must be one JSON object: that is all the service sends (api-v2.md 6). */
function isJsonObjectCall(body: unknown, contentType: string | undefined): body is IDataObject {
	const mediaType = (contentType ?? '').split(';')[0].trim().toLowerCase();
	return mediaType === 'application/json' && typeof body === 'object' && body !== null && !Array.isArray(body);
}

/**
 * The record behind the event, under `record`; when it cannot be read, `recordError` says why instead. The event
 * itself has happened and the service will not send it again (it got its 200), so losing it over a failed read
 * would be worse than passing it on without the record: the workflow can branch on `recordError`.
 */
async function readRecord(this: IWebhookFunctions, definition: EventDefinition, payload: IDataObject) {
	const { label, path, idField } = definition.record;
	const id = String(payload[idField] ?? '').trim();
	if (!/^\d+$/.test(id)) {
		return {
			recordError: `Could not read the ${label} behind this event: the payload's ${idField} is missing or not a numeric ID`,
		};
	}
	try {
		const record = await apiRequest.call(this, 'GET', `${path}/${id}`, { record: `${label} ${id}` });
		return { record: record as IDataObject };
	} catch (error) {
		return {
			// The transport's message names the record already ("User 34 was not found"): said once.
			recordError: `${(error as Error).message}. The event itself is complete; read the record with the MinistrySafe node, or check the MinistrySafe API credential.`,
		};
	}
}

export class MinistrySafeTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'MinistrySafe Trigger',
		name: 'ministrySafeTrigger',
		icon: { light: 'file:../../icons/ministrySafe.svg', dark: 'file:../../icons/ministrySafe.dark.svg' },
		group: ['trigger'],
		// 1.1 only makes Basic Auth the default (the Authentication parameter below); everything else is the same.
		version: [1, VERSION_1_1],
		defaultVersion: VERSION_1_1,
		subtitle: `={{ ($parameter["events"] || []).map((event) => (${JSON.stringify(EVENT_LABELS)})[event] || event).join(", ") }}`,
		// What a trigger does, as n8n's own triggers say it ("Starts the workflow when ...").
		description: 'Starts the workflow when a quiz is completed, a background check is ready or a user is created in MinistrySafe',
		defaults: {
			name: 'MinistrySafe Trigger',
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'ministrySafeWebhookApi',
				required: true,
				testedBy: 'testWebhookCredential',
				displayOptions: { show: { authentication: ['basicAuth'] } },
			},
			{
				name: 'ministrySafeApi',
				required: true,
				// The root path ('/') matters: n8n's editor treats a parameter named in a credential's displayOptions as part
				// of the credential block and hides it from the parameter list, so a plain `includeFullRecord` key would hide
				// the switch that shows this credential. The root path names the same value without that side effect.
				displayOptions: { show: { '/includeFullRecord': [true] } },
			},
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
			},
		],
		properties: [
			{
				// Short: the step-by-step guide has the details; a longer notice outgrew the rest of the panel.
				displayName: `Paste the 'Production URL' above into your MinistrySafe developer console, with the username and password of the webhook credential, then publish this workflow. Events not chosen in 'Trigger On' are ignored. See the <a href="${SETUP_GUIDE_URL}" target="_blank">step-by-step guide</a>.`,
				name: 'setupNotice',
				type: 'notice',
				displayOptions: { show: { authentication: ['basicAuth'] } },
				default: '',
			},
			{
				// Without Basic Auth (version 1's default) there is no webhook credential to copy from.
				displayName: `Paste the 'Production URL' above into your MinistrySafe developer console, then publish this workflow. Events not chosen in 'Trigger On' are ignored. See the <a href="${SETUP_GUIDE_URL}" target="_blank">step-by-step guide</a>.`,
				name: 'setupNoticeWithoutAuthentication',
				type: 'notice',
				displayOptions: { show: { authentication: ['none'] } },
				default: '',
			},
			// n8n saves a parameter only when it differs from its default: version 1 (released with None as the default)
			// keeps None for ever, so that a trigger saved then still accepts the calls it accepted.
			{ ...authentication, default: 'none', displayOptions: { show: { '@version': [1] } } },
			{ ...authentication, displayOptions: { show: { '@version': [{ _cnd: { gte: VERSION_1_1 } }] } } },
			{
				displayName:
					"With 'Authentication' set to 'None', anyone who learns the URL can start this workflow with made-up events. Choose 'Basic Auth' unless something in front of n8n checks the calls.",
				name: 'noAuthenticationWarning',
				type: 'notice',
				typeOptions: { theme: 'warning' },
				displayOptions: { show: { authentication: ['none'] } },
				default: '',
			},
			{
				// n8n's name for a trigger's events ("Trigger on"), without a tooltip; the setup notice says that the
				// developer console sends every event to the URL, and that the others are answered and ignored.
				displayName: 'Trigger On',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: EVENT_OPTIONS,
				default: [],
			},
			{
				displayName: 'Include Full Record',
				name: 'includeFullRecord',
				type: 'boolean',
				default: false,
				description:
					"Whether to read the full background check (or user) behind the event from the MinistrySafe API and add it under 'record', so the workflow has its status, level and flags without another node",
			},
			{
				// n8n puts the credential this switch asks for at the top of the panel, far from it, and greys out "Test this
				// trigger" until it is chosen with only a tooltip to say why: this notice says both where the switch is.
				displayName:
					"Reading the record needs your MinistrySafe API key: choose a MinistrySafe API credential in its field at the top of this panel. Until one is chosen, n8n keeps 'Test this trigger' greyed out.",
				name: 'fullRecordCredentialNotice',
				type: 'notice',
				displayOptions: { show: { includeFullRecord: [true] } },
				default: '',
			},
		],
	};

	methods = {
		credentialTest: { testWebhookCredential },
	};

	// n8n's lint requires these on a node with webhooks. The service has no API to register webhooks (an administrator
	// pastes the URL into its developer console), so there is nothing to check, create or delete.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const response = this.getResponseObject();
		const headers = this.getHeaderData();

		if (this.getNodeParameter('authentication', 'none') === 'basicAuth') {
			const expected = await this.getCredentials<BasicAuthCredentials>('ministrySafeWebhookApi');
			if (!isAuthorized(headers.authorization, expected)) {
				response
					.status(401)
					.setHeader('WWW-Authenticate', 'Basic realm="MinistrySafe Trigger"')
					.json({
						message:
							'Unauthorized: this webhook needs the username and password set for it in the MinistrySafe developer console',
					});
				return { noWebhookResponse: true };
			}
		}

		// Only someone testing by hand sends anything else; a 400 tells them why nothing started.
		const body: unknown = this.getBodyData();
		if (!isJsonObjectCall(body, headers['content-type'])) {
			response.status(400).json({
				message:
					'The MinistrySafe Trigger accepts only a JSON object sent with Content-Type: application/json. No workflow was started.',
			});
			return { noWebhookResponse: true };
		}

		// A call for an event that is not selected, or that is no known event, starts nothing and still gets n8n's 200:
		// the console sends every event to every URL, and a failure answer would only make the service retry.
		const definition = recogniseEvent(body);
		const events = this.getNodeParameter('events', []) as string[];
		if (definition === undefined || !events.includes(definition.event)) return {};

		// The trigger answers the service itself: left to n8n, an onReceived webhook without responseData is answered
		// with the text "firstEntryJson". It answers before reading the record, which may wait out the API's rate limits:
		// the service must not time out and send the event again meanwhile (decisions.md 14).
		response.status(200).json({ message: 'Workflow was started' });
		const item: IDataObject = { ...body, event: definition.event, event_id: definition.eventId(body) };
		if (this.getNodeParameter('includeFullRecord', false)) Object.assign(item, await readRecord.call(this, definition, body));
		return { workflowData: [[{ json: item }]], noWebhookResponse: true };
	}
}
