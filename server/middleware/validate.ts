import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';

export class ValidationError extends AppError {
  readonly issues: { path: string; message: string }[];

  constructor(error: { issues: z.core.$ZodIssue[] }) {
    super('VALIDATION_FAILED', error.issues[0]?.message);
    this.issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  }
}

/** Validates one part of the request with a shared schema; 422 with the zod issues otherwise. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw new ValidationError(result.error);
  });
}
