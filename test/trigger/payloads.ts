// Webhook bodies as api-v2.md section 6 gives them: IDs as strings.
export const quizCompleted = {
	user_id: '34',
	external_id: 'E-34',
	score: 92,
	complete_date: '2025-03-07T10:00:00Z',
	survey_code: 'standard',
	certificate_url: 'https://example.org/certificates/777',
};

export const backgroundCheckReady = {
	id: '12',
	user_id: '34',
	email: 'ada@example.org',
	external_id: 'E-34',
	results_url: 'https://example.org/results/12',
	complete_date: '2025-03-08T09:30:00-05:00',
};

export const userCreated = {
	id: '35',
	employee_id: 'E-35',
	external_id: 'E-35',
	first_name: 'Grace',
	last_name: 'Hopper',
	email: 'grace@example.org',
	organization_id: '1',
};

/**
 * Each payload above as the trigger puts it out: untouched, plus `event` and the occurrence's `event_id` (contract.md
 * "Event IDs (both triggers)": the instant in UTC, ids as the digits).
 */
export const delivered = {
	quizCompleted: { ...quizCompleted, event: 'quizCompleted', event_id: 'quiz-completed:34:standard:2025-03-07T10:00:00Z' },
	backgroundCheckReady: { ...backgroundCheckReady, event: 'backgroundCheckReady', event_id: 'background-check-ready:12' },
	userCreated: { ...userCreated, event: 'userCreated', event_id: 'user-created:35' },
};

export const basicAuthHeader = (user: string, password: string) =>
	`Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export interface PostOptions {
	authorization?: string;
	/** Default application/json. */
	contentType?: string;
}

/** One POST as the service sends it: a JSON body, unless the test sends raw text. */
export async function post(url: string, body: unknown, options: PostOptions = {}) {
	const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
	if (options.authorization) headers.authorization = options.authorization;
	const response = await fetch(url, {
		method: 'POST',
		headers,
		body: typeof body === 'string' ? body : JSON.stringify(body),
	});
	const text = await response.text();
	return {
		status: response.status,
		headers: response.headers,
		body: text ? (JSON.parse(text) as { message?: string }) : undefined,
	};
}
