import { COMMON_MESSAGES } from './messages.ts';

/**
 * The one error type of the project (kept here, below core and db, so @nj/db throws it without importing core;
 * @nj/core re-exports it). `code` says what went wrong; the server maps it once to an HTTP status
 * (apps/server/src/plugins/errors.ts). `msg` is the Spanish text the person reads; `fields` names bad fields.
 *
 * Codes: BAD_REQUEST 400, UNAUTHORIZED 401, CSRF 403, FORBIDDEN 403, NOT_FOUND 404, CONFLICT 409, GONE 410,
 * PAYLOAD_TOO_LARGE 413, UNSUPPORTED_MEDIA 415, RATE_LIMITED 429, UNAVAILABLE 503, INTERNAL 500.
 */
export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  CSRF: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;
export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly msg: string;
  readonly fields: Record<string, string> | undefined;

  constructor(code: AppErrorCode, msg: string = COMMON_MESSAGES.generic, fields?: Record<string, string>) {
    super(`${code}: ${msg}`);
    this.name = 'AppError';
    this.code = code;
    this.msg = msg;
    this.fields = fields;
  }

  get status(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

/** True for an AppError, also across module copies. */
export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError || (typeof e === 'object' && e !== null && (e as { name?: string }).name === 'AppError');
}
