// Kept apart from api-client.ts so code that only inspects errors (the query
// client's retry rule) does not pull the RPC client into the first download.

/** Shown when a call to our API cannot be made because the browser is offline. */
export const OFFLINE_MESSAGE = 'You are offline. Try again when you are back online.';

export type ApiIssue = { path: string; message: string };

/** A failed call to our own API, from its `{ error: { code, message, issues? } }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[];

  constructor(status: number, code: string, message: string, issues: ApiIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

/** The failure of a call made while offline: no request went out, and none is queued. */
export function offlineError(): ApiError {
  return new ApiError(0, 'OFFLINE', OFFLINE_MESSAGE);
}

export function isOfflineError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'OFFLINE';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readIssues(value: unknown): ApiIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) =>
    isRecord(item) && typeof item['path'] === 'string' && typeof item['message'] === 'string'
      ? [{ path: item['path'], message: item['message'] }]
      : [],
  );
}

/** Reads the error envelope; anything else (a proxy's HTML page, a crash) becomes a generic error. */
export async function readApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const error = isRecord(body) ? body['error'] : undefined;
  if (isRecord(error) && typeof error['code'] === 'string' && typeof error['message'] === 'string') {
    return new ApiError(response.status, error['code'], error['message'], readIssues(error['issues']));
  }
  return new ApiError(response.status, 'INTERNAL', 'Something went wrong. Please try again.');
}

/** The server's message for a failed call to our API, or the screen's fallback for anything else. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
