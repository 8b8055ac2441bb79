import type { IDisplayOptions } from 'n8n-workflow';

/**
 * Node version 1.1 adds what would change a workflow saved before it: Simplify, on by default, Return All / Limit on
 * the per-User lists, and the Background Check locator (its value is an object, not a number). A node saved at
 * version 1 keeps its parameters and outputs, with one deliberate exception at every version: Organization > Create
 * returns the new organization's API key only with 'Include API Key' on (execution data is shown to whoever can read
 * the workflow's executions; CHANGELOG.md 1.0.0 says so). A node added now is of the newest version.
 */
export const VERSION_1_1 = 1.1;

/**
 * Node version 1.2: Sync and Create or Update take the User's fields from one resource mapper, `columns`, and ask for
 * the type of new Users (contract.md "Node version 1.2"); Output replaces Simplify and comes to Compliance too
 * (contract.md "Output"). Nodes saved at 1 or 1.1 keep their own fields exactly.
 */
export const VERSION_1_2 = 1.2;

/**
 * Node version 1.3: a staff list's values (statuses, types) read by their meaning, and outputs that stay small for a
 * large organisation (contract.md "Node version 1.3"). Nodes saved at 1.2 and before keep what they do exactly.
 */
export const VERSION_1_3 = 1.3;

/** Shows a parameter from node version 1.1 on. */
export const fromVersion1_1: IDisplayOptions = { show: { '@version': [{ _cnd: { gte: VERSION_1_1 } }] } };

/** Shows a parameter from node version 1.2 on. */
export const fromVersion1_2: IDisplayOptions = { show: { '@version': [{ _cnd: { gte: VERSION_1_2 } }] } };

/** Shows a parameter from node version 1.3 on. */
export const fromVersion1_3: IDisplayOptions = { show: { '@version': [{ _cnd: { gte: VERSION_1_3 } }] } };

/** Shows a parameter on the versions before 1.3 only: what their saved workflows hold. */
export const beforeVersion1_3: IDisplayOptions = { show: { '@version': [{ _cnd: { lt: VERSION_1_3 } }] } };

/** Shows a parameter on the versions before 1.2 only: what their saved workflows hold. */
export const beforeVersion1_2: IDisplayOptions = { show: { '@version': [1, VERSION_1_1] } };
