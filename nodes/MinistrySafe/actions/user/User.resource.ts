import { defineResource } from '../defineResource';
import { get } from './get.operation';
import { getAll } from './getAll.operation';

export const user = defineResource('user', { get, getAll }, 'get');
