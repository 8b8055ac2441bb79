// The transport: the only code that talks HTTP to the service (see request.ts).
export { CREDENTIAL_TYPE } from './attempt';
export type { RequestContext } from './context';
export { toFormBody, type FormFields } from './form';
export { apiRequestAllItems, type CountedList, PAGE_SIZE } from './paging';
export { apiRequest, type ApiRequestOptions } from './request';
export { schedulerOf } from './scheduler';
export { requestSettings, type RequestSettings } from './settings';
export type { AnswerShape } from './shapes';
