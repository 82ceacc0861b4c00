import { toast } from './toast.ts';
import type { z } from 'zod';
import { issueTitle } from '#domain/users.ts';

/**
 * A form's invalid-submit handler: toast the first failing rule with its
 * title. react-hook-form keeps only the message, so the values are checked
 * once more here to read the rule's title.
 */
export function toastFirstRule(schema: z.ZodType, values: unknown, form?: string): void {
  const issue = schema.safeParse(values).error?.issues[0];
  if (issue) toast.error(issueTitle(issue), { description: issue.message, form });
}
