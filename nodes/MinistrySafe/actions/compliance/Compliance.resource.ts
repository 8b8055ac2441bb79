import { defineResource } from '../defineResource';
import { getAll } from './getAll.operation';
import { getForUser } from './getForUser.operation';
import { getReport } from './getReport.operation';

export const compliance = defineResource('compliance', { getForUser, getAll, getReport }, 'getAll');
