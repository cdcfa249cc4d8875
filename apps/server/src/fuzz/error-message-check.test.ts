import { describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '@nj/contracts';
import { errorMessageProblem } from './error-message-check.ts';

describe('errorMessageProblem', () => {
  it('accepts the Spanish catalogue and zod es-locale texts', () => {
    for (const msg of Object.values(COMMON_MESSAGES).filter((m) => m !== 'OK')) expect(errorMessageProblem(msg), msg).toBeNull();
    expect(errorMessageProblem('Entrada inválida: se esperaba número, recibido NaN')).toBeNull();
    expect(errorMessageProblem('Debes escribir tu correo')).toBeNull();
  });

  it('refuses empty, English, stack traces and SQL', () => {
    const bad = [
      undefined, '', 'OK', 'Bad Request', 'Unexpected token } in JSON at position 3', 'Cannot read properties of undefined',
      'body must be object', 'Error: boom\n    at handler (/work/main/apps/server/src/x.ts:3:9)',
      'relation "properties" does not exist', 'syntax error at or near "DROP"', 'SELECT * FROM clients WHERE cuid = 1',
      'invalid byte sequence for encoding "UTF8": 0x00', 'Falta undefined',
    ];
    for (const msg of bad) expect(errorMessageProblem(msg), String(msg)).not.toBeNull();
  });
});
