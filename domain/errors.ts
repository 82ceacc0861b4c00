/** Error codes our own API answers with, as `{ error: { code, message, issues? } }`. */
export const errorStatus = {
  VALIDATION_FAILED: 422,
  INVALID_CURSOR: 400,
  INVALID_LINK: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** A new bet would take the user past their weekly loss limit (its own toast title). */
  LIMIT_REACHED: 403,
  CROSS_ORIGIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  USERNAME_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const defaultErrorMessages: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Please check the highlighted fields.',
  INVALID_CURSOR: 'This list link is out of date. Please reload the page.',
  INVALID_LINK: 'This link is not valid.',
  UNAUTHORIZED: 'Please sign in to continue.',
  FORBIDDEN: 'You are not allowed to do that.',
  LIMIT_REACHED: 'This bet would exceed your weekly loss limit.',
  CROSS_ORIGIN: 'This request did not come from a Sidepot page. Please reload Sidepot and try again.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'That changed in the meantime. Please refresh and try again.',
  USERNAME_TAKEN: 'This username is already taken. Please choose another.',
  PAYLOAD_TOO_LARGE: 'That is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'Please send this request as JSON (Content-Type: application/json).',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  HEADERS_TOO_LARGE: "The request headers are too large. Please clear this site's cookies and try again.",
  INTERNAL: 'Something went wrong on our side. Please try again.',
};

export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; issues?: { path: string; message: string }[] };
};
