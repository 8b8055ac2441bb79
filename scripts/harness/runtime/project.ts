// What every part of the runtime library needs to know about this repository and the package it holds.
import { resolve } from 'node:path';

export const REPO_DIR = resolve(__dirname, '..', '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-ministrysafe';

/** The type names a workflow uses for our nodes and credentials when the package is installed in n8n. */
export const NODE_TYPES = {
	action: `${PACKAGE_NAME}.ministrySafe`,
	trigger: `${PACKAGE_NAME}.ministrySafeTrigger`,
} as const;

export type Log = (line: string) => void;
