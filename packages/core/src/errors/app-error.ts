/**
 * The one error type lives in @nj/contracts (`common/app-error.ts`) so that @nj/db can throw it without importing
 * core (issue 8 §2, docs/decisions/006-services-and-config.md). Re-exported here so every
 * `import { AppError } from '@nj/core'` and every relative import inside core keeps working.
 */
export { APP_ERROR_STATUS, AppError, isAppError, type AppErrorCode } from '@nj/contracts/common/app-error';
