import { createHash, timingSafeEqual } from 'crypto';

export interface BasicAuthCredentials {
	user: string;
	password: string;
}

// Hashing first gives both sides the same length, which timingSafeEqual needs, so the time taken says nothing about
// the expected values, their length included.
function sameSecret(given: string, expected: string): boolean {
	const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
	return timingSafeEqual(digest(given), digest(expected));
}

function parseBasicAuthorization(header: string | undefined): BasicAuthCredentials | undefined {
	const match = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(header ?? '');
	if (!match) return undefined;
	const decoded = Buffer.from(match[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon < 0) return undefined;
	return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Whether an Authorization header carries exactly the expected Basic credentials. Both the user and the password are
 * always compared, in constant time, so a wrong user takes as long as a wrong password. A credential with an empty
 * user or password authorises nothing.
 */
export function isAuthorized(header: string | undefined, expected: BasicAuthCredentials): boolean {
	const given = parseBasicAuthorization(header);
	if (!given || !expected.user || !expected.password) return false;
	const userMatches = sameSecret(given.user, expected.user);
	const passwordMatches = sameSecret(given.password, expected.password);
	return userMatches && passwordMatches;
}
