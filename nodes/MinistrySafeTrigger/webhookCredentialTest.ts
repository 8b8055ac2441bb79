import type {
	ICredentialTestFunctions,
	ICredentialsDecrypted,
	INodeCredentialTestResult,
} from 'n8n-workflow';

/**
 * The editor's "test" of the webhook credential. Nothing is sent with it (the service is the one that sends these
 * values), so the test checks what Basic authentication can carry: a username without a colon, and a password.
 */
export async function testWebhookCredential(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const user = String(credential.data?.user ?? '');
	const password = String(credential.data?.password ?? '');
	if (user === '' || password === '') {
		return {
			status: 'Error',
			message: "Set both 'Username' and 'Password', the same as in the MinistrySafe developer console",
		};
	}
	if (user.includes(':')) {
		return {
			status: 'Error',
			message: "'Username' may not contain a colon: HTTP Basic authentication cannot carry it",
		};
	}
	return { status: 'OK', message: 'The credential can be used; calls are checked against it when they arrive' };
}
