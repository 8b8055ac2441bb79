/**
 * The end-to-end suite in queue mode (npm run test:e2e:queue): the test files of npm run test:e2e, each against one
 * main, two workers and one webhook processor over PostgreSQL and Redis, plus test/e2e-queue, which shows from n8n's
 * own logs and records which process did what. One topology at a time (2 cores).
 *
 * Left out: the editor tests (editor, editor-parameters, editor-dropdowns, editor-sync-mapper, editor-sync, and the
 * upload template's editor run; templates.e2e sends the same form here). The main serves the same editor in both
 * modes, they pass in the single-process runs on both n8n versions, and here they would take several of CI's minutes
 * (CONTRIBUTING.md: CI). What queue mode changes for a run from the editor (the main queues it, a worker runs it and
 * calls the service) is test/e2e-queue/queue.e2e.test.ts's.
 *
 * Also left out, as queue mode changes nothing they check: templateImportedTwice (an import through the main's REST
 * API and its publish: the main alone does both) and communityPackagesEnv (it starts an n8n of its own, in single-process
 * mode, to read README's setting; in queue mode only the main reads it). Both run on the single-process suites. And
 * largeOrg (10,000 people run from the editor's call and opened in the editor: what it measures is the main's, and
 * the benchmark, npm run bench:n8n, is where a large organisation is measured).
 */
const single = require('./jest.e2e.config.js');

module.exports = {
	...single,
	roots: ['<rootDir>/test/e2e', '<rootDir>/test/e2e-queue'],
	testPathIgnorePatterns: [
		'/node_modules/',
		'/test/e2e/editor(-[a-z-]+)?\\.e2e\\.test\\.ts$',
		'/test/e2e/(templateImportedTwice|communityPackagesEnv|largeOrg)\\.e2e\\.test\\.ts$',
	],
	globalSetup: '<rootDir>/test/e2e-queue/globalSetup.ts',
};
