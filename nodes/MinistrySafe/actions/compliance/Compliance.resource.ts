import { defineResource } from '../defineResource';
import { getAll } from './getAll.operation';
import { getForUser } from './getForUser.operation';

export const compliance = defineResource('compliance', { getForUser, getAll }, 'getAll');
