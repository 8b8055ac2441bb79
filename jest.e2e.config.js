/**
 * End-to-end tests (npm run test:e2e): a real n8n process with the packed package installed as n8n installs it, the
 * sandbox, and a real browser, on the n8n that N8N_RUNTIME selects (oldest: 2.8.4, current: 2.41.3, the default; see
 * scripts/harness/runtime/runtimes.ts).
 * One n8n at a time (2 cores), long timeouts; every wait inside the tests is bounded on its own.
 */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
	globalTeardown: '<rootDir>/test/e2e/globalTeardown.ts',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
	maxWorkers: 1,
	testTimeout: 180000,
	slowTestThreshold: 60,
};
