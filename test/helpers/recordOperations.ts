// The operations whose items are the service's records (contract.md: Simplify at version 1.1, Output from 1.2), and
// the fields Simplify keeps of each kind, as the released version 1.1 names them in its hint (the contract defers to
// it). Written out here, not read from the node, so that the tests hold the node to what was released.
export const RECORD_OPERATIONS: ReadonlyArray<readonly [resource: string, operation: string]> = [
	['user', 'getAll'],
	['user', 'get'],
	['user', 'create'],
	['user', 'update'],
	['user', 'upsert'],
	['training', 'getAll'],
	['training', 'getAllForUser'],
	['training', 'assign'],
	['training', 'resend'],
	['backgroundCheck', 'get'],
	['backgroundCheck', 'getAll'],
	['backgroundCheck', 'getAllForUser'],
	['backgroundCheck', 'create'],
	['backgroundCheck', 'archive'],
];

export const SIMPLIFIED_FIELDS = {
	user: ['id', 'first_name', 'last_name', 'email', 'external_id', 'user_type', 'tags', 'direct_login_url'],
	training: ['id', 'survey_code', 'survey_name', 'winner', 'score', 'complete_date', 'certificate_url', 'participant'],
	backgroundCheck: [
		'id',
		'user_id',
		'status',
		'level',
		'order_date',
		'results_url',
		'applicant_interface_url',
		'applicant_self_disclosed',
		'vendor_flagged',
	],
};
