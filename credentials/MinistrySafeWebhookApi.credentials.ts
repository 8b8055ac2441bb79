import type { ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The username and password the MinistrySafe developer console sends with each webhook call (HTTP Basic
 * authentication). The MinistrySafe Trigger rejects calls that do not carry them. Nothing is sent anywhere with this
 * credential, so it has no request test of its own: the trigger tests it (`testedBy`) by checking its shape.
 */
export class MinistrySafeWebhookApi implements ICredentialType {
	name = 'ministrySafeWebhookApi';

	displayName = 'MinistrySafe Webhook API';

	icon = {
		light: 'file:../icons/ministrySafe.svg',
		dark: 'file:../icons/ministrySafe.dark.svg',
	} as const;

	documentationUrl = 'https://github.com/n8n-nodes-ministrysafe/n8n-nodes-ministrysafe#ministrysafe-webhook-api';

	properties: INodeProperties[] = [
		{
			displayName: 'Username',
			name: 'user',
			type: 'string',
			default: '',
			required: true,
			description:
				'The webhook username set in the MinistrySafe developer console. It may not contain a colon.',
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The webhook password set in the MinistrySafe developer console',
		},
	];
}
