// Tags: every Tag name used in the Organization, alphabetical, paged.
import { Router } from 'express';

import { organizationOf, pageNumber, paginate, queryValidator, sendErrors } from '../http';

export function tagsRouter(): Router {
	const router = Router();

	router.get('/tags', (req, res) => {
		const query = queryValidator(req);
		const page = pageNumber(query);
		if (!query.isValid) {
			sendErrors(res, query.errors);
			return;
		}
		const names = [...organizationOf(res).data.tags].sort((a, b) => a.localeCompare(b));
		res.json(paginate(names, page).items.map((name) => ({ name })));
	});

	return router;
}
