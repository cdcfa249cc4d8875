import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@nj/contracts';
import { assertStrongPassword } from './check-password-strength.ts';

describe('assertStrongPassword (issue 7 §7)', () => {
  it.each(['12345678', 'password1', 'qwerty123', 'contraseña', 'Mexico2024', 'superseguro', 'aaaaaaaa'])(
    'refuses the common or guessable %s in Spanish', (password) => {
      expect(() => assertStrongPassword(password, [])).toThrowError(expect.objectContaining({
        code: 'BAD_REQUEST', msg: ACCOUNT_MESSAGES.passwordTooCommon, fields: { password: ACCOUNT_MESSAGES.passwordTooCommon },
      }));
    });

  it('refuses a password made of the person\'s own e-mail or nickname', () => {
    expect(() => assertStrongPassword('xochiquetzal-88', ['xochiquetzal-88@example.mx', 'Xochi'])).toThrow();
    expect(() => assertStrongPassword('xochiquetzal-88', [])).not.toThrow();
  });

  it('accepts passwords that are hard to guess, and names the field it was given', () => {
    for (const p of ['buena-clave-2026', 'nuevaClave-456', 'Tacos al pastor en Coyoacán']) expect(() => assertStrongPassword(p, [])).not.toThrow();
    expect(() => assertStrongPassword('12345678', [], 'value')).toThrowError(expect.objectContaining({ fields: { value: ACCOUNT_MESSAGES.passwordTooCommon } }));
  });
});
