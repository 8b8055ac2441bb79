import { defineResource } from '../defineResource';
import { getTypes } from './getTypes.operation';

export const organization = defineResource('organization', { getTypes }, 'getTypes');
