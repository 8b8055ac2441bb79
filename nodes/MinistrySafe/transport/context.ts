import type { IExecuteFunctions, ILoadOptionsFunctions, IWebhookFunctions } from 'n8n-workflow';

/** The n8n contexts that call the service: a node run, the editor's dropdowns, the trigger. */
export type RequestContext = IExecuteFunctions | ILoadOptionsFunctions | IWebhookFunctions;
