/** Fast tests: our nodes in-process through n8n-core, and the sandbox, over real HTTP on 127.0.0.1. */
const { availableParallelism } = require('node:os');

module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', '<rootDir>/test/e2e-queue/', '<rootDir>/test/e2e-upgrade/'],
	// One day for the whole run (test/helpers/clock.ts): set once here, used by every sandbox and test process.
	globalSetup: '<rootDir>/test/globalSetup.ts',
	globalTeardown: '<rootDir>/test/globalTeardown.ts',
	setupFiles: ['<rootDir>/test/setup-env.ts'],
	// Tests import a node as `X.node.js` (TypeScript maps it to X.node.ts): without the extension, tsx (npm run bench)
	// would load the codex X.node.json beside it. Jest finds the .ts once the .js is dropped.
	moduleNameMapper: { '^(\\.{1,2}/.*\\.node)\\.js$': '$1' },
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
	// Only a hang's limit, never a claim about speed: a machine busy with other work may make a test ten times slower.
	testTimeout: 120_000,
	// Two workers even on two cores (Jest's default there is one): the tests mostly wait for HTTP on 127.0.0.1. CI's npm
	// test step (npm ci included) took 376 s with one worker and 290 s with two on 2026-11-28.
	maxWorkers: Math.max(2, availableParallelism() - 1),
};
