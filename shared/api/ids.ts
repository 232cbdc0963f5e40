import * as z from 'zod/mini';

/** The one id shape of team data (ULIDs, Cognito subs): what keys accept. */
export const ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;
export const idSchema = z.string({ error: 'validation/required' }).check(z.regex(ID_PATTERN, 'validation/invalid_value'));
