/**
 * The end-to-end suite in queue mode (npm run test:e2e:queue): the same test files as npm run test:e2e, each against
 * one main, two workers and one webhook processor over PostgreSQL and Redis, plus test/e2e-queue, which shows from
 * n8n's own logs and records which process did what. One topology at a time (2 cores).
 */
const single = require('./jest.e2e.config.js');

module.exports = {
	...single,
	roots: ['<rootDir>/test/e2e', '<rootDir>/test/e2e-queue'],
	globalSetup: '<rootDir>/test/e2e-queue/globalSetup.ts',
};
