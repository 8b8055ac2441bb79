import { defineResource } from '../defineResource';
import { create } from './create.operation';
import { getTypes } from './getTypes.operation';

export const organization = defineResource('organization', { create, getTypes }, 'getTypes');
