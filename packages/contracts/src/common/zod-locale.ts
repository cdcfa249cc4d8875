import { z } from 'zod';

const es = z.locales.es().localeError;

/** Type names zod's es locale leaves in English or code ('int', 'nonoptional', 'nan'), as a person reads them. */
const TYPE_NAMES: Record<string, string> = {
  int: 'un número entero', nonoptional: 'un valor', nan: 'un número válido', number: 'un número', string: 'texto',
  boolean: 'sí o no', array: 'una lista', object: 'un objeto', record: 'un objeto', date: 'una fecha', bigint: 'un número',
};

/**
 * The Spanish message for a zod issue where zod's es locale would show code to a person (a type name such as
 * `nonoptional` or `int`, "se esperaba número, recibido número" for Infinity, a regular expression), or undefined
 * to keep the es locale's own text.
 */
export function spanishIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'nonoptional' || issue.input === undefined) return 'Este dato es obligatorio';
    const expected = TYPE_NAMES[issue.expected] ?? null;
    if (!expected) return undefined;
    if (typeof issue.input === 'number' && (issue.expected === 'number' || issue.expected === 'int')) {
      return Number.isNaN(issue.input) || !Number.isFinite(issue.input)
        ? 'Entrada inválida: se esperaba un número finito'
        : `Entrada inválida: se esperaba ${expected}`;
    }
    return `Entrada inválida: se esperaba ${expected}`;
  }
  if (issue.code === 'invalid_format' && issue.format === 'regex') return 'El texto tiene caracteres o un formato no permitidos';
  return undefined;
}

// Validation messages a schema does not set itself come out in Spanish (zod's own es locale, with the cases above
// reworded), in the server and in the browser alike: a person never reads a library's English default or code.
// Set here, where the schemas get their `z`, so whatever loads a schema has the locale and a page that loads none
// does not carry zod (issue 8 part 5); the package's `sideEffects` names this file so bundlers keep the call.
z.config({ localeError: (issue) => spanishIssueMessage(issue) ?? es(issue) });

/**
 * zod with the Spanish messages configured. Every schema in this package imports `z` from here, not from 'zod'.
 */
export { z };
