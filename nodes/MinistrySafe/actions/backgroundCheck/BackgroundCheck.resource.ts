import { defineResource } from '../defineResource';
import { archive } from './archive.operation';
import { create } from './create.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { getAllForUser } from './getAllForUser.operation';
import { getLevelPrices } from './getLevelPrices.operation';
import { getLevels } from './getLevels.operation';

export const backgroundCheck = defineResource(
	'backgroundCheck',
	{ archive, create, get, getAll, getAllForUser, getLevelPrices, getLevels },
	'create',
);
