import type { IDisplayOptions } from 'n8n-workflow';

/**
 * Node version 1.1 adds what would change a workflow saved before it: Simplify, on by default, Return All / Limit on
 * the per-User lists, and the Background Check locator (its value is an object, not a number). A node saved at
 * version 1 keeps its parameters and outputs exactly; a node added now is version 1.1.
 */
export const VERSION_1_1 = 1.1;

/** Shows a parameter from node version 1.1 on. */
export const fromVersion1_1: IDisplayOptions = { show: { '@version': [{ _cnd: { gte: VERSION_1_1 } }] } };
