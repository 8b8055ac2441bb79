/**
 * The upgrade test (npm run test:e2e:upgrade): v0.1.0 as released, then this checkout installed over it, in the real
 * n8n that N8N_RUNTIME selects (CI: the current one). Same set-up as the end-to-end suite: the runtime installed, this
 * checkout packed once.
 */
const single = require('./jest.e2e.config.js');

module.exports = {
	...single,
	roots: ['<rootDir>/test/e2e-upgrade'],
	testTimeout: 300000,
};
