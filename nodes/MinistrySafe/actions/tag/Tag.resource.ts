import { defineResource } from '../defineResource';
import { getAll } from './getAll.operation';

export const tag = defineResource('tag', { getAll }, 'getAll');
