// The reliability suites (faults, leaks, bad input) run every case of OPERATIONS: a new operation of the node must
// get a case there, or this test fails.
import { resources } from '../../nodes/MinistrySafe/actions/resources';
import { OPERATIONS } from './operations';

test('the reliability suites name every operation of the node', () => {
	const ofTheNode = Object.entries(resources).flatMap(([resource, { operations }]) =>
		Object.keys(operations).map((operation) => `${resource}.${operation}`),
	);
	// A case's name is resource.operation, optionally followed by what sets it apart ("user.get by employee ID").
	const covered = new Set(OPERATIONS.map((operation) => operation.name.split(' ')[0]));
	expect(ofTheNode.filter((name) => !covered.has(name))).toEqual([]);
	expect([...covered].filter((name) => !ofTheNode.includes(name))).toEqual([]);
	expect(ofTheNode).toHaveLength(26);
});
