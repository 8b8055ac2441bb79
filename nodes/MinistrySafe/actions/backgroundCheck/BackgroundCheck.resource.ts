import { defineResource } from '../defineResource';
import { getLevels } from './getLevels.operation';

export const backgroundCheck = defineResource('backgroundCheck', { getLevels }, 'getLevels');
