// Once per test run, after every test process has ended: what the run made for all its test files goes.
import { removeRunUserFolders } from './helpers/userFolder';

export default function globalTeardown(): void {
	removeRunUserFolders();
}
