import type { IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions, IWebhookFunctions } from 'n8n-workflow';

/** The n8n contexts that call the service: a node run, the editor's dropdowns, the two triggers. */
export type RequestContext = IExecuteFunctions | ILoadOptionsFunctions | IWebhookFunctions | IPollFunctions;
