/*
 * better-auth's answers, as the auth mutations see them. Apart from auth-client.ts so the public pages can
 * name these without downloading the client itself (it loads when a form is sent, ADR 033).
 */

type AuthFailure = { status: number; statusText: string; code?: string; message?: string };
export type AuthResult<T> = { data: T; error: null } | { data: null; error: AuthFailure };

/** A failed better-auth call. `title` and `field` come with our server's VALIDATION_FAILED answers. */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly title: string | undefined;
  readonly field: string | undefined;

  constructor(failure: AuthFailure) {
    super(failure.message ?? '');
    this.name = 'AuthError';
    this.status = failure.status;
    this.code = failure.code;
    this.title = 'title' in failure && typeof failure.title === 'string' ? failure.title : undefined;
    this.field = 'field' in failure && typeof failure.field === 'string' ? failure.field : undefined;
  }
}

/** better-auth answers `{ data, error }`; mutations want a value or a thrown error. */
export async function unwrapAuth<T>(request: Promise<AuthResult<T>>): Promise<T> {
  const result = await request;
  if (result.error) throw new AuthError(result.error);
  return result.data;
}

/** The server's text for a rate-limited call, which is clearer than any fallback. */
export function rateLimitMessage(error: unknown): string | undefined {
  return error instanceof AuthError && error.status === 429 && error.message ? error.message : undefined;
}
