// What each test file leaves behind goes when its tests end.
import { removeThrowawayUserFolder } from './helpers/userFolder';

afterAll(removeThrowawayUserFolder);
