import { AppError } from '../errors/app-error.ts';
import { validatePersonIds, type PersonIdsInput, type PersonIdsReport } from './validate-person-ids.ts';

/**
 * validatePersonIds that refuses: takes the person (see PersonIdsInput) and `today`; returns the report (values to
 * store and warnings to show) when no identifier has an error; throws AppError BAD_REQUEST (400) whose `msg` is the
 * first error's Spanish text and whose `fields` map each bad field ('curp', 'rfc', 'idmex_code') to its message.
 */
export function assertPersonIds(person: PersonIdsInput, today: Date = new Date()): PersonIdsReport {
  const report = validatePersonIds(person, today);
  const messages = Object.values(report.errors);
  if (messages.length > 0) throw new AppError('BAD_REQUEST', messages[0], report.errors as Record<string, string>);
  return report;
}
