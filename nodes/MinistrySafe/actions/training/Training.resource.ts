import { defineResource } from '../defineResource';
import { assign } from './assign.operation';
import { getAll } from './getAll.operation';
import { getAllForUser } from './getAllForUser.operation';
import { getSurveyCodes } from './getSurveyCodes.operation';
import { resend } from './resend.operation';

export const training = defineResource('training', { assign, getAll, getAllForUser, getSurveyCodes, resend }, 'assign');
