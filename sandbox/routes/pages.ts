// The addresses the API hands out for people, not programs: a sign-in link works once, within its five minutes.
import { Router } from 'express';

import type { SandboxContext } from '../http';

function page(title: string, text: string): string {
	const head = `<head><meta charset="utf-8"><title>${title}</title></head>`;
	return `<!doctype html><html>${head}<body><h1>${title}</h1><p>${text}</p></body></html>`;
}

export function pagesRouter({ store, now }: SandboxContext): Router {
	const router = Router();

	router.get('/sign_in/:token', (req, res) => {
		const entry = store.redeemSignInToken(req.params.token, now());
		if (entry) res.type('html').send(page('Signed in', 'The sandbox signed you in; the training would start here.'));
		else res.status(410).type('html').send(page('Link expired', 'This sign-in link has expired or was already used.'));
	});

	return router;
}
