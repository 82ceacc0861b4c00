import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import type { ErrorCode } from '#domain/errors.ts';
import { AppError } from '../lib/errors.ts';

export class ValidationError extends AppError {
  readonly issues: { path: string; message: string }[];

  constructor(error: { issues: z.core.$ZodIssue[] }) {
    super('VALIDATION_FAILED', error.issues[0]?.message);
    this.issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  }
}

/** `application/json`, optionally with parameters such as a charset. */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Validates one part of the request with a shared schema; 422 with the zod
 * issues otherwise, or the given code (e.g. INVALID_CURSOR, 400) with the
 * first issue's message. A JSON body must say it is one: the validator would
 * read any other type (a cross-site form's `text/plain`) as `{}`, so it answers 415.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
  failureCode?: Exclude<ErrorCode, 'VALIDATION_FAILED'>,
) {
  const validator = zValidator(target, schema, (result) => {
    if (result.success) return;
    if (failureCode) throw new AppError(failureCode, result.error.issues[0]?.message);
    throw new ValidationError(result.error);
  });
  if (target !== 'json') return validator;
  const jsonOnly: typeof validator = async (c, next) => {
    if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    return validator(c, next);
  };
  return jsonOnly;
}
