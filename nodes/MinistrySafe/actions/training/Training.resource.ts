import { defineResource } from '../defineResource';
import { getSurveyCodes } from './getSurveyCodes.operation';

export const training = defineResource('training', { getSurveyCodes }, 'getSurveyCodes');
