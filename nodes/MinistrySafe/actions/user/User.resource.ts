import { defineResource } from '../defineResource';
import { create } from './create.operation';
import { deactivate } from './deactivate.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { getSignInLink } from './getSignInLink.operation';
import { sync } from './sync.operation';
import { update } from './update.operation';
import { upsert } from './upsert.operation';

export const user = defineResource(
	'user',
	{ create, upsert, deactivate, get, getAll, getSignInLink, sync, update },
	'get',
);
