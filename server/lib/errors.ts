import { defaultErrorMessages, errorStatus, type ErrorCode } from '#domain/errors.ts';

/** A failure the client should see as is; app.onError turns it into JSON. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: (typeof errorStatus)[ErrorCode];

  constructor(code: ErrorCode, message?: string) {
    super(message ?? defaultErrorMessages[code]);
    this.code = code;
    this.status = errorStatus[code];
  }
}
